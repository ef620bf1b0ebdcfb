"""The fields of the creature form and the sheet editor: what each reads, writes and shows.

An edit is a list of (field, text) pairs, applied together or not at all: every bad field is
named in one refusal, and the record stays as it was. `edit NAME FIELD=VALUE ...` and the forms
send the same pairs, so one form submission is one command and one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve, frozen
from combat_tui.core.text import bad_character
from combat_tui.systems.dnd5e import field_text as ft
from combat_tui.systems.dnd5e.model import ABILITIES, Character, Creature
from combat_tui.systems.dnd5e.weapon_text import format_weapons, parse_weapons


@frozen
class Field:
    key: str
    """The name typed in `edit NAME KEY=VALUE` (`ac`, `resistances`)."""
    label: str
    attr: str
    read: Callable[[str, str], Any]
    """(text, key) -> the value, or CommandRejected naming the field."""
    show: Callable[[Any], str] = str


def _clean(text: str, key: str) -> str:
    """Form text pasted with control characters is refused, so none reaches the state or the log."""
    found = bad_character(text.replace("\n", " ").replace("\t", " "))
    if found is not None:
        raise CommandRejected(f"{key}: the text holds {found[1]} at character {found[0] + 1}.")
    return text


def _name(text: str, key: str) -> str:
    text = " ".join(_clean(text, key).split())
    if not text:
        raise CommandRejected(f"{key}: a name cannot be empty.")
    if len(text) > 60:
        raise CommandRejected(f"{key}: a name has at most 60 characters.")
    return text


def _text(text: str, key: str) -> str:
    return " ".join(_clean(text, key).split())


def _num(low: int, high: int) -> Callable[[str, str], int]:
    return lambda text, key: ft.number(text, key, low, high)


def _yes(value: bool) -> str:
    return "yes" if value else "no"


SCORE = _num(1, 30)
ABILITY_FIELDS = tuple(Field(name[:3], name.capitalize(), name, SCORE) for name in ABILITIES)

COMMON = (
    Field("name", "Name", "name", _name),
    Field("ac", "AC", "ac", _num(0, 40)),
    Field("hp", "HP", "hp", _num(0, 9999)),
    Field("max_hp", "Max HP", "max_hp", _num(1, 9999)),
    Field("speed", "Speed", "speed", _num(0, 300)),
    *ABILITY_FIELDS,
    Field("saves", "Save proficiencies", "save_proficiencies", ft.abilities_list, ft.show_list),
    Field("skills", "Skill proficiencies", "skill_proficiencies", ft.skills, ft.show_list),
    Field("weapons", "Weapons", "weapons", lambda t, k: parse_weapons(_clean(t, k), k), format_weapons),
    Field("condition_immunities", "Condition immunities", "condition_immunities", ft.conditions, ft.show_list),
    Field("spellcasting", "Spellcasting ability", "spellcasting",
          lambda t, k: ft.ability(t, k) if t.strip() else "", str),
    Field("spells", "Spells", "spells", lambda t, k: ft.words(_clean(t, k)), ft.show_list),
    Field("slots", "Spell slots left", "slots", ft.slots, lambda v: ", ".join(map(str, v))),
    Field("gold", "Gold (gp)", "gold", _num(0, 10**7)),
)
CREATURE_ONLY = (
    Field("ac_source", "AC source", "ac_source", _text),
    Field("hit_dice", "Hit dice", "hit_dice", lambda t, k: ft.dice(t, k)),
    Field("speeds", "Other speeds", "speeds", _text),
    Field("cr", "CR", "challenge", lambda t, k: ft.challenge(t, k)),
    Field("type", "Type", "creature_type", lambda t, k: _text(t, k).casefold()),
    Field("size", "Size", "size", lambda t, k: ft.choice(t, k, ft.SIZES) if t.strip() else ""),
    Field("prof", "Proficiency bonus", "proficiency_bonus", _num(0, 10)),
    Field("disposition", "Disposition", "disposition", lambda t, k: ft.choice(t, k, ("hostile", "neutral", "friendly"))),
    Field("npc", "NPC", "npc", ft.flag, _yes),
    Field("resistances", "Damage resistances", "resistances", ft.damage_types, ft.show_list),
    Field("vulnerabilities", "Damage vulnerabilities", "vulnerabilities", ft.damage_types, ft.show_list),
    Field("immunities", "Damage immunities", "immunities", ft.damage_types, ft.show_list),
    Field("save_bonuses", "Save bonuses", "save_bonuses", lambda t, k: ft.bonuses(t, k, "abilities"), ft.show_bonuses),
    Field("skill_bonuses", "Skill bonuses", "skill_bonuses", lambda t, k: ft.bonuses(t, k, "skills"), ft.show_bonuses),
    Field("passive", "Passive Perception", "passive_perception", _num(0, 40)),
    Field("senses", "Senses", "senses", _text),
    Field("languages", "Languages", "languages", _text),
    Field("multiattack", "Multiattack swings", "multiattack", _num(0, 10)),
    Field("multiattack_dis", "Multiattack swing at disadvantage", "multiattack_disadvantage", _num(0, 10)),
    Field("pack_tactics", "Pack Tactics", "pack_tactics", ft.flag, _yes),
    Field("surprise_attack", "Surprise Attack dice", "surprise_attack", lambda t, k: ft.dice(t, k)),
    Field("redirect_attack", "Redirect Attack", "redirect_attack", ft.flag, _yes),
    Field("turn_resistance", "Turn Resistance", "turn_resistance", ft.flag, _yes),
    Field("legendary_actions", "Legendary actions per round", "legendary_actions", _num(0, 10)),
    Field("legendary_resistance", "Legendary resistance per day", "legendary_resistance", _num(0, 10)),
    Field("notes", "Notes", "notes", _text),
)
CHARACTER_ONLY = (
    Field("race", "Race", "race", _text),
    Field("classes", "Classes", "classes", lambda t, k: _classes(t, k), lambda v: _show_classes(v)),
    Field("expertise", "Expertise", "expertise", ft.skills, ft.show_list),
    Field("feats", "Feats", "feats", lambda t, k: ft.words(_clean(t, k)), ft.show_list),
    Field("weapon_proficiencies", "Weapon proficiencies", "weapon_proficiencies",
          lambda t, k: tuple(w.casefold() for w in ft.words(t)), ft.show_list),
    Field("armor_proficiencies", "Armor proficiencies", "armor_proficiencies",
          lambda t, k: tuple(w.casefold() for w in ft.words(t)), ft.show_list),
    Field("fighting_styles", "Fighting styles", "fighting_styles", lambda t, k: ft.words(_clean(t, k)), ft.show_list),
    Field("inventory", "Inventory", "inventory", lambda t, k: ft.words(_clean(t, k)), ft.show_list),
    Field("silver", "Silver (sp)", "silver", _num(0, 10**7)),
    Field("copper", "Copper (cp)", "copper", _num(0, 10**7)),
    Field("platinum", "Platinum (pp)", "platinum", _num(0, 10**7)),
    Field("xp", "XP", "xp", _num(0, 10**7)),
    Field("max_hp_override", "Max HP override (0: by hit dice)", "max_hp_override", _num(0, 9999)),
)
CREATURE_FIELDS: dict[str, Field] = {f.key: f for f in COMMON + CREATURE_ONLY}
CHARACTER_FIELDS: dict[str, Field] = {f.key: f for f in COMMON + CHARACTER_ONLY}
DERIVING = frozenset({"classes", "race", "con", "max_hp_override"})
"""Character fields whose change re-derives the numbers that depend on them (building.py)."""


def _classes(text: str, key: str):
    from combat_tui.systems.dnd5e.building import parse_classes  # the class tables load on first use

    return parse_classes(text)


def _show_classes(classes) -> str:
    return ", ".join(f"{c.name} {c.level}" + (f" ({c.subclass})" if c.subclass else "") for c in classes)


def fields_of(actor: Character | Creature) -> dict[str, Field]:
    return CHARACTER_FIELDS if isinstance(actor, Character) else CREATURE_FIELDS


def shown(actor: Character | Creature, key: str) -> str:
    """The text a form shows for a field, which `apply_changes` reads back to the same value."""
    field = fields_of(actor)[key]
    value = getattr(actor.abilities, field.attr) if field.attr in ABILITIES else getattr(actor, field.attr)
    return field.show(value)


def apply_changes(actor, changes: tuple[tuple[str, str], ...]):
    """The actor with every change applied; one refusal names every bad field."""
    table = fields_of(actor)
    values: dict[str, Any] = {}
    scores: dict[str, int] = {}
    errors: list[str] = []
    for key, text in changes:
        field = table.get(key.casefold())
        if field is None:
            kind = "a character" if isinstance(actor, Character) else "a creature"
            errors.append(f"'{key}' is not a field of {kind}.")
            continue
        try:
            value = field.read(text, field.key)
        except CommandRejected as error:
            errors.append(error.reason)
            continue
        (scores if field.attr in ABILITIES else values)[field.attr] = value
    if errors:
        detail = "Fields: " + ", ".join(table) + "." if any("is not a field" in e for e in errors) else ""
        raise CommandRejected(" ".join(errors), detail)
    if scores:
        values["abilities"] = evolve(actor.abilities, **scores)
    new = evolve(actor, **values)
    if new.hp > new.max_hp:
        if "hp" in values:
            raise CommandRejected(f"hp: {new.hp} is above the max HP {new.max_hp}.")
        new = evolve(new, hp=new.max_hp)
    from combat_tui.systems.dnd5e.check import BOUNDS, out_of_range  # the load check's ranges, so a saved edit reopens

    wrong = out_of_range(new, BOUNDS, "")
    if wrong:
        raise CommandRejected(" ".join(f"{where.lstrip('.') or 'value'}: {what}." for where, what in wrong[:6]))
    if isinstance(new, Creature) and new.multiattack_disadvantage > max(new.multiattack, 1):
        raise CommandRejected(f"multiattack_dis: swing {new.multiattack_disadvantage} is past the {new.multiattack} swings.")
    return new


def parse_pairs(words: list[str], verb: str) -> tuple[tuple[str, str], ...]:
    """`ac=15 "senses=darkvision 60 ft."` -> (("ac", "15"), ("senses", "darkvision 60 ft.")).

    A word without `=` continues the value before it, so `notes=runs away` needs no quotes."""
    pairs: list[list[str]] = []
    for word in words:
        key, eq, value = word.partition("=")
        if eq and key and " " not in key:
            pairs.append([key.casefold(), value])
        elif pairs:
            pairs[-1][1] += " " + word
        else:
            raise CommandRejected(f"'{verb}' reads FIELD=VALUE pairs, such as ac=15, not '{word}'.")
    return tuple((key, value) for key, value in pairs)
