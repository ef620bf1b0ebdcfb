"""Subclass features that change a spell's numbers (2014 PHB; the SRD 5.1 subclasses): the Life
Domain cleric's healing and the School of Evocation wizard's evocations.

Each is a pure function the cast rules call at the one point it changes; what the app does not
resolve (Overchannel's self-damage, Elemental Affinity without an ancestry on the sheet) is left to
the GM.
"""

from __future__ import annotations

from combat_tui.core.dice import DiceExpr
from combat_tui.systems.dnd5e.abilities import class_level, modifier
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.model import Actor

LIFE = ("Cleric", "Life Domain")
EVOCATION = ("Wizard", "School of Evocation")


def _life(caster: Actor) -> int:
    return class_level(caster, *LIFE)


def _evoker(caster: Actor) -> int:
    return class_level(caster, *EVOCATION)


def is_evocation(spell: Spell) -> bool:
    return spell.school.casefold() == "evocation"


def disciple_of_life(caster: Actor, slot: int) -> int:
    """Life Domain 1, Disciple of Life: a healing spell of 1st level or higher restores an extra
    2 + the spell's level (the slot it is cast with) hit points."""
    return 2 + slot if slot >= 1 and _life(caster) >= 1 else 0


def blessed_healer(caster: Actor, slot: int, healed: tuple[str, ...]) -> int:
    """Life Domain 6, Blessed Healer: a spell of 1st level or higher that restores hit points to a
    creature other than the caster heals the caster 2 + the spell's level too."""
    others = any(ref != caster.id for ref in healed)
    return 2 + slot if slot >= 1 and others and _life(caster) >= 6 else 0


def supreme_healing(caster: Actor) -> bool:
    """Life Domain 17, Supreme Healing: a spell's healing dice count their highest face."""
    return _life(caster) >= 17


def highest(expr: DiceExpr) -> int:
    return expr.count * expr.sides + expr.modifier


def sculpt_limit(caster: Actor, spell: Spell, slot: int) -> int:
    """Evocation 2, Sculpt Spells: an evocation spell lets the caster choose 1 + the spell's level
    creatures (0 when the caster cannot sculpt this spell)."""
    return 1 + max(slot, spell.level) if _evoker(caster) >= 2 and is_evocation(spell) else 0


def potent_cantrip(caster: Actor, spell: Spell) -> bool:
    """Evocation 6, Potent Cantrip: a creature that succeeds on the save against the caster's
    cantrip takes half its damage (and no other effect)."""
    return spell.level == 0 and _evoker(caster) >= 6


def empowered_evocation(caster: Actor, spell: Spell) -> int:
    """Evocation 10, Empowered Evocation: the Intelligence modifier added to one damage roll of a
    wizard evocation spell."""
    if _evoker(caster) < 10 or not is_evocation(spell):
        return 0
    return modifier(caster.abilities.intelligence)
