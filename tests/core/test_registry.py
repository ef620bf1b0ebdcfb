"""The registry finds a rule system by the id a campaign names: built in, or installed by
another package through the `combat_tui.systems` entry-point group."""

from __future__ import annotations

import importlib.metadata

import pytest

from combat_tui.core import registry
from combat_tui.core.command import CommandRejected
from combat_tui.core.registry import get_system, system_ids


class FakeSystem:
    id = "fake"
    name = "A system from another package"


FAKE = FakeSystem()


@pytest.fixture
def installed(monkeypatch):
    """An entry point `fake` in the group, as a package installing a system would declare it."""
    point = importlib.metadata.EntryPoint("fake", f"{__name__}:FAKE", registry.GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [point] if group == registry.GROUP else [])
    registry._installed.cache_clear()
    yield
    registry._installed.cache_clear()
    registry._SYSTEMS.pop("fake", None)


def test_the_built_in_systems_are_found_by_id():
    assert get_system("dnd5e").id == "dnd5e"
    assert get_system("futurepath").id == "futurepath"
    assert system_ids() == ("dnd5e", "futurepath")


def test_an_unknown_system_is_refused_with_the_known_ones():
    with pytest.raises(CommandRejected, match="Unknown rule system 'pf2e'") as error:
        get_system("pf2e")
    assert error.value.detail == "Known systems: dnd5e, futurepath."


def test_a_system_installed_through_the_entry_point_group_is_found(installed):
    assert get_system("fake") is FAKE
    assert system_ids() == ("dnd5e", "fake", "futurepath")
