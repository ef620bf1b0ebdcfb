"""Armor class, armor training and the two traits of body armor (2014 PHB, chapter 5).

ref: Armor class — "A Barbarian keeps its unarmored defense while it carries a shield. A Monk loses
it, but the shield still adds its bonus. Both lose the formula when they put on body armor."
"Body armor has two more 5e traits" (a Strength requirement and stealth disadvantage).
ref: Armor proficiency — "A shield counts as its own entry in the armor list." "A creature has no
proficiency lists and never takes these penalties."
"""

from __future__ import annotations

from combat_tui.systems.dnd5e.abilities import class_level, modifier
from combat_tui.systems.dnd5e.model import Actor, Armor, Character


def _covers(character: Character, piece: Armor) -> bool:
    known = {entry.casefold() for entry in character.armor_proficiencies}
    return piece.category in known or piece.name.casefold() in known


def untrained_armor(actor: Actor) -> tuple[str, ...]:
    """The names of worn pieces that the character's armor list does not cover."""
    if not isinstance(actor, Character):
        return ()
    return tuple(p.name for p in (actor.armor, actor.shield) if p is not None and not _covers(actor, p))


def armor_class(actor: Actor) -> tuple[int, str]:
    """(AC, how it is made up), with a Shield of Faith chip's +2 counted once however many."""
    ac, how = _base_armor_class(actor)
    if any(chip.name.strip().casefold() == "shield of faith" for chip in actor.chips):
        # ref: Conditions — "two Shields of Faith add +2 AC"
        return ac + 2, f"{how} + Shield of Faith 2"
    return ac, how


def _base_armor_class(actor: Actor) -> tuple[int, str]:
    """A creature's AC is its stat block's; so is a character's that wears nothing and has no
    unarmored defense (the sheet's number covers natural armor)."""
    if not isinstance(actor, Character):
        return actor.ac, "stat block"
    dex = modifier(actor.abilities.dexterity)
    body, shield = actor.armor, actor.shield
    if body is not None:
        if body.category == "light":
            ac, how = body.base + dex, f"{body.name} {body.base} + DEX {dex}"
        elif body.category == "medium":
            ac, how = body.base + min(dex, 2), f"{body.name} {body.base} + DEX {min(dex, 2)} (max 2)"
        else:
            ac, how = body.base, f"{body.name} {body.base}"
    elif class_level(actor, "Barbarian"):
        con = modifier(actor.abilities.constitution)
        ac, how = 10 + dex + con, f"Unarmored Defense 10 + DEX {dex} + CON {con}"
    elif class_level(actor, "Monk") and shield is None:
        wis = modifier(actor.abilities.wisdom)
        ac, how = 10 + dex + wis, f"Unarmored Defense 10 + DEX {dex} + WIS {wis}"
    elif shield is None:
        return actor.ac, "sheet"
    else:
        ac, how = 10 + dex, f"10 + DEX {dex}"
    if shield is not None:
        ac, how = ac + shield.base, f"{how} + {shield.name} {shield.base}"
    return ac, how


def speed(actor: Actor) -> int:
    """Walking speed in feet before exhaustion: heavy armor without its Strength costs 10 feet."""
    body = actor.armor if isinstance(actor, Character) else None
    if body is not None and body.strength and actor.abilities.strength < body.strength:
        return max(0, actor.speed - 10)
    return actor.speed


def stealth_disadvantage(actor: Actor) -> str:
    """The armor that gives disadvantage on Stealth, or empty."""
    body = actor.armor if isinstance(actor, Character) else None
    return body.name if body is not None and body.stealth_disadvantage else ""
