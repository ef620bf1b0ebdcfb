"""Movement on the 5-ft grid: R39, R43-R46, A28."""

from __future__ import annotations


def run_speed(walk: int) -> int:
    """ref: R43 — in combat everyone runs, at twice the walk speed (15 ft -> 30 ft)."""
    return 2 * walk


def sprint(walk: int) -> int:
    """ref: R39, A28 — the Bonus Move repeats the Standard Move's distance: a 30-ft run becomes
    60 ft in total (Sprint)."""
    return 2 * run_speed(walk)


def slowed(speed: int) -> int:
    """ref: R45 — climbing, swimming and crawling at half speed, rounded down to 5-ft steps."""
    return (speed // 2) // 5 * 5


def squares(feet: int) -> int:
    """ref: R44 — movement comes in 5-ft squares."""
    return feet // 5


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """ref: R44 — a diagonal step counts as 5 ft, like any other."""
    return 5 * max(abs(a[0] - b[0]), abs(a[1] - b[1]))
