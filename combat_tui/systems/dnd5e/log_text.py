"""What every travelogue module of 5e shares: the context of a command's lines and the pieces
many lines are made of (a list of names, a d20 with its notes, a signed bonus)."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.systems.dnd5e import advantage
from combat_tui.systems.dnd5e.model import Campaign


class Context:
    """One command's events are told against the state before and after it, with the labels the
    GM saw (`names`: ref -> label)."""

    def __init__(self, before: Campaign, after: Campaign, names: dict[str, str]) -> None:
        self.before, self.after, self.names = before, after, names

    def name(self, ref: str) -> str:
        return self.names.get(ref, ref)


Liner = Callable[[object, Context], list[str]]
"""Turns one event into its log lines; each log module has a table, event class -> liner."""


def join_names(names: list[str]) -> str:
    """`Aldric`, `Aldric and Mirelle`, `Aldric, Mirelle and Goblin 2`."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def d20_text(d20s: tuple[int, ...], kept: int, mode: str, slants: tuple, origin: str) -> str:
    """`d20 5 (at disadvantage (dropped 15), Poisoned disadvantage, long range disadvantage)`."""
    notes = []
    if mode:
        kind = "advantage" if mode == "adv" else "disadvantage"
        dropped = [face for face in d20s if face != kept] or [kept]
        notes.append(f"at {kind} (dropped {dropped[0]})")
    why = advantage.describe(advantage.Resolved(mode, slants, origin))  # type: ignore[arg-type]
    if why:
        notes.append(why)
    return f"d20 {kept}" + (f" ({', '.join(notes)})" if notes else "")


def signed(bonus: int) -> str:
    """`+ 3`, `- 1`: a bonus as the sum in a log line shows it."""
    return f"{'-' if bonus < 0 else '+'} {abs(bonus)}"
