"""UI fixtures: the app on an in-memory session of the sample campaign (seeded dice)."""

from __future__ import annotations

import pytest

from combat_tui.app import CombatApp
from tests.screens.helpers import make_app


@pytest.fixture
def app() -> CombatApp:
    return make_app()


@pytest.fixture(autouse=True)
def no_app_collections(monkeypatch):
    """The app collects the garbage once warmed up and when the GM pauses (tests/test_perf_idle.py
    and tests/test_app.py test that); in a test process each full collection walks every module
    the suite imported, a tenth of a second or more, several times a test."""
    import gc

    monkeypatch.setattr(gc, "collect", lambda generation=2: 0)


@pytest.fixture(autouse=True)
def no_frames_for_a_headless_terminal(monkeypatch):
    """A pilot's app is headless: Textual renders every frame and then drops it, a third of a
    pilot test's time. Here a frame only clears what it would have drawn; a full render (a
    screenshot, as the snapshot tests outside this folder take) still renders, and the tests that
    read a row or a card call its render themselves."""
    from textual._compositor import Compositor

    render = Compositor.render_update

    def dropped(self, full=False, screen_stack=None, simplify=False):
        if full:
            return render(self, full, screen_stack, simplify)
        self._dirty_regions.clear()
        return None

    monkeypatch.setattr(Compositor, "render_update", dropped)
