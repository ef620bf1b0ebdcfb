"""The driver's start-up report of the terminal size the app started with is not handed to the
screens (issue 17): Textual ignores it in `App._on_resize` yet keeps it, and on idle the screen
laid out and repainted every widget, a second whole frame just after the first, ahead of the GM's
first key. Any later report, a change or not, goes Textual's way. The headless driver reports
its size at start-up as the terminal's does."""

from __future__ import annotations

import shutil

import pytest
from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen

from combat_tui.app import CombatApp
from combat_tui.storage import sample_dir


@pytest.fixture
def told(monkeypatch) -> list[tuple[Screen, Size]]:
    """(screen, size) for each resize handed to a screen."""
    calls: list[tuple[Screen, Size]] = []
    original = Screen._screen_resized
    monkeypatch.setattr(Screen, "_screen_resized", lambda self, size: (calls.append((self, size)), original(self, size)))
    return calls


def _app(tmp_path) -> CombatApp:
    folder = tmp_path / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    return CombatApp(folder, seed=1)


async def _settle(pilot) -> None:
    await pilot.pause(0.1)
    await pilot.pause()


async def test_the_start_up_report_of_the_same_size_is_not_handed_to_the_screen(tmp_path, told):
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        # once, for its own first layout (Textual sends a shown screen a Resize as any widget)
        assert [size for screen, size in told if screen is app.screen] == [Size(120, 40)]
        assert not app._drop_report and not app._start_report


async def test_a_later_report_of_the_same_size_goes_textuals_way(tmp_path, told):
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        told.clear()
        app.frames._rows[0] = {}
        app.post_message(Resize(Size(120, 40), Size(120, 40)))
        await _settle(pilot)
        assert [size for screen, size in told if screen is app.screen] == [Size(120, 40)]
        assert not app.frames._rows  # forgotten: the terminal may have gone through another size


async def test_a_change_of_size_is_laid_out_and_forgets_the_terminal(tmp_path, told):
    app = _app(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        told.clear()
        forgot = []
        app.frames.forget = lambda: forgot.append(True)
        await pilot.resize_terminal(100, 30)
        await _settle(pilot)
        sizes = [size for screen, size in told if screen is app.screen]
        assert sizes and set(sizes) == {Size(100, 30)}
        assert app.screen.size == Size(100, 30) and forgot
