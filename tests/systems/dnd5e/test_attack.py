"""Weapon attacks: the to-hit roll, proficiency, natural 20 and 1, damage, advantage."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.attack import attack_bonus, is_proficient, weapon_ability
from combat_tui.systems.dnd5e.events import AttackRolled, DamageRolled
from combat_tui.systems.dnd5e.model import Weapon
from tests.systems.dnd5e.helpers import at, campaign, character, creature, hp, running, session

GREATSWORD = Weapon("Greatsword", "2d6", "slashing", "martial")
CLUB_PLUS_ONE = Weapon("Club", "1d4+1", "bludgeoning", "simple")


def fight(attacker=None, target=None):
    """The attacker first in the order, then the target (an orc, AC 15, 30 HP)."""
    attacker = attacker or character(
        "kara", "Kara", strength=16, dexterity=14, proficiency=2,
        weapons=(w.LONGSWORD, w.SHORTBOW, w.RAPIER, GREATSWORD, CLUB_PLUS_ONE),
    )  # fmt: skip
    target = target or creature("orc", "Orc", hp=30, ac=15)
    return running(campaign(attacker, target), [20, 1])


def swing(s, weapon, faces, attacker="kara", target="orc", mode=""):
    """Attack with forced faces; returns (AttackRolled, DamageRolled or None, the new log lines)."""
    s.dice.force(faces)
    entry = s.execute(cmd.Attack(attacker, target, weapon, mode, ignore_cost=True))  # several swings in one turn
    rolled = next(e for e in entry.events if isinstance(e, AttackRolled))
    damage = next((e for e in entry.events if isinstance(e, DamageRolled)), None)
    return rolled, damage, list(entry.lines)


def test_a_melee_weapon_uses_strength_and_the_proficiency_bonus():
    # ref: Attack rolls
    s = fight()
    rolled, damage, lines = swing(s, "Longsword", [10, 5])
    assert (rolled.ability, rolled.ability_mod, rolled.proficiency, rolled.total) == ("STR", 3, 2, 15)
    assert rolled.hit  # 15 meets AC 15
    assert lines == [
        "Kara attacks Orc with Longsword: d20 10 + 3 STR + 2 proficiency = 15 vs AC 15, hit.",
        "Damage: 1d8 5 + 3 STR = 8 slashing.",
        "Orc takes 8 slashing damage (30 → 22 HP).",
    ]
    assert hp(s, "orc") == 22


def test_a_total_below_the_ac_misses_and_rolls_no_damage():
    # ref: Attack rolls
    s = fight()
    rolled, damage, lines = swing(s, "Longsword", [9, 5])
    assert rolled.total == 14 and not rolled.hit and damage is None
    assert lines == ["Kara attacks Orc with Longsword: d20 9 + 3 STR + 2 proficiency = 14 vs AC 15, miss."]
    assert s.dice.forced == (5,)  # no damage die was rolled
    assert hp(s, "orc") == 30


def test_a_ranged_weapon_uses_dexterity():
    # ref: Attack rolls
    s = fight()
    rolled, damage, lines = swing(s, "Shortbow", [11, 6])
    assert (rolled.ability, rolled.ability_mod, rolled.total) == ("DEX", 2, 15)
    assert (damage.ability, damage.amount) == ("DEX", 8)
    assert lines[0] == "Kara attacks Orc with Shortbow: d20 11 + 2 DEX + 2 proficiency = 15 vs AC 15, hit."


def test_ranged_uses_dexterity_even_when_strength_is_higher():
    # ref: Attack rolls
    brute = character("kara", strength=20, dexterity=8, weapons=(w.SHORTBOW,))
    assert weapon_ability(brute, w.SHORTBOW) == ("DEX", -1)


@pytest.mark.parametrize(
    "strength, dexterity, expected",
    [(16, 14, ("STR", 3)), (8, 18, ("DEX", 4)), (12, 12, ("STR", 1)), (6, 9, ("DEX", -1))],
)
def test_a_finesse_weapon_uses_the_higher_of_strength_and_dexterity(strength, dexterity, expected):
    # ref: Attack rolls
    duelist = character("kara", strength=strength, dexterity=dexterity, weapons=(w.RAPIER,))
    assert weapon_ability(duelist, w.RAPIER) == expected
    s = fight(attacker=duelist)
    rolled, damage, _ = swing(s, "Rapier", [18, 4])
    assert (rolled.ability, rolled.ability_mod) == expected
    assert (damage.ability, damage.modifier) == expected


def test_a_plain_melee_weapon_uses_strength_even_when_dexterity_is_higher():
    # ref: Attack rolls
    nimble = character("kara", strength=8, dexterity=18, weapons=(w.LONGSWORD,))
    assert weapon_ability(nimble, w.LONGSWORD) == ("STR", -1)


def test_proficiency_by_category():
    # ref: Attack rolls
    fighter = character("kara", proficiencies=("simple", "martial"))
    assert is_proficient(fighter, w.LONGSWORD) and is_proficient(fighter, w.MACE)
    cleric = character("mira", proficiencies=("simple",))
    assert is_proficient(cleric, w.MACE) and not is_proficient(cleric, w.LONGSWORD)


def test_proficiency_by_name():
    # ref: Attack rolls
    rogue = character("ayla", proficiencies=("rapier", "Hand Crossbow"))
    assert is_proficient(rogue, w.RAPIER)
    assert is_proficient(rogue, Weapon("Hand crossbow", "1d6", "piercing", "martial", ranged=True))
    assert not is_proficient(rogue, w.LONGSWORD)


def test_without_proficiency_the_roll_takes_the_ability_modifier_alone_and_says_not_proficient():
    # ref: Attack rolls
    wizard = character("bren", "Bren", strength=8, dexterity=14, proficiencies=("dagger",), weapons=(w.LONGSWORD,))
    s = fight(attacker=wizard)
    rolled, _, lines = swing(s, "Longsword", [15], attacker="bren")
    assert (rolled.proficient, rolled.proficiency, rolled.total) == (False, 0, 14)
    assert lines == ["Bren attacks Orc with Longsword: d20 15 - 1 STR (not proficient) = 14 vs AC 15, miss."]
    assert attack_bonus(wizard, w.LONGSWORD) == -1


def test_the_sample_cleric_is_not_proficient_with_a_rapier_but_the_rogue_is(sample):
    # ref: Attack rolls
    mirelle, ayla = sample.actor("mirelle"), sample.actor("ayla")
    assert not is_proficient(mirelle, w.RAPIER)
    assert is_proficient(ayla, w.RAPIER)
    assert attack_bonus(ayla, w.RAPIER) == 4 + 3


def test_a_creature_is_always_proficient_with_its_own_weapon():
    # ref: Attack rolls
    goblin = creature("goblin", "Goblin", strength=8, dexterity=14, proficiency=2, weapons=(w.SCIMITAR, w.SHORTBOW))
    hero = character("hero", "Hero", ac=13, hp=20)
    assert is_proficient(goblin, w.SCIMITAR) and is_proficient(goblin, w.SHORTBOW)
    assert attack_bonus(goblin, w.SCIMITAR) == 4  # the 2014 stat block: Scimitar +4 to hit
    s = running(campaign(hero, goblin), [1, 20])
    rolled, damage, lines = swing(s, "Scimitar", [9, 3], attacker="goblin", target="hero")
    assert (rolled.proficient, rolled.total, rolled.hit) == (True, 13, True)
    assert damage.amount == 5  # 1d6 3 + 2: the stat block's 1d6 + 2
    assert lines[0] == "Goblin attacks Hero with Scimitar: d20 9 + 2 DEX + 2 proficiency = 13 vs AC 13, hit."


def test_a_natural_20_hits_whatever_the_ac_and_every_damage_die_rolls_twice():
    # ref: Attack rolls
    s = fight(target=creature("orc", "Orc", hp=40, ac=40))
    rolled, damage, lines = swing(s, "Longsword", [20, 3, 6, 1])
    assert rolled.total == 25 and rolled.hit and rolled.critical and rolled.natural == "20"
    assert damage.rolls[0].faces == (3, 6)  # 1d8 became 2d8
    assert damage.amount == 3 + 6 + 3  # the ability modifier is added once
    assert s.history.peek_undo().faces == (20, 3, 6)
    assert s.dice.forced == (1,)
    assert lines == [
        "Kara attacks Orc with Longsword: d20 20 + 3 STR + 2 proficiency = 25 vs AC 40, natural 20, a critical hit!",
        "Damage (critical hit: every die rolled twice): 2d8 3+6 + 3 STR = 12 slashing.",
        "Orc takes 12 slashing damage (40 → 28 HP).",
    ]


def test_a_critical_hit_doubles_every_die_of_a_multi_die_weapon_but_not_a_flat_bonus():
    # ref: Attack rolls
    s = fight()
    _, damage, _ = swing(s, "Greatsword", [20, 1, 2, 3, 4, 5])
    assert damage.rolls[0].faces == (1, 2, 3, 4)  # 2d6 became 4d6
    assert damage.amount == 10 + 3
    assert s.dice.forced == (5,)
    s.dice.clear_forced()
    _, damage, _ = swing(s, "Club", [20, 4, 4, 2])
    assert damage.rolls[0].faces == (4, 4)  # 1d4+1 became 2d4+1
    assert damage.amount == 8 + 1 + 3
    assert s.dice.forced == (2,)


def test_a_natural_1_misses_whatever_the_total():
    # ref: Attack rolls
    s = fight(
        attacker=character("kara", "Kara", strength=30, proficiency=6, weapons=(w.LONGSWORD,)),
        target=creature("orc", "Orc", ac=5),
    )
    rolled, damage, lines = swing(s, "Longsword", [1, 8])
    assert rolled.total == 1 + 10 + 6 and rolled.total >= 5
    assert not rolled.hit and rolled.natural == "1" and damage is None
    assert lines == ["Kara attacks Orc with Longsword: d20 1 + 10 STR + 6 proficiency = 17 vs AC 5, natural 1, a miss."]
    assert s.dice.forced == (8,)


def test_damage_is_the_dice_plus_the_ability_modifier_never_the_proficiency_bonus():
    # ref: Attack rolls
    s = fight(attacker=character("kara", "Kara", strength=16, proficiency=6, weapons=(w.LONGSWORD,)))
    rolled, damage, _ = swing(s, "Longsword", [15, 7])
    assert rolled.proficiency == 6
    assert (damage.amount, damage.modifier) == (7 + 3, 3)
    assert hp(s, "orc") == 30 - 10


def test_a_negative_modifier_lowers_the_damage():
    # ref: Attack rolls
    s = fight(attacker=character("kara", "Kara", strength=6, weapons=(w.LONGSWORD,)))
    _, damage, lines = swing(s, "Longsword", [19, 6])
    assert damage.amount == 6 - 2
    assert lines[1] == "Damage: 1d8 6 - 2 STR = 4 slashing."


def test_a_hit_that_drops_a_creature_to_0_defeats_it():
    # ref: Attack rolls
    s = fight(target=creature("orc", "Orc", hp=5, ac=10))
    _, _, lines = swing(s, "Longsword", [15, 8])
    assert lines[-2:] == ["Orc takes 11 slashing damage (5 → 0 HP).", "Orc is defeated."]
    assert hp(s, "orc") == 0


@pytest.mark.parametrize("faces, kept, dropped", [([4, 17], 17, 4), ([17, 4], 17, 4), ([9, 9], 9, 9)])
def test_advantage_keeps_the_higher_d20(faces, kept, dropped):
    # ref: Advantage and disadvantage
    s = fight()
    rolled, _, lines = swing(s, "Longsword", faces + [1], mode="adv")
    assert rolled.d20s == tuple(faces) and rolled.kept == kept
    assert lines[0].startswith(f"Kara attacks Orc with Longsword: d20 {kept} (at advantage (dropped {dropped}), by choice) + 3 STR")


@pytest.mark.parametrize("faces, kept, dropped", [([4, 17], 4, 17), ([17, 4], 4, 17)])
def test_disadvantage_keeps_the_lower_d20(faces, kept, dropped):
    # ref: Advantage and disadvantage
    s = fight()
    rolled, damage, lines = swing(s, "Longsword", faces + [1], mode="dis")
    assert rolled.kept == kept and not rolled.hit and damage is None
    assert lines[0].startswith(f"Kara attacks Orc with Longsword: d20 {kept} (at disadvantage (dropped {dropped}), by choice)")


def test_a_natural_20_kept_at_advantage_is_a_critical_hit_and_a_natural_1_kept_at_disadvantage_misses():
    # ref: Advantage and disadvantage
    s = fight(target=creature("orc", "Orc", hp=40, ac=30))
    rolled, damage, _ = swing(s, "Longsword", [1, 20, 2, 2], mode="adv")
    assert rolled.critical and rolled.hit and damage.rolls[0].faces == (2, 2)
    rolled, damage, _ = swing(s, "Longsword", [20, 1], mode="dis")
    assert not rolled.hit and rolled.natural == "1" and damage is None


def test_a_dying_character_can_be_attacked_and_stays_at_0():
    # ref: Death saves
    hero = character("hero", "Hero", hp=10, ac=10)
    s = running(campaign(hero, creature("orc", "Orc", weapons=(w.LONGSWORD,))), [1, 20])
    s.execute(cmd.ApplyDamage("hero", 10))
    rolled, _, _ = swing(s, "Longsword", [15, 4], attacker="orc", target="hero")
    assert rolled.hit and hp(s, "hero") == 0
    assert s.state.fight.find("hero") is not None


def rejected(s, command, faces=(7, 7)):
    """Run a command that must be refused; check that nothing changed, forced dice included."""
    s.dice.force(faces)
    before, log, entries = s.state, list(s.log), len(s.history.entries)
    with pytest.raises(CommandRejected) as refused:
        s.execute(command)
    assert s.state is before and s.log == log and len(s.history.entries) == entries
    assert s.dice.forced == tuple(faces)
    s.dice.clear_forced()
    return refused.value.reason


def test_attacking_with_a_weapon_one_does_not_have_is_rejected():
    # ref: Attack rolls
    s = fight()
    reason = rejected(s, cmd.Attack("kara", "orc", "Warhammer"))
    assert reason == "Kara has no weapon called 'Warhammer'."


def test_the_weapon_name_is_matched_case_insensitively():
    # ref: Attack rolls
    s = fight()
    rolled, _, _ = swing(s, "lOnGsWoRd", [2])
    assert rolled.weapon == "Longsword"


def test_attack_rejections():
    # ref: Attack rolls
    hero = character("kara", "Kara", weapons=(w.LONGSWORD,))
    far_off = creature("wolf", "Wolf", tile=at(6, 6))
    s = running(campaign(hero, creature("orc", "Orc"), creature("imp", "Imp"), far_off), [20, 10, 5])
    assert "Wolf is not in this fight." == rejected(s, cmd.Attack("kara", "wolf", "Longsword"))
    assert "Wolf is not in this fight." == rejected(s, cmd.Attack("wolf", "kara", "Scimitar"))
    assert "Kara cannot attack itself." == rejected(s, cmd.Attack("kara", "kara", "Longsword"))
    assert "no one called 'nobody'" in rejected(s, cmd.Attack("kara", "nobody", "Longsword"))
    s.execute(cmd.ApplyDamage("imp", 10))
    assert "Imp is already defeated." == rejected(s, cmd.Attack("kara", "imp", "Longsword"))
    assert "Imp is at 0 HP and cannot attack." == rejected(s, cmd.Attack("imp", "kara", "Scimitar"))
    s.execute(cmd.ApplyDamage("kara", 20))
    assert "Kara is at 0 HP and cannot attack." == rejected(s, cmd.Attack("kara", "orc", "Longsword"))


def test_attacking_when_no_fight_runs_is_rejected(sample):
    # ref: Attack rolls
    s = session(sample)
    attack = cmd.Attack("ayla", "goblin-1", "Rapier")
    assert rejected(s, attack) == "No fight is running."
    s.execute(cmd.OpenSetup())
    assert rejected(s, attack) == "The fight has not started yet."
