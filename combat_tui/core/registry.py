"""The registry of rule systems, by the id a campaign file names.

The built-in systems are found through the `combat_tui.systems` entry-point group of
`pyproject.toml`, as pytest finds its plugins; a system is imported the first time a campaign of
it is asked for, so opening a 5e campaign never imports FuturePath.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points

from .command import CommandRejected
from .system import Outcome, RuleSystem

GROUP = "combat_tui.systems"
_SYSTEMS: dict[str, RuleSystem] = {}


def register(system: RuleSystem) -> None:
    """Add a system by hand (a test's, or one not installed through an entry point)."""
    _SYSTEMS[system.id] = system


def get_system(system_id: str) -> RuleSystem:
    system = _SYSTEMS.get(system_id)
    if system is not None:
        return system
    point = _entry_points().get(system_id)
    if point is None:
        known = ", ".join(system_ids())
        raise CommandRejected(f"Unknown rule system '{system_id}'.", f"Known systems: {known}.")
    system = point.load()
    _SYSTEMS[system_id] = system
    return system


def system_ids() -> tuple[str, ...]:
    return tuple(sorted({*_entry_points(), *_SYSTEMS}))


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=GROUP)}


__all__ = ["GROUP", "Outcome", "RuleSystem", "get_system", "register", "system_ids"]
