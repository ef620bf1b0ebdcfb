"""Travelogue: the last lines of the campaign's log, appended in place, wrapped to the width.

A `Log` (not a RichLog: DESIGN.md §6) capped by `max_lines`; the whole history stays in the
journal. New lines are written in one batch; an undo that removed lines rewrites the tail.
"""

from __future__ import annotations

import re
import textwrap
from collections import deque
from collections.abc import Sequence

from rich.cells import cell_len
from rich.style import Style
from textual.events import Resize
from textual.geometry import Size
from textual.strip import Strip
from textual.widgets import Log

from combat_tui.widgets.steady_scrollbars import SteadyScrollbars

_GLUE = re.compile(r"(?<=\S) (?=\d)")
"""A space before a number: kept unbroken, so `Goblin 2` and `d20 14` wrap as one word."""
NBSP = "\u00a0"
_LINE_STYLE = ("travelogue--line-style",)
"""The key of the line style among the component styles (no component has this name)."""
_PLAIN = re.compile(r"\S(?:[^\t\n\r\x0b\x0c]*\S)?")
"""A line textwrap leaves as it is when it fits: no tab or line break, no space at either end
(a start-up wraps the last thousand lines; most fit, and textwrap costs 20 times the check)."""


class Travelogue(SteadyScrollbars, Log):
    """The log of a campaign or a fight; `show(lines)` brings it up to date with the session's log."""

    DEFAULT_CSS = """
    Travelogue { height: 1fr; overflow-x: hidden; overflow-y: auto; }
    """

    def __init__(self, max_lines: int = 1000, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(max_lines=max_lines, auto_scroll=True, id=id, classes=classes)
        self._source: deque[str] = deque(maxlen=max_lines)
        """The unwrapped lines on show, the newest last."""
        self._count = 0
        """How many lines of the session's log have been taken."""
        self._last: str | None = None
        self._wrap_width = 0

    def show(self, lines: Sequence[str]) -> None:
        total = len(lines)
        grew = total >= self._count and (self._count == 0 or lines[self._count - 1] is self._last)
        new = list(lines[self._count :] if grew else lines)[-self._source.maxlen :]
        self._count, self._last = total, (lines[-1] if lines else None)
        if not grew:
            self._source.clear()
            self.clear()
        self._source.extend(new)
        if new and self._wrap_width:
            self.write_lines(self._wrap(new))
            if self._scrollbars_now():  # the first overflow: at the end before this frame's layout
                self.scroll_end(animate=False, immediate=True, x_axis=False)
            self.scroll_end(animate=False)  # after the layout has the new lines
        else:
            self._scrollbars_now()

    def _wrap(self, lines: Sequence[str]) -> list[str]:
        out: list[str] = []
        width = self._wrap_width
        for line in lines:
            glued = _GLUE.sub(NBSP, line)
            if len(glued) <= width and _PLAIN.fullmatch(glued):  # what textwrap gives back whole
                out.append(glued)
            else:
                out.extend(textwrap.wrap(glued, width, subsequent_indent="  ") or [""])
        return out

    def _update_size(self, updates: int, lines: list[str]) -> None:
        """The widest new line, measured here: Log measures it in a thread started per write, and
        its answer came back a frame later with a second layout (our lines are few and wrapped)."""
        if lines:
            self._update_maximum_width(updates, max(cell_len(self._process_line(line)) for line in lines))

    def _prune_max_lines(self) -> None:
        """Log's pruning, and then the whole view repainted: the lines under it moved up while the
        scroll offset stayed at the end, and Log refreshed only the rows past the last one (a log
        at its cap kept showing the same lines however many were written)."""
        before = len(self._lines)
        super()._prune_max_lines()
        if len(self._lines) < before:
            self.refresh()

    def _render_line(self, y: int, scroll_x: int, width: int) -> Strip:
        """Log's line without the text-selection offsets in every segment's style: the app runs
        with the mouse off, and each offset made a style of its own, pickled anew each frame and
        kept apart from its neighbours."""
        rich_style = self._line_style()
        if y >= len(self._lines):
            return Strip.blank(width, rich_style)
        return self._render_line_strip(y, rich_style).crop_extend(scroll_x, scroll_x + width, rich_style)

    def _line_style(self) -> Style:
        """The log's style, worked out once a repaint: `rich_style` walks every ancestor (~85 us
        here) and was asked for each line drawn, every line on show at each key as the log scrolls.
        Kept where Textual keeps a widget's component styles, which a repaint and a change of
        style (the widget's or an ancestor's) empty."""
        cached = self._rich_style_cache.get(_LINE_STYLE)
        if cached is None:
            style = self.rich_style
            self._rich_style_cache[_LINE_STYLE] = cached = (style, style)
        return cached[0]

    def on_mount(self) -> None:
        # Anchored, the layout itself keeps the newest line in view through every resize (a
        # scroll asked for after one refresh could land before the screen's height settled).
        # Scrolling up releases the anchor; scrolling back to the end takes it again.
        self.anchor()

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        """The lines written as the first layout gives the width, before the frame it ends: left to
        the Resize, they came a frame after the rest of the screen, with a layout and a repaint of
        their own (about 15 ms of the large campaign's first screen)."""
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        if not self._wrap_width and size.width:
            self._rewrap()
        return resized

    def on_resize(self, event: Resize) -> None:
        self._rewrap()

    def _rewrap(self) -> None:
        width = max(10, self.size.width - 3)  # room for the vertical scrollbar when it comes
        if width != self._wrap_width:
            self._wrap_width = width
            self.clear()
            self.write_lines(self._wrap(self._source))
            self.scroll_end(animate=False)
