"""What the terminal shows of a travelogue at its cap (issue 17: Log prunes its oldest lines
without repainting the rows that moved up, and a fight log past its thousand lines kept showing
the same lines while turns went by). Outside tests/screens, whose frames are dropped unread."""

from __future__ import annotations

from textual.app import App, ComposeResult

from combat_tui.terminal_frames import FrameMemory
from combat_tui.widgets.travelogue import NBSP, Travelogue


class Watched(App):
    """One travelogue, every frame taken into a FrameMemory: what a terminal would show."""

    def __init__(self, log: Travelogue) -> None:
        super().__init__()
        self.log_widget = log
        self.memory = FrameMemory()

    def compose(self) -> ComposeResult:
        yield self.log_widget

    def _display(self, screen, renderable) -> None:
        if renderable is not None:
            self.memory.take(renderable)
        super()._display(screen, renderable)

    def row(self, y: int) -> str:
        strips = sorted(self.memory._rows.get(y, {}).items())
        return "".join(strip.text for _, (_, strip) in strips).replace(NBSP, " ").strip()


async def test_a_travelogue_at_its_cap_shows_each_new_line_on_the_terminal():
    log = Travelogue(max_lines=8)
    app = Watched(log)
    async with app.run_test(size=(40, 4)) as pilot:
        lines = [f"Line {n}." for n in range(20)]
        log.show(lines)
        await pilot.pause()
        assert [app.row(y) for y in range(4)] == ["Line 16.", "Line 17.", "Line 18.", "Line 19."]
        for n in range(20, 23):
            lines.append(f"Line {n}.")
            log.show(lines)
            await pilot.pause()
            assert [app.row(y) for y in range(4)] == [f"Line {k}." for k in range(n - 3, n + 1)]
