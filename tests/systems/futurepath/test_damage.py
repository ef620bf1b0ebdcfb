"""Hit tiers, damage, Extra Damage, criticals and DR: R49-R52, R80, A21-A26, notes §2.2, §2.3."""

from __future__ import annotations

from combat_tui.systems.futurepath.model import DamageReduction, FPCondition, FPWeapon
from tests.systems.futurepath.helpers import campaign, fighter, fighting, run

PISTOL = FPWeapon("Pistol", "1d8+1", "ballistic", ranged=True, proficient=False, levels_short=0)
"""levels_short 0: no proficiency dice either way, so each test forces only the d20 and damage."""
RIFLE = FPWeapon("Rifle", "2d10", "ballistic", ranged=True, crit_from=19, crit_multiplier=3, proficient=False, levels_short=0)
CLUB = FPWeapon("Club", "1d6", "bludgeoning", proficient=False, levels_short=0)


def duel(attacker_kw=None, target_kw=None):
    attacker = fighter("a", weapons=(PISTOL, RIFLE, CLUB), **(attacker_kw or {}))
    target = fighter("t", "b", hp=100, **(target_kw or {}))
    return fighting(campaign(attacker, target))


def hit(s, faces, line="attack A T Pistol"):
    s.dice.force(faces)
    return run(s, line)


def hp(s):
    return s.state.futurepath.actor("t").hp


def test_meeting_ac_exactly_is_a_hit():
    # ref: A21 — total >= AC hits
    s = duel()
    lines = hit(s, [10, 5])
    assert "= 10 vs AC 10, hit." in lines[0] and hp(s) == 100 - 6


def test_missing_by_one_or_two_is_a_minor_hit_with_damage_halved():
    # ref: R49, A21, A22 — static bonus added before halving: (5 + 1) // 2 = 3
    s = duel()
    lines = hit(s, [8, 5])
    assert "Minor Hit" in lines[0] and lines[1] == "Damage (minor): 5 + 1, halved = 3." and hp(s) == 97


def test_the_gm_can_leave_static_bonus_out_of_minor_hits():
    # ref: A22 — the page's "no bonus damage": halve the dice only
    s = duel()
    run(s, "option minor_static_bonus no")
    hit(s, [9, 5])
    assert hp(s) == 100 - 2


def test_missing_by_three_is_a_miss():
    # ref: R49 — "no more than 2"
    s = duel()
    lines = hit(s, [7])
    assert "miss." in lines[0] and hp(s) == 100


def test_beating_ac_by_four_without_extra_damage_is_a_major_hit():
    # ref: R50, A21 — roll the damage die twice and keep the higher
    s = duel()
    lines = hit(s, [14, 2, 7])
    assert "Major Hit." in lines[0] and lines[1] == "Damage (major): 2+7 (higher of two) + 1 = 8." and hp(s) == 92


def test_beating_ac_by_three_is_a_plain_hit():
    # ref: A21 — 15-18 normal against AC 15 (here AC 10: 10-13)
    s = duel()
    assert "= 13 vs AC 10, hit." in hit(s, [13, 1])[0]


def test_extra_damage_adds_a_full_damage_roll_per_threshold_reached():
    # ref: R51, A23 — the k-th ED at AC + 4k; level 11 has 2 ED: AC+8 gives three rolls
    s = duel({"level": 11})
    lines = hit(s, [18, 3, 4, 5])
    assert "Major Hit with 2 Extra Damage." in lines[0]
    assert lines[1:4] == ["Damage (normal): 3 + 1 = 4.", "Damage (extra 1): 4 + 1 = 5.", "Damage (extra 2): 5 + 1 = 6."]


def test_extra_damage_is_limited_by_the_count_earned():
    # ref: A23 — level 5: 1 ED even past AC + 8
    s = duel({"level": 5})
    lines = hit(s, [19, 3, 4])
    assert "with 1 Extra Damage" in lines[0] and len([x for x in lines if x.startswith("Damage")]) == 2


def test_dual_wielding_raises_the_extra_damage_step_to_five():
    # ref: R80, A23 — AC 10: 14 is not enough for ED when dual wielding, 15 is
    knife = FPWeapon("Knife", "1d4", level=0, proficient=True, attributes=("light",))
    s = fighting(campaign(fighter("a", level=5, weapons=(PISTOL, knife), off_hand="Knife"), fighter("t", "b", hp=100)))
    assert "= 14 vs AC 10, hit." in hit(s, [14, 3])[0]
    assert "with 1 Extra Damage" in hit(s, [15, 3, 3])[0]


def test_the_dual_wield_step_applies_to_major_hits_without_extra_damage():
    # ref: A24 — every Major-Hit tier while dual wielding
    knife = FPWeapon("Knife", "1d4", level=0, proficient=True, attributes=("light",))
    s = fighting(campaign(fighter("a", weapons=(PISTOL, knife), off_hand="Knife"), fighter("t", "b", hp=100)))
    assert "hit." in hit(s, [14, 3])[0]
    run(s, "option dual_wield_major no")
    assert "Major Hit." in hit(s, [14, 3, 3])[0]


def test_a_natural_20_is_a_critical_that_multiplies_the_higher_die():
    # ref: R52, A25, A26 — max(1d8, 1d8) x 2 + 1
    s = duel({"dex": 1})
    lines = hit(s, [20, 3, 6])
    assert "Critical Success." in lines[0] and lines[1] == "Damage (critical): 3+6 (higher of two x2) + 1 = 13."


def test_a_natural_in_a_widened_crit_range_is_a_critical_that_hits():
    # ref: R52, A25 — 19-20/x3 with 2d10
    s = duel({"dex": 1})
    lines = hit(s, [19, 1, 2, 3, 4], "attack A T Rifle")
    assert "Critical Success." in lines[0] and lines[1] == "Damage (critical): 1+2+3+4 (higher of two x3) = 21."


def test_the_gm_can_make_a_widened_crit_range_need_a_hit():
    # ref: A25 — switchable
    from combat_tui.systems.futurepath.model import ArmorParts

    s = duel({"dex": 1}, {"ac": ArmorParts(armor=10)})
    run(s, "option crit_range_autohit no")
    assert "miss." in hit(s, [19], "attack A T Rifle")[0]


def test_a_natural_1_is_a_critical_failure_with_no_damage():
    # ref: A25, notes §2.3 — even a total that would hit
    s = duel({"dex": 30})
    lines = hit(s, [1])
    assert "Critical Failure" in lines[0] and hp(s) == 100


def test_a_critical_with_extra_damage_rolls_the_chain():
    # ref: A26, notes §2.3 — a crit meets every ED threshold; only the first roll is multiplied;
    # a further crit multiplies that ED too; no crit leaves the rest unmultiplied
    s = duel({"level": 17, "dex": 1})
    lines = hit(s, [20, 2, 3, 20, 4, 1, 9, 5, 6])
    assert lines[1] == "Damage (critical): 2+3 (higher of two x2) + 1 = 7."
    assert lines[2] == "Extra Damage 1: d20 20, another critical: multiplied."
    assert lines[3] == "Damage (extra 1): 4+1 (higher of two x2) + 1 = 9."
    assert lines[4] == "Extra Damage 2: d20 9, no critical: the rest unmultiplied."
    assert lines[5:7] == ["Damage (extra 2): 5 + 1 = 6.", "Damage (extra 3): 6 + 1 = 7."]


def test_a_natural_1_in_the_crit_chain_cancels_the_remaining_extra_damage():
    # ref: notes §2.3
    s = duel({"level": 11, "dex": 1})
    lines = hit(s, [20, 2, 3, 1])
    assert lines[2] == "Extra Damage 1: d20 1, natural 1: the remaining Extra Damage is cancelled."
    assert len([x for x in lines if x.startswith("Damage")]) == 1


def test_dr_is_subtracted_last_and_grows_with_extra_damage():
    # ref: notes §2.2 — DR 2 against 1 Extra Damage and 10 damage leaves 7
    s = duel({"level": 5}, {"dr": (DamageReduction(2),)})
    lines = hit(s, [16, 4, 4])
    assert lines[-1] == "T takes 7 ballistic damage (DR 3), HP 93."


def test_typed_dr_stops_only_its_type():
    # ref: notes §2.2 — every DR entry has a type; untyped counts as ALL
    s = duel(target_kw={"dr": (DamageReduction(3, "thermal"),)})
    assert hit(s, [10, 5])[-1] == "T takes 6 ballistic damage, HP 94."
    assert run(s, "damage T 10 thermal")[-1] == "T takes 7 thermal damage (DR 3), HP 87."


def test_gm_damage_can_ignore_dr():
    # ref: notes §2.5 — Bleeding ignores DR
    s = duel(target_kw={"dr": (DamageReduction(3),)})
    assert run(s, "damage T 4 nodr") == ["T takes 4 damage, HP 96."]


def test_melee_damage_adds_strength():
    # ref: notes §2.2 — melee = weapon die + STR mod + misc
    s = duel({"strength": 16})
    lines = hit(s, [10, 4], "attack A T Club")
    assert lines[1] == "Damage (normal): 4 + 3 = 7."


def test_an_exhausted_attacker_gets_no_major_hit_or_extra_damage():
    # ref: notes §2.5 — Exhausted: no Extra Damage / Major Hits
    s = duel({"level": 5, "conditions": (FPCondition("Exhausted"),)})
    assert "hit." in hit(s, [18, 3])[0]


def test_healing_stops_bleeding():
    # ref: notes §2.5 — Bleeding ends on any healing
    s = duel(target_kw={"conditions": (FPCondition("Bleeding", 3),)})
    run(s, "damage T 10", "heal T 4")
    assert s.state.futurepath.actor("t").conditions == () and hp(s) == 94


def test_dr_grows_only_for_the_extra_damage_actually_applied():
    # ref: notes §2.2, §2.3 — a natural 1 in the crit chain cancels the rest, so DR grows for none
    s = duel({"level": 11, "dex": 1}, {"dr": (DamageReduction(2),)})
    lines = hit(s, [20, 2, 3, 1])
    assert lines[-1] == "T takes 5 ballistic damage (DR 2), HP 95."


def test_an_attack_outside_the_acting_group_is_noted():
    s = duel({"dex": 14})
    run(s, "next")
    s.dice.force([10, 1, 3])
    assert run(s, "attack T A Pistol")[0] == "Note: T is not in the acting group; the GM lets the attack stand."
