"""Events of the end of a fight: XP, and the End combat dialog's fates, loot and coins (issue 5)."""

from __future__ import annotations

from combat_tui.core.records import frozen


@frozen
class FightEnded:
    xp_offered: int
    xp_awarded: int
    share: int
    leftover: int
    receivers: tuple[str, ...]
    party_lost: bool


@frozen
class FatesSettled:
    """ref: Combat screen — each hostile foe still standing at the end: fled, captured, still hostile."""

    fates: tuple[tuple[str, str], ...]


@frozen
class LootTaken:
    to: str
    items: tuple[str, ...]
    """As the dialog lists them: `Scimitar (Goblin 2)`."""


@frozen
class GoldSplit:
    total: int
    share: int
    leftover: int
    receivers: tuple[str, ...]
