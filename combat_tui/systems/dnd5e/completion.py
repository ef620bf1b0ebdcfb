"""The words only the 5e rules know, for the `:` prompt's Tab (core/completion.py): the named
attacker's weapons, the caster's spells, conditions, damage types, abilities and skills, items."""

from __future__ import annotations

from collections.abc import Sequence

from combat_tui.systems.dnd5e import catalog
from combat_tui.systems.dnd5e.checks import SHORT, SKILLS
from combat_tui.systems.dnd5e.conditions import CONDITIONS, NO_RULE
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES
from combat_tui.systems.dnd5e.model import Campaign
from combat_tui.systems.dnd5e.verbs_world import DIRECTIONS


def choices(state: Campaign, verb: str, placeholder: str, owner: str) -> Sequence[str] | None:
    actor = state.actor(owner) if owner else None
    if placeholder == "NAME" and verb in ("hold", "resume"):  # the current combatant, the held ones
        from combat_tui.systems.dnd5e.turn_tools import hold_choices

        return hold_choices(state, verb)
    if placeholder == "WEAPON":
        return [weapon.name for weapon in actor.weapons] if actor is not None else ()
    if placeholder == "SPELL":
        if actor is not None and actor.spells:
            return actor.spells
        return catalog.spell_names()  # a caster with slots and no list casts from every spell
    if placeholder == "+CONDITION":
        names = {condition.name for condition in CONDITIONS.values()} | set(NO_RULE)
        return sorted(names)
    if placeholder == "-CONDITION":
        return [chip.name for chip in actor.chips] if actor is not None else ()
    if placeholder == "TYPE":
        return DAMAGE_TYPES
    if placeholder == "ABILITY":
        return tuple(SHORT)
    if placeholder == "SKILL":
        return tuple(SKILLS)
    if placeholder == "ACTION" and verb == "use":
        return [action.name for action in actor.actions] if actor is not None and hasattr(actor, "actions") else ()
    if placeholder == "ITEM" and verb == "unequip":
        return _worn(actor)
    if placeholder == "ITEM" and verb == "equip":
        return tuple(getattr(actor, "inventory", ()))
    if placeholder == "CREATURE" and verb == "spawn":
        return [template.name for template in state.templates]
    if placeholder == "TEMPLATE":
        return [template.name for template in state.templates]
    if placeholder == "DIR":
        return [word for word in DIRECTIONS if len(word) > 2]
    return None


def _worn(actor) -> tuple[str, ...]:
    if actor is None:
        return ()
    worn = [weapon.name for weapon in actor.weapons]
    worn += [item.name for item in (getattr(actor, "armor", None), getattr(actor, "shield", None)) if item is not None]
    return tuple(worn)
