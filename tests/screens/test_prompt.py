"""The `:` prompt runs the text form of commands (DESIGN.md §5)."""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.combat import CombatScreen
from tests.screens.helpers import record_notes


async def type_line(pilot, line: str) -> None:
    await pilot.press("colon", *line, "enter")
    await pilot.pause()


async def test_a_typed_line_runs_and_moves_to_its_screen(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "dice 10 5 16 8 4 6 3 2")
        await type_line(pilot, "start")
        assert app.session.state.fight.current().ref == "ayla"
        assert isinstance(app.screen, CombatScreen)
        await type_line(pilot, "damage 'Goblin 2' 3")
        assert app.session.state.actor("goblin-2").hp == 4


async def test_show_answers_with_a_notification(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "show Bren")
        assert notes[-1] == ":show Bren Bren: HP 32/32, AC 12, XP 0"


async def test_a_bad_line_is_refused_with_its_reason(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "fireball everyone")
        assert notes[-1].startswith("Unknown command 'fireball'.")
        assert app.session.state.fight is None


async def test_up_recalls_the_last_line_and_escape_closes(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "setup")
        await type_line(pilot, "undo")
        assert app.session.state.fight is None
        await pilot.press("colon", "up", "up", "enter")  # "setup" again
        await pilot.pause()
        assert app.session.state.fight.stage == "setup"
        await pilot.press("colon", *"cancel", "escape")
        await pilot.pause()
        assert app.session.state.fight.stage == "setup"
        assert not isinstance(app.screen, CampaignScreen)


async def test_brackets_in_a_refused_line_are_text_not_markup(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await type_line(pilot, "[bold] oops")
        assert notes[-1].startswith("Unknown command '[bold]'.")
