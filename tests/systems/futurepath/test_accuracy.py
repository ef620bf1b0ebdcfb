"""Accuracy and net Advantage Dice: R29-R31, R47, R48, A1-A5, notes §2.1, §2.4."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import FPCondition, FPWeapon
from tests.systems.futurepath.helpers import campaign, fighter, fighting, run

SWORD = FPWeapon("Sword", "1d8", "slashing", level=3)
RAILGUN = FPWeapon("Railgun", "2d10", ranged=True, proficient=False, levels_short=2)
SCOPED = FPWeapon("Scoped Rifle", "1d10", ranged=True, accuracy=2, level=4)


def duel(attacker_kw=None, target_kw=None):
    attacker = fighter("a", **(attacker_kw or {}))
    target = fighter("t", "b", hp=50, **(target_kw or {}))
    return fighting(campaign(attacker, target))


def attack(s, line, faces):
    s.dice.force(faces)
    return run(s, line)


def test_ranged_accuracy_is_d20_plus_advantage_die_plus_dex_plus_weapon_accuracy():
    # ref: R47, R48 — proficiency is one advantage: + the Advantage Die (1d2 at level 1)
    # ref: R29 — a proficient weapon gives automatic advantage on accuracy
    s = duel({"dex": 16, "weapons": (SCOPED,)})
    lines = attack(s, "attack A T", [10, 2, 1])
    assert lines[0].startswith("A attacks T with Scoped Rifle: d20 10 + 1Ad (1d2: 2) + 3 DEX + 2 accuracy = 17 vs AC 10, Major Hit.")


def test_melee_accuracy_uses_strength():
    # ref: R47 — STR mod for melee
    s = duel({"strength": 14, "dex": 18, "weapons": (SWORD,)})
    lines = attack(s, "attack A T", [5, 1, 4])
    assert "d20 5 + 1Ad (1d2: 1) + 2 STR = 8 vs AC 10" in lines[0]


def test_without_proficiency_disadvantage_per_level_short():
    # ref: R30, A5 — 1 disadvantage per proficiency level short
    s = duel({"weapons": (RAILGUN,)})
    lines = attack(s, "attack A T", [15, 1, 2])
    assert "d20 15 - 2Ad (1d2: 1 2) = 12" in lines[0]
    assert "not proficient with Railgun -2" in lines[0]


def test_the_gm_can_change_the_non_proficiency_rate():
    # ref: A5 — editable
    s = duel({"weapons": (RAILGUN,)})
    run(s, "option nonproficient_per_level 0")
    lines = attack(s, "attack A T", [15, 1, 1])
    assert "d20 15 = 15" in lines[0]


def test_advantage_and_disadvantage_cancel_one_for_one():
    # ref: A2, A3, R48 — proficiency (+1) and Shaken (-1) cancel: no die is rolled
    s = duel({"conditions": (FPCondition("Shaken", 1),)})
    lines = attack(s, "attack A T", [12, 3])
    assert "d20 12 = 12 vs AC 10, hit" in lines[0] and "net +0" in lines[0]


def test_conditions_and_situations_add_sources():
    # ref: R31 — conditions, flanking, cover, Tactical Opportunity
    s = duel()
    lines = attack(s, "attack A T +flank -heavy-cover +opportunity", [12, 1, 3])
    assert "Advantage: proficient with Pistol +1, flank +1, heavy-cover -2, opportunity +1; net +1." in lines[0]


def test_the_target_can_give_attackers_advantage_or_disadvantage():
    # ref: notes §2.5 — Entangled: attackers +1; Invisible: attackers -3
    s = duel(target_kw={"conditions": (FPCondition("Entangled"),)})
    assert "target Entangled +1" in attack(s, "attack A T", [12, 1, 1, 3])[0]


def test_the_net_is_capped_at_three_dice():
    # ref: A4 step 3, notes §2.1 — up to 3
    s = duel()
    lines = attack(s, "attack A T +flank +opportunity +2aid", [2, 1, 1, 1, 3])
    assert "+ 3Ad (1d2: 1 1 1)" in lines[0] and "net +3" in lines[0]


def test_more_than_three_disadvantage_dice_block_the_attack():
    # ref: A4 step 4, notes §2.1 — more than 3 disadvantage dice: it cannot be attempted
    s = duel()
    with pytest.raises(CommandRejected, match="more than 3"):
        run(s, "attack A T -5blind")
    lines = attack(s, "attack A T -5blind force", [20, 1, 1, 1, 1, 5])
    assert "Rolled past the 3-disadvantage limit" in lines[0]


def test_a_condition_that_forbids_advantage_zeroes_it_before_cancelling():
    # ref: A4 step 1 — Dazed: cannot gain advantage; proficiency is cancelled, not cancelling
    s = duel({"conditions": (FPCondition("Dazed", 1),)})
    lines = attack(s, "attack A T", [15, 1, 2])
    assert "- 2Ad (1d2: 1 2)" in lines[0] and "No advantage (Dazed)" in lines[0]


def test_the_whole_advantage_die_expression_is_rolled_per_die():
    # ref: A1 — roll the expression (1d4+2 at level 5) for each net die
    s = duel({"level": 5})
    lines = attack(s, "attack A T", [9, 3, 1])
    assert "+ 1Ad (1d4+2: 5)" in lines[0]


def test_environment_entries_slant_the_rolls_they_name():
    # ref: R28, R32 — the GM's environmental advantages and disadvantages
    s = duel()
    run(s, "env 'Thick smoke' -2 ranged")
    lines = attack(s, "attack A T", [15, 1, 5])
    assert "Thick smoke -2" in lines[0] and "net -1" in lines[0]


def test_advantage_sources_are_shown_and_gm_can_add_more():
    # ref: A2 — show the breakdown; let the GM add or remove sources
    s = duel()
    lines = attack(s, "attack A T -dis", [11, 1])
    assert "Advantage: proficient with Pistol +1, dis -1; net +0." in lines[0]
