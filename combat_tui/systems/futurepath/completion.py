"""The words only the FuturePath rules know, for the `:` prompt's Tab (core/completion.py): the
named attacker's weapons, the declared actions, conditions, abilities, teams, traps and the damage
types the campaign's weapons deal."""

from __future__ import annotations

from collections.abc import Sequence

from combat_tui.systems.futurepath.checks import ABILITIES
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.phases import KIND_WORDS
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.systems.futurepath.tables import tables


def choices(state: Campaign, verb: str, placeholder: str, owner: str) -> Sequence[str] | None:
    fp = fp_state(state)
    actor = fp.actor(owner) if owner else None
    if placeholder == "WEAPON":
        return [weapon.name for weapon in actor.weapons] if actor is not None else ()
    if placeholder == "ACTION" and verb == "declare":
        return [*KIND_WORDS, *(rule.name for rule in tables().actions if rule.name not in KIND_WORDS)]
    if placeholder in ("+CONDITION", "CONDITION"):
        return [rule.name for rule in tables().conditions]
    if placeholder == "-CONDITION":
        return [condition.name for condition in actor.conditions] if actor is not None else ()
    if placeholder == "ABILITY":
        return tuple(ABILITIES)
    if placeholder == "TEAM":
        return [team.name for team in fp.teams]
    if placeholder == "TRAP":
        return [trap.name for trap in fp.traps]
    if placeholder == "TYPE":
        found = {weapon.damage_type for someone in fp.actors for weapon in someone.weapons}
        return sorted(kind for kind in found if kind)
    if placeholder == "SUBCOMMAND" and verb == "space":
        from combat_tui.systems.futurepath.space.verbs import USAGE

        return tuple(USAGE)
    if placeholder in ("+NAME", "-NAME", "-2NAME", "+BONUS"):
        return ()  # a situational source or a bonus the GM names: nothing to offer
    return None
