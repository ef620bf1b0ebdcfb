"""Two-weapon fighting and bonus attacks: R40, R53, R78-R80, A27, notes §2.4."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import FPWeapon
from tests.systems.futurepath.helpers import campaign, fighter, run, session

SWORD = FPWeapon("Sword", "1d6+2", level=3, proficient=False, levels_short=0)
KNIFE = FPWeapon("Knife", "1d6+1", level=1, attributes=("light",))
AXE = FPWeapon("Great Axe", "2d6", level=5, attributes=("two-handed", "heavy"))
RIFLE = FPWeapon("Rifle", "1d10", level=4, ranged=True)


def dual(main=SWORD, off=KNIFE, **kw):
    s = session(campaign(fighter("a", dex=14, weapons=(main, off), off_hand=off.name, **kw), fighter("t", "b", hp=60)))
    run(s, "setup", "start", "next")
    return s


def test_the_off_hand_bonus_attack_comes_even_after_a_failed_standard_attack():
    # ref: R78, R53 — granted even if the Standard Attack fails
    s = dual()
    run(s, "declare A attack on T with Sword", "declare A bonus-attack on T with Knife", "commit")
    s.dice.force([2])
    assert "miss." in run(s, "attack A T Sword")[0]
    s.dice.force([12, 4])
    assert "hit." in run(s, "attack A T Knife offhand")[0]


def test_a_main_weapon_bonus_attack_needs_a_successful_standard_attack():
    # ref: R40, A27 — a successful Standard Attack grants the Bonus Attack
    s = dual()
    run(s, "declare A attack on T with Sword", "declare A bonus-attack on T with Sword", "commit")
    s.dice.force([2])
    run(s, "attack A T Sword")
    with pytest.raises(CommandRejected, match="successful Standard Attack"):
        run(s, "attack A T Sword")


def test_a_minor_hit_counts_as_success_unless_the_gm_says_otherwise():
    # ref: A27 — Minor counts (configurable)
    s = dual()
    run(s, "declare A attack on T with Sword", "declare A bonus-attack on T with Sword", "commit")
    s.dice.force([9, 3])
    assert "Minor Hit" in run(s, "attack A T Sword")[0]
    s.dice.force([12, 3])
    assert "hit." in run(s, "attack A T Sword")[0]
    t = dual()
    run(t, "option minor_hit_succeeds no", "declare A attack on T with Sword", "declare A bonus-attack on T with Sword", "commit")
    t.dice.force([9, 3])
    run(t, "attack A T Sword")
    with pytest.raises(CommandRejected, match="successful Standard Attack"):
        run(t, "attack A T Sword")


def test_the_main_weapon_cannot_be_two_handed_clunky_or_heavy():
    # ref: R79
    s = dual(main=AXE)
    with pytest.raises(CommandRejected, match="two-handed, heavy"):
        run(s, "attack A T 'Great Axe'")


def test_an_off_hand_attack_has_no_advantage_half_bonus_and_a_smaller_die():
    # ref: notes §2.4 — no advantage of any kind (proficiency included); melee drops one die
    # level (d6 -> d4); bonus damage halved (+1 -> +0)
    s = dual()
    s.dice.force([12, 4])
    lines = run(s, "attack A T Knife offhand")
    assert "No advantage (off-hand attack)" in lines[0] and "d20 12 = 12" in lines[0]
    assert lines[1] == "Damage (normal): 4 = 4."


def test_an_off_hand_attack_gets_no_extra_damage():
    # ref: notes §2.4 — no ED
    s = dual(level=11)
    s.dice.force([20, 4, 4])
    lines = run(s, "attack A T Knife offhand")
    assert "Critical Success." in lines[0] and len([x for x in lines if x.startswith("Damage")]) == 1


def test_a_ranged_off_hand_attack_takes_disadvantage():
    # ref: notes §2.4
    pistol = FPWeapon("Holdout", "1d4", level=1, ranged=True)
    s = dual(main=SWORD, off=pistol)
    s.dice.force([12, 1, 2])
    assert "off-hand ranged attack -1" in run(s, "attack A T Holdout offhand")[0]


def test_a_heavy_weapon_is_no_off_hand_weapon():
    # ref: notes §2.4 — light, or medium and Versatile
    s = dual(main=SWORD, off=RIFLE)
    with pytest.raises(CommandRejected, match="does not qualify"):
        run(s, "attack A T Rifle offhand")
