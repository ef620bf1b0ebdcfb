"""The text forms of the ship commands: `space add NAME field=value ...`, `space edit SHIP
field=value ...`, `space remove SHIP` (docs/commands.md, "Space combat"); the pairs are read as
the roster's (`futurepath/verbs_roster.py`)."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import Args, quote
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.verbs_roster import pairs_text, split_pairs

USAGE = {
    "add": "space add NAME side=TEAM [size=HULL] [field=value ...]",
    "edit": "space edit SHIP field=value [field=value ...]",
    "remove": "space remove SHIP",
}


def _add(a: Args) -> object:
    head, pairs = split_pairs(a, USAGE["add"])
    if not head:
        raise CommandRejected("'space add' needs the new ship's name first.", f"Usage: {USAGE['add']}")
    return sc.AddShip(" ".join(head), pairs)


def subverbs(find: Callable[[Args, str], str]) -> dict[str, Callable[[Args], object]]:
    """The handlers, given the space verbs' ship finder (`find(a, sub)` takes the ship's words)."""

    def edit(a: Args) -> object:
        head, pairs = split_pairs(a, USAGE["edit"])
        a.words = head
        ref = find(a, "edit")
        if a.words:
            raise CommandRejected(f"'space edit' does not understand '{' '.join(a.words)}'.", f"Usage: {USAGE['edit']}")
        if not pairs:
            raise CommandRejected("'space edit' needs at least one field=value.", f"Usage: {USAGE['edit']}")
        return sc.EditShip(ref, pairs)

    def remove(a: Args) -> object:
        ref = find(a, "remove")
        if a.words:
            raise CommandRejected(f"'space remove' does not understand '{' '.join(a.words)}'.", f"Usage: {USAGE['remove']}")
        return sc.RemoveShip(ref)

    return {"add": _add, "edit": edit, "remove": remove}


def format_command(command: object, n: Callable[[str], str]) -> str | None:
    """The text form of a ship command, or None for another command."""
    match command:
        case sc.AddShip(name, pairs):
            return f"space add {quote(name)} {pairs_text(pairs)}".strip()
        case sc.EditShip(ref, pairs):
            return f"space edit {n(ref)} {pairs_text(pairs)}".strip()
        case sc.RemoveShip(ref):
            return f"space remove {n(ref)}"
    return None
