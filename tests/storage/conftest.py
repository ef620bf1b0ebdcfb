"""Storage fixtures: a copy of the 5e sample campaign folder to play in."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from combat_tui.storage import sample_dir


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The goblin-ambush sample copied to `tmp_path / "camp"`."""
    target = tmp_path / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", target)
    return target
