"""Run one text line against a session: the `:` prompt, the palette and script mode share this."""

from __future__ import annotations

from combat_tui.core.records import frozen
from combat_tui.core.session import Session
from combat_tui.core.text import parse


@frozen
class LineResult:
    verb: str
    lines: tuple[str, ...] = ()
    """Travelogue lines the line added (empty for undo, which removes some)."""
    output: str = ""
    """What the line answers besides the travelogue: `show`'s summary, undo's confirmation."""
    changed: bool = False
    """True when the campaign state changed (a command, undo or redo)."""


def run_line(session: Session, line: str) -> LineResult:
    """Parse and run `line`; raises CommandRejected with a readable reason on bad input."""
    parsed = parse(line, session.state)
    if parsed.verb == "dice":
        session.dice.force(parsed.faces)
        return LineResult("dice", output="Next dice: " + " ".join(map(str, session.dice.forced)))
    if parsed.verb == "show":
        return LineResult("show", output=session.system.show(session.state, parsed.ref))
    if parsed.verb == "undo":
        entry = session.undo()
        return LineResult("undo", output=f"Undone: {entry.label}", changed=True)
    if parsed.verb == "redo":
        entry = session.redo()
        return LineResult("redo", lines=entry.lines, output=f"Redone: {entry.label}", changed=True)
    entry = session.execute(parsed.command)
    return LineResult(parsed.verb, lines=entry.lines, changed=True)
