"""A weapon's own to-hit and damage bonus, its second damage part, and a creature's printed save
bonuses: the fields a stat block (or a +1 weapon) gives beyond the ability and proficiency sum."""

from __future__ import annotations

from attrs import evolve

from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.attack import attack_bonus, preview
from combat_tui.systems.dnd5e.checks import save_bonus
from combat_tui.systems.dnd5e.events import (
    AttackRolled,
    DamageApplied,
    DamageRolled,
    SpellSaveRolled,
)
from combat_tui.systems.dnd5e.model import Weapon
from tests.systems.dnd5e.helpers import campaign, character, creature, hp, running

REND = Weapon("Rend", "1d10", "slashing", "natural", to_hit_bonus=1, damage_bonus=2, extra_damage="2d4",
              extra_damage_type="fire", reach=10)  # fmt: skip
"""STR 16 (+3), proficiency 2: +3 + 2 + 1 = +6 to hit, 1d10 + 3 + 2 slashing plus 2d4 fire."""
GORE = Weapon("Gore", "1d6", "piercing", "natural", extra_damage="1d6", extra_damage_type="piercing")


def fight(*weapons: Weapon, target=None):
    dragon = creature("drake", "Drake", strength=16, weapons=weapons or (REND,))
    target = target or character("kara", "Kara", hp=60, ac=15)
    return running(campaign(dragon, target), [1, 20])  # the party's die first, then the drake's


def swing(s, weapon: str, faces: list[int]):
    s.dice.force(faces)
    entry = s.execute(cmd.Attack("drake", "kara", weapon, ignore_cost=True))
    return entry, next(e for e in entry.events if isinstance(e, AttackRolled))


def test_the_to_hit_bonus_adds_to_the_total_the_log_and_the_screen_bonus():
    # ref: Attack rolls — the roll is 1d20 + ability modifier + proficiency bonus; a weapon's own
    # bonus (a +1 weapon, a stat block's printed to-hit) adds on top
    s = fight()
    entry, rolled = swing(s, "Rend", [8, 5, 1, 1])
    assert (rolled.ability_mod, rolled.proficiency, rolled.bonus, rolled.total) == (3, 2, 1, 14)
    assert (
        entry.lines[0] == "Drake attacks Kara with Rend: d20 8 + 3 STR + 2 proficiency + 1 bonus = 14 vs AC 15, miss."
    )
    drake = s.state.actor("drake")
    assert attack_bonus(drake, REND) == 6
    shown = preview(s.state, cmd.Attack("drake", "kara", "Rend"))
    assert (shown.bonus, shown.weapon_bonus) == (6, 1)
    assert shown.damage == "1d10 + 5 slashing, plus 2d4 fire"


def test_a_hit_adds_the_damage_bonus_and_deals_the_second_part_through_its_own_defenses():
    # ref: Attack rolls — "On a hit, the damage dice roll with the ability modifier added."
    # ref: Damage and damage defenses — "Each damage type in the hit changes separately."
    s = fight()
    entry, rolled = swing(s, "Rend", [10, 6, 3, 4])  # d20 10 + 6 = 16 hits AC 15; 1d10 6; 2d4 3+4
    assert rolled.hit
    damage = next(e for e in entry.events if isinstance(e, DamageRolled))
    assert damage.amount == 6 + 3 + 2
    applied = [e for e in entry.events if isinstance(e, DamageApplied)]
    assert [(a.amount, a.damage_type) for a in applied] == [(11, "slashing"), (7, "fire")]
    assert entry.lines[1] == "Damage: 1d10 6 + 3 STR = 11 slashing, bonus +2, plus 2d4 (7 fire)."
    assert hp(s, "kara") == 60 - 18


def test_the_second_part_meets_the_targets_defenses_on_its_own():
    # ref: Damage and damage defenses — "each type with a defense rounds down on its own"
    target = evolve(creature("imp", "Imp", hp=40, ac=5), resistances=("fire",))
    dragon = creature("drake", "Drake", strength=16, weapons=(REND,))
    s = running(campaign(dragon, target), [20, 1])
    s.dice.force([10, 6, 3, 4])
    entry = s.execute(cmd.Attack("drake", "imp", "Rend"))
    applied = [e for e in entry.events if isinstance(e, DamageApplied)]
    assert [(a.amount, a.damage_type) for a in applied] == [(11, "slashing"), (3, "fire")]
    assert applied[1].defenses == ("resistance to fire: 7 → 3",)
    assert hp(s, "imp") == 40 - 14


def test_a_critical_hit_doubles_the_second_parts_dice_too():
    # ref: Attack rolls — "A natural 20 hits whatever the AC is, and every damage die rolls twice."
    s = fight()
    entry, rolled = swing(s, "Rend", [20, 6, 5, 1, 2, 3, 4])
    assert rolled.critical
    applied = [e for e in entry.events if isinstance(e, DamageApplied)]
    assert [(a.amount, a.damage_type) for a in applied] == [(6 + 5 + 5, "slashing"), (1 + 2 + 3 + 4, "fire")]


def test_a_second_part_of_the_weapons_own_type_joins_the_first():
    # ref: Damage and damage defenses — the types with no defense add up together
    s = fight(GORE)
    entry, _ = swing(s, "Gore", [19, 4, 6])
    applied = [e for e in entry.events if isinstance(e, DamageApplied)]
    assert [(a.amount, a.damage_type) for a in applied] == [(4 + 3 + 6, "piercing")]
    assert entry.lines[1] == "Damage: 1d6 4 + 1d6 6 + 3 STR = 13 piercing, plus 1d6."


def test_a_negative_damage_bonus_never_takes_a_hit_below_zero():
    # ref: Attack rolls — damage is the dice plus the modifier (a total below 0 deals nothing)
    weak = Weapon("Peck", "1d4", "piercing", "natural", damage_bonus=-6)
    s = fight(weak)
    entry, rolled = swing(s, "Peck", [19, 2])
    damage = next(e for e in entry.events if isinstance(e, DamageRolled))
    assert rolled.hit and damage.amount == 0
    assert not [e for e in entry.events if isinstance(e, DamageApplied)]


def test_a_creatures_printed_save_bonus_wins_over_the_sum():
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "the target rolls the save
    # with its own bonus"; a stat block's printed save is the creature's own bonus
    ogre = evolve(creature("ogre", "Ogre", strength=10, hp=40), save_bonuses=(("strength", 7),),
                  save_proficiencies=("strength",))  # fmt: skip
    assert save_bonus(ogre, "strength") == 7
    assert save_bonus(ogre, "dexterity") == 0
    bite = Weapon("Bite", "1d4", "piercing", "natural", save_ability="strength", save_dc=15, save_condition="Prone")
    wolf = creature("drake", "Drake", strength=16, weapons=(bite,))
    s = running(campaign(wolf, ogre), [20, 1])
    s.dice.force([19, 1, 8])  # hit; 1 damage; the save d20 8 + 7 = 15 meets DC 15
    entry = s.execute(cmd.Attack("drake", "ogre", "Bite"))
    save = next(e for e in entry.events if isinstance(e, SpellSaveRolled))
    assert (save.bonus, save.total, save.success) == (7, 15, True)
    assert not s.state.actor("ogre").chips
    s.dice.force([12])
    assert s.execute(cmd.RollSave("ogre", "strength")).lines == ("Ogre rolls a Strength save: d20 12 + 7 = 19.",)
