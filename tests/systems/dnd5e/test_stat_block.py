"""The stat block the library previews: every number from the rule that uses it."""

from __future__ import annotations

from attrs import evolve

from combat_tui.core.maps import Tile
from combat_tui.systems.dnd5e.abilities import xp_for_challenge
from combat_tui.systems.dnd5e.attack import attack_bonus
from combat_tui.systems.dnd5e.model import Abilities, Creature, CreatureAction, Weapon
from combat_tui.systems.dnd5e.stat_block import stat_block, weapon_line

BITE = Weapon("Bite", "2d4", "piercing", "natural", finesse=True, save_ability="strength", save_dc=11, save_condition="Prone")
BOW = Weapon("Longbow", "1d8", "piercing", "martial", ranged=True, normal_range=150, long_range=600)


def wolf(**changes) -> Creature:
    base = Creature("", "Wolf", Tile("", 0, 0), Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4",
                    weapons=(BITE,), creature_type="beast", size="medium", hit_dice="2d8+2",
                    ac_source="natural armor", speed=40, senses="darkvision 60 ft.", pack_tactics=True)  # fmt: skip
    return evolve(base, **changes)


def test_the_head_lines_say_size_type_ac_and_its_source_hp_and_hit_dice_and_speed():
    lines = stat_block(wolf(speeds="climb 20 ft."))
    assert lines[:3] == ["Medium beast", "AC 13 (natural armor) · HP 11 (2d8+2)", "Speed 40 ft., climb 20 ft."]


def test_the_six_scores_show_with_their_modifiers():
    lines = stat_block(wolf())
    at = lines.index("  STR  DEX  CON  INT  WIS  CHA")
    assert lines[at + 1].split() == ["12", "15", "12", "3", "12", "6"]
    assert lines[at + 2].split() == ["+1", "+2", "+1", "-4", "+1", "-2"]


def test_the_to_hit_is_the_attack_rule_s_and_the_damage_adds_the_ability_modifier():
    creature = wolf()
    line = weapon_line(creature, BITE)
    assert line.startswith(f"Bite {attack_bonus(creature, BITE):+d} to hit, 2d4+2 piercing, reach 5 ft.")
    assert line.endswith("; DC 11 STR save or Prone")
    strong = wolf(abilities=Abilities(18, 15, 12, 3, 12, 6), proficiency_bonus=3)
    assert weapon_line(strong, BITE).startswith("Bite +7 to hit, 2d4+4 piercing")


def test_a_ranged_weapon_shows_its_ranges_and_an_extra_damage_part_its_type():
    line = weapon_line(wolf(), BOW)
    assert line == "Longbow +4 to hit, 1d8+2 piercing, range 150/600 ft."
    fiery = evolve(BITE, extra_damage="2d6", extra_damage_type="fire", damage_bonus=1, save_ability="")
    assert weapon_line(wolf(), fiery) == "Bite +4 to hit, 2d4+3 piercing plus 2d6 fire, reach 5 ft."


def test_the_challenge_line_has_the_xp_of_the_2014_table():
    assert f"CR 1/4 ({xp_for_challenge('1/4')} XP) · proficiency +2" in stat_block(wolf())
    assert "CR 17 (18,000 XP) · proficiency +6" in stat_block(wolf(challenge="17", proficiency_bonus=6))
    assert "No CR · proficiency +2" in stat_block(wolf(challenge=""))


def test_saves_and_skills_print_the_stat_block_s_numbers_over_the_sums():
    lines = stat_block(wolf(save_proficiencies=("dexterity",), save_bonuses=(("wisdom", 5),),
                            skill_bonuses=(("stealth", 6),), skill_proficiencies=("perception",)))  # fmt: skip
    assert "Saves Dex +4, Wis +5" in lines
    assert "Skills Perception +3, Stealth +6" in lines


def test_senses_and_passive_perception():
    lines = stat_block(wolf(passive_perception=15))
    assert "Senses darkvision 60 ft." in lines and "Passive Perception 15" in lines
    assert "Passive Perception 11" in stat_block(wolf(senses=""))  # 10 + its WIS modifier


def test_defenses_actions_legendary_and_notes_each_have_their_lines():
    breath = CreatureAction("Cold Breath", "dexterity", 12, "4d8", "cold", recharge=5)
    lines = stat_block(wolf(resistances=("cold",), vulnerabilities=("fire",), immunities=("poison",),
                            condition_immunities=("Poisoned",), actions=(breath,), legendary_actions=3,
                            legendary_resistance=2, notes="Keen Hearing.\nPack leader."))  # fmt: skip
    for line in ("Resistances cold", "Vulnerabilities fire", "Immunities poison", "Condition immunities Poisoned",
                 "Save actions", "  Cold Breath: DC 12 DEX, 4d8 cold, recharge 5-6, half on a save",
                 "Legendary 3 legendary actions a round · Legendary Resistance 2/day", "Notes", "  Keen Hearing.",
                 "  Pack leader.", "Traits Pack Tactics"):  # fmt: skip
        assert line in lines, line


def test_a_line_with_nothing_to_say_is_left_out():
    lines = stat_block(evolve(wolf(), senses="", languages="", weapons=(), pack_tactics=False))
    assert all(lines) and not any(line.startswith(("Languages", "Weapons", "Traits", "Resistances")) for line in lines)
