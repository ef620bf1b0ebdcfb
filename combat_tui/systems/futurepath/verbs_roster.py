"""The text forms of the roster commands: `add NAME field=value ...`, `edit NAME field=value ...`,
`remove NAME` (docs/commands.md, "Commands (futurepath)"); the ship forms under `space` use the
same pairs (`space/verbs_ships.py`).

A pair is `field=value`; quote a value with spaces (`path="Helix Warrior"`), or leave it
unquoted: words without `=` after a pair carry on its value.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import Args, Parsed, one_name, quote
from combat_tui.systems.futurepath import commands as fc

USAGE = {
    "add": "add NAME team=TEAM hp=N [field=value ...]",
    "edit": "edit NAME field=value [field=value ...]",
    "remove": "remove NAME",
}


def split_pairs(a: Args, usage: str) -> tuple[list[str], tuple[tuple[str, str], ...]]:
    """(the words before the first pair, the pairs): `weapon1.name=Laser Pistol` is one pair."""
    first = next((i for i, word in enumerate(a.words) if "=" in word), len(a.words))
    head, pairs = a.words[:first], []
    for word in a.words[first:]:
        if "=" in word:
            key, _, value = word.partition("=")
            if not key:
                raise CommandRejected(f"'{word}' has no field name before '='.", f"Usage: {usage}")
            pairs.append((key.strip().casefold(), value))
        else:
            key, value = pairs[-1]
            pairs[-1] = (key, f"{value} {word}".strip())
    a.words = []
    return head, tuple(pairs)


def pairs_text(pairs: tuple[tuple[str, str], ...]) -> str:
    return " ".join(f"{key}={_value(value)}" for key, value in pairs)


def _value(text: str) -> str:
    """A value as one word: quoted when it has spaces, quotes or a `#` (which starts a comment)."""
    if not text:
        return ""
    if "'" in text and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return shlex.quote(text)


def _add(a: Args) -> Parsed:
    head, pairs = split_pairs(a, USAGE["add"])
    if not head:
        raise CommandRejected("'add' needs the new combatant's name first.", f"Usage: {USAGE['add']}")
    return Parsed("add", fc.AddCombatant(" ".join(head), pairs))


def _edit(a: Args) -> Parsed:
    head, pairs = split_pairs(a, USAGE["edit"])
    a.words = head
    ref = a.name()
    a.none()
    if not pairs:
        raise CommandRejected("'edit' needs at least one field=value.", f"Usage: {USAGE['edit']}")
    return Parsed("edit", fc.EditCombatant(ref, pairs))


VERBS: dict[str, Callable[[Args], Parsed]] = {
    "add": _add,
    "edit": _edit,
    "remove": one_name("remove", fc.RemoveCombatant),
}


def format_command(command: object, n: Callable[[str], str]) -> str | None:
    """The text form of a roster command, or None for another command."""
    match command:
        case fc.AddCombatant(name, pairs):
            return f"add {quote(name)} {pairs_text(pairs)}".strip()
        case fc.EditCombatant(ref, pairs):
            return f"edit {n(ref)} {pairs_text(pairs)}".strip()
        case fc.RemoveCombatant(ref):
            return f"remove {n(ref)}"
    return None
