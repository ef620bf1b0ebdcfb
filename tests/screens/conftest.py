"""UI fixtures: the app on an in-memory session of the sample campaign (seeded dice)."""

from __future__ import annotations

import pytest

from combat_tui.app import CombatApp
from tests.screens.helpers import make_app


@pytest.fixture
def app() -> CombatApp:
    return make_app()

