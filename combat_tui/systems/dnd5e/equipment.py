"""Putting on and taking off weapons, body armor and shields; the AC and speed the gear gives.

The inventory holds names: a piece taken off joins it by name, and a piece put on leaves it. The
AC on the sheet comes from `armor.armor_class` (armor + DEX + shield, unarmored defense); the
stored `Character.ac` is the number it falls back on when nothing is worn. So `Character.ac`
follows the gear (`gear_ac`) as long as it matched the old gear's AC; a number the GM set by hand
(natural armor, a ring of protection) no longer matches and is kept. Speed follows the same way.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.abilities import class_level, modifier
from combat_tui.systems.dnd5e.armor import armor_class
from combat_tui.systems.dnd5e.data.races import find_race
from combat_tui.systems.dnd5e.model import Armor, Character, Weapon

__all__ = ["equip", "follow_gear", "gear_ac", "speed_for", "unequip"]


def gear_ac(character: Character) -> int:
    """The AC the worn pieces give, without chips: `armor.armor_class`, with 10 + DEX (13 + DEX
    for Draconic Resilience, 2014 PHB) when nothing is worn and no unarmored defense applies."""
    unarmored = 10 + modifier(character.abilities.dexterity)
    if class_level(character, "Sorcerer", "Draconic Bloodline"):
        unarmored += 3
    return armor_class(evolve(character, chips=(), ac=unarmored))[0]


def speed_for(character: Character) -> int | None:
    """Walking speed from the race (2014 PHB), plus Fast Movement (barbarian 5, not in heavy
    armor), Unarmored Movement (monk 2, no armor or shield) and the Mobile feat; None for a race
    the tables do not know, whose speed is the GM's. Heavy armor's Strength is `armor.speed`'s."""
    race = find_race(character.race)
    if race is None:
        return None
    speed = race.speed
    body = character.armor
    if class_level(character, "Barbarian") >= 5 and (body is None or body.category != "heavy"):
        speed += 10
    monk = class_level(character, "Monk")
    if monk >= 2 and body is None and character.shield is None:
        speed += 10 + 5 * ((monk - 2) // 4)  # +10 at 2, +15 at 6 ... +30 at 18
    if any(feat.strip().casefold() == "mobile" for feat in character.feats):
        speed += 10
    return speed


def follow_gear(before: Character, after: Character) -> Character:
    """`after` with its AC and speed following its gear, race and classes where `before`'s did;
    a number set by hand (or typed in this very change) stays."""
    if after.ac == before.ac and before.ac == gear_ac(before):
        after = evolve(after, ac=gear_ac(after))
    new_speed = speed_for(after)
    old_speed = speed_for(before)
    if new_speed is not None and after.speed == before.speed and old_speed in (None, before.speed):
        after = evolve(after, speed=new_speed)
    return after


def _same(a: str, b: str) -> bool:
    """`Plate` and `plate armor` name one piece (the presets drop the SRD's trailing "Armor")."""
    a, b = " ".join(a.split()).casefold(), " ".join(b.split()).casefold()
    return a == b or a + " armor" == b or a == b + " armor"


def _take(inventory: tuple[str, ...], name: str) -> tuple[str, ...]:
    """The inventory with one entry of `name` gone (if it holds one)."""
    for index, entry in enumerate(inventory):
        if _same(entry, name):
            return inventory[:index] + inventory[index + 1 :]
    return inventory


def equip(character: Character, item: Weapon | Armor) -> Character:
    """A weapon joins the weapons (a second one of a name only as a pair of light melee weapons,
    for two-weapon fighting); body armor replaces the old body armor and a shield the old shield,
    each old piece going to the inventory; the item leaves the inventory if it was there. A piece
    of the same name with other numbers (a preset picked again for an old record) is replaced in
    place, and nothing moves to the inventory."""
    inventory = _take(character.inventory, item.name)
    if isinstance(item, Weapon):
        return follow_gear(character, evolve(character, weapons=_with_weapon(character, item), inventory=inventory))
    slot, verb = ("shield", "carries") if item.category == "shield" else ("armor", "wears")
    old = getattr(character, slot)
    if old is not None and old == item:
        raise CommandRejected(f"{character.name} already {verb} the {old.name}.")
    if old is not None and not _same(old.name, item.name):
        inventory += (old.name,)
    return follow_gear(character, evolve(character, **{slot: item}, inventory=inventory))


def _with_weapon(character: Character, item: Weapon) -> tuple[Weapon, ...]:
    weapons = character.weapons
    same = [index for index, weapon in enumerate(weapons) if _same(weapon.name, item.name)]
    if any(weapons[index] == item for index in same):
        if item.light and not item.ranged and len(same) == 1:  # a pair for two-weapon fighting
            return weapons + (item,)
        raise CommandRejected(f"{character.name} already has the {item.name} equipped.",
                              "A second one of a name fits only as a pair of light melee weapons.")  # fmt: skip
    if same:
        return weapons[: same[0]] + (item,) + weapons[same[0] + 1 :]
    return weapons + (item,)


def unequip(character: Character, name: str) -> Character:
    """The weapon, body armor or shield called `name` goes from the character to its inventory."""
    wanted = " ".join(name.split())
    if not wanted:
        raise CommandRejected("Name the item to take off.")
    for index, weapon in enumerate(character.weapons):
        if _same(weapon.name, wanted):
            weapons = character.weapons[:index] + character.weapons[index + 1 :]
            after = evolve(character, weapons=weapons, inventory=character.inventory + (weapon.name,))
            return follow_gear(character, after)
    for slot in ("armor", "shield"):
        piece = getattr(character, slot)
        if piece is not None and _same(piece.name, wanted):
            after = evolve(character, **{slot: None}, inventory=character.inventory + (piece.name,))
            return follow_gear(character, after)
    if any(_same(entry, wanted) for entry in character.inventory):
        raise CommandRejected(f"The {wanted} is in {character.name}'s inventory, not equipped.")
    worn = [w.name for w in character.weapons] + [p.name for p in (character.armor, character.shield) if p]
    raise CommandRejected(f"{character.name} has no {wanted} equipped.", f"Equipped: {', '.join(worn) or 'nothing'}.")
