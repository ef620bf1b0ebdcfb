"""Every command class of a rule system is listed by its kind, so the journal can read it back,
and has a rule in its system's dispatch table."""

from __future__ import annotations

import inspect

import pytest

from combat_tui.core.registry import get_system
from combat_tui.systems.dnd5e import commands_fight, commands_setup, commands_turn, commands_world
from combat_tui.systems.dnd5e.dispatch import RULES as DND5E_RULES
from combat_tui.systems.futurepath import commands as fp_commands
from combat_tui.systems.futurepath.dispatch import RULES as FP_RULES
from combat_tui.systems.futurepath.space import commands as space_commands

# The 5e commands are defined by rule area in commands_*.py (commands.py re-exports them).
CASES = [("dnd5e", dnd5e_commands, DND5E_RULES)
         for dnd5e_commands in (commands_setup, commands_fight, commands_turn, commands_world)]
CASES += [("futurepath", fp_commands, FP_RULES), ("futurepath", space_commands, FP_RULES)]  # fmt: skip


def _command_classes(module) -> list[tuple[str, type]]:
    return [(name, cls) for name, cls in inspect.getmembers(module, inspect.isclass)
            if isinstance(getattr(cls, "kind", None), str) and cls.__module__ == module.__name__]  # fmt: skip


@pytest.mark.parametrize("system_id, module, rules", CASES)
def test_every_command_class_is_in_its_systems_kinds(system_id, module, rules):
    kinds = get_system(system_id).commands
    classes = _command_classes(module)
    assert classes
    for name, cls in classes:
        assert kinds.get(cls.kind) is cls, f"{name} ({cls.kind}) is not registered"


@pytest.mark.parametrize("system_id, module, rules", CASES)
def test_every_command_class_has_a_rule(system_id, module, rules):
    for name, cls in _command_classes(module):
        assert cls in rules, f"{name} ({cls.kind}) has no rule in the dispatch table"
