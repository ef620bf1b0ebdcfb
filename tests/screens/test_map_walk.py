"""The map on the campaign screen: `m` focuses it, the arrows walk the party, a walk that stops
beside live hostile creatures opens Encounter!, whose Set up combat opens setup."""

from __future__ import annotations

from combat_tui.core.maps import Tile
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.encounter_dialog import EncounterDialog
from combat_tui.screens.dnd5e.setup import SetupScreen
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.widgets.dnd5e.map_panel import MapPanel
from tests.screens.helpers import start_fight

GOBLINS = ["goblin-1", "goblin-2", "goblin-3", "goblin-boss"]


def tile(x: int, y: int) -> Tile:
    return Tile("greenway", x, y)


def posted(seen: list) -> list:
    """Each CommandRequested once (the hook sees it again as it bubbles up to the app)."""
    unique = {id(message): message for message in seen if isinstance(message, CommandRequested)}
    return [message.command for message in unique.values()]


async def test_m_focuses_the_map_and_the_arrows_walk_the_party_tile_by_tile(app):
    seen: list = []
    async with app.run_test(size=(100, 30), message_hook=seen.append) as pilot:
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen.focused, MapPanel)
        await pilot.press("left", "down", "home")
        await pilot.pause()
        assert app.session.state.party_tile == tile(3, 5)  # west, south, then north-west
        assert posted(seen) == [cmd.MoveParty(-1, 0), cmd.MoveParty(0, 1), cmd.MoveParty(-1, -1)]
        party = ("ser-aldric", "mirelle", "ayla", "bren")
        assert all(app.session.state.actor(ref).tile == tile(3, 5) for ref in party)  # they go as one
        assert app.session.log[-1] == "The party moves to The Greenway (3, 5)."
        assert isinstance(app.screen, CampaignScreen)  # nothing hostile beside it
        assert app.screen.query_one(MapPanel).border_subtitle == "(3, 5)"


async def test_walking_next_to_a_live_hostile_creature_opens_encounter_and_set_up_opens_setup(app):
    # ref: Combat setup — "The Set up combat button of the Encounter! dialog opens it too."
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("m", "left")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("right")  # back beside the goblins
        await pilot.pause()
        assert isinstance(app.screen, EncounterDialog)
        assert app.screen.foes == tuple(GOBLINS)
        text = str(app.screen.query_one("#encounter-foes").render())
        assert "Goblin Boss · HP 21/21 · AC 17 · 1 tile away" in text
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert [c.ref for c in app.session.state.fight.combatants if c.side == "foes"] == GOBLINS


async def test_encounter_can_be_dismissed_and_opens_again_on_the_next_step_beside_them(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("m", "left", "right")
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and app.session.state.fight is None
        await pilot.press("up")  # (5, 4) is still beside the goblins at (6, 5)
        await pilot.pause()
        assert isinstance(app.screen, EncounterDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_only_a_hostile_creature_opens_encounter(app):
    # ref: Combat setup — "Only a hostile creature starts an encounter."
    async with app.run_test(size=(100, 30)) as pilot:
        for ref in GOBLINS:
            app.session.execute(cmd.SetDisposition(ref, "neutral"))
        await pilot.press("m", "left", "right")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert app.session.state.party_tile == tile(5, 5)


async def test_undo_of_the_walk_closes_encounter(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("m", "left", "right")
        await pilot.pause()
        assert isinstance(app.screen, EncounterDialog)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert app.session.state.party_tile == tile(4, 5)


async def test_a_walk_typed_at_the_prompt_opens_encounter_too(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon", *"move w 2", "enter")
        await pilot.pause()
        assert app.session.state.party_tile == tile(3, 5)
        await pilot.press("colon", *"move 5 5", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EncounterDialog)


async def test_a_walk_out_of_range_ends_the_fight_and_shows_the_campaign_again(app):
    # ref: Ending a fight — "A walk out of that range ends the fight"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        assert app.session.state.fight.stage == "running"
        await pilot.press("colon", *"move e 10", "enter")  # (15, 5): the goblins 9 tiles off
        await pilot.pause()
        assert app.session.state.fight is None
        assert isinstance(app.screen, CampaignScreen)
        assert "No creature of the fight is left beside the party, and no foe of it within 8 tiles." in app.session.log


async def test_the_map_marks_the_creature_highlighted_in_the_nearby_list(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("tab")  # from the party list to the Nearby list
        await pilot.press(*["down"] * 5)  # Goblin 1, 2, 3, Boss, Brother Oswin, Wolf 1
        await pilot.pause()
        assert app.screen.highlighted_creature == "wolf-1"
        assert app.screen.query_one(MapPanel)._marked == tile(9, 5)
