"""FrameMemory: a full frame's row the terminal already shows is left out even when Textual cut it
into other strips and segments, or spelt its styles anew (issue 17: the screen under the `:`
prompt came back so, and opening and closing the prompt each sent the whole screen, ~10 KB; the
app's prompt itself: test_frame_rows)."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from rich.style import Style
from textual._compositor import LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip

from combat_tui.terminal_frames import FrameMemory

RED_ON_BLUE = Style(color="#ff0000", bgcolor="#0000ff", bold=True)


def _frame(*strips: list[Segment]) -> LayoutUpdate:
    """One row of strips, each a list of segments."""
    return LayoutUpdate([[Strip(segments) for segments in strips]], Region(0, 0, 20, 1))


def _sent(memory: FrameMemory, *strips: list[Segment]) -> bool:
    return memory.take(_frame(*strips)) is not None


def test_the_same_cells_in_other_strips_and_segments_are_not_sent() -> None:
    memory = FrameMemory()
    assert _sent(memory, [Segment("Goblin 1", RED_ON_BLUE), Segment(" 7/7", RED_ON_BLUE)])
    spelt_anew = Style(bold=True) + Style(color="#ff0000", bgcolor="#0000ff", italic=False)
    assert not _sent(memory, [Segment("Gob", RED_ON_BLUE)], [Segment("lin 1 7/7", spelt_anew)])


def test_a_blanks_foreground_is_not_seen_but_its_background_is() -> None:
    memory = FrameMemory()
    assert _sent(memory, [Segment("Bren", RED_ON_BLUE), Segment("   ", Style(color="#ff0000", bgcolor="#000000"))])
    assert not _sent(memory, [Segment("Bren", RED_ON_BLUE), Segment("   ", Style(bgcolor="#000000", bold=True))])
    assert _sent(memory, [Segment("Bren", RED_ON_BLUE), Segment("   ", Style(bgcolor="#111111"))])


@pytest.mark.parametrize("line", ["underline", "strike", "overline", "reverse", "underline2"])
def test_a_blank_under_a_line_shows_its_foreground(line) -> None:
    memory = FrameMemory()
    assert _sent(memory, [Segment("   ", Style(color="#ff0000", **{line: True}))])
    assert _sent(memory, [Segment("   ", Style(color="#00ff00", **{line: True}))])


def test_other_text_colours_or_attributes_are_sent() -> None:
    memory = FrameMemory()
    assert _sent(memory, [Segment("Ayla", RED_ON_BLUE)])
    assert _sent(memory, [Segment("Ayla", RED_ON_BLUE + Style(color="#ff0001"))])
    assert _sent(memory, [Segment("Ayla", RED_ON_BLUE + Style(color="#ff0001", italic=True))])
    assert _sent(memory, [Segment("Ayl", RED_ON_BLUE + Style(color="#ff0001", italic=True)), Segment("a")])
    assert _sent(memory, [Segment("Ayle")])


def test_a_row_a_partial_write_left_with_a_gap_is_sent() -> None:
    memory = FrameMemory()
    memory.take(_frame([Segment("Korg", RED_ON_BLUE)], [Segment("  55/55", RED_ON_BLUE)]))
    row = memory._rows[0]
    del row[0]  # what a write over part of the row leaves: that part is no longer known
    row[0] = (2, Strip([Segment("Ko", RED_ON_BLUE)]))
    assert _sent(memory, [Segment("Korg  55/55", RED_ON_BLUE)])
