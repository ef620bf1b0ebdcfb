"""FrameMemory: a partial update leaves out only what the terminal already shows."""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from textual._compositor import ChopsUpdate, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from combat_tui.terminal_frames import FrameMemory, to_write

CONSOLE = Console(width=20, force_terminal=True, color_system="truecolor")


def _strip(text: str) -> Strip:
    return Strip([Segment(text)])


def _row(*parts: tuple[int, str], span: tuple[int, int] = (0, 20)) -> ChopsUpdate:
    chops = [{x: _strip(text) for x, text in parts}]
    ends = [[x + len(text) for x, text in parts]]
    return ChopsUpdate(chops, [(0, *span)], ends)


def _written(update: ChopsUpdate) -> str:
    return update.render_segments(CONSOLE)


def test_the_same_strip_again_is_left_out() -> None:
    memory = FrameMemory()
    first = _row((0, "Goblin 1"), (8, " 7/7"))
    memory.take(first)
    assert "Goblin 1" in _written(first)
    again = _row((0, "Goblin 1"), (8, " 5/7"))
    memory.take(again)
    written = _written(again)
    assert "Goblin 1" not in written and "5/7" in written
    assert memory.skipped == 1


def test_a_write_over_a_remembered_strip_forgets_it() -> None:
    memory = FrameMemory()
    memory.take(_row((0, "Goblin 1 7/7")))
    memory.take(_row((4, "XX")))  # a dialog's edge drawn over part of it
    back = _row((0, "Goblin 1 7/7"))
    memory.take(back)
    assert "Goblin 1 7/7" in _written(back)


def test_a_strip_cut_by_its_span_is_not_remembered() -> None:
    memory = FrameMemory()
    memory.take(_row((0, "Goblin 1 7/7"), span=(0, 4)))  # only "Gobl" reached the screen
    whole = _row((0, "Goblin 1 7/7"))
    memory.take(whole)
    assert "Goblin 1 7/7" in _written(whole)


def test_a_full_frame_is_remembered_and_anything_else_forgets() -> None:
    memory = FrameMemory()
    memory.take(LayoutUpdate([[_strip("Round 1"), _strip(" Bren")]], Region(0, 0, 12, 1)))
    same = _row((0, "Round 1"), (7, " Bren"))
    assert not memory.take(same)  # nothing left to send
    assert memory.skipped == 2
    memory.take(object())
    again = _row((0, "Round 1"))
    memory.take(again)
    assert "Round 1" in _written(again)


def test_a_row_left_with_nothing_to_write_sends_no_newline() -> None:
    # Two rows, the first unchanged: the update must not start with the first row's newline,
    # which at the terminal's bottom row scrolls the whole screen up.
    memory = FrameMemory()
    memory.take(_row((0, "Goblin 1")))
    chops = [{0: _strip("Goblin 1")}, {0: _strip("Goblin 2")}]
    update = ChopsUpdate(chops, [(0, 0, 20), (1, 0, 20)], [[8], [8]])
    assert memory.take(update)
    written = _written(update)
    assert update.spans == [(1, 0, 20)]
    assert written.startswith("\x1b[2;1H") and "\n" not in written


def test_an_update_with_nothing_left_is_not_sent() -> None:
    memory = FrameMemory()
    memory.take(_row((0, "Goblin 1")))
    again = _row((0, "Goblin 1"))
    assert not memory.take(again)
    assert again.spans == []


def test_an_empty_span_writes_nothing_and_its_update_is_not_sent() -> None:
    # A hidden scrollbar refreshed after a layout: spans of no width at the right edge, which
    # Textual sends as a cursor move and a newline a row, a second frame that shows nothing.
    memory = FrameMemory()
    chops = [{19: _strip("▁")}, {19: _strip("▁")}]
    update = ChopsUpdate(chops, [(0, 19, 19), (1, 19, 19)], [[20], [20]])
    assert not memory.take(update)
    assert update.spans == []


def test_a_strip_that_starts_where_its_span_ends_writes_nothing() -> None:
    memory = FrameMemory()
    update = _row((0, "Goblin"), (6, " 7/7"), span=(0, 6))
    assert memory.take(update)
    assert "7/7" not in _written(update)
    only_after = _row((6, " 7/7"), span=(0, 6))
    assert not memory.take(only_after)


def test_what_is_written_has_its_style_changes_shortened() -> None:
    from rich.style import Style

    from tests.test_terminal_styles import cells

    bold = Style(bold=True, bgcolor="#00005f")
    update = ChopsUpdate([{0: Strip([Segment("Ayla", bold), Segment(" 28", bold + Style(color="red"))])}], [(0, 0, 20)], [[7]])
    plain = update.render_segments(CONSOLE)
    written = to_write(FrameMemory(), update).render_segments(CONSOLE)
    assert cells(written) == cells(plain) and len(written) < len(plain)
    assert to_write(FrameMemory(), object()) is not None  # not an update it reads: passed on


def _frame(*rows: str) -> LayoutUpdate:
    return LayoutUpdate([[_strip(text)] for text in rows], Region(0, 0, 20, len(rows)))


def test_a_full_frame_the_terminal_already_shows_is_not_sent() -> None:
    # Textual paints a pushed screen twice, and the screen under a closed dialog twice again.
    memory = FrameMemory()
    assert memory.take(_frame("Round 1", "Bren", "Goblin 1"))
    assert memory.take(_frame("Round 1", "Bren", "Goblin 1")) is None


def test_a_full_frame_writes_only_its_rows_that_differ_each_from_a_cursor_move() -> None:
    memory = FrameMemory()
    memory.take(_frame("Round 1", "Bren", "Goblin 1"))
    update = memory.take(_frame("Round 1", "Bren", "Goblin 2"))
    written = update.render_segments(CONSOLE)
    assert written.startswith("\x1b[3;1H") and "Goblin 2" in written
    assert "Round 1" not in written and "Bren" not in written and "\n" not in written
    again = memory.take(_frame("Round 1", "Mirelle", "Goblin 2"))  # what it wrote is remembered
    assert "Mirelle" in again.render_segments(CONSOLE) and "Goblin" not in again.render_segments(CONSOLE)


def test_a_full_frame_after_the_memory_is_forgotten_is_written_whole() -> None:
    memory = FrameMemory()
    frame = _frame("Round 1", "Bren")
    memory.take(frame)
    memory.forget()  # a resize, or ctrl+l
    again = _frame("Round 1", "Bren")
    assert memory.take(again) is again
