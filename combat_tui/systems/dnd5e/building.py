"""Building and levelling a 5e character by the 2014 rules (PHB chapters 1, 3 and 6).

Everything that follows from the classes, the race and CON is derived here: the proficiency
bonus, max HP by hit dice, saves, armor and weapon proficiencies, the spellcasting ability, spell
slots, class pools, speed and the AC of the gear. `derive(character, before)` takes the character
as it was before a change (an edit, a level) so that it can tell a number that followed the rules
from one the GM set: a field that matched what the rules gave `before` follows them again, and
one that did not is the GM's and stays. Without `before`, the character is its own `before`, so a
character that already follows the rules comes back unchanged.

What each derived field does:
- proficiency bonus and spell slots' table, class pools: always the rules'.
- max HP: the hit dice (the first listed class gives the first level's full die; every later level
  the fixed average, half the die + 1, each level plus CON and at least 1), plus Dwarven
  Toughness, the Tough feat and Draconic Resilience; `max_hp_override` wins when set. When the max
  rises, HP rises by as much; HP never stays above the max.
- saves, armor and weapon proficiencies: what the old classes and race gave and the new ones do
  not is removed, what the new ones give is added, and any other entry (the GM's) stays.
- spell slots: the full table when the table changed (a level, a class); otherwise the counts
  left stay, unless they no longer fit the table. Warlock pact slots are added to the slots at
  their pact level, since the sheet keeps one row of slots (they come back on a long rest there).
- pools: a pool the character has keeps its used count; a new one arrives full.
"""

from __future__ import annotations

import re

from combat_tui.core.command import CommandRejected
from combat_tui.core.maps import Tile
from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.abilities import class_level, modifier
from combat_tui.systems.dnd5e.data.classes import (
    CLASSES,
    ClassInfo,
    find_class,
    find_subclass,
    pact_magic,
    table_slots,
)
from combat_tui.systems.dnd5e.data.races import find_race
from combat_tui.systems.dnd5e.equipment import follow_gear, gear_ac, speed_for
from combat_tui.systems.dnd5e.features import STANDARD_RECOVERY, standard_pools
from combat_tui.systems.dnd5e.model import (
    ABILITIES,
    Abilities,
    Character,
    ClassLevel,
    Pool,
)

__all__ = ["caster_kind", "check_classes", "derive", "level_up", "max_hp_for", "multiclass_problems",
           "new_character", "parse_classes", "proficiencies_for", "proficiency_for", "saves_for", "slots_for",
           "spellcaster_level", "spellcasting_for", "total_level"]  # fmt: skip

MAX_LEVEL = 20
_PART = re.compile(r"^(?P<name>[^\d()]+?)\s*(?P<level>-?[0-9]{1,3})\s*(?:\((?P<paren>[^()]*)\)|(?P<rest>[^()]*))$")


def _class_names() -> str:
    return "Classes: " + ", ".join(info.name for info in CLASSES.values()) + "."


def _info(name: str) -> ClassInfo:
    info = find_class(name)
    if info is None:
        raise CommandRejected(f"classes: '{name}' is not a class of the 2014 rules.", _class_names())
    return info


def _subclass_name(info: ClassInfo, text: str) -> str:
    """The PHB's name of a listed subclass (`life` -> `Life Domain`); other text stays as typed."""
    text = " ".join(text.split())
    found = find_subclass(info, text) if text else None
    return found.name if found else text


def parse_classes(text: str) -> tuple[ClassLevel, ...]:
    """`Fighter 5 (Champion), Wizard 2` -> the class levels, in order (the first is the first
    class). The subclass goes in brackets or after the level. Refusals name the field `classes`."""
    found: list[ClassLevel] = []
    for part in (p.strip() for p in re.split(r"[,/;]", text)):
        if not part:
            continue
        match = _PART.match(part)
        if match is None:
            raise CommandRejected(f"classes: '{part}' needs a class and its level, as in Fighter 5 (Champion).")
        info = _info(" ".join(match["name"].split()))
        sub = (match["paren"] if match["paren"] is not None else match["rest"]) or ""
        found.append(ClassLevel(info.name, int(match["level"]), _subclass_name(info, sub)))
    check_classes(tuple(found))
    return tuple(found)


def check_classes(classes: tuple[ClassLevel, ...]) -> None:
    """Refuse an unknown class, a level outside 1..20, a class listed twice or over 20 levels."""
    seen: set[str] = set()
    for entry in classes:
        info = _info(entry.name)
        if not 1 <= entry.level <= MAX_LEVEL:
            raise CommandRejected(f"classes: {info.name} {entry.level} is not a level from 1 to {MAX_LEVEL}.")
        if info.name in seen:
            raise CommandRejected(f"classes: {info.name} is listed twice.", "Give each class once, with its level.")
        seen.add(info.name)
    total = total_level(classes)
    if total > MAX_LEVEL:
        raise CommandRejected(f"classes: the levels add up to {total}; a character has at most {MAX_LEVEL}.")


def total_level(classes: tuple[ClassLevel, ...]) -> int:
    return sum(entry.level for entry in classes)


def proficiency_for(level: int) -> int:
    """+2 at levels 1-4, +3 at 5-8, +4 at 9-12, +5 at 13-16, +6 at 17-20 (PHB chapter 1)."""
    return 2 + (min(max(level, 1), MAX_LEVEL) - 1) // 4


def _has(character: Character, feat: str) -> bool:
    return any(" ".join(entry.split()).casefold() == feat for entry in character.feats)


def max_hp_for(character: Character) -> int:
    """Max HP by hit dice (2014 PHB, "Hit Points" and "Multiclassing"): see the module's notes."""
    con = modifier(character.abilities.constitution)
    total = 0
    for index, entry in enumerate(character.classes):
        info = _info(entry.name)
        first = info.hit_die if index == 0 else info.average_hp
        total += max(1, first + con) + max(1, info.average_hp + con) * (entry.level - 1)
    race = find_race(character.race)
    per_level = (race.hp_per_level if race else 0) + (2 if _has(character, "tough") else 0)
    draconic = class_level(character, "Sorcerer", "Draconic Bloodline")  # Draconic Resilience
    return total + per_level * total_level(character.classes) + draconic


def caster_kind(entry: ClassLevel) -> str:
    """`full`, `half`, `third` (an Eldritch Knight or Arcane Trickster), `pact` or empty."""
    info = _info(entry.name)
    if info.caster:
        return info.caster
    sub = find_subclass(info, entry.subclass) if entry.subclass else None
    return sub.caster if sub else ""


_FIRST_CASTING_LEVEL = {"full": 1, "pact": 1, "half": 2, "third": 3}


def _casting(entry: ClassLevel) -> str:
    """The caster kind once the class has its Spellcasting (or Pact Magic) feature, else empty."""
    kind = caster_kind(entry)
    return kind if kind and entry.level >= _FIRST_CASTING_LEVEL[kind] else ""


def spellcaster_level(classes: tuple[ClassLevel, ...]) -> int:
    """The row of the multiclass slot table (see data/classes.py); warlock levels do not count."""
    casters = [(entry.level, kind) for entry in classes if (kind := _casting(entry)) in ("full", "half", "third")]
    if len(casters) == 1:  # one spellcasting class reads its own table
        level, kind = casters[0]
        return level if kind == "full" else -(-level // (2 if kind == "half" else 3))
    return sum(level if kind == "full" else level // (2 if kind == "half" else 3) for level, kind in casters)


def slots_for(classes: tuple[ClassLevel, ...]) -> tuple[int, ...]:
    """Spell slots by level (1st first): the multiclass table plus the pact slots at pact level."""
    slots = list(table_slots(spellcaster_level(classes)))
    warlock = next((entry.level for entry in classes if caster_kind(entry) == "pact"), 0)
    count, level = pact_magic(warlock)
    if count:
        slots += [0] * (level - len(slots))
        slots[level - 1] += count
    return tuple(slots)


def saves_for(classes: tuple[ClassLevel, ...]) -> tuple[str, ...]:
    """The first class's saving throws: a later class adds none (PHB, "Multiclassing")."""
    return _info(classes[0].name).saves if classes else ()


def spellcasting_for(classes: tuple[ClassLevel, ...]) -> str:
    """The ability of the first listed class that casts at its level; empty for none."""
    for entry in classes:
        if _casting(entry):
            info = _info(entry.name)
            sub = find_subclass(info, entry.subclass) if entry.subclass else None
            return info.spellcasting or (sub.spellcasting if sub else "")
    return ""


def _unique(items) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))


def proficiencies_for(classes: tuple[ClassLevel, ...], race: str = "") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(armor, weapons): the first class's lists, the multiclass lists of each later class (PHB
    "Multiclassing Proficiencies"), every subclass's bonus proficiencies, and the race's."""
    armor: list[str] = []
    weapons: list[str] = []
    for index, entry in enumerate(classes):
        info = _info(entry.name)
        armor += info.armor if index == 0 else info.multiclass_armor
        weapons += info.weapons if index == 0 else info.multiclass_weapons
        sub = find_subclass(info, entry.subclass) if entry.subclass else None
        if sub is not None:
            armor, weapons = armor + list(sub.armor), weapons + list(sub.weapons)
    found = find_race(race)
    if found is not None:
        armor, weapons = armor + list(found.armor), weapons + list(found.weapons)
    return _unique(armor), _unique(weapons)


def _ability(word: str) -> str:
    word = word.strip().casefold()
    return next((name for name in ABILITIES if len(word) >= 3 and name.startswith(word)), "")


def _saves(character: Character) -> tuple[str, ...]:
    """The first class's saves, a Resilient feat's (`Resilient (Constitution)`), and every save
    from Diamond Soul (monk 14)."""
    if class_level(character, "Monk") >= 14:
        return ABILITIES
    extra = [_ability(m[1]) for feat in character.feats if (m := re.fullmatch(r"\s*resilient\s*\((\w+)\)\s*", feat, re.IGNORECASE))]
    return _unique([*saves_for(character.classes), *filter(None, extra)])


def _follow(current: tuple[str, ...], old: tuple[str, ...], new: tuple[str, ...]) -> tuple[str, ...]:
    """`current` less what the old derivation gave and the new does not, plus what the new gives."""
    dropped = set(old) - set(new)
    kept = [entry for entry in current if entry not in dropped]
    return tuple(kept + [entry for entry in new if entry not in kept])


def _pools(current: tuple[Pool, ...], standard: tuple[Pool, ...]) -> tuple[Pool, ...]:
    fresh = {pool.name.casefold(): pool for pool in standard}
    managed = {name.casefold() for name in STANDARD_RECOVERY}
    kept: list[Pool] = []
    for pool in current:
        new = fresh.pop(pool.name.casefold(), None)
        if new is not None:
            kept.append(evolve(new, uses=max(0, new.max - max(0, pool.max - pool.uses))))
        elif pool.name.casefold() not in managed:  # the GM's own pool
            kept.append(pool)
    return tuple(kept) + tuple(fresh.values())


def _slots(current: tuple[int, ...], old: tuple[int, ...], new: tuple[int, ...]) -> tuple[int, ...]:
    fits = len(current) == len(new) and all(left <= top for left, top in zip(current, new))
    return current if old == new and fits else new


def derive(character: Character, before: Character | None = None) -> Character:
    """`character` with every number the rules derive made to follow them (see the module's notes).
    A character with no classes is a sheet made by hand: only its gear, race lists and override follow."""
    before = character if before is None else before
    check_classes(character.classes)
    old_armor, old_weapons = proficiencies_for(before.classes, before.race)
    new_armor, new_weapons = proficiencies_for(character.classes, character.race)
    changes: dict = {
        "armor_proficiencies": _follow(character.armor_proficiencies, old_armor, new_armor),
        "weapon_proficiencies": _follow(character.weapon_proficiencies, old_weapons, new_weapons),
    }
    max_hp = character.max_hp_override or (max_hp_for(character) if character.classes else character.max_hp)
    changes |= {"max_hp": max_hp, "hp": min(max_hp, character.hp + max(0, max_hp - character.max_hp))}
    if character.classes:
        current = character.spellcasting
        followed = not current or current == spellcasting_for(before.classes)  # else the GM's (a feat's)
        changes |= {
            "proficiency_bonus": proficiency_for(total_level(character.classes)),
            "save_proficiencies": _follow(character.save_proficiencies, _saves(before), _saves(character)),
            "spellcasting": spellcasting_for(character.classes) if followed else current,
            "slots": _slots(character.slots, slots_for(before.classes), slots_for(character.classes)),
            "pools": _pools(character.pools, standard_pools(character)),
        }
    return follow_gear(before, evolve(character, **changes))


def level_up(character: Character, class_name: str, subclass: str = "") -> Character:
    """One more level: a new class at level 1 (a multiclass) or the named class one higher, then
    every number derived again. The HP gained is the class's fixed average + CON (at least 1);
    with a max HP override, the override grows by as much."""
    info = _info(" ".join(class_name.split()))
    total = total_level(character.classes)
    if total >= MAX_LEVEL:
        raise CommandRejected(f"{character.name} is level {total}; a character has at most {MAX_LEVEL} levels.")
    sub = _subclass_name(info, subclass)
    classes = list(character.classes)
    index = next((i for i, entry in enumerate(classes) if entry.name.casefold() == info.name.casefold()), None)
    if index is None:
        classes.append(ClassLevel(info.name, 1, sub))
    else:
        entry = classes[index]
        if sub and entry.subclass and entry.subclass.casefold() != sub.casefold():
            raise CommandRejected(f"{character.name}'s {info.name} is {entry.subclass} already, not {sub}.",
                                  "Edit the classes to change a subclass.")  # fmt: skip
        classes[index] = ClassLevel(info.name, entry.level + 1, sub or entry.subclass)
    raised = evolve(character, classes=tuple(classes))
    if character.max_hp_override:
        gained = max_hp_for(raised) - (max_hp_for(character) if character.classes else 0)
        raised = evolve(raised, max_hp_override=character.max_hp_override + gained)
    return derive(raised, character)


def new_character(id: str, name: str, tile: Tile, race: str, classes: str | tuple[ClassLevel, ...],
                  abilities: Abilities, **fields) -> Character:  # fmt: skip
    """A fresh character: every derived number by the rules, HP, slots and pools full, AC from its
    gear and speed from its race (unless `fields` sets `ac` or `speed`). `race` reads as
    `find_race` does and is stored by its PHB name; a race the tables do not know stays as typed.
    `fields` are any other `Character` fields (weapons, armor, shield, skill_proficiencies ...)."""
    parsed = parse_classes(classes) if isinstance(classes, str) else tuple(classes)
    found = find_race(race)
    blank = Character(id, name, tile, abilities, 1, 1, fields.pop("ac", 0), race=found.name if found else race.strip(),
                      classes=parsed, **fields)  # fmt: skip
    made = derive(blank)
    made = evolve(made, hp=made.max_hp, slots=slots_for(parsed) if parsed else blank.slots,
                  pools=tuple(evolve(p, uses=p.max) for p in made.pools))  # fmt: skip
    if not made.ac:
        made = evolve(made, ac=gear_ac(made))
    if "speed" not in fields and (speed := speed_for(made)) is not None:
        made = evolve(made, speed=speed)
    return made


def multiclass_problems(abilities: Abilities, classes: tuple[ClassLevel, ...]) -> tuple[str, ...]:
    """The multiclassing minimums (PHB chapter 6) the scores miss, for the sheet to show: every
    class of a multiclassed character needs 13 in its ability (one of them for the fighter's STR or
    DEX). The rules do not enforce them, since a GM may allow it."""
    if len(classes) < 2:
        return ()
    problems = []
    for entry in classes:
        for options in _info(entry.name).prerequisites:
            if all(getattr(abilities, ability) < 13 for ability in options):
                needed = " or ".join(ability[:3].upper() for ability in options)
                problems.append(f"{entry.name} needs {needed} 13 to multiclass.")
    return tuple(problems)
