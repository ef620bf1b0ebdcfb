"""Creatures from Improved Initiative's JSON: the stat blocks map onto Creatures whose numbers play
as printed, every other line lands in the notes, and a bad field names its place."""

from __future__ import annotations

import copy
import json

import pytest
from attrs import evolve

from combat_tui.core.maps import Tile
from combat_tui.library.improved_initiative import SOURCE, from_improved_initiative
from combat_tui.systems.dnd5e.attack import attack_bonus, weapon_ability
from combat_tui.systems.dnd5e.model import Creature, CreatureAction


def _entry(name: str, content: str, usage: str = "") -> dict:
    return {"Name": name, "Content": content, "Usage": usage}


def _block(name: str, **fields) -> dict:
    """A stat block with every field Improved Initiative writes (StatBlock.Default), then `fields`."""
    block = {
        "Id": name.casefold().replace(" ", "-"), "Name": name, "Path": "", "Source": "Basic Rules", "Type": "",
        "HP": {"Value": 1, "Notes": ""}, "AC": {"Value": 10, "Notes": ""}, "InitiativeModifier": 0,
        "InitiativeAdvantage": False, "Speed": ["30 ft."],
        "Abilities": {"Str": 10, "Dex": 10, "Con": 10, "Int": 10, "Wis": 10, "Cha": 10},
        "DamageVulnerabilities": [], "DamageResistances": [], "DamageImmunities": [], "ConditionImmunities": [],
        "Saves": [], "Skills": [], "Senses": [], "Languages": [], "Challenge": "0", "Traits": [], "Actions": [],
        "BonusActions": [], "Reactions": [], "LegendaryActions": [], "MythicActions": [], "Description": "",
        "Player": "", "Version": "3.12.1", "ImageURL": "",
    }  # fmt: skip
    return block | fields


GOBLIN = _block(
    "Goblin", Type="Small humanoid (goblinoid), neutral evil", HP={"Value": 7, "Notes": "(2d6)"},
    AC={"Value": 15, "Notes": "(leather armor, shield)"},
    Abilities={"Str": 8, "Dex": 14, "Con": 10, "Int": 10, "Wis": 8, "Cha": 8},
    Skills=[{"Name": "Stealth", "Modifier": 6}], Senses=["darkvision 60 ft.", "passive Perception 9"],
    Languages=["Common", "Goblin"], Challenge="1/4",
    Traits=[_entry("Nimble Escape", "The goblin can take the Disengage or Hide action as a bonus action on each of its turns.")],
    Actions=[
        _entry("Scimitar", "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) slashing damage."),
        _entry("Shortbow", "Ranged Weapon Attack: +4 to hit, range 80/320 ft., one target. Hit: 5 (1d6 + 2) piercing damage."),
    ],
)  # fmt: skip
WINTER_WOLF = _block(
    "Winter Wolf", Type="Large monstrosity, neutral evil", HP={"Value": 75, "Notes": "(10d10+20)"},
    AC={"Value": 13, "Notes": "(natural armor)"}, Speed=["50 ft."],
    Abilities={"Str": 18, "Dex": 13, "Con": 14, "Int": 7, "Wis": 12, "Cha": 8},
    DamageImmunities=["cold"], Skills=[{"Name": "Perception", "Modifier": 5}, {"Name": "Stealth", "Modifier": 3}],
    Languages=["Common", "Giant", "Winter Wolf"], Challenge="3",
    Traits=[
        _entry("Keen Hearing and Smell", "The wolf has advantage on Wisdom (Perception) checks that rely on hearing or smell."),
        _entry("Pack Tactics", "The wolf has advantage on an attack roll against a creature if at least one of the "
               "wolf's allies is within 5 ft. of the creature and the ally isn't incapacitated."),
    ],
    Actions=[
        _entry("Bite", "Melee Weapon Attack: +6 to hit, reach 5 ft., one target. Hit: 11 (2d6 + 4) piercing damage. "
               "If the target is a creature, it must succeed on a DC 14 Strength saving throw or be knocked prone."),
        _entry("Cold Breath (Recharge 5-6)", "The wolf exhales a blast of freezing wind in a 15-foot cone. Each "
               "creature in that area must make a DC 12 Dexterity saving throw, taking 18 (4d8) cold damage on a "
               "failed save, or half as much damage on a successful one."),
    ],
)  # fmt: skip
DRAGON = _block(
    "Adult Green Dragon", Type="Huge dragon, lawful evil", HP={"Value": 207, "Notes": "(18d12 + 90)"},
    AC={"Value": 19, "Notes": "(natural armor)"}, Speed=["40 ft.", "fly 80 ft.", "swim 40 ft."],
    Abilities={"Str": 23, "Dex": 12, "Con": 21, "Int": 18, "Wis": 15, "Cha": 17},
    DamageImmunities=["poison"], ConditionImmunities=["poisoned"],
    Saves=[{"Name": "Dex", "Modifier": 6}, {"Name": "Con", "Modifier": 10}],
    Skills=[{"Name": "Perception", "Modifier": 12}], Senses=["blindsight 60 ft.", "darkvision 120 ft."],
    Languages=["Common", "Draconic"], Challenge="15",
    Traits=[_entry("Amphibious", "The dragon can breathe air and water."),
            _entry("Legendary Resistance (3/Day)", "If the dragon fails a saving throw, it can choose to succeed instead.")],
    Actions=[
        _entry("Multiattack", "The dragon can use its Frightful Presence. It then makes three attacks: one with "
               "its bite and two with its claws."),
        _entry("Bite", "Melee Weapon Attack: +11 to hit, reach 10 ft., one target. Hit: 17 (2d10 + 6) piercing "
               "damage plus 10 (3d6) poison damage."),
        _entry("Claw", "Melee Weapon Attack: +11 to hit, reach 5 ft., one target. Hit: 13 (2d6 + 6) slashing damage."),
        _entry("Poison Breath (Recharge 5-6)", "The dragon exhales poisonous gas in a 60-foot cone. Each creature "
               "in that area must make a DC 18 Constitution saving throw, taking 56 (16d6) poison damage on a "
               "failed save, or half as much damage on a successful one."),
    ],
    LegendaryActions=[
        _entry("Detect", "The dragon makes a Wisdom (Perception) check."),
        _entry("Tail Attack", "The dragon makes a tail attack."),
        _entry("Wing Attack (Costs 2 Actions)", "The dragon beats its wings. Each creature within 10 ft. of the "
               "dragon must succeed on a DC 19 Dexterity saving throw or take 13 (2d6 + 6) bludgeoning damage and "
               "be knocked prone."),
    ],
)  # fmt: skip
EXPORT = [GOBLIN, WINTER_WOLF, DRAGON]


def _one(block: dict) -> Creature:
    creatures, errors = from_improved_initiative(block)
    assert errors == ()
    (creature,) = creatures
    return creature


def _weapon(creature: Creature, name: str):
    return next(weapon for weapon in creature.weapons if weapon.name == name)


def test_a_goblin_maps_onto_a_creature():
    goblin = _one(GOBLIN)
    assert (goblin.id, goblin.tile, goblin.source) == ("", Tile("", 0, 0), SOURCE)
    assert (goblin.max_hp, goblin.hp, goblin.hit_dice, goblin.ac, goblin.ac_source) == (7, 7, "2d6", 15, "leather armor, shield")
    assert (goblin.challenge, goblin.proficiency_bonus, goblin.size, goblin.creature_type) == ("1/4", 2, "small", "humanoid")
    assert goblin.abilities.dexterity == 14 and goblin.skill_bonuses == (("stealth", 6),)
    assert (goblin.senses, goblin.passive_perception, goblin.languages) == ("darkvision 60 ft.", 9, "Common, Goblin")
    scimitar, shortbow = goblin.weapons
    assert (scimitar.damage, scimitar.damage_type, scimitar.ranged, scimitar.reach) == ("1d6", "slashing", False, 5)
    assert scimitar.finesse  # +4 to hit and +2 damage come from DEX 14, not STR 8
    assert (shortbow.damage, shortbow.ranged, shortbow.normal_range, shortbow.long_range) == ("1d6", True, 80, 320)
    assert (scimitar.to_hit_bonus, scimitar.damage_bonus, shortbow.to_hit_bonus, shortbow.damage_bonus) == (0, 0, 0, 0)


def test_what_no_rule_reads_goes_into_the_notes():
    notes = _one(GOBLIN).notes.splitlines()
    assert "Trait: Nimble Escape. The goblin can take the Disengage or Hide action as a bonus action on each of its turns." in notes
    assert "Type: Small humanoid (goblinoid), neutral evil" in notes
    assert "Source: Basic Rules" in notes


def test_a_winter_wolf_has_its_on_hit_save_its_breath_and_pack_tactics():
    wolf = _one(WINTER_WOLF)
    bite = _weapon(wolf, "Bite")
    assert (bite.damage, bite.save_ability, bite.save_dc, bite.save_condition) == ("2d6", "strength", 14, "Prone")
    assert wolf.actions == (CreatureAction("Cold Breath", "dexterity", 12, "4d8", "cold", recharge=5, half=True),)
    assert wolf.pack_tactics and wolf.immunities == ("cold",) and wolf.speed == 50
    assert any(line.startswith("Action: Cold Breath (Recharge 5-6). The wolf exhales") for line in wolf.notes.splitlines())


def test_a_legendary_dragon():
    dragon = _one(DRAGON)
    assert (dragon.legendary_actions, dragon.legendary_resistance, dragon.multiattack) == (3, 3, 3)
    assert dragon.proficiency_bonus == 5 and dragon.hit_dice == "18d12+90"
    bite = _weapon(dragon, "Bite")
    assert (bite.reach, bite.damage, bite.extra_damage, bite.extra_damage_type, bite.category) == (10, "2d10", "3d6", "poison", "natural")
    assert dragon.actions == (CreatureAction("Poison Breath", "constitution", 18, "16d6", "poison", recharge=5),)
    assert dragon.save_bonuses == (("dexterity", 6), ("constitution", 10))
    assert dragon.save_proficiencies == ("dexterity", "constitution")
    assert (dragon.speed, dragon.speeds, dragon.condition_immunities) == (40, "fly 80 ft., swim 40 ft.", ("poisoned",))
    notes = dragon.notes.splitlines()
    assert any(line.startswith("Action: Multiattack. The dragon can use its Frightful Presence.") for line in notes)
    assert any(line.startswith("Legendary action: Wing Attack (Costs 2 Actions).") for line in notes)
    assert not any("Legendary Resistance" in line for line in notes)  # it is a rule now, not a note


def test_legendary_actions_per_round_from_the_header_text():
    block = copy.deepcopy(DRAGON)
    block["LegendaryActions"].insert(0, _entry("", "The dragon can take two legendary actions, choosing from the "
                                               "options below. Only one legendary action option can be used at a time."))  # fmt: skip
    assert _one(block).legendary_actions == 2


def test_a_save_with_a_damage_bonus_and_turn_resistance_and_a_plain_multiattack():
    block = _block(
        "Rime Wight", Challenge="3", Abilities={"Str": 16, "Dex": 14, "Con": 16, "Int": 10, "Wis": 13, "Cha": 15},
        Traits=[_entry("Turn Resistance", "The wight has advantage on saving throws against any effect that turns undead.")],
        Actions=[
            _entry("Multiattack", "The wight makes two attacks with its longsword. The second attack has disadvantage."),
            _entry("Longsword", "Melee Weapon Attack: +6 to hit, reach 5 ft., one target. Hit: 8 (1d8 + 4) slashing "
                   "damage, or 9 (1d10 + 4) slashing damage if used with two hands."),
            _entry("Frost Burst", "Each creature within 10 feet must make a DC 13 Dexterity saving throw, taking 22 "
                   "(4d8+4) cold damage on a failed save, or half as much damage on a successful one.", "Recharge 6"),
        ],
    )  # fmt: skip
    wight = _one(block)
    assert wight.turn_resistance and (wight.multiattack, wight.multiattack_disadvantage) == (2, 2)
    assert wight.actions == (CreatureAction("Frost Burst", "dexterity", 13, "4d8+4", "cold", recharge=6),)
    longsword = _weapon(wight, "Longsword")  # a +1 longsword: STR +3 and proficiency +2 reach +5, not +6
    assert (longsword.versatile, longsword.to_hit_bonus, longsword.damage_bonus) == ("1d10", 1, 1)
    assert not any(line.startswith("Action: Multiattack") for line in wight.notes.splitlines())


def _played_to_hit(creature: Creature, weapon) -> int:
    # The attack rules are gaining to_hit_bonus support; until attack_bonus reads it, add it here.
    plain = attack_bonus(creature, evolve(weapon, to_hit_bonus=0))
    full = attack_bonus(creature, weapon)
    return full if full != plain or weapon.to_hit_bonus == 0 else plain + weapon.to_hit_bonus


@pytest.mark.parametrize(
    ("block", "weapon", "to_hit", "damage_bonus"),
    [(GOBLIN, "Scimitar", 4, 2), (GOBLIN, "Shortbow", 4, 2), (WINTER_WOLF, "Bite", 6, 4), (DRAGON, "Bite", 11, 6),
     (_block("Knight", Challenge="3", Abilities={"Str": 16, "Dex": 11, "Con": 14, "Int": 11, "Wis": 11, "Cha": 15},
             Actions=[_entry("Greatsword", "Melee Weapon Attack: +7 to hit, reach 5 ft., one target. Hit: 12 (2d6 + 5) "
                             "slashing damage.")]), "Greatsword", 7, 5)],
)  # fmt: skip
def test_a_parsed_weapon_plays_as_printed(block, weapon, to_hit, damage_bonus):
    creature = evolve(_one(block), id="it-1", tile=Tile("greenway", 3, 3))
    parsed = _weapon(creature, weapon)
    assert _played_to_hit(creature, parsed) == to_hit
    _, ability_mod = weapon_ability(creature, parsed)
    assert ability_mod + parsed.damage_bonus == damage_bonus


def test_a_bad_field_names_the_creature_and_its_place():
    bad = copy.deepcopy(GOBLIN)
    bad["AC"]["Value"] = "fifteen"
    creatures, errors = from_improved_initiative([WINTER_WOLF, bad])
    assert creatures == ()  # any error: nothing is imported
    assert errors == ('[1] "Goblin": AC.Value: expected a number',)


def test_every_bad_field_of_every_creature_is_listed():
    goblin, wolf = copy.deepcopy(GOBLIN), copy.deepcopy(WINTER_WOLF)
    goblin["Abilities"]["Dex"] = True
    goblin["Actions"][0] = "Scimitar"
    wolf["HP"] = {"Value": 0, "Notes": ""}
    wolf["Saves"] = [{"Name": "Luck", "Modifier": 2}]
    wolf["Challenge"] = "lots"
    _, errors = from_improved_initiative([goblin, wolf, 7, {"HP": {"Value": 3}}])
    assert errors == (
        '[0] "Goblin": Abilities.Dex: expected a number',
        '[0] "Goblin": Actions[0]: expected an object with Name and Content',
        '[1] "Winter Wolf": HP.Value: 0 is not a number from 1 to 100000',
        "[1] \"Winter Wolf\": Challenge: 'lots' is not a challenge rating (0, 1/8, 1/4, 1/2 or 1 to 30)",
        "[1] \"Winter Wolf\": Saves[0].Name: 'Luck' is not an ability",
        "[2]: expected a stat block (a JSON object)",
        "[3]: Name: expected a name",
    )


def test_the_shapes_improved_initiative_writes():
    assert [c.name for c in _shapes(EXPORT)] == ["Goblin", "Winter Wolf", "Adult Green Dragon"]
    assert [c.name for c in _shapes(GOBLIN)] == ["Goblin"]
    # Store.ExportListings: the list of ids, then each listing under "<list>.<id>".
    library = {"Creatures": ["goblin", "winter-wolf"], "Creatures.goblin": GOBLIN, "Creatures.winter-wolf": WINTER_WOLF}
    assert [c.name for c in _shapes(library)] == ["Goblin", "Winter Wolf"]
    # The user-data export: localStorage keeps JSON strings; spells and settings are skipped.
    everything = {"ImprovedInitiative.Creatures": json.dumps(["goblin"]), "ImprovedInitiative.Creatures.goblin": json.dumps(GOBLIN),
                  "Spells.fireball": {"Name": "Fireball"}, "ImprovedInitiative.Settings": "{}",
                  "Creatures.dragon": DRAGON}  # fmt: skip
    assert [c.name for c in _shapes(everything)] == ["Goblin", "Adult Green Dragon"]


def test_a_persistent_character_keeps_its_current_hp_and_joins_as_a_friend():
    fighter = _block("Gregorr", Type="Human Fighter", HP={"Value": 12, "Notes": ""}, Player="player", Challenge="1",
                     AC={"Value": 17, "Notes": "(chain mail)"})  # fmt: skip
    export = {"PersistentCharacters": ["gregorr"],
              "PersistentCharacters.gregorr": {"Id": "gregorr", "Name": "Gregorr", "CurrentHP": 5, "StatBlock": fighter,
                                               "Notes": "Owes the guild 10 gp."}}  # fmt: skip
    (gregorr,) = _shapes(export)
    assert (gregorr.hp, gregorr.max_hp, gregorr.disposition, gregorr.challenge) == (5, 12, "friendly", "")
    assert "Notes: Owes the guild 10 gp." in gregorr.notes.splitlines()


def test_conditional_defenses_and_unknown_fields_are_notes_not_drops():
    block = _block("Lich", Challenge="21", DamageImmunities=["poison", "bludgeoning", "piercing",
                                                               "and slashing from nonmagical weapons"], Homebrew="yes")  # fmt: skip
    lich = _one(block)
    assert lich.immunities == ("poison",)
    notes = lich.notes.splitlines()
    assert "Damage immunities: bludgeoning, piercing, and slashing from nonmagical weapons" in notes
    assert 'Homebrew: "yes"' in notes


def test_nothing_to_import_is_an_error():
    assert from_improved_initiative([])[1] == ("no creatures found: expected a stat block, a list of them, or an "
                                               "Improved Initiative export",)  # fmt: skip
    assert from_improved_initiative("goblin")[1][0].startswith("the top level: expected a stat block")


def _shapes(data) -> tuple[Creature, ...]:
    creatures, errors = from_improved_initiative(data)
    assert errors == ()
    return creatures
