"""Send the terminal only the parts of a frame that differ from what it already shows.

Textual repaints a widget's whole region when it refreshes: a card whose name changed resends its
borders, and a log with one new line resends every line of it. Over SSH each byte is latency for
the players watching, so `FrameMemory` keeps, for every row, the strips last written at each
column, and blanks (sets to None, which the update skips) a strip of a partial update that would
write exactly what is there. A strip is remembered only when written whole; any other write over
a remembered span forgets it, so a skipped strip is always one the terminal still shows.

A row left with nothing to write is dropped from the update's spans: Textual ends every row but
the last with a newline and starts each strip with a cursor move, so leading rows with no strip
would send bare newlines from wherever the cursor was, and at the bottom row the terminal scrolls.

A full frame (a screen pushed, popped or refreshed whole) is written only in the rows that differ
from what the terminal shows (in their cells' text, colours and attributes, however Textual cut
them into strips and spelt their styles), each from a cursor move of its own: Textual paints a pushed screen
twice, and the screen under a closed dialog twice again, about 9 KB each at 120 x 40. A resize
forgets everything (the terminal may have moved or cleared rows; the driver's start-up report of
the size the app already has is no resize: `FrameDiffApp._check_resize`), and ctrl+l repaints it all
(`FrameDiffApp.action_redraw`), for a terminal that something else wrote to.

What is left is then written with its style changes shortened (`terminal_styles`).
"""

from __future__ import annotations

from collections.abc import Generator
from contextlib import contextmanager

from rich.control import Control
from textual._compositor import ChopsUpdate, CompositorUpdate, LayoutUpdate
from textual.app import App
from textual.binding import Binding
from textual.events import Resize
from textual.strip import Strip

from combat_tui.terminal_styles import shorten_styles

Row = dict[int, tuple[int, Strip]]
"""Column -> (end column, the strip written there)."""


class FrameMemory:
    def __init__(self) -> None:
        self._rows: dict[int, Row] = {}
        self.skipped = 0
        """Strips left out so far (for the benchmarks and tests)."""

    def forget(self) -> None:
        self._rows.clear()

    def take(self, update: object) -> object | None:
        """Note what `update` writes and give back what to write of it, leaving out what the
        screen shows; None when nothing is left."""
        if isinstance(update, ChopsUpdate):
            self._partial(update)
            update.spans[:] = [span for span in update.spans if _writes(update, *span)]
            return update if update.spans else None
        if isinstance(update, LayoutUpdate):
            return self._full(update)
        self.forget()  # something this class does not read: trust nothing on screen
        return update

    def _full(self, update: LayoutUpdate) -> object | None:
        changed = []
        for y, line in enumerate(update.strips, update.region.y):
            line = list(line)
            x, row = update.region.x, {}
            for strip in line:
                end = x + strip.cell_length
                row[x] = (end, strip)
                x = end
            held = self._rows.get(y)
            if held != row and not (held and _looks_alike(held, row)):
                changed.append((y, update.region.x, line))
            self._rows[y] = row
        if not changed:
            return None
        return update if len(changed) == len(update.strips) else RowsUpdate(changed)

    def _partial(self, update: ChopsUpdate) -> None:
        for y, x1, x2 in update.spans:
            line = update.chops[y]
            row = self._rows.setdefault(y, {})
            for end, (x, strip) in zip(update.chop_ends[y], list(line.items())):
                if strip is None or x > x2 or end <= x1:
                    continue
                if x2 > x >= x1 and end <= x2:  # written whole (ChopsUpdate.render_segments)
                    held = row.get(x)
                    if held is not None and held[0] == end and held[1] == strip:
                        line[x] = None
                        self.skipped += 1
                        continue
                    _drop(row, x, end)
                    row[x] = (end, strip)
                else:  # written cut to the span: remember nothing of it
                    _drop(row, x, min(end, x2))


class RowsUpdate(CompositorUpdate):
    """Some rows of a full frame, each written whole from a cursor move of its own (no newline
    between them: a skipped row is not crossed)."""

    def __init__(self, rows: list[tuple[int, int, list[Strip]]]) -> None:
        self.rows = rows
        """(y, x, the row's strips from x on)."""

    def __rich_console__(self, console, options):
        for y, x, line in self.rows:
            yield Control.move_to(x, y).segment
            for strip in line:
                yield from strip

    def render_segments(self, console) -> str:
        return "".join(Control.move_to(x, y).segment.text + "".join(strip.render(console) for strip in line)
                       for y, x, line in self.rows)  # fmt: skip


def _writes(update: ChopsUpdate, y: int, x1: int, x2: int) -> bool:
    """Whether row y of the update still writes a strip within x1..x2 (x2 excluded: a strip that
    starts at x2, or any strip of an empty span, writes only a cursor move; a hidden scrollbar's
    refresh after a layout made a second frame of such rows)."""
    line = update.chops[y]
    return any(strip is not None and x < x2 and end > x1 for end, (x, strip) in zip(update.chop_ends[y], line.items()))


def _looks_alike(held: Row, row: Row) -> bool:
    """Whether the terminal shows `row` already, where it shows `held`: the same cells in the
    same colours and attributes, however Textual cut them into strips and segments and however it
    spelt their styles (a screen under a transparent one comes back in other segments, each
    style made anew, as does the colour of a blank's foreground, which no one sees)."""
    span = _span(held)
    if span is None or span != _span(row):
        return False
    cells = _cells(held)
    return cells is not None and cells == _cells(row)


def _span(row: Row) -> tuple[int, int] | None:
    """(first column, end column) of the strips of `row`; None if they leave a gap (a strip a
    partial write forgot)."""
    starts = sorted(row)
    x = starts[0]
    for start in starts:
        if start != x:
            return None
        x = row[start][0]
    return starts[0], x


def _cells(row: Row) -> list[list] | None:
    """The row as runs of [text, look], adjacent runs of the same look joined."""
    runs: list[list] = []
    for start in sorted(row):
        for text, style, control in row[start][1]:
            if control:
                return None
            look = _look(style, text.isspace())
            if runs and runs[-1][1] == look:
                runs[-1][0] += text
            else:
                runs.append([text, look])
    return runs


_SHOW_ON_BLANKS = 0b1_0011_0100_1000
"""Rich's attribute bits that show on a blank: underline, reverse, strike, underline2, overline."""


def _look(style, blank: bool) -> tuple:
    """What the terminal shows of `style`: its colours and the attributes it turns on; on a blank
    (a space) its background alone, unless an attribute draws there."""
    if style is None:
        return ()
    on = style._attributes & style._set_attributes
    if blank and not on & _SHOW_ON_BLANKS:
        return (None, _colour(style.bgcolor), 0, style.link)
    return (_colour(style.color), _colour(style.bgcolor), on, style.link)


def _colour(colour) -> object:
    return None if colour is None or colour.is_default else (colour.type, colour.number, colour.triplet)


def _drop(row: Row, start: int, end: int) -> None:
    """Forget every remembered strip that overlaps columns start..end."""
    for x in [x for x, (held_end, _) in row.items() if x < end and held_end > start]:
        del row[x]


class FrameDiffApp(App):
    """An App whose updates leave out what the terminal already shows."""

    BINDINGS = [
        Binding("ctrl+l", "redraw", "Redraw", show=False, priority=True, id="app.redraw",
                tooltip="Paint the whole screen again (a terminal something else wrote to)"),
    ]  # fmt: skip

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.frames = FrameMemory()
        self._held: list[tuple[object, object]] = []
        """Frames rendered inside a batch, written when it ends (`batch_update`)."""
        self._start_report = True
        """The driver's report of the terminal's size at start-up is still to come."""
        self._drop_report = False

    def action_redraw(self) -> None:
        self.frames.forget()
        self.screen.refresh()

    def _on_resize(self, event: Resize) -> None:
        """Beside App's own handler (Textual calls each class's, this one first): the terminal
        may have moved or cleared rows, so nothing on it is trusted; but for the driver's report,
        at start-up, of the size the app started with (`_check_resize`)."""
        self._drop_report = False
        if self._start_report and self._size is not None:
            self._start_report = False
            if event.size == self._size:
                self._drop_report = True
                return
        self.frames.forget()

    def _check_resize(self) -> None:
        """Textual's `_on_resize` ignores a report of the size the app already has, yet keeps it,
        and its `_on_idle` hands it to the screens, which lay out and repaint every widget. The
        driver reports the size once the first frame is out: a second whole frame (~8 ms at
        120 x 40, 4 KB) ahead of the GM's first key. That one report is not handed on; any
        other goes Textual's way."""
        if self._drop_report and self._resize_timer is None:
            self._drop_report = False
            self._resize_event = None
            return
        super()._check_resize()

    def _display(self, screen, renderable) -> None:
        # The conditions under which App._display writes: a frame it drops must not be noted.
        if renderable is not None and self._running and not self._closed and not self.is_headless and self._driver is not None:
            if self._batch_count:
                # Textual drops it, yet counts it as on screen: the start-up's first frame, the
                # whole screen, was rendered in the batch around the app's mount and lost, and
                # the terminal got the title and the footer a frame (~20 ms) later.
                if isinstance(renderable, LayoutUpdate):
                    self._held.clear()  # the whole screen: what came before it is covered
                self._held.append((screen, renderable))
                return
            renderable = to_write(self.frames, renderable)
            if renderable is None:
                return
        super()._display(screen, renderable)

    @contextmanager
    def batch_update(self) -> Generator[None, None, None]:
        with super().batch_update():
            yield
        if not self._batch_count and self._held:
            held, self._held = self._held, []
            for screen, update in held:
                if screen is self.screen:  # a screen that is gone is not painted
                    self._display(screen, update)


def to_write(memory: FrameMemory, update: object) -> object | None:
    """What goes to the terminal for `update`: None when the screen already shows all of it."""
    update = memory.take(update)
    if update is None:
        return None
    return ShortStyles(update) if isinstance(update, CompositorUpdate) else update


class ShortStyles(CompositorUpdate):
    """An update written with each style change cut to what changes (`shorten_styles`). A frame
    starts from the terminal's default style, as Textual's own frames do: each of them ends every
    styled segment with a reset."""

    def __init__(self, update: CompositorUpdate) -> None:
        self.update = update

    def __rich_console__(self, console, options):
        yield from self.update.__rich_console__(console, options)

    def render_segments(self, console) -> str:
        return shorten_styles(self.update.render_segments(console))[0]
