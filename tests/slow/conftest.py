"""The slow harnesses: kill -9 of the write paths, a real small disk. `-m "not slow"` leaves
them out; COMBAT_TUI_KILL_RUNS sets how many kills each harness makes (50 by default, so the whole
suite stays well inside CI's 15 minutes; the figures in the notes are from COMBAT_TUI_KILL_RUNS=100)."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a harness that takes tens of seconds (kill -9 runs, a real tmpfs)")


@pytest.fixture
def kill_runs() -> int:
    return int(os.environ.get("COMBAT_TUI_KILL_RUNS", "50"))
