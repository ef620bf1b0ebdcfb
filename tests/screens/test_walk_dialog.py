"""Walking the party from a running fight (ref: Combat screen — the range rule)."""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.walk_dialog import WalkDialog
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.dnd5e.commands import ApplyDamage
from tests.screens.helpers import start_fight


async def test_w_opens_the_map_and_a_walk_out_of_range_ends_the_fight(app):
    # ref: Combat screen — "A walk out of that range ends the fight"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for ref in ("goblin-1", "goblin-2", "goblin-3"):
            app.post_message(CommandRequested(ApplyDamage(ref, 99)))
        await pilot.pause()
        await pilot.press("W")
        await pilot.pause()
        assert isinstance(app.screen, WalkDialog)
        await pilot.press("left")  # the Goblin Boss still stands next to the party's old tile
        await pilot.pause()
        assert app.session.state.fight is not None and app.session.state.party_tile.x == 4
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        app.post_message(CommandRequested(ApplyDamage("goblin-boss", 99)))
        await pilot.press("W", "left")
        await pilot.pause()
        assert app.session.state.fight is None
        assert isinstance(app.screen, CampaignScreen)
