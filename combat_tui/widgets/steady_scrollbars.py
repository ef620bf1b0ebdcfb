"""SteadyScrollbars: a scrolling widget repaints its scrollbars only when they would change.

Textual's ScrollView (a DataTable, a Log) re-reads its scrollbars at every layout of the screen,
because it compares its own container size with its parent's, which always differ, and then
repaints each scrollbar whole, changed or not. A log that grew by a line lays the screen out, so
every key repainted the turn table's and the log's scrollbars, every row of them (~3 ms a key at
120 x 40). The scrollbars' own values (length, window, position) still repaint them when they move.
"""

from __future__ import annotations

from textual.geometry import Size
from textual.widgets import DataTable

from combat_tui.widgets.quick_cells import QuickCells


class SteadyScrollbars:
    """Put first among a widget's bases. Not a Widget itself: Textual takes a widget's CSS, type
    names and component classes along its first base that is one."""

    _scroll_inputs: tuple | None = None

    def _scroll_update(self, virtual_size: Size) -> None:
        """Textual's update, skipped when all it reads is as it was the last time it ran (it then
        sets every value to what it holds already, and repaints the bars)."""
        if self._scroll_read(virtual_size) == self._scroll_inputs:
            return
        super()._scroll_update(virtual_size)
        self._scroll_inputs = self._scroll_read(virtual_size)  # what it left is what the next call compares

    def _scrollbars_now(self) -> bool:
        """Show or hide the scrollbars for the content just written, before the frame's layout;
        True if one came or went. Left to the layout, a bar that came or went set a reactive that
        laid the screen out once more: a second frame ~35 ms after the key's (the log's first
        overflow)."""
        if not self._container_size:  # not laid out yet: no room to measure the bars against
            return False
        before = (self.show_horizontal_scrollbar, self.show_vertical_scrollbar)
        self._refresh_scrollbars()
        return before != (self.show_horizontal_scrollbar, self.show_vertical_scrollbar)

    def _scroll_read(self, virtual_size: Size) -> tuple:
        styles = self.styles
        return (virtual_size, self.virtual_size, self._container_size, self.scroll_x,
                styles.overflow_x, styles.overflow_y, styles.scrollbar_size_vertical,
                styles.scrollbar_size_horizontal, self.show_vertical_scrollbar,
                self.show_horizontal_scrollbar, self._vertical_scrollbar,
                self._horizontal_scrollbar)  # fmt: skip


class SteadyTable(SteadyScrollbars, QuickCells, DataTable):
    """A DataTable of a main screen (CSS and queries still know it as a DataTable)."""
