"""The registry of rule systems, by the id a campaign file names.

This is the one kernel module that names the built-in systems, and it names them as strings:
a system is imported the first time a campaign of it is asked for, so opening a 5e campaign
never imports FuturePath. A system from another package joins through the `combat_tui.systems`
entry-point group of its own `pyproject.toml` (as pytest finds its plugins); the group is read
only for an id that is not built in, since reading it costs start-up time.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from .command import CommandRejected
from .system import Outcome, RuleSystem

GROUP = "combat_tui.systems"
BUILTIN = {
    "dnd5e": "combat_tui.systems.dnd5e.system:DND5E",
    "futurepath": "combat_tui.systems.futurepath.system:FUTUREPATH",
}
"""id -> `module:object` of the systems that ship with combat-tui."""
CATALOGS = {"dnd5e": "combat_tui.library.dnd5e_catalog:install"}
"""id -> the `module:function` that plugs a built-in system's library (SRD creatures, item presets)
into its text forms; called once when the system loads. The library reads its data lazily."""
_SYSTEMS: dict[str, RuleSystem] = {}


def register(system: RuleSystem) -> None:
    """Add a system by hand (a test's, or one not installed through an entry point)."""
    _SYSTEMS[system.id] = system


def get_system(system_id: str) -> RuleSystem:
    system = _SYSTEMS.get(system_id)
    if system is not None:
        return system
    target = BUILTIN.get(system_id) or _installed().get(system_id)
    if target is None:
        known = ", ".join(system_ids())
        raise CommandRejected(f"Unknown rule system '{system_id}'.", f"Known systems: {known}.")
    module, _, name = target.partition(":")
    system = getattr(import_module(module), name)
    _SYSTEMS[system_id] = system
    if system_id in CATALOGS:
        module, _, name = CATALOGS[system_id].partition(":")
        getattr(import_module(module), name)()
    return system


def system_ids() -> tuple[str, ...]:
    return tuple(sorted({*BUILTIN, *_installed(), *_SYSTEMS}))


@cache
def _installed() -> dict[str, str]:
    """The systems other packages install, from the entry-point group."""
    from importlib.metadata import entry_points

    return {point.name: point.value for point in entry_points(group=GROUP)}


__all__ = ["BUILTIN", "CATALOGS", "GROUP", "Outcome", "RuleSystem", "get_system", "register", "system_ids"]
