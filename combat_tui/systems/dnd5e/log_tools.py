"""The travelogue lines of the GM's turn tools (turn_tools.py). A note's text stays off the log: a
player's seat reads the log, and a note is the GM's."""

from __future__ import annotations

from combat_tui.systems.dnd5e.events_tools import CombatantRenamed, NoteSet, TurnHeld, TurnResumed
from combat_tui.systems.dnd5e.log_text import Context, Liner


def _turn_held(event: TurnHeld, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} holds its turn."]


def _turn_resumed(event: TurnResumed, c: Context) -> list[str]:
    return [f"{c.name(event.ref)} resumes its held turn before {c.name(event.before)} (initiative {event.initiative})."]


def _renamed(event: CombatantRenamed, c: Context) -> list[str]:
    if event.cleared:
        return [f"{c.name(event.ref)} is {event.label} again."]
    return [f"{c.name(event.ref)} is called {event.label} for the rest of the fight."]


def _note_set(event: NoteSet, c: Context) -> list[str]:
    return [f"{c.name(event.ref)}'s note is {'cleared' if event.cleared else 'set'}."]


LINES: dict[type, Liner] = {
    TurnHeld: _turn_held,
    TurnResumed: _turn_resumed,
    CombatantRenamed: _renamed,
    NoteSet: _note_set,
}
