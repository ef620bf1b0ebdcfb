"""Readers of one form field's text, each refusing bad text with the field's name.

The creature form, the sheet editor, `edit NAME FIELD=VALUE` and the templates share them, so a
typed field and a form field say the same thing about the same mistake.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import is_count, is_whole, shown
from combat_tui.systems.dnd5e.abilities import parse_challenge
from combat_tui.systems.dnd5e.model import ABILITIES
from combat_tui.systems.dnd5e.weapon_text import DAMAGE_TYPES, plain_dice

CONDITION_NAMES = ("Blinded", "Charmed", "Deafened", "Exhaustion", "Frightened", "Grappled", "Incapacitated",
                   "Invisible", "Paralyzed", "Petrified", "Poisoned", "Prone", "Restrained", "Stunned",
                   "Unconscious")  # fmt: skip
"""The 2014 conditions a creature can be immune to."""
SIZES = ("tiny", "small", "medium", "large", "huge", "gargantuan")
SKILL_NAMES = ("acrobatics", "animal handling", "arcana", "athletics", "deception", "history", "insight",
               "intimidation", "investigation", "medicine", "nature", "perception", "performance",
               "persuasion", "religion", "sleight of hand", "stealth", "survival")  # fmt: skip
SHORT = {name[:3]: name for name in ABILITIES}
YES, NO = ("yes", "y", "true", "on", "1", "x"), ("no", "n", "false", "off", "0", "", "-")


def number(text: str, field: str, low: int = 0, high: int = 999) -> int:
    word = text.strip()
    if not is_whole(word):
        raise CommandRejected(f"{field}: '{shown(word)}' is not a whole number.")
    if len(word.lstrip("+-").lstrip("0")) > len(str(max(abs(low), abs(high)))):  # no int() of 5,000 digits
        raise CommandRejected(f"{field}: '{shown(word)}' is too large; it is {low} to {high}.")
    value = int(word)
    if value < low:
        raise CommandRejected(f"{field}: must be at least {low}, not {value}.")
    if value > high:
        raise CommandRejected(f"{field}: must be at most {high}, not {value}.")
    return value


def flag(text: str, field: str) -> bool:
    word = text.strip().casefold()
    if word in YES:
        return True
    if word in NO:
        return False
    raise CommandRejected(f"{field}: '{text.strip()}' is neither yes nor no.")


def words(text: str) -> tuple[str, ...]:
    """A comma list, trimmed, empty parts dropped (`fire, cold` -> ("fire", "cold"))."""
    return tuple(part.strip() for part in text.replace(";", ",").split(",") if part.strip())


def damage_types(text: str, field: str) -> tuple[str, ...]:
    found = tuple(word.casefold() for word in words(text))
    bad = [word for word in found if word not in DAMAGE_TYPES]
    if bad:
        raise CommandRejected(f"{field}: '{bad[0]}' is not a damage type.", "Types: " + ", ".join(DAMAGE_TYPES) + ".")
    return tuple(dict.fromkeys(found))


def conditions(text: str, field: str) -> tuple[str, ...]:
    known = {name.casefold(): name for name in CONDITION_NAMES}
    found = []
    for word in words(text):
        if word.casefold() not in known:
            raise CommandRejected(f"{field}: '{word}' is not a condition.", "Conditions: " + ", ".join(CONDITION_NAMES) + ".")
        found.append(known[word.casefold()])
    return tuple(dict.fromkeys(found))


def ability(word: str, field: str) -> str:
    name = SHORT.get(word.strip().casefold()[:3], "")
    if not name:
        raise CommandRejected(f"{field}: '{word.strip()}' is not an ability (str, dex, con, int, wis, cha).")
    return name


def abilities_list(text: str, field: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(ability(word, field) for word in words(text)))


def skills(text: str, field: str) -> tuple[str, ...]:
    found = tuple(word.casefold() for word in words(text))
    bad = [word for word in found if word not in SKILL_NAMES]
    if bad:
        raise CommandRejected(f"{field}: '{bad[0]}' is not a skill.")
    return tuple(dict.fromkeys(found))


def bonuses(text: str, field: str, names: str) -> tuple[tuple[str, int], ...]:
    """`dex +5, con +4` (saves) or `stealth +6` (skills), as a stat block prints them."""
    found: list[tuple[str, int]] = []
    for part in words(text):
        name, _, value = part.rpartition(" ")
        if not name:
            raise CommandRejected(f"{field}: '{part}' needs a name and a bonus, such as 'stealth +6'.")
        key = ability(name, field) if names == "abilities" else name.strip().casefold()
        if names == "skills" and key not in SKILL_NAMES:
            raise CommandRejected(f"{field}: '{name.strip()}' is not a skill.")
        found.append((key, number(value, field, -10, 30)))
    return tuple(found)


def challenge(text: str, field: str = "cr") -> str:
    text = text.strip()
    try:
        parse_challenge(text)
    except (ValueError, ZeroDivisionError):
        raise CommandRejected(f"{field}: '{text}' is not a challenge rating (0, 1/8, 1/4, 1/2, 1 to 30).") from None
    return text


def dice(text: str, field: str, allow_empty: bool = True) -> str:
    text = text.strip().replace(" ", "")
    if not text and allow_empty:
        return ""
    base = text.split("+")[0].split("-")[0]
    parts = text[len(base):].replace("-", "+").split("+")[1:]
    if not plain_dice(base) or not all(is_count(part) and len(part) <= 3 for part in parts):  # rolled later
        raise CommandRejected(f"{field}: '{shown(text)}' is not dice such as 2d8+2.")
    return text


def slots(text: str, field: str = "slots") -> tuple[int, ...]:
    return tuple(number(word, field, 0, 9) for word in words(text.replace("/", ",")))


def choice(text: str, field: str, options: tuple[str, ...]) -> str:
    word = text.strip().casefold()
    if word not in options:
        raise CommandRejected(f"{field}: '{text.strip()}' is not one of {', '.join(options)}.")
    return word


def show_list(values) -> str:
    return ", ".join(values)


def show_bonuses(values) -> str:
    return ", ".join(f"{name[:3] if name in ABILITIES else name} {value:+d}" for name, value in values)
