"""The Bonus Attack with the main weapon (notes §2.4): only after a successful Standard Attack,
on the same target, with the off-hand attack's penalties (no advantage of any kind, ranged at
disadvantage, no Extra Damage, halved bonus damage, a melee die one level down)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import FPWeapon
from tests.lines import refused
from tests.systems.futurepath.helpers import PISTOL, campaign, fighter, run, session

SWORD = FPWeapon("Sword", "1d6+2", level=3)
MAUL = FPWeapon("Maul", "2d6", level=5, attributes=("gigantic",))


def hit_first(weapon: FPWeapon = SWORD, bonus_target: str = "T"):
    """A (level 5: one Extra Damage, DEX +2) has hit T with a Standard Attack; the Bonus Attack waits."""
    s = session(campaign(fighter("a", dex=14, weapons=(weapon,), level=5), fighter("t", "b", hp=60), fighter("u", "b", hp=60)))
    run(s, "setup", "start", "next", f"declare A attack on T with '{weapon.name}'",
        f"declare A bonus-attack {'on ' + bonus_target if bonus_target else ''} with '{weapon.name}'", "commit")  # fmt: skip
    s.dice.force([8, 1] + [3] * int(weapon.damage.split("d")[0]))  # d20 8 + the Advantage Die's 3: a hit
    assert run(s, f"attack A T '{weapon.name}'")[-1] == "A's attack is resolved: hit."
    return s


def test_a_main_weapon_bonus_attack_has_no_advantage_not_even_proficiency():
    # ref: notes §2.4 (Ground Combat Guide) — main-weapon bonus attack: "the same penalties as an
    # off-hand attack", among them "no advantage of any kind, proficiency included"
    s = hit_first()
    s.dice.force([12, 3])
    line = run(s, "attack A T Sword")[0]
    assert line.startswith("A attacks T with Sword: d20 12 = 12 vs AC 10, hit.")
    assert "proficient with Sword +1 (no advantage: cancelled); net +0. No advantage (Bonus Attack)." in line


def test_a_ranged_main_weapon_bonus_attack_takes_disadvantage():
    # ref: notes §2.4 (Ground Combat Guide) — the off-hand penalties include "ranged takes disadvantage"
    s = hit_first(PISTOL)
    s.dice.force([14, 1, 3])
    line = run(s, "attack A T Pistol")[0]
    assert "ranged Bonus Attack -1" in line and "net -1" in line


def test_a_main_weapon_bonus_attack_has_no_extra_damage_and_halved_bonus_damage():
    # ref: notes §2.4 (Ground Combat Guide) — "no ED"; "melee damage drops one die level";
    # "all bonus damage is halved (rounded down)" (a 19 against AC 10 would be a Major Hit)
    s = hit_first()
    s.dice.force([19, 3])
    lines = run(s, "attack A T Sword")
    assert "= 19 vs AC 10, hit." in lines[0] and lines[1] == "Damage (normal): 3 + 1 = 4."


def test_a_main_weapon_bonus_attack_on_another_target_is_refused_when_declared():
    # ref: notes §2.4 (Ground Combat Guide) — main-weapon bonus attack: "only after a successful
    # Standard Attack; same target"
    s = session(campaign(fighter("a", dex=14, weapons=(SWORD,)), fighter("t", "b"), fighter("u", "b")))
    run(s, "setup", "start", "next", "declare A attack on T with Sword")
    reason = refused(s, "declare A bonus-attack on U with Sword")
    assert reason == "A Bonus Attack with the main weapon is made on the same target as A's Standard Attack."
    run(s, "declare A bonus-attack on T with Sword")


def test_a_main_weapon_bonus_attack_rolled_on_another_target_is_refused():
    # ref: notes §2.4 (Ground Combat Guide) — main-weapon bonus attack: "same target"
    s = hit_first(bonus_target="")
    assert "same target" in refused(s, "attack A U Sword")


def test_the_off_hand_weapon_may_attack_another_target():
    # ref: Combat page, "Two Weapon Fighting": "You gain the ability to have a secondary attack
    # using your off handed weapon as a Bonus Action." (no same-target limit for it)
    knife = FPWeapon("Knife", "1d4", level=1, attributes=("light",))
    s = session(campaign(fighter("a", dex=14, weapons=(SWORD, knife), off_hand="Knife"), fighter("t", "b"), fighter("u", "b")))
    run(s, "setup", "start", "next", "declare A attack on T with Sword", "declare A bonus-attack on U with Knife")


def test_a_gigantic_melee_weapon_makes_no_bonus_attack():
    # ref: notes §2.4 (Ground Combat Guide) — "melee weapons cannot be Gigantic or Clunky"
    s = hit_first(MAUL)
    with pytest.raises(CommandRejected, match=r"Maul \(gigantic\) cannot make a Bonus Attack"):
        run(s, "attack A T Maul")
