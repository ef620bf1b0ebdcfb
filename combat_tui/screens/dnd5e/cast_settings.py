"""What the cast dialog offers and where its settings start (ref: Cast dialog).

The caster's spells, the combatants the target cursor walks, the slot levels `l` cycles, and the
targets a newly chosen spell starts on. Pure functions of the state the dialog passes in: the
dialog keeps the settings, these say what they may be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from combat_tui.screens.dnd5e.roll_dialog import OUT
from combat_tui.systems.dnd5e.data.spells import SPELLS, Spell, find_spell
from combat_tui.systems.dnd5e.model import Actor, Fight
from combat_tui.systems.dnd5e.view import actor_status

HARMFUL = ("attack", "save", "missiles", "sleep")
"""Spell kinds aimed at foes: they start on the first foe, and a defeated creature is no target."""
ROLLED = ("attack", "save")
"""Spell kinds with a d20 that the Roll mode slants."""


def spell_list(caster: Actor | None) -> list[Spell]:
    """The caster's spells in its order; a caster with no list may cast any spell of the app."""
    if caster is None:
        return []
    if not caster.spells:
        return sorted(SPELLS.values(), key=lambda s: (s.level, s.name))
    return [spell for name in caster.spells if (spell := find_spell(name)) is not None]


def spell_named(spells: Sequence[Spell], name: str) -> str:
    """The caster's spell of that name, matched case-insensitively; else its first spell."""
    names = [s.name.casefold() for s in spells]
    if name.casefold() not in names:
        return spells[0].name if spells else ""
    return spells[names.index(name.casefold())].name


def target_order(fight: Fight, caster: str) -> tuple[list[str], set[str]]:
    """(the combatants the cursor walks: the caster's foes first, then its side, in turn order;
    the foes)."""
    mine = fight.find(caster)
    side = mine.side if mine is not None else "party"
    theirs = [c.ref for c in fight.combatants if c.side != side]
    ours = [c.ref for c in fight.combatants if c.side == side]
    return theirs + ours, set(theirs)


def slot_levels(spell: Spell | None, caster: Actor | None) -> list[int]:
    """The levels `l` cycles: those with a slot left at or above the spell's; none for a
    cantrip; every level from the spell's up when the caster's slots are not tracked."""
    if spell is None or caster is None or spell.level == 0:
        return []
    if not caster.slots:
        return list(range(spell.level, 10))
    return [level for level in range(spell.level, len(caster.slots) + 1) if caster.slots[level - 1] > 0]


def slot_to_spend(spell: Spell | None, levels: Sequence[int], chosen: int) -> int:
    """The slot level the cast will spend: the `chosen` one, else the lowest left."""
    if spell is None or spell.level == 0:
        return 0
    if chosen in levels:
        return chosen
    return levels[0] if levels else spell.level


def usable(actors: Mapping[str, Actor], ref: str) -> bool:
    """Whether the combatant is still in the fight (not defeated or dead)."""
    actor = actors.get(ref)
    return actor is not None and actor_status(actor) not in OUT


def default_targets(spell: Spell, inspected: str | None, order: Sequence[str], foes: set[str],
                    actors: Mapping[str, Actor], caster: str) -> list[str]:  # fmt: skip
    """The inspected card; else the first foe standing for a harmful spell, the first dying
    combatant for Spare the Dying, the first dead of the caster's side for a raise, and the
    caster for a heal or a chip."""
    if inspected is not None and inspected in order:
        return [inspected]
    if spell.kind in HARMFUL:
        return next(([ref] for ref in order if ref in foes and usable(actors, ref)), [])
    if spell.kind == "stabilize":
        return next(([ref] for ref in order if actor_status(actors[ref]) == "dying"), [caster])
    if spell.kind == "raise":
        ours = [ref for ref in order if ref not in foes]
        return next(([ref] for ref in ours if actor_status(actors[ref]) in OUT), [])
    return [caster] if caster in order else []
