"""The registry of rule systems, by the id a campaign file names."""

from __future__ import annotations

from ..commands import CommandRejected
from .system import Outcome, RuleSystem

_SYSTEMS: dict[str, RuleSystem] = {}


def register(system: RuleSystem) -> None:
    _SYSTEMS[system.id] = system


def get_system(system_id: str) -> RuleSystem:
    _load_builtin()
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(sorted(_SYSTEMS))
        raise CommandRejected(f"Unknown rule system '{system_id}'.", f"Known systems: {known}.") from None


def system_ids() -> tuple[str, ...]:
    _load_builtin()
    return tuple(sorted(_SYSTEMS))


def _load_builtin() -> None:
    if not _SYSTEMS:
        from .dnd5e import DND5E
        from .futurepath import FUTUREPATH

        register(DND5E)
        register(FUTUREPATH)


__all__ = ["Outcome", "RuleSystem", "get_system", "register", "system_ids"]
