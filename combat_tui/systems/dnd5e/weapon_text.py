"""A weapon written on one line, for the creature form, the sheet editor and `edit NAME weapons=...`.

    Scimitar 1d6 slashing martial finesse light
    Longbow 1d8 piercing ranged 150/600
    Bite 2d10+1 piercing natural reach 10 hit +2 extra 2d6 fire magical
    Bite 1d6 piercing natural save str 11 Prone

The name is every word before the first dice; the words after it are options in any order.
Several weapons are separated by `;`. A bad word is refused with the field it belongs to.
"""

from __future__ import annotations

import re

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.text import is_whole, shown
from combat_tui.systems.dnd5e.model import ABILITIES, Weapon

DAMAGE_TYPES = ("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing",
                "poison", "psychic", "radiant", "slashing", "thunder")  # fmt: skip
DICE = re.compile(r"^([0-9]{1,3})d([0-9]{1,3})([+-][0-9]{1,3})?$")
"""A few ASCII digits each: int() never sees a hostile number."""
RANGE = re.compile(r"[0-9]{1,4}")
FLAGS = ("finesse", "light", "thrown", "ranged", "magical", "pact")
CATEGORIES = ("simple", "martial", "natural")
SHORT = {name[:3]: name for name in ABILITIES}


def plain_dice(text: str) -> bool:
    match = DICE.match(text.replace(" ", ""))
    return bool(match) and 1 <= int(match[1]) <= 99 and int(match[2]) in (1, 2, 3, 4, 6, 8, 10, 12, 20, 100)


def parse_weapons(text: str, field: str = "weapons") -> tuple[Weapon, ...]:
    return tuple(parse_weapon(part, field) for part in text.split(";") if part.strip())


def parse_weapon(text: str, field: str = "weapons") -> Weapon:
    words = text.split()
    start = next((i for i, word in enumerate(words) if DICE.match(word)), None)
    if start is None or start == 0:
        raise CommandRejected(f"{field}: '{text.strip()}' needs a name, then damage dice such as 1d6.")
    name, dice_word, rest = " ".join(words[:start]), words[start], [w for w in words[start + 1 :]]
    if not plain_dice(dice_word):
        raise CommandRejected(f"{field}: '{dice_word}' is not damage dice ({name}).")
    match = DICE.match(dice_word)
    weapon = Weapon(name, f"{match[1]}d{match[2]}", damage_bonus=int(match[3] or 0))
    while rest:
        weapon = _option(weapon, rest, field)
    return weapon


def _option(weapon: Weapon, rest: list[str], field: str) -> Weapon:
    word = rest.pop(0).casefold()
    where = f"{field}: {weapon.name}"
    if word in DAMAGE_TYPES and not weapon.damage_type:
        return evolve(weapon, damage_type=word)
    if word in FLAGS:
        return evolve(weapon, **{word: True})
    if word in CATEGORIES:
        return evolve(weapon, category=word)
    if word == "versatile":
        dice = _take(rest, where, "versatile needs dice such as 1d10")
        if not plain_dice(dice):
            raise CommandRejected(f"{where}: '{dice}' is not versatile dice.")
        return evolve(weapon, versatile=dice)
    if word == "range":
        normal, _, long = _take(rest, where, "range needs NORMAL/LONG such as 80/320").partition("/")
        if not (RANGE.fullmatch(normal) and (not long or RANGE.fullmatch(long))):
            raise CommandRejected(f"{where}: a range reads NORMAL/LONG in feet, such as 80/320.")
        return evolve(weapon, normal_range=int(normal), long_range=int(long or normal))
    if word == "reach":
        return evolve(weapon, reach=_number(rest, where, "reach", 5, 30))
    if word == "hit":
        return evolve(weapon, to_hit_bonus=_number(rest, where, "hit", -10, 20))
    if word == "extra":
        dice = _take(rest, where, "extra needs dice and a damage type, such as 2d6 fire")
        kind = _take(rest, where, "extra needs a damage type after its dice").casefold()
        if not plain_dice(dice) or kind not in DAMAGE_TYPES:
            raise CommandRejected(f"{where}: extra reads DICE TYPE, such as 2d6 fire.")
        return evolve(weapon, extra_damage=dice, extra_damage_type=kind)
    if word == "save":
        ability = SHORT.get(_take(rest, where, "save needs an ability, a DC and a condition").casefold()[:3], "")
        dc = _number(rest, where, "save DC", 1, 30)
        condition = _take(rest, where, "save needs a condition after the DC").capitalize()
        if not ability:
            raise CommandRejected(f"{where}: save needs an ability such as str.")
        return evolve(weapon, save_ability=ability, save_dc=dc, save_condition=condition)
    known = "a damage type, " + ", ".join(FLAGS + CATEGORIES) + ", versatile, range, reach, hit, extra, save"
    raise CommandRejected(f"{where}: '{word}' is not a weapon option.", f"Options: {known}.")


def _take(rest: list[str], where: str, need: str) -> str:
    if not rest:
        raise CommandRejected(f"{where}: {need}.")
    return rest.pop(0)


def _number(rest: list[str], where: str, what: str, low: int, high: int) -> int:
    word = _take(rest, where, f"{what} needs a number")
    if not is_whole(word) or len(word) > 4:
        raise CommandRejected(f"{where}: {what} '{shown(word)}' is not a whole number from {low} to {high}.")
    value = int(word)
    if not low <= value <= high:
        raise CommandRejected(f"{where}: {what} must be from {low} to {high}.")
    return value


def format_weapon(weapon: Weapon) -> str:
    """The one-line form `parse_weapon` reads back to the same weapon."""
    bonus = f"{weapon.damage_bonus:+d}" if weapon.damage_bonus else ""
    words = [weapon.name, weapon.damage + bonus, weapon.damage_type, weapon.category]
    words += [flag for flag in FLAGS if getattr(weapon, flag)]
    if weapon.versatile:
        words += ["versatile", weapon.versatile]
    if weapon.normal_range:
        words += ["range", f"{weapon.normal_range}/{weapon.long_range}"]
    if weapon.reach != 5:
        words += ["reach", str(weapon.reach)]
    if weapon.to_hit_bonus:
        words += ["hit", f"{weapon.to_hit_bonus:+d}"]
    if weapon.extra_damage:
        words += ["extra", weapon.extra_damage, weapon.extra_damage_type]
    if weapon.save_ability:
        words += ["save", weapon.save_ability[:3], str(weapon.save_dc), weapon.save_condition]
    return " ".join(word for word in words if word)


def format_weapons(weapons: tuple[Weapon, ...]) -> str:
    return "; ".join(format_weapon(weapon) for weapon in weapons)
