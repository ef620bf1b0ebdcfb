"""The Reaction dialog on the GM's screen (ref: Shield against a hit; ref: Resisting a hit): asked
from a dry run of the line before it is posted, once per dialog, in the order the rules meet them.

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle,
Goblin Boss. The sample's Bren (AC 12, a wizard 5) knows Shield and Absorb Elements.
"""

from __future__ import annotations

from textual.widgets import Static

from combat_tui.screens.dnd5e.attack_dialog import AttackDialog
from combat_tui.screens.dnd5e.reaction_dialog import ReactionDialog
from tests.screens.helpers import start_fight

NEXT = "right_square_bracket"


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def goblin_swings_at_bren(pilot, face: int) -> None:
    await start_fight(pilot)
    await pilot.press("n", "n", "n")  # Goblin 2's turn
    await pilot.press(*[NEXT] * 7, "a")  # Bren inspected: the attack dialog's target
    await pilot.pause()
    assert isinstance(pilot.app.screen, AttackDialog) and pilot.app.screen.target == "bren"
    pilot.app.session.dice.force([face, 5])
    await pilot.press("r")
    await pilot.pause()


async def test_cast_shield_turns_the_hit_into_a_miss(app):
    # ref: Shield against a hit — "The dialog names the roll and the AC, and the AC that the spell
    # really adds." "Press Cast Shield to cast the spell at the lowest slot that the combatant can spend."
    async with app.run_test(size=(80, 24)) as pilot:
        await goblin_swings_at_bren(pilot, 10)  # 10 + 4 = 14 hits AC 12, misses 17
        assert isinstance(app.screen, ReactionDialog)
        assert text(app, "#reaction-happened") == "Goblin 2's Scimitar rolls 14 against Bren's AC 12: a hit."
        assert text(app, "#reaction-does").startswith("Shield adds +5 (AC 17), so the hit becomes a miss.")
        lines = len(app.session.log)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        new = app.session.log[lines:]
        assert "Bren casts Shield at 1st level." in new
        assert new[-1].endswith("= 14 vs AC 17 (Shield +5), miss.")
        bren = app.session.state.actor("bren")
        assert bren.hp == 32 and bren.slots[0] == 3
        assert len(app.session.history.entries) == app.session.history.pointer  # one entry, not a redo


async def test_take_the_hit_lets_the_attack_land_as_rolled(app):
    # ref: Shield against a hit — "Press Take the hit to let the attack land as rolled."
    async with app.run_test(size=(80, 24)) as pilot:
        await goblin_swings_at_bren(pilot, 10)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert app.session.state.actor("bren").hp < 32 and app.session.state.actor("bren").slots[0] == 4


async def test_no_dialog_when_shield_would_not_turn_the_hit(app):
    # ref: Shield against a hit — "The dialog opens only when the higher AC would turn the hit into a miss"
    async with app.run_test(size=(80, 24)) as pilot:
        await goblin_swings_at_bren(pilot, 15)  # 19 hits AC 17 too
        assert isinstance(app.screen, AttackDialog)
        assert app.session.state.actor("bren").hp < 32
