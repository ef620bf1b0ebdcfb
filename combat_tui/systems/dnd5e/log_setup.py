"""The travelogue lines of combat setup, its Stealth contest, joining a fight and the turn order."""

from __future__ import annotations

from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.log_text import Context, Liner, d20_text, join_names
from combat_tui.systems.dnd5e.model import Character
from combat_tui.systems.dnd5e.stealth import Contest, outcome_line


def _setup_opened(event: ev.SetupOpened, c: Context) -> list[str]:
    party = join_names([c.name(r) for r in event.party]) or "no one"
    return [f"Combat setup: {party} against {join_names([c.name(r) for r in event.foes])}."]


def _initiative_rolled(event: ev.InitiativeRolled, c: Context) -> list[str]:
    rolled = ", ".join(f"{c.name(r.ref)} {r.value}{_initiative_note(r)}" for r in event.rolls)
    return [f"Initiative rolled: {rolled}"]


def _initiative_note(roll: ev.InitiativeRoll) -> str:
    """ref: Initiative — "Mirelle 6 (at disadvantage (dropped 15), Poisoned disadvantage)" """
    note = d20_text(roll.d20s or (roll.d20,), roll.d20, roll.mode, roll.slants, roll.origin)
    return note[len(f"d20 {roll.d20}") :]


def _setup_cancelled(event: ev.SetupCancelled, c: Context) -> list[str]:
    return ["Combat setup closed without a fight."]


def _surprise_set(event: ev.SurpriseSet, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} will be surprised." if event.surprised else f"{c.name(event.ref)} is no longer marked surprised."]


def _surprised(event: ev.Surprised, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} is surprised."]


def _parleyed(event: ev.Parleyed, c: Context) -> list[str]:
    foes = join_names([c.name(r) for r in event.foes])
    return [f"The party parleys with {foes} and settles the encounter without a fight; they stand down and turn neutral."]


def _initiative_set(event: ev.InitiativeSet, c: Context) -> list[str]:
    return [f"Initiative of {c.name(event.ref)} set to {event.new} (was {event.old})."]


def _fight_started(event: ev.FightStarted, c: Context) -> list[str]:
    fight = c.after.fight
    order = ", ".join(f"{c.name(x.ref)} {x.initiative}" for x in fight.combatants)
    return [f"The fight begins. Order: {order}."]


def _turn_started(event: ev.TurnStarted, c: Context) -> list[str]:
    name = c.name(event.ref)
    text = f"Round {event.round}: {name}'s turn." if event.new_round else f"{name}'s turn."
    actor = c.after.actor(event.ref)
    if isinstance(actor, Character) and actor.dying:
        return [text, f"{name} is dying. Roll a death save."]
    return [text]


def _turn_reverted(event: ev.TurnReverted, c: Context) -> list[str]:
    return [f"Back to {c.name(event.ref)}'s turn (round {event.round})."]


def _sneakers_set(event: ev.SneakersSet, c: Context) -> list[str]:
    words = {"none": "No one sneaks.", "party": "The party sneaks.", "foes": "The foes sneak.",
             "both": "Both sides sneak."}  # fmt: skip
    return [f"Stealth contest: {words[event.new][0].lower()}{words[event.new][1:]}"]


def _stealth_set(event: ev.StealthSet, c: Context) -> list[str]:
    if event.new is None:
        return [f"Stealth total of {c.name(event.ref)} cleared."]
    return [f"Stealth total of {c.name(event.ref)} set to {event.new}."]


def _stealth_outcome(event: ev.StealthOutcome, c: Context) -> list[str]:
    return [outcome_line(Contest(event.side, event.totals, event.surprised, ()), c.names)]


def _fight_joined(event: ev.FightJoined, c: Context) -> list[str]:
    names = join_names([c.name(r) for r in event.refs])
    verb = "joins" if len(event.refs) == 1 else "join"
    return [f"{names} {verb} the fight."]


def _join_undone(event: ev.JoinUndone, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} no longer joins the fight."]


LINES: dict[type, Liner] = {
    ev.SetupOpened: _setup_opened,
    ev.InitiativeRolled: _initiative_rolled,
    ev.SetupCancelled: _setup_cancelled,
    ev.SurpriseSet: _surprise_set,
    ev.Surprised: _surprised,
    ev.Parleyed: _parleyed,
    ev.InitiativeSet: _initiative_set,
    ev.FightStarted: _fight_started,
    ev.TurnStarted: _turn_started,
    ev.TurnReverted: _turn_reverted,
    ev.SneakersSet: _sneakers_set,
    ev.StealthSet: _stealth_set,
    ev.StealthOutcome: _stealth_outcome,
    ev.FightJoined: _fight_joined,
    ev.JoinUndone: _join_undone,
}
