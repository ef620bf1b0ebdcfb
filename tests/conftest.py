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


@pytest.fixture
def written(monkeypatch) -> list[str]:
    """What the app writes to the terminal, frame by frame: the headless driver is made to write
    (tests/screens drop their frames unread)."""
    from textual.drivers.headless_driver import HeadlessDriver

    writes: list[str] = []
    monkeypatch.setattr(HeadlessDriver, "is_headless", property(lambda self: False))
    monkeypatch.setattr(HeadlessDriver, "write", lambda self, data: writes.append(data))
    return writes


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
    """The pilot waits for the app to go idle in sleeps of 2 ms (Textual's are 100 ms, with a
    50 ms idle mark), and a pause goes on while the screen still has work queued.

    Short sleeps alone let a test read the screen before a resize or a later layout reached it:
    a pause ends with a layout, and the layout posts Resize messages the widgets have not handled
    yet. So a pause without a delay is repeated (up to ten times) while the app, the screen or a
    widget on it has a message queued or the screen has a layout or repaint to do."""
    import textual._wait as wait
    from textual.pilot import Pilot

    monkeypatch.setattr(wait, "SLEEP_GRANULARITY", 0.002)
    monkeypatch.setattr(wait, "SLEEP_IDLE", 0.001)
    pause = Pilot.pause

    async def settled_pause(self, delay=None):
        await pause(self, delay)
        if delay is not None:
            return
        for _ in range(10):
            if not _work_queued(self.app):
                return
            await pause(self)

    monkeypatch.setattr(Pilot, "pause", settled_pause)


def _work_queued(app) -> bool:
    try:
        screen = app.screen
    except Exception:
        return False
    if screen._layout_required or screen._repaint_required or screen._recompose_required:
        return True
    return any(node.message_queue_size for node in (app, *screen.walk_children(with_self=True)))


@pytest.fixture(autouse=True)
def lighter_pilot_apps(request, monkeypatch):
    """For the pilot tests (tests/screens) and the snapshot tests, two costs of a headless app
    that no test there reads:
    - the app's garbage collections once warmed up and when the GM pauses (tests/test_perf_idle.py
      and tests/test_app.py test those): in a test process each walks every module the suite
      imported, a tenth of a second or more;
    - the frames: Textual renders each one and a headless app drops it, a third of a pilot
      test's time. A frame only clears what it would have drawn; a full render (the screenshot a
      snapshot compares) still renders, and the tests that read a row or a card call its render."""
    where = request.path.as_posix()
    if "/tests/screens/" not in where and "/test_snapshot" not in where:
        return
    import gc

    from textual._compositor import Compositor

    render = Compositor.render_update

    def dropped(self, full=False, screen_stack=None, simplify=False):
        if full:
            return render(self, full, screen_stack, simplify)
        self._dirty_regions.clear()
        return None

    monkeypatch.setattr(gc, "collect", lambda generation=2: 0)
    monkeypatch.setattr(Compositor, "render_update", dropped)
