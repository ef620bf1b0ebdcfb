"""What the cast dialog offers and where its settings start (ref: Cast dialog).

The caster's spells (resolved through the catalog: the SRD's and the app's own) and, for a
creature, its save actions (ref: Creature actions — "each action shows in the spell list of the
creature, beside its spells"); the combatants the target cursor walks, the slot levels `l`
cycles, the targets a newly chosen spell starts on, and how many a cast takes. Pure functions of
the state the dialog passes in: the dialog keeps the settings, these say what they may be.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from combat_tui.screens.dnd5e.roll_dialog import OUT
from combat_tui.systems.dnd5e.catalog import spell_names, spell_of
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.model import Actor, Campaign, Creature, CreatureAction, Fight
from combat_tui.systems.dnd5e.recharge import ready_actions
from combat_tui.systems.dnd5e.spell_text import target_limit
from combat_tui.systems.dnd5e.spells import dart_count
from combat_tui.systems.dnd5e.view import actor_status

HARMFUL = ("attack", "save", "missiles", "sleep", "rays", "damage")
"""Spell kinds aimed at foes: they start on the first foe, and a defeated creature is no target."""
ROLLED = ("attack", "save", "rays")
"""Spell kinds with a d20 that the Roll mode slants."""
DARTS = ("missiles", "rays")
"""Spell kinds whose every dart or ray names its own target (`on A, A, B`)."""


def spell_list(caster: Actor | None, state: Campaign | None = None) -> list[Spell]:
    """The caster's spells in its order, resolved as the cast resolves them (the campaign's
    custom spells first, then the catalog), the names neither knows left out; a caster with no
    list may cast any of them (by level, then name). A creature's ready save actions come first,
    as spell-like records (`action_spell`)."""
    if caster is None:
        return []
    actions = [action_spell(action) for action in ready_actions(caster)] if isinstance(caster, Creature) else []
    if not caster.spells:
        names = dict.fromkeys([s.name for s in state.custom_spells] if state is not None else [])
        names.update(dict.fromkeys(spell_names()))
        spells = [spell for name in names if (spell := spell_of(state, name)) is not None]
        return actions + sorted(spells, key=lambda s: (s.level, s.name.casefold()))
    return actions + [spell for name in caster.spells if (spell := spell_of(state, name)) is not None]


def unknown_spells(caster: Actor | None, state: Campaign | None = None) -> list[str]:
    """The names on the caster's list that the cast would not find (a typo, a homebrew spell
    the campaign has no form for)."""
    return [name for name in caster.spells if spell_of(state, name) is None] if caster is not None else []


def action_spell(action: CreatureAction) -> Spell:
    """A creature's save action as the spell-like record the dialog shows: a save for half (or
    none) of its damage, on any number of targets, for the Action and no slot."""
    return Spell(action.name, 0, "save", action.damage, action.damage_type, save=action.save,
                 half_on_save=action.half, max_targets=0, casting="action")  # fmt: skip


def find_action(caster: Actor | None, name: str) -> CreatureAction | None:
    """The creature's ready save action called `name`, or None (a spell, or a character)."""
    if not isinstance(caster, Creature):
        return None
    wanted = name.casefold()
    return next((a for a in ready_actions(caster) if a.name.casefold() == wanted), None)


def spell_named(spells: Sequence[Spell], name: str) -> str:
    """The caster's spell of that name, matched case-insensitively; else its first spell."""
    names = [s.name.casefold() for s in spells]
    if name.casefold() not in names:
        return spells[0].name if spells else ""
    return spells[names.index(name.casefold())].name


def level_groups(spells: Sequence[Spell], actions: Sequence[str] = ()) -> list[tuple[str, list[str]]]:
    """The caster's spells by level for the spell picker: `Actions`, `Cantrips`, `Level 1` ..."""
    groups: dict[str, list[str]] = {"Actions": list(actions)} if actions else {}
    for spell in sorted((s for s in spells if s.name not in actions), key=lambda s: s.level):
        groups.setdefault("Cantrips" if spell.level == 0 else f"Level {spell.level}", []).append(spell.name)
    return list(groups.items())


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


def most_targets(spell: Spell, slot: int, caster: Actor | None) -> int:
    """How many entries the target list may hold at `slot`: one per dart or ray, the spell's
    limit at that slot (Hold Person: one more a slot level), 0 for any number (an area)."""
    if spell.kind in DARTS:
        return dart_count(spell, slot, caster) if caster is not None else 0
    return target_limit(spell, slot)


def darts_on(targets: Sequence[str], count: int) -> dict[str, int]:
    """How many of `count` darts (or rays) land on each target: each entry is one, and the ones
    not named go round the list in order, as the rules send them (`on A, B` with three: A, B, A)."""
    landed: dict[str, int] = {}
    for index in range(count if targets else 0):
        ref = targets[index % len(targets)]
        landed[ref] = landed.get(ref, 0) + 1
    return landed


def usable(actors: Mapping[str, Actor], ref: str) -> bool:
    """Whether the combatant is still in the fight (not defeated or dead)."""
    actor = actors.get(ref)
    return actor is not None and actor_status(actor) not in OUT


def default_targets(spell: Spell, inspected: str | None, order: Sequence[str], foes: set[str],
                    actors: Mapping[str, Actor], caster: str) -> list[str]:  # fmt: skip
    """The inspected card; else the first foe standing for a harmful spell, the first dying
    combatant for Spare the Dying, the first dead of the caster's side for a raise, none for a
    spell the GM applies by hand, and the caster for a heal or a chip."""
    if inspected is not None and inspected in order:
        return [inspected]
    if spell.kind in HARMFUL:
        return next(([ref] for ref in order if ref in foes and usable(actors, ref)), [])
    if spell.kind == "stabilize":
        return next(([ref] for ref in order if actor_status(actors[ref]) == "dying"), [caster])
    if spell.kind == "raise":
        ours = [ref for ref in order if ref not in foes]
        return next(([ref] for ref in ours if actor_status(actors[ref]) in OUT), [])
    if spell.kind == "utility":
        return []
    return [caster] if caster in order else []


def all_standing(order: Sequence[str], foes: set[str], actors: Mapping[str, Actor], harmful: bool) -> list[str]:
    """Every combatant still standing on the spell's side of the fight: the foes for a harmful
    spell, the caster's side for a helpful one (`a` ticks them, and only them)."""
    return [ref for ref in order if (ref in foes) == harmful and usable(actors, ref)]
