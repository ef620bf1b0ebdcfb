"""Events of combat setup, its Stealth contest, joining a fight and the turn order."""

from __future__ import annotations

from combat_tui.core.records import frozen


@frozen
class SetupOpened:
    party: tuple[str, ...]
    foes: tuple[str, ...]


@frozen
class InitiativeRoll:
    ref: str
    d20: int
    modifier: int
    value: int
    d20s: tuple[int, ...] = ()
    mode: str = ""
    slants: tuple = ()
    origin: str = "tray"


@frozen
class InitiativeRolled:
    rolls: tuple[InitiativeRoll, ...]


@frozen
class SetupCancelled:
    pass


@frozen
class SurpriseSet:
    ref: str
    surprised: bool


@frozen
class Surprised:
    """At Start: the combatant is surprised and wears the Surprised chip."""

    ref: str


@frozen
class Parleyed:
    foes: tuple[str, ...]


@frozen
class InitiativeSet:
    ref: str
    old: int
    new: int


@frozen
class FightStarted:
    order: tuple[str, ...]


@frozen
class TurnStarted:
    ref: str
    round: int
    new_round: bool = False


@frozen
class TurnReverted:
    ref: str
    round: int


@frozen
class SneakersSet:
    old: str
    new: str


@frozen
class StealthSet:
    """A Stealth total typed in a sneaker row (None: cleared)."""

    ref: str
    old: int | None
    new: int | None


@frozen
class StealthOutcome:
    """At Start: one side's contest, as its outcome line reads."""

    side: str
    totals: tuple[tuple[str, int], ...]
    surprised: tuple[str, ...]


@frozen
class FightJoined:
    """Combatants brought in from the lists of setup, or added to a running fight."""

    refs: tuple[str, ...]
    running: bool = False


@frozen
class JoinUndone:
    ref: str
