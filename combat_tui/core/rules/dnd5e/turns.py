"""Turn order: Next turn and Previous turn, rounds, and who loses a turn.

ref: Combat screen / Death saves — a dying character keeps its place in the turn order; an
encounter creature or NPC is defeated at 0 HP. A stable or dead character loses its turns (ref: Death saves). A combatant that loses its turn keeps its place,
and Next turn steps past it without a message (ref: Conditions).
"""

from __future__ import annotations

from attrs import evolve

from ...commands import CommandRejected
from ...events import TurnReverted, TurnStarted
from ...model import Campaign, Creature, Fight
from ..system import Outcome


def can_take_turn(state: Campaign, ref: str) -> bool:
    """A defeated creature or NPC loses its turns; a character at 0 HP is dying and keeps them."""
    actor = state.actor(ref)
    if actor is None:
        return False
    if isinstance(actor, Creature):
        return actor.hp > 0
    return not actor.dead and not (actor.hp <= 0 and actor.stable)  # ref: Death saves — stable or dead lose turns


def running_fight(state: Campaign) -> Fight:
    if state.fight is None:
        raise CommandRejected("No fight is running.", "Open setup and start the fight first.")
    if state.fight.stage != "running":
        raise CommandRejected("The fight has not started yet.", "Start it from setup.")
    return state.fight


def next_turn(state: Campaign) -> Outcome:
    fight = running_fight(state)
    turn, round_ = fight.turn, fight.round
    count = len(fight.combatants)
    for _ in range(count):
        turn += 1
        if turn == count:
            turn, round_ = 0, round_ + 1
        if can_take_turn(state, fight.combatants[turn].ref):
            new = evolve(fight, turn=turn, round=round_, death_save_rolled=False)
            event = TurnStarted(new.combatants[turn].ref, round_, new_round=round_ != fight.round)
            return Outcome(evolve(state, fight=new), (event,))
    raise CommandRejected("No combatant in the fight can take a turn.", "End the fight instead.")


def prev_turn(state: Campaign) -> Outcome:
    fight = running_fight(state)
    turn, round_ = fight.turn, fight.round
    count = len(fight.combatants)
    for _ in range(count):
        turn -= 1
        if turn < 0:
            turn, round_ = count - 1, round_ - 1
        if round_ < 1:
            break
        if can_take_turn(state, fight.combatants[turn].ref):
            new = evolve(fight, turn=turn, round=round_, death_save_rolled=False)
            return Outcome(evolve(state, fight=new), (TurnReverted(new.combatants[turn].ref, round_),))
    raise CommandRejected("This is the first turn of the fight.", "There is no turn before it.")
