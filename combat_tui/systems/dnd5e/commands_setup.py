"""The 5e commands of combat setup, its Stealth contest (issue 5), joining, the turn order and
the end of a fight."""

from __future__ import annotations

from typing import ClassVar

from combat_tui.core.records import frozen


@frozen
class OpenSetup:
    """Open combat setup with its default lists and roll initiative for everyone on them."""

    kind: ClassVar[str] = "setup"


@frozen
class CancelSetup:
    """Close setup without a fight."""

    kind: ClassVar[str] = "cancel-setup"


@frozen
class SetInitiative:
    """Set one combatant's initiative (in setup, or the GM's fix during a fight)."""

    kind: ClassVar[str] = "init"
    ref: str
    value: int


@frozen
class Parley:
    """Settle the encounter in setup without a fight: the foes stand down and turn neutral."""

    kind: ClassVar[str] = "parley"


@frozen
class SetSurprised:
    """Tick or clear a combatant's Surprised box in setup."""

    kind: ClassVar[str] = "surprised"
    ref: str
    surprised: bool = True


@frozen
class StartFight:
    """Start the fight from setup (opening setup first if it is not open)."""

    kind: ClassVar[str] = "start"


@frozen
class NextTurn:
    kind: ClassVar[str] = "next"


@frozen
class PrevTurn:
    kind: ClassVar[str] = "prev"


@frozen
class EndFight:
    """End the fight and award XP: the offered amount when `award` is negative."""

    kind: ClassVar[str] = "end"
    award: int = -1
    fates: tuple[tuple[str, str], ...] = ()
    """(foe, `fled` or `captured`) for hostile foes still standing; the rest stay hostile."""
    loot: tuple[str, ...] = ()
    """Keys of the ticked loot items (`goblin-2/weapons/0`, see `ending.loot_items`)."""
    loot_to: str = ""
    """The character that takes the ticked items."""
    gold: int = -1
    """Total gp split among the living characters: the coins found on the foes when negative."""
    keep: tuple[str, ...] = ()
    """Keys of the timed chips that outlast the fight (`goblin-2/Bless`, see `ending.timed_chips`);
    every other chip that counts rounds ends."""


@frozen
class SetSneakers:
    """Setup's Who sneaks: none, party, foes or both."""

    kind: ClassVar[str] = "sneak"
    who: str


@frozen
class SetStealth:
    """Type a sneaker's Stealth total (None clears it); the contest runs again."""

    kind: ClassVar[str] = "stealth"
    ref: str
    total: int | None


@frozen
class RollStealth:
    """Roll Stealth for every sneaker row that has no total; the contest runs again."""

    kind: ClassVar[str] = "roll-stealth"


@frozen
class JoinFight:
    """Tick Join for characters elsewhere or nearby foes in setup, or Add to fight while it runs."""

    kind: ClassVar[str] = "join-fight"
    refs: tuple[str, ...]


@frozen
class UnjoinFight:
    """Untick Join in setup."""

    kind: ClassVar[str] = "unjoin-fight"
    ref: str
