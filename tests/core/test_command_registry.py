"""Every command class is registered by its kind, so the journal can read it back."""

from __future__ import annotations

import inspect

from combat_tui.core import commands
from combat_tui.core.rules import system_ids


def test_every_command_class_of_the_core_is_in_by_kind():
    system_ids()  # loads every rule system and its own commands
    for name, cls in inspect.getmembers(commands, inspect.isclass):
        kind = getattr(cls, "kind", None)
        if isinstance(kind, str) and cls.__module__ == commands.__name__:
            assert commands.BY_KIND.get(kind) is cls, f"{name} ({kind}) is not registered"
