"""Legendary creatures: legendary actions per round (the swings are paid in actions.py) and
legendary resistance per day.

ref: Legendary actions — "A creature with Legendary actions per round set in the creature dialog
takes that many legendary actions each round. Its board card shows a row named Legendary action
(N left) when all of these conditions are true: the card is not the current turn, you can act for
the creature, the creature can still act, it has a legendary action left." "The creature gets
every legendary action back when its own turn starts."
ref: Legendary resistance — "When such a creature fails the save of a save spell, or its save
against Turn Undead, a dialog asks 'Use legendary resistance? N left today'. Click Succeed instead
to spend one use, or Let it fail to keep the failure. A success takes half damage from a spell that
halves on a save and no damage from any other, and no condition lands. The log records each use and
the uses left." The command carries the GM's answer: `resist` names the creatures that spend one.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.conditions import stopped_by
from combat_tui.systems.dnd5e.events import LegendaryResistanceUsed
from combat_tui.systems.dnd5e.model import Actor, Campaign, Creature


def legendary_left(state: Campaign, ref: str) -> int:
    actor = state.actor(ref)
    found = state.fight.find(ref) if state.fight else None
    if not isinstance(actor, Creature) or found is None:
        return 0
    return max(0, actor.legendary_actions - found.legendary_used)


def legendary_row(state: Campaign, ref: str) -> int:
    """How many legendary actions the card's row offers (0: no row)."""
    fight = state.fight
    current = fight.current() if fight else None
    actor = state.actor(ref)
    if current is None or current.ref == ref or actor is None or actor.hp <= 0 or stopped_by(actor):
        return 0
    return legendary_left(state, ref)


def resistance_left(actor: Actor) -> int:
    if not isinstance(actor, Creature):
        return 0
    return max(0, actor.legendary_resistance - actor.legendary_resistance_used)


def check_resist(state: Campaign, refs: tuple[str, ...], targets: tuple[str, ...]) -> None:
    for ref in refs:
        actor = state.actor(ref)
        name = actor.name if actor else ref
        if ref not in targets:
            raise CommandRejected(f"{name} is not a target, so it has no save to resist.")
        if resistance_left(actor) < 1:
            raise CommandRejected(f"{name} has no legendary resistance left today.")


def resist(state: Campaign, ref: str, resisting: tuple[str, ...], events: list) -> tuple[Campaign, bool]:
    """After a failed save: (state, True) when `ref` spends a legendary resistance to succeed."""
    actor = state.actor(ref)
    if ref not in resisting or resistance_left(actor) < 1:
        return state, False
    changed = evolve(actor, legendary_resistance_used=actor.legendary_resistance_used + 1)
    events.append(LegendaryResistanceUsed(ref, resistance_left(changed)))
    return state.with_actor(changed), True
