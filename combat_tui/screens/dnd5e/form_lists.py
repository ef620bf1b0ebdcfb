"""What the sheet editor suggests and lists: race, class and subclass names, spells, skills, items.

A field with a list completes the typed text as a grey suggestion (→ or Tab takes it for race and
classes); F4 opens the whole list in a `NamePicker`. These are names from the tables (the spells:
every spell of the catalog, the SRD's and the app's own, by level), to type fewer keys: the rules
still read (and refuse) whatever the field holds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from textual.suggester import Suggester

from combat_tui.systems.dnd5e.catalog import find_spell, spell_names
from combat_tui.systems.dnd5e.data.classes import CLASSES, find_class
from combat_tui.systems.dnd5e.data.races import RACES
from combat_tui.systems.dnd5e.field_text import CONDITION_NAMES, SKILL_NAMES
from combat_tui.systems.dnd5e.model import ABILITIES
from combat_tui.systems.dnd5e.weapon_text import format_weapon

RACE_NAMES = tuple(race.name for race in RACES)
CLASS_NAMES = tuple(info.name for info in CLASSES.values())
_LEVELLED = re.compile(r"^(?P<name>[A-Za-z][A-Za-z ]*?)\s+(?P<level>\d+)\s*\((?P<sub>[^()]*)$")


def complete_name(typed: str, names: Sequence[str]) -> str:
    """The first of `names` that `typed` begins (case-insensitive), else `typed` as it is."""
    folded = typed.strip().casefold()
    if not folded:
        return typed
    return next((name for name in names if name.casefold().startswith(folded)), typed)


def _last_part(typed: str) -> tuple[str, str]:
    """(`Fighter 5, `, `Wiz`): the text up to the last comma, and the part after it."""
    cut = max(typed.rfind(","), typed.rfind(";")) + 1
    head, part = typed[:cut], typed[cut:]
    spaces = len(part) - len(part.lstrip())
    return head + part[:spaces], part[spaces:]


def complete_last(typed: str, names: Sequence[str]) -> str:
    """`Bless, Cure W` -> `Bless, Cure Wounds`: the part after the last comma completed."""
    head, part = _last_part(typed)
    return head + complete_name(part, names) if part else typed


def complete_classes(typed: str) -> str:
    """`Fighter 5 (Champion), wi` -> `... Wizard 1`; `Fighter 3 (ch` -> `Fighter 3 (Champion)`."""
    head, part = _last_part(typed)
    if not part:
        return typed
    if not any(ch.isdigit() for ch in part):
        done = complete_name(part, CLASS_NAMES)
        return head + f"{done} 1" if done != part or part.casefold() in _folded(CLASS_NAMES) else typed
    match = _LEVELLED.match(part)
    info = find_class(match["name"]) if match else None
    if info is None or not match["sub"].strip():
        return typed
    sub = complete_name(match["sub"], [s.name for s in info.subclasses])
    return typed if sub == match["sub"] else head + f"{info.name} {match['level']} ({sub})"


def _folded(names: Sequence[str]) -> set[str]:
    return {name.casefold() for name in names}


def subclass_names(class_name: str) -> tuple[str, ...]:
    info = find_class(class_name)
    return tuple(s.name for s in info.subclasses) if info is not None else ()


class CompleteSuggester(Suggester):
    """A grey suggestion from a completing function (the typed text, longer)."""

    def __init__(self, complete: Callable[[str], str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.complete = complete

    async def get_suggestion(self, value: str) -> str | None:
        done = self.complete(value)
        return done if len(done) > len(value) and done.casefold().startswith(value.casefold()) else None


SUGGEST: dict[str, Callable[[str], str]] = {
    "race": lambda text: complete_name(text, RACE_NAMES),
    "classes": complete_classes,
    "spells": lambda text: complete_last(text, spell_names()),
    "skills": lambda text: complete_last(text, SKILL_NAMES),
    "expertise": lambda text: complete_last(text, SKILL_NAMES),
    "saves": lambda text: complete_last(text, ABILITIES),
    "condition_immunities": lambda text: complete_last(text, CONDITION_NAMES),
}
"""Fields whose typing is completed as a suggestion."""
TAKE_ON_LEAVING = ("race", "classes")
"""Fields whose suggestion Tab (leaving the field) and Save take, as the chip dialog's name does."""


def spell_groups() -> list[tuple[str, list[str]]]:
    """Every spell of the catalog (the SRD's and the app's own) by level: `Cantrips`, `Level 1` ..."""
    levels: dict[int, list[str]] = {}
    for name in spell_names():
        spell = find_spell(name)
        if spell is not None:
            levels.setdefault(spell.level, []).append(spell.name)
    return [("Cantrips" if level == 0 else f"Level {level}", levels[level]) for level in sorted(levels)]


def library_items() -> tuple[list[str], Callable[[str], object]]:
    """The library's item names and its finder (imported on first use: the SRD files are big)."""
    from combat_tui.library.items import find_item, item_names

    return list(item_names()), find_item


def pick_list(key: str) -> tuple[str, list[tuple[str, list[str]]]] | None:
    """(title, groups) of the list F4 opens on field `key`, or None for a field without one."""
    if key == "race":
        return "Race", [("", list(RACE_NAMES))]
    if key == "classes":
        return "Add a class", [("", list(CLASS_NAMES))]
    if key == "spells":
        return "Add a spell", spell_groups()
    if key in ("skills", "expertise"):
        return "Add a skill", [("", list(SKILL_NAMES))]
    if key == "saves":
        return "Add a save", [("", list(ABILITIES))]
    if key == "condition_immunities":
        return "Add a condition", [("", list(CONDITION_NAMES))]
    if key in ("inventory", "weapons"):
        names, find = library_items()
        if key == "weapons":
            names = [name for name in names if hasattr(find(name), "damage")]
        return ("Add a weapon" if key == "weapons" else "Add an item"), [("Library", names)]
    return None


def with_picked(key: str, text: str, name: str) -> str:
    """The field's text with the picked name in it: the race replaced, a class at level 1, a
    weapon as a new line of its one-line form, anything else added to the comma list."""
    if key == "race":
        return name
    if key == "weapons":
        _, find = library_items()
        line = format_weapon(find(name))
        return f"{text.rstrip()}\n{line}" if text.strip() else line
    entry = f"{name} 1" if key == "classes" else name
    listed = [part.strip().casefold() for part in re.split(r"[,;]", text)]
    if key == "classes":
        listed = [re.sub(r"\s*\d.*$", "", part) for part in listed]
    if name.casefold() in listed:
        return text
    return f"{text.rstrip().rstrip(',')}, {entry}" if text.strip() else entry
