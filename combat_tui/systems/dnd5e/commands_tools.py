"""The 5e commands of the GM's turn tools: hold and resume a turn (a Delay as GMs know it), a
combatant's name and note for the fight (turn_tools.py)."""

from __future__ import annotations

from typing import ClassVar

from combat_tui.core.records import frozen


@frozen
class HoldTurn:
    """The combatant whose turn it is sets its turn aside; the next combatant's turn starts."""

    kind: ClassVar[str] = "hold"
    ref: str


@frozen
class ResumeTurn:
    """A held combatant re-enters the order just before the combatant whose turn it is, and acts now."""

    kind: ClassVar[str] = "resume"
    ref: str


@frozen
class RenameCombatant:
    """The combatant's name for this fight; its own stored name (or its plain label) clears it."""

    kind: ClassVar[str] = "rename"
    ref: str
    name: str


@frozen
class SetNote:
    """The GM's note on a combatant for this fight; empty text clears it."""

    kind: ClassVar[str] = "note"
    ref: str
    text: str = ""


TOOL_COMMANDS = (HoldTurn, ResumeTurn, RenameCombatant, SetNote)
