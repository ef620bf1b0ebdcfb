"""What each die of a FuturePath roll is for, read off its events (systems/futurepath/dice_roles.py):
what the dice dialogs say when the faces rolled at the table are typed.

ref: Issue "Fast at the table", item 3 — "a field in the attack, cast, save, check and death-save
dialogs (and the FuturePath and space ones) to type the faces a player rolled".
"""

from __future__ import annotations

from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.dice_roles import Die, roles, say_dice, say_faces
from combat_tui.systems.futurepath.space import events as sev
from combat_tui.systems.futurepath.space.twod10 import TwoD10

NAMES = {"brandon": "Brandon", "bear-1": "Space Bear 1"}


def attack_rolled(net: int, expression: str, tier: str = "hit") -> ev.FPAttackRolled:
    return ev.FPAttackRolled("brandon", "bear-1", "Pistol", 15, (), net, expression, (), "DEX", 4, 0, (), 20, 14, "AC", tier)


def test_an_attack_takes_its_d20_then_the_advantage_dice_then_the_damage():
    # ref: Combat page, "Accuracy Check Value": "Value = d20 + Advantage Die Roll + Dexterity
    # Modifier(Ranged) or Strength Modifier(Melee) + Weapon Accuracy Bonus"; notes §2.1: "each extra
    # advantage (or disadvantage) adds another Advantage Die, up to 3"
    events = (attack_rolled(2, "1d6"), ev.DamageRolled("normal", (5,), 5, 0, 1, 5))
    dice = roles((20, 6, 6, 8), events, NAMES)
    assert dice == (Die(20, "Brandon's attack"), Die(6, "Advantage"), Die(6, "Advantage"), Die(8, "damage"))
    assert say_dice(dice) == "d20 for Brandon's attack, then 2d6 for Advantage, then d8 for damage"
    assert say_faces(dice, (17, 4, 3)) == "d20 17 (Brandon's attack), d6 4, 3 (Advantage)"


def test_disadvantage_dice_and_a_two_die_expression():
    # ref: notes §2.1 — "A two-die Advantage Die such as 2d8+8 counts as one die toward that limit";
    # "a roll with disadvantage is d20 − Ad + modifiers"
    dice = roles((20, 8, 8), (attack_rolled(-1, "2d8+8", "miss"),), NAMES)
    assert [d.role for d in dice] == ["Brandon's attack", "Disadvantage", "Disadvantage"]


def test_an_extra_damage_roll_is_named():
    events = (attack_rolled(0, "1d2", "major"), ev.DamageRolled("normal", (3,), 3, 0, 1, 3),
              ev.DamageRolled("extra 1", (6,), 6, 0, 1, 6))  # fmt: skip
    assert [d.role for d in roles((20, 8, 8), events, NAMES)] == ["Brandon's attack", "damage", "Extra Damage 1"]


def test_a_grenade_takes_left_or_right_then_short_or_long():
    # ref: Combat page, "Throwing Grenades": "The first d10 determines left/right accuracy (4-7 is a
    # success). The second d10 determines if the throw was too short or too long"
    thrown = ev.GrenadeThrown("brandon", (4, 9), "10 ft long")
    assert say_dice(roles((10, 10), (thrown,), NAMES)) == "d10 for left or right, then d10 for short or long"


def test_a_cooked_grenade_fills_its_check_s_advantage_dice_between_the_d20_and_the_throw():
    # ref: R84 — cooking is a WIS check against DC 25 first; its Advantage Dice are not in the event
    cooked = ev.GrenadeThrown("brandon", (5, 5), "on target", cook="cooked", wis_d20=18, wis_total=26)
    dice = roles((20, 4, 4, 10, 10), (cooked,), NAMES)
    assert [d.role for d in dice] == ["the WIS check to cook it", "Advantage", "Advantage", "left or right", "short or long"]


def test_the_2d10_of_a_crew_function_with_an_advantage_die_and_an_explosion():
    # ref: notes §2.9 — "A d10 showing 10 explodes: roll it again and add"; "Each advantage adds 1d10
    # to the pool and +2"
    roll = TwoD10(((10, 4), (3,), (7,)), (0, 2), 1, 3, 26)
    rolled = sev.Rolled("bearclaw", "helm", "fly", "marauder", roll, 12, True, "")
    dice = roles((10, 10, 10, 10), (rolled,), NAMES)
    assert [d.role for d in dice] == ["the Helm Officer", "the reroll of a 10", "the Helm Officer",
                                      "advantage, one more d10"]  # fmt: skip


def test_dice_the_events_do_not_account_for_are_named_by_their_size_alone():
    # A wrong name would send a face to the wrong die: none is better.
    dice = roles((20, 6, 8, 4), (attack_rolled(1, "1d6"), ev.DamageRolled("normal", (5,), 5, 0, 1, 5)), NAMES)
    assert dice == (Die(20), Die(6), Die(8), Die(4))
    assert say_dice(dice) == "d20, then d6, then d8, then d4"
