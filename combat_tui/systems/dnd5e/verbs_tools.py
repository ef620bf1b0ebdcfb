"""The text forms of the GM's turn tools (turn_tools.py): `hold`, `resume`, `rename`, `note`,
and how each is written back."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import Args, Parsed, one_name
from combat_tui.systems.dnd5e.commands_tools import HoldTurn, RenameCombatant, ResumeTurn, SetNote

_PLAIN = re.compile(r"[\w@%+=:,./-]+")


def _rename(a: Args) -> Parsed:
    if len(a.words) < 2:
        raise CommandRejected("'rename' needs a name, then the new name.", f"Usage: {TOOL_USAGE['rename']}")
    ref = a.name(leave=1)
    return Parsed("rename", RenameCombatant(ref, " ".join(a.words)))


def _note(a: Args) -> Parsed:
    ref = a.name()
    return Parsed("note", SetNote(ref, " ".join(a.words)))


def text_word(text: str) -> str:
    """`text` as one word of a line, read back as it is (quotes, `#`, spaces and all)."""
    if _PLAIN.fullmatch(text):
        return text
    if '"' not in text and "\\" not in text:
        return f'"{text}"'  # reads better than shlex's '...'"'"'...'
    return shlex.quote(text)


def format_tools(command: object, n: Callable[[str], str]) -> str:
    match command:
        case HoldTurn(ref) | ResumeTurn(ref):
            return f"{command.kind} {n(ref)}"
        case RenameCombatant(ref, name):
            return f"rename {n(ref)} {text_word(name)}"
        case SetNote(ref, text):
            return f"note {n(ref)} {text_word(text)}" if text else f"note {n(ref)}"
    return ""


TOOL_VERBS: dict[str, Callable[[Args], Parsed]] = {
    "hold": one_name("hold", HoldTurn),
    "resume": one_name("resume", ResumeTurn),
    "rename": _rename,
    "note": _note,
}
TOOL_USAGE = {
    "hold": "hold NAME",
    "resume": "resume NAME",
    "rename": "rename NAME NEW",
    "note": "note NAME [TEXT]",
}
