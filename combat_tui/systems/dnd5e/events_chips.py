"""Events of chips (conditions and notes), exhaustion, saves, checks and the dice tray."""

from __future__ import annotations

from combat_tui.core.dice import Roll
from combat_tui.core.records import frozen


@frozen
class ChipAdded:
    ref: str
    name: str
    rounds: int
    until_turn_of: str
    result: str
    """added, replaced (the new chip lasts longer) or kept (the old one lasts as long)."""


@frozen
class ChipRemoved:
    ref: str
    name: str
    count: int


@frozen
class ChipsEnded:
    """Chips that ran out: their rounds (`rounds`) or a turn boundary (`turn`)."""

    ref: str
    names: tuple[str, ...]
    why: str


@frozen
class ChipDamage:
    """A chip's damage at the end of its holder's turn (or owed when the fight ends)."""

    ref: str
    chip: str
    rolls: tuple[Roll, ...]
    amount: int
    damage_type: str
    owed: bool = False


@frozen
class ConditionImmune:
    """A failed save's condition did not land: the target is immune, its chips stay."""

    ref: str
    condition: str


@frozen
class ExhaustionSet:
    ref: str
    old: int
    new: int


@frozen
class SaveRolled:
    ref: str
    ability: str
    d20s: tuple[int, ...]
    kept: int
    mode: str
    bonus: int
    total: int
    slants: tuple = ()
    origin: str = "tray"
    auto_fail: str = ""
    """The condition that failed the save without a roll."""
    bless: int = 0


@frozen
class CheckRolled:
    ref: str
    name: str
    d20s: tuple[int, ...]
    kept: int
    mode: str
    bonus: int
    total: int
    slants: tuple = ()
    origin: str = "tray"


@frozen
class TrayModeSet:
    old: str
    new: str
