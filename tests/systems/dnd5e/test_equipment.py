"""Putting gear on and taking it off (equipment.py): the inventory holds names, AC and speed follow."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.maps import Tile
from combat_tui.library import armor as a
from combat_tui.library import weapons as w
from combat_tui.library.goblin_ambush import characters
from combat_tui.systems.dnd5e.armor import armor_class
from combat_tui.systems.dnd5e.building import new_character
from combat_tui.systems.dnd5e.equipment import equip, gear_ac, unequip
from combat_tui.systems.dnd5e.model import Abilities


def fighter(**fields):
    return new_character("f", "Fen", Tile("m", 0, 0), "Human", "Fighter 3", Abilities(15, 14, 14, 10, 10, 10), **fields)


def test_body_armor_replaces_the_old_which_goes_to_the_inventory():
    # ref: Armor class — body armor: light adds DEX, heavy none (2014 PHB)
    worn = fighter(armor=a.LEATHER, inventory=("Rope", "Chain mail"))
    assert worn.ac == 13
    changed = equip(worn, a.CHAIN_MAIL)
    assert changed.armor == a.CHAIN_MAIL
    assert changed.inventory == ("Rope", "Leather")  # the chain mail left the inventory, the leather joined it
    assert changed.ac == armor_class(changed)[0] == 16


def test_a_shield_goes_beside_the_armor():
    # ref: Armor class — a shield adds its bonus to the armor's AC
    changed = equip(fighter(armor=a.CHAIN_MAIL), a.SHIELD)
    assert (changed.armor, changed.shield, changed.ac) == (a.CHAIN_MAIL, a.SHIELD, 18)
    assert changed.inventory == ()
    with pytest.raises(CommandRejected, match="already carries the Shield"):
        equip(changed, a.SHIELD)
    with pytest.raises(CommandRejected, match="already wears the Chain mail"):
        equip(changed, a.CHAIN_MAIL)


def test_unequip_puts_the_piece_in_the_inventory_and_the_ac_follows():
    # ref: Armor class — without armor the AC is 10 + DEX (2014 PHB)
    worn = fighter(armor=a.CHAIN_MAIL, shield=a.SHIELD)
    bare = unequip(unequip(worn, "chain mail"), "Shield")
    assert (bare.armor, bare.shield, bare.inventory, bare.ac) == (None, None, ("Chain mail", "Shield"), 12)
    assert armor_class(bare)[0] == 12
    again = equip(bare, a.CHAIN_MAIL)
    assert (again.inventory, again.ac) == (("Shield",), 16)


def test_weapons_join_and_leave_by_name():
    armed = equip(fighter(weapons=(w.LONGSWORD,), inventory=("Dagger",)), w.DAGGER)
    assert armed.weapons == (w.LONGSWORD, w.DAGGER) and armed.inventory == ()
    pair = equip(armed, w.DAGGER)  # ref: Two-weapon fighting — two light melee weapons
    assert pair.weapons == (w.LONGSWORD, w.DAGGER, w.DAGGER)
    with pytest.raises(CommandRejected, match="already has the Longsword"):
        equip(pair, w.LONGSWORD)
    dropped = unequip(pair, "longsword")
    assert dropped.weapons == (w.DAGGER, w.DAGGER) and dropped.inventory == ("Longsword",)


def test_clear_refusals_for_what_is_not_equipped():
    worn = fighter(weapons=(w.LONGSWORD,), inventory=("Rope",))
    with pytest.raises(CommandRejected, match="has no Plate equipped") as refused:
        unequip(worn, "Plate")
    assert "Equipped: Longsword" in str(refused.value)
    with pytest.raises(CommandRejected, match="in Fen's inventory, not equipped"):
        unequip(worn, "rope")


def test_a_preset_picked_again_replaces_an_old_record_of_the_same_name():
    # ref: Armor class — "Armor already in a saved campaign has neither trait until you pick its preset again"
    old = evolve(a.CHAIN_MAIL, strength=0, stealth_disadvantage=False)
    renewed = equip(fighter(armor=old), a.CHAIN_MAIL)
    assert renewed.armor == a.CHAIN_MAIL and renewed.inventory == ()


def test_a_gm_set_ac_is_kept():
    # ref: Armor class — "the sheet's number covers natural armor"
    natural = evolve(fighter(), ac=15)  # 10 + DEX would be 12
    assert equip(natural, a.LEATHER).ac == 15
    assert unequip(equip(natural, a.LEATHER), "Leather").ac == 15


def test_speed_follows_the_gear_for_a_monk_and_a_barbarian():
    # ref: 2014 PHB — Unarmored Movement (no armor or shield), Fast Movement (not in heavy armor)
    monk = new_character("m", "Mo", Tile("m", 0, 0), "Human", "Monk 2", Abilities(10, 16, 12, 10, 14, 10))
    assert (monk.speed, equip(monk, a.SHIELD).speed) == (40, 30)
    barbarian = new_character("b", "Bo", Tile("m", 0, 0), "Human", "Barbarian 5", Abilities(16, 12, 14, 10, 10, 10))
    assert (barbarian.speed, equip(barbarian, a.HIDE).speed, equip(barbarian, a.PLATE).speed) == (40, 40, 30)


@pytest.mark.parametrize("character", characters(), ids=lambda c: c.id)
def test_the_samples_ac_is_the_ac_of_their_gear(character):
    # ref: Armor class — the sample's AC numbers follow their armor (2014 PHB)
    assert gear_ac(character) == character.ac
