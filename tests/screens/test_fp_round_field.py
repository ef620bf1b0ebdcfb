"""FuturePath round screen, the ground beside the actions: a declared Move resolved with its feet
and way, the distance moved shown, refusals shown as messages (R39, R43-R46, A27, A28)."""

from __future__ import annotations

from textual.widgets import OptionList

from combat_tui.screens.futurepath.move_dialog import FPMoveDialog
from combat_tui.screens.futurepath.round import FPRoundScreen
from tests.screens.fp_helpers import actor_turn, fight, last_line, make_fp_app, panel
from tests.screens.helpers import record_notes
from tests.screens.test_fp_round import declare, to_row


async def test_r_on_a_declared_move_asks_the_feet_and_posts_the_move_line():
    # ref: Combat page, "Standard Move Actions": "Run speed is two times the walk or 30ft" and
    # "all movement is in increments of 5ft"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await actor_turn(pilot)
        await declare(pilot, "move")  # Brandon, the first of the party's Vanguard
        assert "now: r or m: the feet moved" in panel(app)
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, FPMoveDialog)
        ways = app.screen.query_one("#fp-move-ways", OptionList)
        assert str(ways.get_option_at_index(0).prompt) == "run: up to 30 ft"
        assert str(ways.get_option_at_index(1).prompt) == "climb: up to 15 ft (climbing: half speed)"
        assert app.screen.query_one("#fp-move-feet").value == "30"  # the full distance, to type over
        await pilot.press("2", "5", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)
        assert last_line(app) == "move Brandon 25"
        assert fight(app).declarations[0].result == "ran 25 ft"
        assert "Brandon: Standard move · moved 25 ft" in panel(app)


async def test_m_moves_another_way_with_a_failed_check_and_the_bonus_move_is_refused():
    # ref: Combat page, "Standard Move Actions": "Climbing, swimming, or crawling all take half"; A27:
    # a Bonus Move follows a successful Standard Move only
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await actor_turn(pilot)
        await declare(pilot, "move")
        await declare(pilot, "bonus move")
        await pilot.press("m")
        await pilot.pause()
        await pilot.press("down", "down")  # swim: its full distance replaces the run's
        assert app.screen.query_one("#fp-move-feet").value == "15"
        await pilot.press("f", "enter")
        await pilot.pause()
        assert last_line(app) == "move Brandon 15 swim failed"
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)  # no dialog: the rules' reason instead
        assert notes[-1].startswith("A Bonus Move follows a successful Standard Move only.")


async def test_a_move_too_far_and_a_move_not_declared_are_refused_with_a_message():
    # ref: Combat page, "Standard Move Actions": run speed 30 ft
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await actor_turn(pilot)
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)
        assert notes[-1].startswith("Brandon has no Move declared.")
        await declare(pilot, "move")
        before = len(app.session.history.entries)
        await pilot.press("m", "3", "5", "enter")
        await pilot.pause()
        assert notes[-1] == "Brandon can move 30 ft with this move, not 35 ft."
        assert len(app.session.history.entries) == before and not fight(app).declarations[0].resolved
        await pilot.press("m", "q")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)  # q closes the dialog without a move


async def test_m_on_a_highlighted_mover_whose_turn_has_not_come_says_who_resolves_first():
    # ref: Combat page, "Order Resolution": "Any action that doesn't require rolling is resolved first"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await actor_turn(pilot)
        await declare(pilot, "hide")  # Brandon: a roll
        await to_row(pilot, 1)  # James
        await declare(pilot, "5-ft")
        await declare(pilot, "move")
        await pilot.press("m")
        await pilot.pause()
        assert notes[-1].startswith("5-ft step of James resolves first.")
