"""Events of the GM's turn tools: a held turn, a resumed one, a fight name, a note (turn_tools.py)."""

from __future__ import annotations

from combat_tui.core.records import frozen


@frozen
class TurnHeld:
    ref: str


@frozen
class TurnResumed:
    """`before`: the combatant whose begun turn it cuts into; `initiative`: its new place."""

    ref: str
    before: str
    initiative: int


@frozen
class CombatantRenamed:
    """`label`: the label it shows now; `cleared`: back to its own name."""

    ref: str
    label: str
    cleared: bool = False


@frozen
class NoteSet:
    ref: str
    cleared: bool = False
