"""CombatantTable: a card per combatant, one row each in turn order, updated cell by cell.

A row shows the turn mark and the label, an HP bar against the HP maximum (halved from exhaustion
4), the AC that armor makes, and the chips: the status word, the conditions (those that take the
turn first), exhaustion and the notes, cut to the column with `+N` or an ellipsis (the card shows
them all). Only the rows whose record, mark or initiative changed are touched, and the columns
have fixed widths, so an update never re-measures the table; it is rebuilt only when the order
changes (the start, an initiative fix during the fight) or a resize calls for other widths.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.cache import LRUCache
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey, RowKey

from combat_tui.systems.dnd5e.fight_view import FightView
from combat_tui.widgets.dnd5e.chip_row import ChipCell, chip_styles
from combat_tui.widgets.dnd5e.hp_bar import hp_bar, theme_styles
from combat_tui.widgets.quick_cells import QuickCells
from combat_tui.widgets.rows_ahead import RowsAhead, drop_keys
from combat_tui.widgets.steady_scrollbars import SteadyScrollbars

NARROW_BAR, WIDE_BAR = 5, 10
CHIPS_WIDTH = len("defeated")
"""The chips column's least width; it takes the rest of the table's width."""
WIDE = 60
"""From this width on, the bar is longer and the initiative has a column (the ribbon shows it too)."""
CELLS_KEPT = 640
"""Rendered cells kept (three screens of rows at 160x48: the view, the page below it and the top
page, which `RowsAhead` renders before the turn reaches them): a row scrolled back into view is
drawn from them."""


class CombatantTable(SteadyScrollbars, RowsAhead, QuickCells, DataTable):
    """The combatants' cards; the row cursor follows the inspected (or the current) combatant.

    Columns: label, HP, AC, initiative (from 60 cells; the ribbon shows it too), and the chips,
    which take the rest of the width.
    """

    DEFAULT_CSS = """
    CombatantTable { height: 1fr; overflow-x: hidden; }
    """

    HELP = """
    ## Combatants

    One card a row, in turn order; `▶` marks the current turn. **Chips** lists the
    conditions (those that take the turn first), exhaustion as six pips, then notes; `+2`
    says how many more the card of the inspected combatant shows. An *italic* name loses
    its turns or is down.

    - **↑ ↓** or **[ ]** (**j k**): inspect a combatant; **c** goes back to the current turn.
    - A digit starts an **Amount**; **d** damages, **h** heals the inspected combatant
      (**t** picks another target).
    - **a** attacks the inspected combatant with the current combatant's weapon;
      **w** changes the weapon, **v** cycles advantage and disadvantage.
    - **n** / **p**: next and previous turn; **e**: End combat; **u** / **U**: undo, redo;
      **:** types a command.
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(cursor_type="row", id=id, classes=classes)
        # DataTable caches 10,000 rendered cells and 1,000 rows and lines: in a fight of thousands
        # the turn walks every row, and the caches grew the app by 40 MiB before they were full.
        # A few screens of rows are all that is ever on show.
        self._cell_render_cache = LRUCache(CELLS_KEPT)
        self._row_render_cache = RowFreeRows(200)
        self._row_renderable_cache = LRUCache(200)
        self._line_cache = LRUCache(200)
        self._order: tuple[str, ...] = ()
        self._shown: dict[str, tuple] = {}
        """Per row, what it shows: (record, is current, initiative), compared by identity."""
        self._styles: dict[str, str] = {}
        self._chip_styles: dict[str, str] = {}
        self._wide = False
        self._fixed = 0
        """The width of the columns before the chips, with their padding."""
        self._view: FightView | None = None

    @property
    def _bar(self) -> int:
        return WIDE_BAR if self._wide else NARROW_BAR

    def on_mount(self) -> None:
        self._styles = theme_styles(self.app.theme_variables)
        self._chip_styles = chip_styles(self.app.theme_variables)

    def show(self, view: FightView, focus_ref: str | None) -> None:
        """Bring the rows up to date and put the cursor on `focus_ref` without an echo."""
        old, self._view = self._view, view
        same_order = old is not None and old.fight.combatants is view.fight.combatants
        order = self._order if same_order else tuple(c.ref for c in view.fight.combatants)
        with self.prevent(DataTable.RowHighlighted):
            if order != self._order:
                self._rebuild(view, order)
            else:
                self._update(view, _changed_refs(old, view) if same_order else order)
            row = view.positions.get(focus_ref) if focus_ref is not None else None
            if row is not None and row != self.cursor_row:
                self.move_cursor(row=row, animate=False, scroll=False)
        self.render_ahead()

    def _scroll_cursor_into_view(self, animate: bool = False) -> None:
        """A cursor row that left the view comes back near its top (DataTable scrolls just enough):
        next turn then moves the cursor a page of turns before the rows move again, where a scroll
        of one row a key resent every row of the table to the terminal."""
        row = self.cursor_row  # every row is one line high
        seen = self.scrollable_content_region.height - (self.header_height if self.show_header else 0)
        top = round(self.scroll_y)
        if seen <= 0 or top <= row < top + seen:
            return
        self.scroll_to(y=max(0, min(row - 1, row - seen + 1) if row < top else row - 1), animate=False, immediate=True)

    def on_resize(self) -> None:
        wide = self.size.width >= WIDE
        if wide != self._wide:
            self._wide = wide
            if self._view is not None:
                focus = self._order[self.cursor_row] if self._order and self.cursor_row < len(self._order) else None
                view, self._view, self._order = self._view, None, ()
                self.show(view, focus)
        else:
            self._fit_chips()

    def watch_show_vertical_scrollbar(self) -> None:
        """The scrollbar takes its width from the chips column (and gives it back)."""
        self._fit_chips()

    def _fit_chips(self) -> None:
        """Give the chips column what the other columns and the scrollbar leave of the table.

        Its cells fit themselves when drawn, so only the column's width changes: no row is
        rebuilt (DataTable has no public call for that; its render caches key on `_update_count`,
        which its own resize handler bumps the same way).
        """
        column = self.columns.get(ColumnKey("chips"))
        width = self._chips_room()
        if column is None or column.width == width:
            return
        column.width = width
        self._update_count += 1
        self._drop_stale_renders()
        self._require_update_dimensions = True
        self.refresh()

    def _chips_room(self) -> int:
        room = self.size.width - self.scrollbar_size_vertical - self._fixed - 2 * self.cell_padding
        return max(CHIPS_WIDTH, room)

    def _rebuild(self, view: FightView, order: tuple[str, ...]) -> None:
        self.clear(columns=True)
        self._shown.clear()
        actors = [view.actors[ref] for ref in order]
        name = max((len(view.label(ref)) for ref in order), default=4) + 2
        hp = self._bar + 1 + max((len(f"{a.max_hp}/{a.max_hp}") for a in actors), default=5)
        columns = [("name", "Combatant", name), ("hp", "HP", hp), ("ac", "AC", 2)]
        columns += [("init", "Init", 4)] if self._wide else []
        self._fixed = sum(max(width, len(label)) + 2 * self.cell_padding for _, label, width in columns)
        for key, label, width in columns + [("chips", "Chips", self._chips_room())]:
            self.add_column(label, key=key, width=max(width, len(label)))
        for index, ref in enumerate(order):
            self.add_row(*self._cells(view, index).values(), key=ref)
            self._shown[ref] = self._key(view, index)
        self._order = order

    def _update(self, view: FightView, refs) -> None:
        """Set the cells of the rows that changed and forget their renders, keeping every other
        row's (`_forget_rows`)."""
        changed: dict[RowKey, int] = {}
        for ref in refs:
            index = view.positions.get(ref)
            if index is None:
                continue
            key = self._key(view, index)
            old = self._shown.get(ref)
            if old is not None and all(a is b or a == b for a, b in zip(old, key, strict=True)):
                continue
            row = RowKey(ref)
            cells = self._data[row]
            for column, value in self._cells(view, index).items():
                cells[ColumnKey(column)] = value  # update_cell, without its bump of _update_count
            self._shown[ref] = key
            changed[row] = index
        if changed:
            self._forget_rows(changed)
        for index in changed.values():
            self.refresh_row(index)

    def _forget_rows(self, rows: dict[RowKey, int]) -> None:
        """Drop the renders of these rows (key -> index) only. `update_cell` bumps
        `_update_count`, which every render cache keys on, so one changed row made every other
        row render its cells again the next time it was drawn: at a round's end the table
        scrolls back to its top, and every row on show was rendered afresh (~15 ms of that key).
        The rows' renders are dropped under every place of the cursor they were kept for (the
        rows ahead are kept for where the cursor will be); the line cache is keyed by the
        cursor's place, which a turn moves."""
        indexes = set(rows.values())
        drop_keys(self._cell_render_cache, lambda key: key[0] in rows)
        drop_keys(self._row_renderable_cache, lambda key: key[1] in indexes)
        drop_keys(self._row_render_cache, lambda key: key[0] in rows)
        self._line_cache.clear()

    def _drop_stale_renders(self) -> None:
        """Empty the render caches: their keys hold `_update_count`, which a width change has just
        bumped, so no entry in them can be found again. Left to fall out of the LRU, a line lived a
        hundred keys, long enough for the collector to promote it to the oldest generation; and
        Textual's strips cache themselves (a reference cycle), so there each one waited for a full
        collection, which a GM typing without a pause never gives."""
        for cache in (self._row_render_cache, self._cell_render_cache, self._row_renderable_cache, self._line_cache):
            cache.clear()

    def _key(self, view: FightView, index: int) -> tuple:
        combatant = view.fight.combatants[index]
        return (view.actors.get(combatant.ref), index == view.fight.turn, combatant.initiative,
                view.label(combatant.ref), combatant.held)  # a rename or a hold redraws the row

    def _cells(self, view: FightView, index: int) -> dict[str, object]:
        shown = view.views[view.fight.combatants[index].ref]
        held = view.fight.combatants[index].held
        word = shown.status
        if shown.current:
            style = "bold"
        elif word == "defeated":
            style = "dim strike"
        else:
            style = "italic" if word or shown.stopped else ""  # it loses its turns or is down
        cells = {
            "name": Text(("▶ " if shown.current else "‖ " if held else "  ") + shown.label, style=style),
            "hp": hp_bar(shown.hp, shown.max_hp, self._bar, self._styles),
            "ac": Text(str(shown.ac), justify="right"),
        }
        if self._wide:
            cells["init"] = Text(str(shown.initiative), justify="right")
        cells["chips"] = ChipCell(shown.chips, self._chip_styles)  # fitted to the column as drawn
        return cells


class RowFreeRows(LRUCache):
    """DataTable's cache of rendered rows, keeping the rows without the row number DataTable puts
    in the mouse metadata of every cell's style (`{"row": 12, "column": 3}`; the app runs with
    the mouse off).

    The row number made each cell's style a style of its own, and Textual keeps the escape codes
    of the last 16,384 styles drawn: as the turn walked a fight of 2,000 rows, that cache filled
    with styles that differ only by their row (several MiB). The column stays, so neighbouring
    cells stay apart as before (Strip.simplify joins equal styles). The lists are rewritten in
    place: they are the cell cache's, and the ones DataTable is about to draw."""

    def set(self, key, value) -> None:
        for part in value:  # (fixed cells, scrollable cells), each a list of a line's segments per cell
            for segments in part:
                if any(style is not None and b"row" in (style._meta or b"") for _, style, _ in segments):
                    segments[:] = [Segment(text, _without_row(style), control) for text, style, control in segments]
        super().set(key, value)

    __setitem__ = set


def _without_row(style: Style | None) -> Style | None:
    """`style` without the row of its metadata (`_meta`, Rich's pickled metadata, is looked at
    before anything is unpickled)."""
    if style is None or not style._meta:
        return style
    meta = style.meta
    if meta.pop("row", None) is None:
        return style
    return style.clear_meta_and_links() + Style.from_meta(meta)


def _changed_refs(old: FightView, new: FightView) -> set[str]:
    """The rows a change can touch: the old and the new turn, and every record replaced since."""
    refs = {c.ref for c in (old.fight.current(), new.fight.current()) if c is not None}
    for before, after in ((old.state.characters, new.state.characters), (old.state.creatures, new.state.creatures)):
        if before is after:
            continue
        if len(before) != len(after):
            return set(new.positions)
        refs.update(b.id for a, b in zip(before, after, strict=True) if a is not b)
    return refs
