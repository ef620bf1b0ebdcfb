"""The migration scaffold: data moves up one version at a time."""

from __future__ import annotations

import pytest

from combat_tui.storage.migrations import CURRENT_VERSION, STEPS, migrate


def test_current_version_passes_through():
    data = {"schema_version": CURRENT_VERSION, "name": "x"}
    assert migrate(data) == data


def test_steps_run_in_order_and_stamp_each_version():
    # A made-up history: v1 called the field "title", v2 renamed it "name", v3 added "nearby_range".
    steps = {
        1: lambda d: {**{k: v for k, v in d.items() if k != "title"}, "name": d["title"]},
        2: lambda d: {**d, "nearby_range": 8},
    }
    result = migrate({"schema_version": 1, "title": "Old"}, steps=steps, current=3)
    assert result == {"schema_version": 3, "name": "Old", "nearby_range": 8}


def test_a_gap_in_the_steps_is_an_error():
    with pytest.raises(ValueError, match="no migration from schema_version 1"):
        migrate({"schema_version": 1}, steps={}, current=2)


def test_missing_or_bad_version():
    with pytest.raises(ValueError, match="missing"):
        migrate({})
    with pytest.raises(ValueError, match="missing"):
        migrate({"schema_version": "1"})


def test_every_released_step_leads_to_the_current_version():
    assert all(0 < version < CURRENT_VERSION for version in STEPS)
