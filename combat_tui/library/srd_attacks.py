"""An SRD stat block's attacks as the weapons the 5e attack rules swing.

The rules add the ability modifier they pick (STR, DEX for a ranged weapon, the higher for a
finesse one) and the proficiency bonus; `to_hit_bonus` and `damage_bonus` carry the rest, so the
record's numbers come out as the block prints them. A second damage part becomes the weapon's
`extra_damage`; anything else the hit does goes into the creature's notes.
"""

from __future__ import annotations

import re

from attrs import evolve

from combat_tui.core.records import frozen
from combat_tui.library.srd_block import ABILITY, AttackNumbers, Block, Part
from combat_tui.library.srd_text import describe
from combat_tui.systems.dnd5e.attack import weapon_ability
from combat_tui.systems.dnd5e.conditions import rule_of
from combat_tui.systems.dnd5e.model import Creature, Weapon

_HIT = re.compile(
    r"^(?:(?:Melee or Ranged |Melee |Ranged )?Attack Roll: )?[+−-]\d+(?P<between>.*?)"
    r"Hit: [^.]*?damage(?: plus [^.]*?damage)*\.?\s*"
)  # fmt: skip
_REACH = re.compile(r"reach (\d+) ft")
_CONDITION = re.compile(r"&(?:amp;)?Reference\[(\w+)")


@frozen
class Mapped:
    """The weapons of a block, the notes its attacks need, and the names of the actions mapped."""

    weapons: tuple[Weapon, ...]
    notes: tuple[tuple[str, str], ...]
    """(the weapon's or action's name, what to note about it)."""
    names: frozenset[str]


def attack_weapons(block: Block, creature: Creature) -> Mapped:
    weapons: list[Weapon] = []
    notes: list[tuple[str, str]] = []
    names: set[str] = set()
    for section in ("actions", "legendary_actions"):
        for action in block.data.get(section) or ():
            attacks = [a for a in action.get("activities") or () if a.get("kind") == "attack"]
            for index, activity in enumerate(attacks):
                name = action["name"] if index == 0 else f"{action['name']} ({variant(activity, index)})"
                if any(w.name.casefold() == name.casefold() for w in weapons):
                    continue
                weapon, problem = build_weapon(block, creature, action, activity, name)
                if weapon is not None:
                    weapons.append(weapon)
                    names.add(action["name"])
                if problem:
                    notes.append((name, problem))
            if action["name"] in names and (rider := rider_text(block, action)):
                notes.append((action["name"], rider))
    return Mapped(tuple(weapons), tuple(dict.fromkeys(notes)), frozenset(names))


def variant(activity: dict, index: int) -> str:
    """The name of a second way to make the attack (`Moving Attack`, `Attack at Advantage`)."""
    condition = (activity.get("activation") or {}).get("condition") or ""
    return (activity.get("name") or "").strip() or condition.strip() or f"variant {index + 1}"


def build_weapon(
    block: Block, creature: Creature, action: dict, activity: dict, name: str
) -> tuple[Weapon | None, str]:
    """The weapon, or None with the reason it cannot be one; a problem to note for a weapon."""
    numbers = block.attack(action, activity)
    parts = numbers.parts
    if not parts:
        return None, "no damage the rules can roll; " + describe(block, action)
    if any(p.formula for p in parts):
        return None, "its damage follows the summoning spell; " + describe(block, action)
    if any(p.flat for p in parts):
        # A weapon's damage is dice; a flat 1 (a cat's Scratch) has no dice expression.
        text = describe(block, action)
        return None, f"flat damage the rules cannot roll as dice; {text}"
    weapon = _shape(name, numbers, activity, action)
    _, rule_mod = weapon_ability(creature, weapon)
    first = parts[0]
    weapon = evolve(
        weapon,
        to_hit_bonus=numbers.to_hit - rule_mod - creature.proficiency_bonus,
        damage_bonus=first.bonus - rule_mod,
    )
    problems = []
    if len(parts) > 1:
        second = parts[1]
        bonus = f"{second.bonus:+d}" if second.bonus else ""
        weapon = evolve(weapon, extra_damage=f"{second.dice}{bonus}", extra_damage_type=_type(second))
    if len(parts) > 2:
        problems.append("more damage: " + ", ".join(p.text() for p in parts[2:]))
    for part in parts[:2]:
        if len(part.types) > 1:
            problems.append(f"{part.dice} is {' or '.join(part.types)} (the rules use {part.types[0]})")
        elif not part.types:
            problems.append(f"the data gives {part.dice} no damage type")
    on_hit = on_hit_save(block, action, activity)
    if on_hit is not None:
        weapon = evolve(weapon, save_ability=on_hit[0], save_dc=on_hit[1], save_condition=on_hit[2])
    return weapon, "; ".join(problems)


def _type(part: Part) -> str:
    return part.types[0] if part.types else ""


def _shape(name: str, numbers: AttackNumbers, activity: dict, action: dict) -> Weapon:
    """The weapon's kind: category, range, reach, finesse, light, thrown."""
    item = numbers.item
    properties = set(item.get("properties", ())) if item else set()
    first = numbers.parts[0]
    ranged = numbers.ranged
    thrown = "thrown" in properties
    short = long = 0
    if item is not None and (ranged or thrown):
        short, long = (item.get("range") or {}).get("value") or 0, (item.get("range") or {}).get("long") or 0
    elif ranged:
        short = _feet((activity.get("range") or {}).get("value"))
    reach = 5
    if not ranged:
        printed = _REACH.search(action.get("description") or "")
        if printed:
            reach = int(printed.group(1))
        elif "reach" in properties:
            reach = 10
        elif not thrown and (activity.get("range") or {}).get("units") == "ft":
            reach = _feet((activity.get("range") or {}).get("value")) or 5
    category = "natural"
    if item is not None:
        category = "martial" if str(item.get("weapon_category", "")).startswith("martial") else "simple"
    finesse = "finesse" in properties or (not ranged and numbers.ability == "dex")
    return Weapon(
        name, first.dice, _type(first), category, ranged=ranged, finesse=finesse, light="light" in properties,
        thrown=thrown, normal_range=short, long_range=long, reach=reach,
    )  # fmt: skip


def _feet(value) -> int:
    text = str(value or "")
    return int(text) if text.isdigit() else 0


def on_hit_save(block: Block, action: dict, attack: dict) -> tuple[str, int, str] | None:
    """(ability, DC, condition) of a save the hit forces whose failure adds a condition the rules
    know and deals no damage (a ghoul's Claw: DC 10 CON or Paralyzed); None for any other."""
    saves = [a for a in action.get("activities") or () if a.get("kind") == "save" and a is not attack]
    if len(saves) != 1:
        return None
    save = saves[0]
    abilities = (save.get("save") or {}).get("ability") or []
    dc = block.save_dc(save)
    if len(abilities) != 1 or not dc or (save.get("damage") or {}).get("parts"):
        return None
    failure = (action.get("description") or "").partition("Failure:")[2].partition("Success:")[0]
    found = [rule_of(name) for name in _CONDITION.findall(failure)]
    known = [c.name for c in found if c is not None]
    if len(known) != 1:
        return None
    return ABILITY[abilities[0]], dc, known[0]


def rider_text(block: Block, action: dict) -> str:
    """What the attack's description says beyond its roll and damage (`If the target is a Medium
    or smaller creature, it has the Prone condition.`); empty when nothing."""
    text = describe(block, action)
    match = _HIT.match(text)
    if match is None:
        return text
    rest = text[match.end() :].strip().lstrip(",.; ").strip().removeprefix("and ")
    aside = re.search(r"\(([^)]*)\)", match.group("between"))  # `(with Advantage if ...)`
    if aside:
        rest = f"Attack roll {aside.group(1)}. {rest}".strip()
    return rest[:1].upper() + rest[1:]
