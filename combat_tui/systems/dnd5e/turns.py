"""Turn order: Next turn and Previous turn, rounds, and who loses a turn.

ref: Combat screen / Death saves — a dying character keeps its place in the turn order; an
encounter creature or NPC is defeated at 0 HP. A stable or dead character loses its turns (ref: Death saves). A combatant that loses its turn keeps its place,
and Next turn steps past it without a message (ref: Conditions).
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.conditions import count_down, end_turn_chips, stopped_by
from combat_tui.systems.dnd5e.events import ChipsEnded, TurnReverted, TurnStarted
from combat_tui.systems.dnd5e.model import Campaign, Creature, Fight


def can_take_turn(state: Campaign, ref: str) -> bool:
    """A defeated creature or NPC loses its turns; a character at 0 HP is dying and keeps them
    (for its death saves); a combatant that a condition incapacitates loses them."""
    actor = state.actor(ref)
    if actor is None:
        return False
    if isinstance(actor, Creature):
        return actor.hp > 0 and not stopped_by(actor)
    if actor.dead or (actor.hp <= 0 and actor.stable):  # ref: Death saves — stable or dead lose turns
        return False
    return actor.hp <= 0 or not stopped_by(actor)  # ref: Conditions — loses its turn, keeps its place


def running_fight(state: Campaign) -> Fight:
    if state.fight is None:
        raise CommandRejected("No fight is running.", "Open setup and start the fight first.")
    if state.fight.stage != "running":
        raise CommandRejected("The fight has not started yet.", "Start it from setup.")
    return state.fight


def next_turn(state: Campaign, dice: Dice | None = None) -> Outcome:
    """Step to the next combatant that can act; timed chips count down as each round starts, and
    a chip that lasts until someone's next turn ends as that turn starts, taken or stepped past.
    Each turn that ends (the current one, and each stepped past) lands its chips' damage and
    repeated saves (turn_end.py)."""
    from combat_tui.systems.dnd5e.economy import sneak_reset, turn_reset
    from combat_tui.systems.dnd5e.recharge import roll_recharges
    from combat_tui.systems.dnd5e.turn_end import end_turn
    from combat_tui.systems.dnd5e.turn_tools import goes_on

    def start_of_turn(state: Campaign, ref: str, taken: bool, dice: Dice, events: list) -> Campaign:
        # ref: Action, bonus action, and reaction — the turn's pips come back; ref: Creature actions — recharge
        state = sneak_reset(turn_reset(state, ref, taken))
        return roll_recharges(state, ref, dice, events) if taken else state

    dice = dice or Dice()
    fight = running_fight(state)
    turn, round_ = fight.turn, fight.round
    count = len(fight.combatants)
    events: list = []
    if not fight.combatants[turn].held:  # a held turn is set aside, not ended (turn_tools.py)
        state = end_turn(state, fight.combatants[turn].ref, dice, events)
    for _ in range(count * 2):
        turn += 1
        if turn == count:
            turn, round_ = 0, round_ + 1
            state = _count_down(state, events)  # ref: Conditions — "count down at the start of each round"
        if fight.combatants[turn].held:
            continue  # its turn waits until it resumes (turn_tools.py)
        ref = fight.combatants[turn].ref
        state, begun = goes_on(state, ref)  # a turn a resumed combatant cut into goes on
        if not begun:
            state = _turn_boundary(state, ref, events)
            state = start_of_turn(state, ref, can_take_turn(state, ref), dice, events)
        if can_take_turn(state, ref):
            new = evolve(state.fight, turn=turn, round=round_, death_save_rolled=False)  # the pips reset above
            events.append(TurnStarted(ref, round_, new_round=round_ != fight.round))
            return Outcome(evolve(state, fight=new), tuple(events))
        state = end_turn(state, ref, dice, events)  # stepped past: its turn still ends
    raise CommandRejected("No combatant in the fight can take a turn.", "End the fight instead.")


def _count_down(state: Campaign, events: list) -> Campaign:
    for combatant in state.fight.combatants:
        actor = state.actor(combatant.ref)
        if actor is None or not actor.chips:
            continue
        changed, ended = count_down(actor)
        if changed is not actor:
            state = state.with_actor(changed)
        if ended:
            events.append(ChipsEnded(actor.id, ended, "rounds"))
    return state


def _turn_boundary(state: Campaign, turn_of: str, events: list) -> Campaign:
    with_chips = {a.id for group in (state.characters, state.creatures) for a in group if a.chips}
    for combatant in state.fight.combatants:  # in turn order, the order of the log lines
        if combatant.ref not in with_chips:
            continue  # most combatants: no lookup at all
        actor = state.actor(combatant.ref)
        changed, ended = end_turn_chips(actor, turn_of)
        if ended:
            state = state.with_actor(changed)
            events.append(ChipsEnded(actor.id, ended, "turn"))
    return state


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
        if not fight.combatants[turn].held and can_take_turn(state, fight.combatants[turn].ref):
            new = evolve(fight, turn=turn, round=round_, death_save_rolled=False)
            return Outcome(evolve(state, fight=new), (TurnReverted(new.combatants[turn].ref, round_),))
    raise CommandRejected("This is the first turn of the fight.", "There is no turn before it.")
