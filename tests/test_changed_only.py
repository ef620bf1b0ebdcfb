"""A key's frame draws only the widgets that overlap what changed (issue 17: a Next turn changed
the ribbon at the top and the log at the bottom right, and every widget between was drawn), and
the terminal still ends up showing exactly what a whole frame would show."""

from __future__ import annotations

import random

from rich.segment import ControlType
from textual._compositor import Compositor
from textual.app import App
from textual.containers import Horizontal
from textual.widgets import Static

from combat_tui.screens.one_frame import OneFrameScreen

NAMES = ("top", "left", "middle", "right", "bottom")


class Panes(OneFrameScreen):
    DEFAULT_CSS = "Static { height: 5; border: round white; }  Horizontal { height: 7; }  Horizontal Static { width: 1fr; }"

    def compose(self):
        yield Static("top 0", id="top")
        with Horizontal():
            yield Static("left 0", id="left")
            yield Static("middle 0", id="middle")
            yield Static("right 0", id="right")
        yield Static("bottom 0", id="bottom")


class PanesApp(App):
    def on_mount(self) -> None:
        self.push_screen(Panes())


def _grid(strips) -> list[list[str]]:
    return [list("".join(segment.text for segment in strip)) for strip in strips]


def _apply(grid: list[list[str]], update, console) -> None:
    """What a terminal shows after `update` (cursor moves and text, one cell a character)."""
    x = y = 0
    for segment in update.__rich_console__(console, console.options):
        if segment.control:
            for control in segment.control:
                if control[0] == ControlType.CURSOR_MOVE_TO:
                    x, y = control[1], control[2]
            continue
        for char in segment.text:
            if char == "\n":
                continue
            grid[y][x] = char
            x += 1


async def test_a_partial_frame_draws_what_changed_and_the_screen_matches_a_whole_frame(monkeypatch):
    updates: list = []
    render = Compositor.render_partial_update  # what ours calls once it has left out the unchanged
    monkeypatch.setattr(Compositor, "render_partial_update", lambda self: updates.append(render(self)) or updates[-1])
    app = PanesApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause(0.2)  # the first frames
        screen = app.screen
        drawn: list[str] = []
        for name in NAMES:
            widget = screen.query_one(f"#{name}", Static)
            lines = widget.render_lines
            widget.render_lines = lambda crop, lines=lines, name=name: drawn.append(name) or lines(crop)

        shown = _grid(screen._compositor.render_strips())
        rng = random.Random(7)
        met_the_rectangle = False
        for step in range(1, 25):
            changed = rng.sample(NAMES, rng.randint(1, 3))
            relaid = step % 5 == 0  # a layout marks more dirty than what changed: only the screen is checked
            updates.clear()
            drawn.clear()
            for name in changed:
                screen.query_one(f"#{name}", Static).update(f"{name} {step}", layout=relaid)
            await pilot.pause(0.1)  # every frame the change makes
            seen = set(drawn)
            for update in updates:
                if update is not None:
                    _apply(shown, update, app.console)
            assert shown == _grid(screen._compositor.render_strips()), f"step {step}: {changed}"
            if relaid:
                continue
            assert seen == set(changed), f"step {step}: drew {seen} when {changed} changed"
            if set(changed) == {"top", "bottom"}:
                met_the_rectangle = True  # the rows between the two were in Textual's rectangle, and left out
        assert met_the_rectangle
