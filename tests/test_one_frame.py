"""A Next turn is one frame: the log's scrollbar, which its new line's layout refreshes, paints in
the key's frame and not in a second one (issue 17: "no second frame for scrollbars")."""

from __future__ import annotations

import asyncio

from textual._compositor import Compositor

from combat_tui.terminal_frames import FrameMemory, to_write
from combat_tui.widgets.travelogue import Travelogue
from tests.screens.helpers import make_app, start_fight


async def test_a_next_turn_that_grows_the_log_paints_one_frame(monkeypatch):
    render = Compositor.render_update
    frames: list[object] = []

    def counted(self, full=False, screen_stack=None, simplify=False):
        update = render(self, full, screen_stack, simplify)
        if update is not None:
            frames.append(update)
        return update

    monkeypatch.setattr(Compositor, "render_update", counted)
    app = make_app()  # headless: the turn clock is off, so its ticks paint no frames
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        for _ in range(25):  # the log overflows its pane: its scrollbar shows
            await pilot.press("n")
            await asyncio.sleep(0.02)
        lines = len(app.session.log)
        frames.clear()
        await pilot.press("n")
        await asyncio.sleep(0.3)  # a dozen ticks of the screen's update timer
        assert len(app.session.log) > lines  # the log grew: a layout ran
        assert len(frames) == 1



async def test_the_turn_that_first_overflows_the_log_changes_the_terminal_in_one_frame(monkeypatch):
    """The log's scrollbar first shows on the key whose line no longer fits: Textual decided it
    in the layout of that key's frame, and the reactive it set laid the screen out once more, a
    second frame ~35 ms later that drew the bar (the worst 'last change' of a 200-key run).
    Counted are the frames that write anything a terminal does not show already."""
    render = Compositor.render_update
    memory = FrameMemory()
    written: list[object] = []

    def counted(self, full=False, screen_stack=None, simplify=False):
        update = render(self, full, screen_stack, simplify)
        if update is not None and to_write(memory, update) is not None:
            written.append(update)
        return update

    monkeypatch.setattr(Compositor, "render_update", counted)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        log = app.screen.query_one(Travelogue)
        await asyncio.sleep(0.3)
        assert not log.show_vertical_scrollbar  # the test starts with a log that fits
        per_key = []
        for _ in range(25):
            written.clear()
            shown = log.show_vertical_scrollbar
            await pilot.press("n")
            await asyncio.sleep(0.3)
            per_key.append((shown, log.show_vertical_scrollbar, len(written)))
        overflowed = [count for before, after, count in per_key if not before and after]
        assert overflowed == [1], "the key that showed the log's scrollbar changed the terminal twice"


async def test_a_map_is_checked_for_misplaced_bars_once(monkeypatch):
    """A widget whose bars no layout settles costs one layout more per layout, not one per frame."""
    import combat_tui.screens.one_frame as one_frame

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        screen = app.screen
        assert not screen._bars_misplaced()  # laid out and drawn: the map holds what it shows
        monkeypatch.setattr(one_frame, "_shown", lambda widget: (True, True))  # bars no map has
        layouts = []
        refresh_layout = screen._refresh_layout
        monkeypatch.setattr(screen, "_refresh_layout", lambda *a, **k: (layouts.append(1), refresh_layout(*a, **k)))
        screen._checked = None
        assert screen._bars_misplaced() and not screen._bars_misplaced()  # the same map, once
        screen._checked = None
        screen._compositor_refresh()
        assert len(layouts) == 1  # laid out again once, and its own frame not again
        screen._compositor_refresh()
        assert len(layouts) == 1  # no new map: not checked again
