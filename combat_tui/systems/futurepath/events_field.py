"""Events of the ground commands beside the round (beside `events.py`, which is full): the
Perception a combatant brings against the enemies' Stealth when awareness is judged."""

from __future__ import annotations

from combat_tui.core.records import frozen


@frozen
class PerceptionUsed:
    """A watcher's Perception check (`d20` > 0), or a Passive Perception that a condition lowered,
    against the Stealth of each stealthed enemy present, as (enemy, Stealth) pairs."""

    ref: str
    against: tuple[tuple[str, int], ...]
    total: int
    d20: int = 0
    net: int = 0
    die: str = ""
    adv_rolls: tuple[int, ...] = ()
    bonus: int = 0
    why: str = ""
    """What lowered a Passive Perception (`Deafened`)."""
