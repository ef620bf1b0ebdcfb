"""A Next turn is one frame: the log's scrollbar, which its new line's layout refreshes, paints in
the key's frame and not in a second one (issue 17: "no second frame for scrollbars")."""

from __future__ import annotations

import asyncio

from textual._compositor import Compositor

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
