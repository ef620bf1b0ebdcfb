"""QuickCells: a DataTable draws a one-line text cell in a few steps instead of Rich's whole pipeline.

DataTable renders every cell as `Styled(Padding(cell, (0, 1)))` through `console.render_lines`:
options copied three times, a generator per layer, the text wrapped, joined and split again into
lines, ~60 µs a cell here. The turn table redraws two rows a key (five cells each), the page that
a turn scrolls in is ~100 cells, and the campaign's first screen draws ~110. A cell that is one
line of text that fits its column comes out of those layers as its text's segments between the
two paddings, each under the cell's styles; that is built here directly, with Rich's own pieces
(`Text.render`, `Segment.adjust_line_length`, `Segment.apply_style`), and stored in DataTable's
cell cache under DataTable's own key, so DataTable finds it and draws the rest as before. Any
other cell (several lines, a cut, a tab, a taller row, another renderable) is left to DataTable.
`tests/test_quick_cells.py` holds the two ways to the same segments.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

NULL = Style.null()
JOIN = Text("\n")
"""What Rich joins a text's lines with: its spans are what the single line's render reads."""


def quick_cell_lines(
    console: Console, cell: object, width: int, padding: int, pre: Style, post: Style | None
) -> list[list[Segment]] | None:
    """The lines `console.render_lines(Styled(Padding(cell, (0, padding)), pre, post))` gives at
    `width` and a height of one, or None when `cell` is not one line of text that fits. The
    console is taken to have no justify or overflow of its own, as Textual's has none."""
    inner = width - 2 * padding
    if inner <= 0:
        return None
    fitted = getattr(cell, "fitted", None)  # a renderable that is a text fitted to its width
    if fitted is not None:
        cell = fitted(inner)
    if type(cell) is not Text:
        return None
    plain = cell.plain
    if "\n" in plain or "\t" in plain or cell_len(plain) > inner:
        return None
    justify = cell.justify or "default"
    overflow = cell.overflow or "fold"
    if justify not in ("default", "left", "right", "full"):  # "full" leaves a last line as it is
        return None
    line = cell.copy()
    if justify == "left":
        line.truncate(inner, overflow=overflow, pad=True)
    elif justify == "right":
        line.rstrip()
        line.pad_left(inner - cell_len(line.plain))
    segments = Segment.adjust_line_length(list(JOIN.join([line]).render(console)), inner, style=NULL)
    if padding:
        side = Segment(" " * padding, NULL)
        segments = [side, *segments, side]
    return [list(Segment.apply_style(segments, pre, post))]


class QuickCells:
    """Put before DataTable among a widget's bases (after any mixin that is first by design)."""

    def _render_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                     cursor: bool = False, hover: bool = False):  # fmt: skip
        """DataTable's, with a one-line text cell drawn by `quick_cell_lines`; the key, the styles
        and the cell are read as DataTable reads them, and the lines kept in its cache under its key."""
        header = row_index == -1
        row_key = self._header_row_key if header else self._row_locations.get_key(row_index)
        key = (row_key, self._column_locations.get_key(column_index), base_style, cursor, hover,
               self._show_hover_cursor, self._update_count, self._pseudo_class_state)  # fmt: skip
        cache = self._cell_render_cache
        if key in cache:
            return cache[key]
        if (self.header_height if header else self.rows[row_key].height) == 1:
            label, cells = self._get_row_renderables(row_index)
            cell = (label if label is not None else "") if column_index == -1 else cells[column_index]
            fixed = not header and column_index != -1 and (row_index < self.fixed_rows or column_index < self.fixed_columns)
            component, post = self._get_styles_to_render_cell(
                header, column_index == -1, fixed, hover, cursor, self.show_cursor, self._show_hover_cursor,
                self.cursor_foreground_priority == "css", self.cursor_background_priority == "css")  # fmt: skip
            pre = base_style + Style.from_meta({"row": row_index, "column": column_index}) + component
            lines = quick_cell_lines(self.app.console, cell, width, self.cell_padding, pre, post)
            if lines is not None:
                cache[key] = lines
                return lines
        return super()._render_cell(row_index, column_index, base_style, width, cursor, hover)
