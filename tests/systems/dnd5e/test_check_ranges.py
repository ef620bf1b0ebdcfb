"""Ranges on load (issue 14): every number the 5e rules read is checked when a campaign opens,
and each refusal names its field. Whatever the library and the samples make passes."""

from __future__ import annotations

import time
from typing import get_args, get_type_hints

import attrs
import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import DiceExpr, parse_dice
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.library.armor import PRESETS as ARMOR
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.library.items import srd_items
from combat_tui.library.srd import srd_creature, srd_entries
from combat_tui.library.weapons import TABLE
from combat_tui.systems.dnd5e.check import BOUNDS, check
from combat_tui.systems.dnd5e.model import Armor, Campaign, ClassLevel, Weapon


def _records(cls: type, found: dict | None = None) -> dict[type, dict[str, object]]:
    """Every record a campaign holds, with the hints of its fields."""
    found = {} if found is None else found
    if attrs.has(cls) and cls not in found:
        found[cls] = get_type_hints(cls)
        for hint in found[cls].values():
            _records(hint, found)
    for arg in get_args(cls):
        _records(arg, found)
    return found


def _has_int(hint) -> bool:
    return hint is int or any(_has_int(arg) for arg in get_args(hint))


def test_every_whole_number_of_every_record_has_a_range():
    missing = [f"{cls.__name__}.{field.name}" for cls, hints in _records(Campaign).items() for field in attrs.fields(cls)
               if _has_int(hints[field.name]) and field.name not in BOUNDS.get(cls, {})]  # fmt: skip
    assert not missing, "add a range to check.BOUNDS for " + ", ".join(missing)


def test_the_sample_every_srd_creature_and_every_preset_pass():
    state = goblin_ambush()
    assert check(state) == []
    creatures = tuple(evolve(srd_creature(e.key), id=f"srd-{i}", tile=state.party_tile) for i, e in enumerate(srd_entries()))
    weapons = TABLE + tuple(item for _, item in srd_items().values() if isinstance(item, Weapon))
    armor = tuple(ARMOR.values()) + tuple(item for _, item in srd_items().values() if isinstance(item, Armor))
    hero = evolve(state.characters[0], weapons=weapons, inventory=tuple(a.name for a in armor))
    worn = [evolve(state.characters[1], id=f"worn-{i}", armor=a) for i, a in enumerate(armor)]
    big = evolve(state, characters=(hero, *worn), creatures=creatures, templates=creatures)
    started = time.perf_counter()
    assert check(big) == []
    assert time.perf_counter() - started < 2  # hundreds of stat blocks: still part of an open, not a wait


def _problems(state: Campaign) -> dict[str, str]:
    return dict(check(state))


def _creature(state: Campaign, **changes) -> Campaign:
    return evolve(state, creatures=(evolve(state.creatures[0], **changes), *state.creatures[1:]))


def _character(state: Campaign, **changes) -> Campaign:
    return evolve(state, characters=(evolve(state.characters[0], **changes), *state.characters[1:]))


@pytest.mark.parametrize(
    "change, where, problem",
    [
        (dict(ac=41), "characters[0].ac", "41 is not an AC from 0 to 40"),
        (dict(ac=-1), "characters[0].ac", "-1 is not an AC from 0 to 40"),
        (dict(max_hp=0, hp=0), "characters[0].max_hp", "0 is not a max HP from 1 to 9999"),
        (dict(max_hp=10_000, hp=10_000), "characters[0].max_hp", "10000 is not a max HP from 1 to 9999"),
        (dict(hp=50), "characters[0].hp", "hp 50 is not between 0 and max_hp 49"),
        (dict(hp=-3), "characters[0].hp", "-3 is not an HP value from 0 to 9999"),
        (dict(proficiency_bonus=11), "characters[0].proficiency_bonus", "11 is not a proficiency bonus from 0 to 10"),
        (dict(exhaustion=7), "characters[0].exhaustion", "7 is not a level from 0 to 6"),
        (dict(slots=(4, 10)), "characters[0].slots[1]", "10 is not a number of slots from 0 to 9"),
        (dict(slots=(1,) * 10), "characters[0].slots", "spell slots go up to 9th level: at most 9 numbers"),
        (dict(classes=(ClassLevel("Fighter", 21),)), "characters[0].classes[0].level", "21 is not a level from 1 to 20"),
        (dict(classes=(ClassLevel("Fighter", 0),)), "characters[0].classes[0].level", "0 is not a level from 1 to 20"),
        (dict(death_failures=4), "characters[0].death_failures", "4 is not from 0 to 3"),
        (dict(xp=-1), "characters[0].xp", "-1 is not from 0 to 1000000000"),
        (dict(tile=Tile("greenway", 20, 0)), "characters[0].tile",
         "(20, 0) is off the map 'The Greenway', which runs from (0, 0) to (19, 11)"),
        (dict(tile=Tile("greenway", -1, 0)), "characters[0].tile.x", "-1 is not a tile from 0 to 499"),
        (dict(hp=10**4000, max_hp=10**4000), "characters[0].hp", "a number of about 4001 digits is not an HP value from 0 to 9999"),
    ],
)  # fmt: skip
def test_a_character_number_out_of_range_names_its_field(change, where, problem):
    assert _problems(_character(goblin_ambush(), **change))[where] == problem


def _weapon(**changes) -> dict:
    return dict(weapons=(evolve(goblin_ambush().creatures[0].weapons[0], **changes),))


@pytest.mark.parametrize(
    "change, where, problem",
    [
        (dict(abilities=evolve(goblin_ambush().creatures[0].abilities, strength=31)), "creatures[0].abilities.strength",
         "31 is not an ability score from 1 to 30"),
        (dict(abilities=evolve(goblin_ambush().creatures[0].abilities, wisdom=0)), "creatures[0].abilities.wisdom",
         "0 is not an ability score from 1 to 30"),
        (dict(challenge="1/3"), "creatures[0].challenge", "'1/3' is not a challenge rating"),
        (dict(challenge="31"), "creatures[0].challenge", "'31' is not a challenge rating"),
        (dict(challenge="1e999999999"), "creatures[0].challenge", "'1e999999999' is not a challenge rating"),
        (dict(multiattack=11), "creatures[0].multiattack", "11 is not from 0 to 10"),
        (dict(skill_bonuses=(("stealth", 31),)), "creatures[0].skill_bonuses[0][1]", "31 is not a bonus from -10 to 30"),
        (dict(hit_dice="1000d8"), "creatures[0].hit_dice", "'1000d8' is not dice such as 2d8+2 (1 to 100 dice of up to 1000 sides)"),
        (dict(hit_dice="2d8+2"), None, None),
        (dict(surprise_attack="101d6"), "creatures[0].surprise_attack", "'101d6' is more dice than a table rolls: "
         "Roll 1 to 100 dice of 2 to 1000 sides, adding at most 1000"),
        (_weapon(damage="999999d999999"), "creatures[0].weapons[0].damage",
         "'999999d999999' is not dice such as 2d8+2 (1 to 100 dice of up to 1000 sides)"),
        (_weapon(damage=""), "creatures[0].weapons[0].damage", "'' is not dice such as 2d8+2 (1 to 100 dice of up to 1000 sides)"),
        (_weapon(damage="1d1"), None, None),  # a blowgun's flat 1
        (_weapon(extra_damage="0d6"), "creatures[0].weapons[0].extra_damage",
         "'0d6' is not dice such as 2d8+2 (1 to 100 dice of up to 1000 sides)"),
        (_weapon(to_hit_bonus=31), "creatures[0].weapons[0].to_hit_bonus", "31 is not a to-hit bonus from -20 to 30"),
        (_weapon(damage_bonus=101), "creatures[0].weapons[0].damage_bonus", "101 is not a damage bonus from -50 to 100"),
        (_weapon(reach=500), "creatures[0].weapons[0].reach", "500 is not a reach in feet from 0 to 100"),
        (_weapon(save_dc=31), "creatures[0].weapons[0].save_dc", "31 is not a DC from 0 to 30"),
    ],
)  # fmt: skip
def test_a_creature_number_or_dice_out_of_range_names_its_field(change, where, problem):
    problems = _problems(_creature(goblin_ambush(), **change))
    if where is None:
        assert problems == {}
    else:
        assert problems[where].startswith(problem)


def test_save_actions_chips_maps_and_the_fight_are_checked():
    state = goblin_ambush()
    wolf = next(i for i, c in enumerate(state.creatures) if c.actions)
    action = state.creatures[wolf].actions[0]
    creatures = list(state.creatures)
    creatures[wolf] = evolve(creatures[wolf], actions=(evolve(action, dc=31, recharge=3, damage="4d8+1001"),))
    state = evolve(state, creatures=tuple(creatures), maps=(MapInfo("greenway", "The Greenway", 501, 0),))
    problems = _problems(state)
    assert problems[f"creatures[{wolf}].actions[0].dc"] == "31 is not a DC from 1 to 30"
    assert problems[f"creatures[{wolf}].actions[0].recharge"] == "recharge is 6, 5 (5-6), 4 (4-6) or 0 for none"
    assert problems[f"creatures[{wolf}].actions[0].damage"].startswith("'4d8+1001' is more dice than a table rolls")
    assert problems["maps[0].width"] == "501 is not a map size from 1 to 500"
    assert problems["maps[0].height"] == "0 is not a map size from 1 to 500"


def test_a_hostile_text_is_quoted_short():
    problems = _problems(_creature(goblin_ambush(), challenge="9" * 100_000))
    assert len(problems["creatures[0].challenge"]) < 200


# The dice roller's bounds (core/dice.py), which the checks above rely on.


@pytest.mark.parametrize("text", ["999999d999999", "101d6", "1d1001", "1d6+1001", "9" * 5000 + "d6", "1d" + "9" * 5000])
def test_dice_beyond_a_table_are_refused_without_a_traceback(text):
    with pytest.raises(CommandRejected) as refused:
        parse_dice(text)
    assert len(refused.value.reason) < 100


def test_the_largest_dice_a_table_rolls_still_parse():
    assert parse_dice("100d1000+1000") == DiceExpr(100, 1000, 1000)
    assert parse_dice("d100") == DiceExpr(1, 100)


FIGHT = ("dice 15 12 10 8 11 9 14 13", "setup", "init Ayla 20", "start", "dice 18 6", 'attack Ayla "Goblin 1" Rapier',
         "next", "dice 20 3 4", 'attack "Ser Aldric" "Goblin 2" Longsword', 'damage "Goblin 3" 7',
         'chip Bren +Prone', "exhaustion Bren 2", 'damage Mirelle 60', "deathsave Mirelle", "deathsave Mirelle",
         'damage "Goblin Boss" 21', "undo", "redo", "end", "spawn Wolf 2 rolled", "spawn 'Adult Red Dragon'")  # fmt: skip


def test_what_the_rules_make_stays_in_range_at_every_line():
    from combat_tui.core.dice import Dice
    from combat_tui.core.runner import run_line
    from combat_tui.core.session import Session

    session = Session(goblin_ambush(), dice=Dice(11))
    for line in FIGHT:
        try:
            run_line(session, line)
        except CommandRejected:
            continue  # a line this state refuses changes nothing
        assert check(session.state) == [], line
