"""The picker with real storage: campaigns of the user's folder (a temporary COMBAT_TUI_HOME),
opened, journaled, closed on quit; a campaign that cannot be read is a message, never a crash."""

from __future__ import annotations

from pathlib import Path

from combat_tui.app import CombatApp
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.setup import SetupScreen
from combat_tui.screens.picker import CampaignPickerScreen
from combat_tui.storage import open_campaign, prepare_sample, user_campaigns_dir
from combat_tui.systems.dnd5e.commands import OpenSetup


def picker_message(app: CombatApp) -> str:
    return str(app.screen.query_one("#picker-message").render())


async def test_enter_opens_the_sample_and_commands_reach_the_journal():
    app = CombatApp(seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, CampaignPickerScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert app.session.state.name == "Goblin Ambush"
        folder = app.opened.path
        await pilot.press("s")
        await pilot.pause()
        assert app.session.state.fight.stage == "setup"
        assert "setup" in (folder / "travelogue.jsonl").read_text()
        await pilot.press("q")
        await pilot.pause()
    reopened = open_campaign(folder)  # the lock was released on quit
    try:
        assert reopened.session.state.fight.stage == "setup"
    finally:
        reopened.close()


async def test_a_campaign_in_setup_opens_on_the_setup_screen():
    folder = prepare_sample("goblin-ambush")
    opened = open_campaign(folder, seed=1)
    opened.session.execute(OpenSetup())
    opened.close()
    app = CombatApp(folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_a_missing_folder_on_the_command_line_shows_the_picker_with_the_reason(tmp_path):
    app = CombatApp(tmp_path / "nowhere")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignPickerScreen)
        assert app.session is None
        assert "nowhere" in picker_message(app) and "no such campaign folder" in picker_message(app)


async def test_a_broken_campaign_is_listed_with_its_error_and_does_not_open():
    prepare_sample("goblin-ambush")
    broken = user_campaigns_dir() / "broken"
    broken.mkdir(parents=True)
    (broken / "campaign.toml").write_text("schema_version = 1\nname = [\n")
    app = CombatApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")  # "broken" sorts before "Goblin Ambush"
        await pilot.pause()
        assert isinstance(app.screen, CampaignPickerScreen)
        assert app.session is None
        assert "campaign.toml" in picker_message(app)
    assert (broken / "campaign.toml").read_text() == "schema_version = 1\nname = [\n"  # untouched


async def test_a_campaign_locked_by_another_process_is_a_message():
    folder = prepare_sample("goblin-ambush")
    holder = open_campaign(folder)
    try:
        app = CombatApp(Path(folder))
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, CampaignPickerScreen)
            assert app.session is None
            assert picker_message(app)
    finally:
        holder.close()
