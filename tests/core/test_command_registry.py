"""Every command class of a rule system is listed by its kind, so the journal can read it back,
and has a rule in its system's dispatch table. The command modules are found by name
(`commands.py`, `commands_*.py`, in the system's package and its subpackages), so a new one is
covered without a line here."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import combat_tui.systems.dnd5e
import combat_tui.systems.futurepath
from combat_tui.core.registry import get_system
from combat_tui.systems.dnd5e.dispatch import RULES as DND5E_RULES
from combat_tui.systems.futurepath.dispatch import RULES as FP_RULES


def _command_modules(package) -> list:
    names = [info.name for info in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
    leaves = [name for name in names if name.rpartition(".")[2].split("_")[0] == "commands"]
    return [importlib.import_module(name) for name in leaves]


CASES = [(system_id, module, rules)
         for system_id, package, rules in (("dnd5e", combat_tui.systems.dnd5e, DND5E_RULES),
                                           ("futurepath", combat_tui.systems.futurepath, FP_RULES))
         for module in _command_modules(package)]  # fmt: skip


def _command_classes(module) -> list[tuple[str, type]]:
    return [(name, cls) for name, cls in inspect.getmembers(module, inspect.isclass)
            if isinstance(getattr(cls, "kind", None), str) and cls.__module__ == module.__name__]  # fmt: skip


def test_every_command_module_is_found():
    found = {module.__name__.removeprefix("combat_tui.systems.") for _, module, _ in CASES}
    assert {"dnd5e.commands_fight", "dnd5e.commands_world", "futurepath.commands", "futurepath.space.commands"} <= found


@pytest.mark.parametrize("system_id, module, rules", CASES, ids=lambda value: getattr(value, "__name__", None))
def test_every_command_class_is_in_its_systems_kinds(system_id, module, rules):
    kinds = get_system(system_id).commands
    for name, cls in _command_classes(module):
        assert kinds.get(cls.kind) is cls, f"{name} ({cls.kind}) is not registered"


@pytest.mark.parametrize("system_id, module, rules", CASES, ids=lambda value: getattr(value, "__name__", None))
def test_every_command_class_has_a_rule(system_id, module, rules):
    for name, cls in _command_classes(module):
        assert cls in rules, f"{name} ({cls.kind}) has no rule in the dispatch table"


def test_every_5e_and_futurepath_command_is_counted():
    classes = [cls for _, module, _ in CASES for _, cls in _command_classes(module)]
    assert len(classes) == len(get_system("dnd5e").commands) + len(get_system("futurepath").commands)
