"""RowsAhead: a DataTable renders, while the GM pauses, the rows the next turns scroll into view.

The turn table moves its cursor a row a key and scrolls a page at a time (`_scroll_cursor_into_view`
of the combatant table): the key that turns the page drew a page of rows never drawn before, ~100
cells at ~0.1 ms each and then each row, and stood out as the slowest key of a run (the p99). Here
the page below the view, and the top page once the view nears the end of the round, are rendered
after each frame as DataTable will draw them, the cursor on the row the turn will put it on (its
row cache is keyed by the cursor's place), one row per turn of the event loop, so a key typed
meanwhile waits for one row at most and the page-turning key finds them drawn.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual.cache import LRUCache
from textual.coordinate import Coordinate


def drop_keys(cache: LRUCache, doomed: Callable[[tuple], bool]) -> None:
    """Discard the entries of one of DataTable's render caches whose key `doomed` picks."""
    for key in [key for key in cache.keys() if doomed(key)]:
        cache.discard(key)


class RowsAhead:
    """Put before DataTable among a widget's bases; call `render_ahead()` after changing rows."""

    _ahead_run = 0
    """Bumped by each `render_ahead`: a walk that sees another number stops."""

    def render_ahead(self) -> None:
        """Start rendering the rows ahead once the frame now due is painted."""
        self._ahead_run += 1
        self.call_after_refresh(self._ahead_start, self._ahead_run)

    def rows_ahead(self) -> list[tuple[int, int]]:
        """The rows the next turns bring into view, each with the row the cursor will be on when
        they come: the page below the view (the turn that moves the cursor past the view's last
        row turns it), and the top page when the round's end is within the next page (the turn
        wraps to the first row). The cursor's row itself changes as the turn reaches it, so it is
        left out."""
        seen = self.scrollable_content_region.height - (self.header_height if self.show_header else 0)
        count = self.row_count
        if seen <= 0 or not count:
            return []
        top = round(self.scroll_y)
        below = top + seen
        rows = [(index, below) for index in range(below + 1, min(count, below + seen))]
        if top > 0 and below + seen >= count:  # rows on show now too: the cursor's place keys them
            rows += [(index, 0) for index in range(1, min(seen, count))]
        return rows

    def _ahead_start(self, run: int) -> None:
        if run != self._ahead_run or not self.is_mounted:
            return
        rows = self.rows_ahead()
        self._keep_rows_for({self.cursor_coordinate} | {Coordinate(at, self.cursor_column) for _, at in rows})
        self._ahead_step(run, rows, self.rich_style)

    def _keep_rows_for(self, cursors: set[Coordinate]) -> None:
        """Drop the rendered rows kept for any other place of the cursor: the rows on show and
        the rows ahead are all the cache holds, not every row the turn walked past."""
        drop_keys(self._row_render_cache, lambda key: key[3] not in cursors)

    def _ahead_step(self, run: int, rows: list[tuple[int, int]], base_style) -> None:
        """Render the first row of `rows` not in the row cache, then hand the rest to the loop."""
        if run != self._ahead_run or not self.is_mounted:
            return
        while rows:
            index, cursor_row = rows.pop(0)
            if index >= self.row_count:
                continue
            key, cursor = self._row_locations.get_key(index), Coordinate(cursor_row, self.cursor_column)
            if self._row_cache_key(key, base_style, cursor) not in self._row_render_cache:
                self._render_line_in_row(key, 0, base_style, cursor, self.hover_coordinate)
                break
        if rows:
            asyncio.get_running_loop().call_soon(self._ahead_step, run, rows, base_style)

    def _row_cache_key(self, key, base_style, cursor: Coordinate) -> tuple:
        """The key DataTable's `_render_line_in_row` files the row's first line under (should its
        shape change, this walk only renders rows again)."""
        return (key, 0, base_style, cursor, self.hover_coordinate, self.cursor_type, self.show_cursor,
                self._show_hover_cursor, self._update_count, self._pseudo_class_state)  # fmt: skip
