"""FuturePath ground setup: `A` judges awareness for everyone, Passive Perception against Stealth,
and says who is unaware; the `a` marks still change it afterwards (R24-R27)."""

from __future__ import annotations

from textual.widgets import DataTable

from combat_tui.core.runner import run_line
from combat_tui.screens.futurepath.setup import FPSetupScreen
from tests.screens.fp_helpers import fight, last_line, make_fp_app
from tests.screens.helpers import record_notes
from tests.screens.test_fp_setup import open_setup, to_row

BEARS = ("bear-1", "bear-2", "bear-3", "bear-4")


async def test_A_marks_unaware_who_misses_a_stealthed_enemy_and_says_so():
    # ref: Combat page, "The Surprise Round": "if an enemy is in stealth, the combatants should be
    # able to use Passive Perception against the enemy's stealth to not be surprised"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await open_setup(pilot)
        await pilot.press("A")
        await pilot.pause()
        assert last_line(app) == "awareness"
        assert fight(app).unaware == BEARS  # Passive Perception 11 against Brandon's Stealth 18
        assert notes[-1].startswith("Awareness Passive Perception against Stealth: Space Bear 1 does not see Brandon")
        assert notes[-1].endswith("Unaware: Space Bear 1, Space Bear 2, Space Bear 3 and Space Bear 4.")
        table = app.screen.query_one("#fp-setup-table", DataTable)
        assert str(table.get_cell("bear-1", "aware")) == "[ ]" and str(table.get_cell("brandon", "aware")) == "[x]"
        await to_row(pilot, "bear-2")
        await pilot.press("a")  # the GM's mark still decides afterwards
        await pilot.pause()
        assert fight(app).unaware == ("bear-1", "bear-3", "bear-4")


async def test_A_outside_setup_is_refused_with_a_message():
    # ref: Combat page, "Surprise": awareness is asked "before combat starts"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await open_setup(pilot)
        run_line(app.session, "cancel")  # setup closed behind the screen's back
        assert isinstance(app.screen, FPSetupScreen)
        done = app.session.history.pointer
        await pilot.press("A")
        await pilot.pause()
        assert app.session.history.pointer == done
        assert notes[-1].startswith("Awareness is judged in ground setup.")
