"""Items by name (library/items.py): the 2014 presets first, the SRD 5.2 names beside them."""

from __future__ import annotations

import pytest

from combat_tui.library import armor as a
from combat_tui.library import weapons as w
from combat_tui.library.items import find_item, item_names
from combat_tui.systems.dnd5e.model import Armor, Weapon


@pytest.mark.parametrize("name", ["Plate", "Plate Armor", "plate armor", "  PLATE  "])
def test_plate_and_plate_armor_find_the_2014_plate_with_both_traits(name):
    # ref: Armor class — "Body armor has two more 5e traits. Both traits come with the armor presets."
    found = find_item(name)
    assert found == a.PLATE
    assert (found.strength, found.stealth_disadvantage) == (15, True)


@pytest.mark.parametrize("preset", [*w.PRESETS.values(), *a.PRESETS.values()], ids=lambda item: item.name)
def test_every_2014_preset_is_found_by_its_name(preset):
    assert find_item(preset.name) == preset
    assert find_item(preset.name.upper()) == preset
    assert preset.name in item_names()


@pytest.mark.parametrize(
    ("name", "preset"),
    [("Leather Armor", a.LEATHER), ("Studded Leather Armor", a.STUDDED_LEATHER), ("Chain Mail", a.CHAIN_MAIL),
     ("Half Plate Armor", a.HALF_PLATE), ("Splint Armor", a.SPLINT), ("Shield", a.SHIELD), ("Longsword", w.LONGSWORD),
     ("Crossbow, light", w.LIGHT_CROSSBOW), ("Hand Crossbow", w.HAND_CROSSBOW), ("War Pick", w.WAR_PICK)],
)  # fmt: skip
def test_srd_names_find_the_2014_presets(name, preset):
    assert find_item(name) == preset


def test_the_2014_numbers_win_where_the_editions_differ():
    # ref: 2014 PHB, Weapons — a trident is 1d6 (1d8 two-handed), a lance 1d12 with reach, a war pick not versatile
    assert (find_item("Trident").damage, find_item("Trident").versatile) == ("1d6", "1d8")
    assert (find_item("Lance").damage, find_item("Lance").reach) == ("1d12", 10)
    assert find_item("War Pick").versatile == ""
    assert find_item("Trident of Fish Command").damage == "1d6"


def test_the_weapon_table_properties():
    # ref: 2014 PHB, Weapons — reach, thrown ranges, versatile dice, ranged weapons' ranges
    assert {wp.name for wp in w.PRESETS.values() if wp.reach == 10} == {"Glaive", "Halberd", "Lance", "Pike", "Whip"}
    assert (w.SPEAR.thrown, w.SPEAR.normal_range, w.SPEAR.long_range, w.SPEAR.versatile) == (True, 20, 60, "1d8")
    assert (w.LONGBOW.ranged, w.LONGBOW.normal_range, w.LONGBOW.long_range) == (True, 150, 600)
    assert len(w.PRESETS) == 36  # the PHB table less the net, which deals no damage
    assert w.properties(w.HEAVY_CROSSBOW) == ("range 100/400", "ammunition", "heavy", "loading", "two-handed")


def test_srd_weapons_and_magic_items_are_found():
    musket = find_item("Musket")
    assert isinstance(musket, Weapon) and (musket.damage, musket.ranged, musket.long_range) == ("1d12", True, 120)
    sun_blade = find_item("sun blade")
    assert (sun_blade.damage_type, sun_blade.magical, sun_blade.to_hit_bonus, sun_blade.damage_bonus) == ("radiant", True, 2, 2)
    dwarven = find_item("Dwarven Plate")
    assert isinstance(dwarven, Armor) and (dwarven.base, dwarven.category) == (20, "heavy")


@pytest.mark.parametrize("name", ["Longsword +1", "+1 Longsword", "longsword, +1"])
def test_plus_one_weapons_are_magical_with_bonuses(name):
    # ref: Damage and damage defenses — "A weapon counts as magical when the Magical weapon box ... is ticked"
    found = find_item(name)
    assert (found.name, found.magical, found.to_hit_bonus, found.damage_bonus, found.damage) == ("Longsword +1", True, 1, 1, "1d8")


def test_plus_armor_shields_and_flame_tongue():
    assert find_item("+2 Plate Armor") == Armor("Plate +2", "heavy", 20, strength=15, stealth_disadvantage=True)
    assert find_item("Shield +1").base == 3
    flame = find_item("Flame Tongue Longsword")
    assert (flame.magical, flame.extra_damage, flame.extra_damage_type) == (True, "2d6", "fire")
    assert find_item("Flame Tongue Mace") is None  # 2014: a sword only


@pytest.mark.parametrize("name", ["Nothing Here", "", "Weapon, +1, +2, or +3", "Vorpal Sword", "Longsword +4", "Potion of Healing"])
def test_an_unknown_or_unbased_name_finds_nothing(name):
    assert find_item(name) is None


def test_item_names_are_unique_and_all_found():
    names = item_names()
    assert len({n.casefold() for n in names}) == len(names)
    assert "Plate Armor" in names and "Longsword +1" in names and "Flame Tongue Longsword" in names
    assert all(find_item(name) is not None for name in names)
