"""The Nearby encounters dialog of a running fight: Add to fight (ref: Combat setup)."""

from __future__ import annotations

from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.nearby_dialog import NearbyDialog
from tests.screens.helpers import current, start_fight


async def test_n_lists_the_nearby_foes_and_a_adds_one_to_the_fight_without_moving_the_turn(app):
    # ref: Combat setup — "During a fight, the Nearby encounters tab has an Add to fight button on
    # each hostile row that is not in the fight. ... It rolls initiative for the foe, logs the roll,
    # and puts the foe into the order."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        turn = current(app)
        await pilot.press("N")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NearbyDialog)
        assert dialog._refs[:2] == ("wolf-1", "wolf-2")
        app.session.dice.force([19])
        await pilot.press("a")
        await pilot.pause()
        fight = app.session.state.fight
        assert fight.find("wolf-1").initiative == 21 and current(app) == turn
        assert app.session.log[-2:] == ["Wolf 1 joins the fight.", "Initiative rolled: Wolf 1 21"]
        assert "wolf-1" not in dialog._refs
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
