"""The whole app: a fight of the sample campaign from the campaign screen to the XP award, with
forced dice, undo and redo; the palette, the help panel, garbage collection and quitting."""

from __future__ import annotations

import gc

from screens.helpers import actor, current, make_app, start_fight, warmed
from textual.command import CommandPalette
from textual.widgets import HelpPanel

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.end_combat import EndCombatDialog

NEXT = "right_square_bracket"
PREVIOUS = "left_square_bracket"


async def test_a_whole_fight_from_the_campaign_screen_to_the_xp_award():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)  # Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle, Boss

        app.session.dice.force([15, 6])
        await pilot.press(NEXT, NEXT, NEXT, NEXT, "a", "r", "c")  # Ayla's rapier on Goblin 1
        await pilot.pause()
        assert actor(app, "goblin-1").hp == 0

        await pilot.press("n")
        app.session.dice.force([20, 3, 4])
        await pilot.press(NEXT, NEXT, "a", "r", "c")  # Ser Aldric's longsword on Goblin 2: a critical hit
        await pilot.pause()
        assert app.session.log[-3] == "Damage (critical hit: every die rolled twice): 2d8 3+4 + 4 STR = 11 slashing."

        await pilot.press("n", NEXT, NEXT, NEXT, "7", "d")  # Bren's turn: the GM drops Goblin 3
        await pilot.pause()
        assert actor(app, "goblin-3").hp == 0

        await pilot.press("n", "n")  # the defeated goblins lose their turns: Mirelle, then the Boss
        await pilot.pause()
        assert current(app) == "goblin-boss"
        app.session.dice.force([18, 5])
        await pilot.press(PREVIOUS, "a", "r", "c")  # the Boss's scimitar on Mirelle
        await pilot.pause()
        assert actor(app, "mirelle").hp == 41

        await pilot.press("u")
        await pilot.pause()
        assert actor(app, "mirelle").hp == 48
        await pilot.press("U")  # redo restores the roll, it does not roll again
        await pilot.pause()
        assert actor(app, "mirelle").hp == 41

        await pilot.press("n", PREVIOUS, "2", "1", "d")  # round 2, Ayla's turn: the GM drops the Boss
        await pilot.pause()
        assert app.session.state.fight.round == 2 and actor(app, "goblin-boss").hp == 0

        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EndCombatDialog)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        ended = app.session.log.index("The fight ends after 2 rounds.")
        assert app.session.log[ended : ended + 2] == [
            "The fight ends after 2 rounds.",
            "XP: 350 split among 4 characters, 87 each (Ser Aldric, Mirelle, Ayla and Bren); 2 XP left over.",
        ]
        assert [c.xp for c in app.session.state.characters[:4]] == [87] * 4  # Korg is off scouting

        await pilot.press("u")  # the end of the fight can be undone too
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert app.session.state.fight.round == 2
        await pilot.press("U")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert [c.xp for c in app.session.state.characters[:4]] == [87] * 4  # Korg is off scouting


async def test_the_palette_offers_the_screens_actions_and_runs_them():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        titles = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Next turn", "Prev turn", "End combat", "Inspect next", "Undo", "Command line"} <= titles
        assert "Damage" not in titles  # no target yet: what cannot run is not offered
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"next turn")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert current(app) == "ser-aldric"


async def test_f1_toggles_the_keys_of_the_screen():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen.query(HelpPanel)
        await pilot.press("f1")
        await pilot.pause()
        assert not app.screen.query(HelpPanel)


async def test_start_up_freezes_the_garbage_and_q_quits():
    gc.unfreeze()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await warmed(pilot)
        assert gc.get_freeze_count() > 0
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
    gc.unfreeze()
