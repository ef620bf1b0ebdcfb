"""Shared fixtures: no test reads or writes the developer's real campaigns."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory, monkeypatch):
    """Point the user's campaign folder at a fresh temporary one."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("COMBAT_TUI_HOME", str(home))
    return home
