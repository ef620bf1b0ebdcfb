from __future__ import annotations

import pytest

from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e.model import Campaign


@pytest.fixture
def sample() -> Campaign:
    """The sample campaign: four characters next to three Goblins and a Goblin Boss, two Wolves
    four tiles away."""
    return goblin_ambush()
