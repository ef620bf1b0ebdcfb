"""Every SRD creature maps onto the 5e record: its numbers are the stat block's, each attack
recomputed through the rules gives the block's to-hit and average damage, and every trait and
action either maps to something the rules read or has its line in the notes."""

from __future__ import annotations

import re

import pytest

from combat_tui.core.dice import parse_dice
from combat_tui.library.srd import srd_creature, srd_entries
from combat_tui.library.srd_attacks import variant
from combat_tui.library.srd_block import ABILITY, Block, challenge_text
from combat_tui.library.srd_files import read_monster
from combat_tui.systems.dnd5e.abilities import modifier, xp_for_challenge
from combat_tui.systems.dnd5e.attack import attack_bonus, weapon_ability
from combat_tui.systems.dnd5e.checks import (
    SKILLS,
    check_bonus,
    passive_perception,
    save_bonus,
)
from combat_tui.systems.dnd5e.conditions import NO_RULE, rule_of
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES
from combat_tui.systems.dnd5e.model import ABILITIES

KEYS = [entry.key for entry in srd_entries()]


def test_the_index_holds_every_creature_of_the_data():
    assert len(KEYS) == 341 == len(set(KEYS))


def average(dice: str) -> int:
    expr = parse_dice(dice)
    return (expr.count * (expr.sides + 1)) // 2 + expr.modifier


def attacks(data: dict):
    """(the weapon name the mapping gives it, its action, its activity) of each attack."""
    for section in ("actions", "legendary_actions"):
        for action in data[section]:
            found = [a for a in action["activities"] if a["kind"] == "attack"]
            for index, activity in enumerate(found):
                name = action["name"] if index == 0 else f"{action['name']} ({variant(activity, index)})"
                yield name, action, activity


@pytest.fixture(params=KEYS)
def pair(request):
    key = request.param
    return read_monster(key.removeprefix("srd:")), srd_creature(key), key


def test_the_stat_block_numbers(pair):
    data, creature, key = pair
    assert creature is not None and (creature.id, creature.name, creature.source) == ("", data["name"], key)
    assert (creature.tile.map, creature.tile.x, creature.tile.y) == ("", 0, 0)
    assert creature.ac == data["ac"]
    assert creature.hp == creature.max_hp == data["hp"]
    if creature.hit_dice:  # a spell's creature may have flat HP
        assert re.sub(r"\s", "", data["hp_dice"]) == creature.hit_dice
        assert average(creature.hit_dice) == data["hp"]
    assert [getattr(creature.abilities, name) for name in ABILITIES] == [data["ability_scores"][c] for c in ABILITY]
    assert creature.challenge == challenge_text(data["cr"]) and xp_for_challenge(creature.challenge) > 0
    assert creature.proficiency_bonus == data["proficiency_bonus"]
    assert creature.speed == (data["movement"]["walk"] or 0)
    for kind in ("burrow", "climb", "fly", "swim"):
        if data["movement"][kind]:
            assert f"{kind} {data['movement'][kind]} ft." in creature.speeds
    assert passive_perception(creature) == data["senses"]["passive_perception"]
    assert creature.size == data["creature_size"] and creature.creature_type == data["creature_type"]
    for sense in ("blindsight", "darkvision", "tremorsense", "truesight"):
        if data["senses"][sense]:
            assert f"{sense} {data['senses'][sense]} ft." in creature.senses
    assert creature.legendary_actions == (data["legendary_action_uses"] or 0)
    assert creature.legendary_resistance == (data["legendary_resistance_uses"] or 0)


def test_saves_and_skills_are_the_printed_ones(pair):
    data, creature, _ = pair
    for code, ability in ABILITY.items():
        printed = data["saving_throws"][code]
        expected = printed if printed is not None else modifier(data["ability_scores"][code])
        assert save_bonus(creature, ability) == expected
        assert (ability in creature.save_proficiencies) == (printed is not None)
    for name, printed in data["skills"].items():
        if printed is not None:
            skill = name.replace("_", " ")
            assert skill in SKILLS and check_bonus(creature, skill) == printed


def test_defenses_are_the_lower_case_types_and_the_conditions_the_rules_name(pair):
    data, creature, _ = pair
    for mine, theirs in ((creature.resistances, "damage_resistances"), (creature.vulnerabilities, "damage_vulnerabilities"),
                         (creature.immunities, "damage_immunities")):  # fmt: skip
        assert set(mine) <= set(DAMAGE_TYPES) and list(mine) == data[theirs]
    assert [name.casefold() for name in creature.condition_immunities] == data["condition_immunities"]
    for name in creature.condition_immunities:
        assert name[0].isupper()
        assert rule_of(name) is not None or name in NO_RULE + ("Exhaustion", "Incapacitated")


def test_each_attack_recomputed_through_the_rules_is_the_blocks(pair):
    # ref: Attack rolls — to-hit = ability modifier + proficiency (+ the weapon's bonus);
    # damage = the dice + the ability modifier (+ the weapon's bonus), never the proficiency
    data, creature, _ = pair
    block = Block(data)
    weapons = {weapon.name: weapon for weapon in creature.weapons}
    for name, action, activity in attacks(data):
        numbers = block.attack(action, activity)
        weapon = weapons.get(name)
        if weapon is None:
            assert name in creature.notes, f"{name} is neither a weapon nor in the notes"
            continue
        assert attack_bonus(creature, weapon) == numbers.to_hit, name
        _, mod = weapon_ability(creature, weapon)
        dealt = average(weapon.damage) + mod + weapon.damage_bonus
        if weapon.extra_damage:
            dealt += average(weapon.extra_damage)
        assert dealt == sum(part.average for part in numbers.parts[:2]), name
        assert weapon.damage == numbers.parts[0].dice and weapon.ranged == numbers.ranged
        assert {weapon.damage_type, weapon.extra_damage_type} - {""} <= set(DAMAGE_TYPES)
        if len(numbers.parts) > 2:
            assert f"{name}: " in creature.notes
        if numbers.printed:  # a description that prints its numbers: they are the record's
            printed = re.search(r"Attack Roll:\s*([+-]\d+)", action["description"])
            assert attack_bonus(creature, weapon) == int(printed.group(1))


def test_save_actions_keep_the_blocks_save_dc_dice_and_recharge(pair):
    # ref: Creature actions — a name, the save, the DC, one damage term, a Recharge face, half on a save
    data, creature, _ = pair
    block = Block(data)
    by_name = {action["name"]: action for section in ("actions", "legendary_actions") for action in data[section]}
    for mapped in creature.actions:
        action = by_name[mapped.name]
        save = next(a for a in action["activities"] if a["kind"] == "save" and a["damage"]["parts"])
        assert mapped.save == ABILITY[save["save"]["ability"][0]] and mapped.dc == block.save_dc(save)
        assert mapped.recharge == (int(action["recharge"][0]) if action["recharge"] else 0)
        assert mapped.half == (save["damage"].get("on_save") == "half")
        parse_dice(mapped.damage)
        assert mapped.damage_type in DAMAGE_TYPES + ("",)


def test_nothing_is_dropped_without_a_note(pair):
    data, creature, _ = pair
    mapped = {weapon.name for weapon in creature.weapons} | {action.name for action in creature.actions}
    for trait in data["special_abilities"]:
        name = trait["name"]
        if trait["mechanic"] == "pack_tactics":
            assert creature.pack_tactics
        elif trait["mechanic"] == "legendary_resistance" and data["legendary_resistance_uses"]:
            assert creature.legendary_resistance == data["legendary_resistance_uses"]
        else:
            assert f"{name}" in creature.notes, name
    for section in ("actions", "legendary_actions"):
        for action in data[section]:
            name = action["name"]
            if name.startswith("Multiattack"):
                assert creature.multiattack >= 2 or name in creature.notes
            else:
                assert name in mapped or name in creature.notes, name
            if action["kind"] in ("bonus_action", "reaction", "legendary"):
                assert name in creature.notes, f"{name}: the rules read no {action['kind']} of a creature"
    if "Redirect Attack" in {a["name"] for a in data["actions"]}:
        assert creature.redirect_attack


def test_the_notes_read_as_plain_lines_and_every_number_is_rollable(pair):
    _, creature, _ = pair
    for line in creature.notes.splitlines():
        assert line.strip() and ": " in line
        assert not re.search(r"\[\[|\]\]|&amp;|&Reference|@\w|\{\w+\}", line), line
    for weapon in creature.weapons:
        parse_dice(weapon.damage)
        if weapon.extra_damage:
            parse_dice(weapon.extra_damage)
    assert len({w.name.casefold() for w in creature.weapons}) == len(creature.weapons)
