"""The keymap file at start-up, `q` asking first in a fight, F1 with the screen's keys first, and
the focus back on the lists after a fight."""

from __future__ import annotations

from textual.widgets import DataTable

from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.setup import SetupScreen
from combat_tui.screens.quit_dialog import QuitDialog
from combat_tui.storage.keymap import keymap_path
from combat_tui.widgets.dnd5e.map_panel import MapPanel
from combat_tui.widgets.key_help import KeyHelp, key_sections
from tests.screens.helpers import current, make_app, record_notes, start_fight


def write_keymap(text: str) -> None:
    keymap_path().parent.mkdir(parents=True, exist_ok=True)
    keymap_path().write_text(text, encoding="utf-8")


async def test_the_keymap_file_rebinds_a_key_by_its_id():
    write_keymap('"combat.next-turn" = "space"\n')
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        assert current(app) == "ayla"
        await pilot.press("n")  # the default key is the keymap's now
        await pilot.pause()
        assert current(app) == "ayla"
        await pilot.press("space")
        await pilot.pause()
        assert current(app) == "ser-aldric"


async def test_a_bad_keymap_file_is_one_message_and_the_default_keys():
    write_keymap('"combat.next-turn" = "n,banana"\n')
    app = make_app()
    notes = record_notes(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert current(app) == "ser-aldric"
    keymap = [note for note in notes if note.startswith("Keymap")]
    assert len(keymap) == 1 and '"banana" is not a key name' in keymap[0] and str(keymap_path()) in keymap[0]


async def test_q_in_a_fight_asks_first():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen) and app.is_running
        await pilot.press("q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0


async def test_ctrl_q_twice_quits_a_fight_at_once():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, QuitDialog)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert app.return_code == 0


async def test_f1_shows_the_screens_own_keys_first_in_the_footers_order():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")  # setup: its digits are one group
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen.query(KeyHelp)
        sections = key_sections(app.screen)
        titles = [title for title, _ in sections]
        assert titles[:2] == ["This screen", "More keys here"] and titles[-1] == "Everywhere"
        shown = [b.binding.description for b in app.screen.active_bindings.values()
                 if b.node is app.screen and b.binding.show]  # fmt: skip
        assert [words for _, _, words, _ in sections[0][1]] == list(dict.fromkeys(shown))
        digits = next(row for row in sections[1][1] if row[2] == "Type the initiative")
        assert [binding.key for binding in digits[0]] == list("0123456789")
        await pilot.press("f1")
        await pilot.pause()
        assert not app.screen.query(KeyHelp)


async def test_after_a_fight_the_lists_have_the_focus_not_the_map():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen.focused, MapPanel)
        await start_fight(pilot)
        app._run_line("end")
        await pilot.pause()
        assert app.session.state.fight is None
        assert isinstance(app.screen.focused, DataTable) and app.screen.focused.id == "party-table"


async def test_a_rebound_key_keeps_its_place_on_the_footer():
    write_keymap('"combat.next-turn" = "space,n"\n')
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        shown = [key for key, active in app.screen.active_bindings.items()
                 if active.node is app.screen and active.binding.show]  # fmt: skip
        assert shown[:3] == ["space", "n", "p"]
