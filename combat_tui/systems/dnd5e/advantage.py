"""Advantage and disadvantage: where each comes from, and how they combine.

ref: Advantage and disadvantage — "Advantage and disadvantage from any number of sources combine by
the 5e rule. If both are present, the roll is normal. Otherwise, the one kind that is present
applies." "The log names every chip that affected the roll, including the ones that cancelled."
"A roll that no chip affects uses the d20 mode of the dice tray."
ref: Attack rolls — "A Roll value other than Auto still overrides it."
"""

from __future__ import annotations

from typing import Literal

from combat_tui.core.records import frozen

Mode = Literal["", "adv", "dis"]
"""The d20 roll: normal (one die), advantage or disadvantage (two dice)."""
CHOICES = ("", "adv", "dis", "normal")
"""A roll mode the GM picks: Auto (empty), Advantage, Disadvantage, Normal."""


@frozen
class Slant:
    """One source of advantage or disadvantage, named as the log names it."""

    kind: Literal["adv", "dis"]
    reason: str
    """`Poisoned`, `long range`, `Exhaustion 3`, `Prone target` ..."""

    def __str__(self) -> str:
        return f"{self.reason} {'advantage' if self.kind == 'adv' else 'disadvantage'}"


@frozen
class Resolved:
    mode: Mode
    slants: tuple[Slant, ...]
    """Every source that applied, the cancelled ones too."""
    origin: Literal["auto", "chosen", "tray", "cancel"]
    """auto: the sources decided; chosen: the GM's roll mode overrode them; tray: no source,
    the dice tray's mode; cancel: advantage and disadvantage cancelled to a normal roll."""


def resolve(slants: tuple[Slant, ...], chosen: str = "", tray: str = "normal") -> Resolved:
    """The mode of a roll from its sources, the GM's roll mode (`''` is Auto) and the tray."""
    if chosen:
        return Resolved("" if chosen == "normal" else chosen, slants, "chosen")  # type: ignore[arg-type]
    kinds = {slant.kind for slant in slants}
    if not kinds:
        return Resolved("" if tray == "normal" else tray, (), "tray")  # type: ignore[arg-type]
    if len(kinds) == 2:
        return Resolved("", slants, "cancel")
    return Resolved(kinds.pop(), slants, "auto")  # type: ignore[arg-type]


def describe(resolved: Resolved) -> str:
    """The log's note, such as `Poisoned disadvantage, long range disadvantage`."""
    named = ", ".join(str(slant) for slant in resolved.slants)
    if resolved.origin == "cancel":
        return f"advantage and disadvantage cancel: {named}"
    if resolved.origin == "chosen":
        chosen = "normal roll by choice" if not resolved.mode else "by choice"
        return chosen + (f", over {named}" if named else "")
    if resolved.origin == "tray":
        return "" if not resolved.mode else f"dice tray at {'advantage' if resolved.mode == 'adv' else 'disadvantage'}"
    return named
