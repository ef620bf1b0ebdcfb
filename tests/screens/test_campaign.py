"""The campaign screen: `s` opens setup, `o` the picker; undo brings the campaign screen back."""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.picker import CampaignPickerScreen
from combat_tui.screens.setup import SetupScreen

from .helpers import record_notes


async def test_s_opens_setup_with_the_default_lists(app):
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("s")
        await pilot.pause()
        fight = app.session.state.fight
        assert fight.stage == "setup"
        assert [c.ref for c in fight.combatants] == [
            "ser-aldric", "mirelle", "ayla", "bren", "goblin-1", "goblin-2", "goblin-3", "goblin-boss",
        ]  # fmt: skip
        assert isinstance(app.screen, SetupScreen)
        assert app.session.log[-1].startswith("Initiative rolled:")


async def test_undo_of_setup_returns_to_the_campaign_screen_and_redo_reopens_it(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s", "u")
        await pilot.pause()
        assert app.session.state.fight is None
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("U")
        await pilot.pause()
        assert app.session.state.fight.stage == "setup"
        assert isinstance(app.screen, SetupScreen)


async def test_o_opens_the_picker_and_b_comes_back(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, CampaignPickerScreen)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert app.session.state.fight is None


async def test_a_refused_command_changes_nothing_and_says_why(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")  # no fight: the campaign screen has no Next turn at all
        await pilot.press("colon", *"next", "enter")
        await pilot.pause()
        assert app.session.state.fight is None
        assert any(note.startswith("No fight is running.") for note in notes)
