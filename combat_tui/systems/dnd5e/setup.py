"""Combat setup: the default lists, initiative values, Start.

ref: Combat setup — "It lists the characters with the party and any split-off character within one
tile of the party, the live hostile creatures on the tile of the party and on the eight tiles
around it, and any friendly or neutral creature on the tile of the party. Hostile creatures line
up as foes, and friendly and neutral creatures line up with the party. Only a hostile creature
starts an encounter."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.campaign_view import default_lists  # noqa: F401  (the world and the tests read it here)
from combat_tui.systems.dnd5e.conditions import add_chip
from combat_tui.systems.dnd5e.events import (
    FightStarted,
    InitiativeRolled,
    InitiativeSet,
    Parleyed,
    SetupCancelled,
    SetupOpened,
    StealthOutcome,
    Surprised,
    SurpriseSet,
    TurnStarted,
)
from combat_tui.systems.dnd5e.initiative import initiative_modifier, roll_initiative, sort_order, with_combatants
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.model import Campaign, Chip, Combatant, Creature, Fight
from combat_tui.systems.dnd5e.stealth import contests
from combat_tui.systems.dnd5e.turns import can_take_turn


def open_setup(state: Campaign, dice: Dice) -> Outcome:
    if state.fight is not None:
        stage = "Setup is already open." if state.fight.stage == "setup" else "A fight is already running."
        raise CommandRejected(stage)
    party, foes = default_lists(state)
    if not foes:
        raise CommandRejected(
            "No hostile creature is on or next to the party's tile, so there is no fight to set up.",
            "Only a hostile creature starts an encounter.",
        )
    shown = labels(state)  # ref: Combat setup — the setup dialog numbers the foes as the Active tab did
    rolls, combatants = [], []
    for side, refs in (("party", party), ("foes", foes)):
        for ref in refs:
            actor = state.actor(ref)
            roll = roll_initiative(actor, dice, state.d20_mode)
            rolls.append(roll)
            numbered = isinstance(actor, Creature) and shown[ref] != actor.name
            combatants.append(Combatant(ref, side, roll.value, initiative_modifier(actor), numbered=numbered))
    fight = Fight(stage="setup", combatants=tuple(combatants))
    events = (SetupOpened(party, foes), InitiativeRolled(tuple(rolls)))
    return Outcome(evolve(state, fight=fight), events)


def cancel_setup(state: Campaign) -> Outcome:
    if state.fight is None or state.fight.stage != "setup":
        raise CommandRejected("Setup is not open.")
    return Outcome(evolve(state, fight=None), (SetupCancelled(),))


def set_surprised(state: Campaign, ref: str, surprised: bool) -> Outcome:
    """ref: Surprise — "you tick Surprised on each row by hand before you press Start combat." """
    fight = state.fight
    if fight is None or fight.stage != "setup":
        raise CommandRejected("Surprise is decided in setup, before Start.", "Open setup first.")
    combatant = fight.find(ref)
    if combatant is None:
        raise CommandRejected(f"{_name(state, ref)} is not in this fight.")
    if combatant.surprised == surprised:
        raise CommandRejected(f"{_name(state, ref)} is {'already' if surprised else 'not'} marked surprised.")
    changed = tuple(evolve(c, surprised=surprised) if c.ref == ref else c for c in fight.combatants)
    return Outcome(evolve(state, fight=evolve(fight, combatants=changed)), (SurpriseSet(ref, surprised),))


def parley(state: Campaign) -> Outcome:
    """ref: Parley — "Parley in the setup dialog records that the party settled the encounter
    without a fight. It closes the dialog, starts no fight, and writes a note to the travelogue
    that names the foes. The foes stay on their tiles, but they stand down and become neutral,
    so the Encounter! dialog does not open again ... Undo makes them hostile again." """
    if state.fight is None or state.fight.stage != "setup":
        raise CommandRejected("Parley settles an encounter from setup.", "Open setup first.")
    foes = tuple(c.ref for c in state.fight.combatants if c.side == "foes")
    for ref in foes:
        creature = state.actor(ref)
        if isinstance(creature, Creature) and creature.disposition == "hostile":
            state = state.with_actor(evolve(creature, disposition="neutral"))
    return Outcome(evolve(state, fight=None), (Parleyed(foes),))


def set_initiative(state: Campaign, ref: str, value: int) -> Outcome:
    fight = state.fight
    if fight is None:
        raise CommandRejected("There is no fight or setup to set initiative in.", "Open setup first.")
    combatant = fight.find(ref)
    if combatant is None:
        raise CommandRejected(f"{_name(state, ref)} is not in this fight.")
    if not -50 <= value <= 100:
        raise CommandRejected(f"Initiative {value} is out of range.", "Give a value from -50 to 100.")
    changed = tuple(evolve(c, initiative=value) if c.ref == ref else c for c in fight.combatants)
    fight = with_combatants(state, fight, changed)
    event = InitiativeSet(ref, combatant.initiative, value)
    return Outcome(evolve(state, fight=fight), (event,))


def start_fight(state: Campaign, dice: Dice) -> Outcome:
    events: tuple = ()
    if state.fight is None:
        opened = open_setup(state, dice)
        state, events = opened.state, opened.events
    fight = state.fight
    if fight.stage == "running":
        raise CommandRejected("The fight is already running.")
    # ref: Stealth contest — "When you press Start combat, the travelogue records each outcome line"
    outcomes = tuple(StealthOutcome(c.side, c.totals, c.surprised) for c in contests(state))
    order = sort_order(state, fight.combatants)
    # A creature felled while setup was open keeps its place but loses its turns, the first too.
    turn = next((i for i, c in enumerate(order) if can_take_turn(state, c.ref)), None)
    if turn is None:
        raise CommandRejected("No combatant in the fight can take a turn.", "Close setup instead.")
    fight = Fight(stage="running", combatants=order, turn=turn, round=1)
    first = order[turn].ref
    events += (*outcomes, FightStarted(tuple(c.ref for c in order)))
    for combatant in order:
        if combatant.surprised:  # ref: Surprise — "A surprised combatant wears a Surprised chip"
            actor, _ = add_chip(state.actor(combatant.ref), Chip("Surprised"))
            state = state.with_actor(actor)
            events += (Surprised(combatant.ref),)
    events += (TurnStarted(first, 1, new_round=True),)
    return Outcome(evolve(state, fight=fight), events)


def _name(state: Campaign, ref: str) -> str:
    actor = state.actor(ref)
    return actor.name if actor else ref
