"""Shared fixtures: no test reads or writes the developer's real campaigns; the 5e sample."""

from __future__ import annotations

import pytest

from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e.model import Campaign


@pytest.fixture
def sample() -> Campaign:
    """The sample campaign: four characters next to three Goblins and a Goblin Boss, two Wolves
    four tiles away."""
    return goblin_ambush()


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory, monkeypatch):
    """Point the user's campaign folder at a fresh temporary one."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("COMBAT_TUI_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def no_cursor_blink(monkeypatch):
    """A text cursor that never blinks, so pilot runs and snapshots do not depend on timing."""
    from textual.widgets import Input

    monkeypatch.setattr(Input, "cursor_blink", False)


@pytest.fixture(autouse=True)
def quick_pilot_idle(monkeypatch):
    """The pilot waits for the app to go idle twice after each key, in sleeps of 20 ms: 2 ms
    sleeps with the same 1 ms idle mark cut a pilot test's time by a third. The screen's queues
    are drained first either way (`Pilot._wait_for_screen`); a test that reads what a later frame
    lays out (a card rewrapped to its final width) waits for it (`helpers.settled`)."""
    import textual._wait as wait

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 0.001)
