"""The travelogue lines of 5e events, in the words the reference quotes: a table, event class ->
the function that tells it.

Each rule area tells its events in a module beside this one (`log_setup.py`, `log_fight.py`,
`log_chips.py`, `log_spells.py`, `log_turn.py`, `log_ending.py`, `log_world.py`), with the pieces
they share in `log_text.py`; a new event is one entry in its area's `LINES`.
"""

from __future__ import annotations

from combat_tui.systems.dnd5e import (
    log_build,
    log_chips,
    log_ending,
    log_fight,
    log_setup,
    log_spells,
    log_tools,
    log_turn,
    log_world,
)
from combat_tui.systems.dnd5e.log_text import Context, Liner
from combat_tui.systems.dnd5e.model import Campaign

LINES: dict[type, Liner] = {
    **log_setup.LINES,
    **log_fight.LINES,
    **log_chips.LINES,
    **log_spells.LINES,
    **log_turn.LINES,
    **log_ending.LINES,
    **log_world.LINES,
    **log_build.LINES,
    **log_tools.LINES,
}


def describe(events: tuple, before: Campaign, after: Campaign, names: dict[str, str]) -> tuple[str, ...]:
    context = Context(before, after, names)
    lines: list[str] = []
    for event in events:
        lines.extend(line(event, context))
    return tuple(lines)


def line(event: object, context: Context) -> list[str]:
    """The log lines of one event; an event the table does not name has none."""
    liner = LINES.get(type(event))
    return liner(event, context) if liner is not None else []


__all__ = ["LINES", "describe", "line"]
