"""The travelogue's wrap skips textwrap for a line that fits (issue 17: a start-up wraps the last
thousand lines); what it writes must be what textwrap would have written."""

from __future__ import annotations

import textwrap
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.app import App
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.geometry import Region

from combat_tui.widgets.travelogue import _GLUE, NBSP, Travelogue

PIECES = st.sampled_from(["a", "Goblin", " ", "  ", "\t", "\n", "\r", "\x0c", NBSP, "5", "é", "漢", "-", "\u2028"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(PIECES, max_size=30).map("".join), max_size=5), st.integers(min_value=10, max_value=40))
def test_the_wrap_is_textwraps(lines: list[str], width: int):
    wrapped = Travelogue._wrap(SimpleNamespace(_wrap_width=width), lines)
    expected = []
    for line in lines:
        expected.extend(textwrap.wrap(_GLUE.sub(NBSP, line), width, subsequent_indent="  ") or [""])
    assert wrapped == expected


class OneLog(App):
    CSS = "Travelogue { height: 12; background: #102030; }  .light Travelogue { background: #f0f0e0; }"

    def compose(self):
        with Vertical(id="frame"):
            yield Travelogue(id="log")


async def test_a_repaint_works_out_the_log_style_once_and_a_change_of_style_shows(monkeypatch):
    """Every line drawn asked for `rich_style`, which walks every ancestor: 14 walks a key as the
    log scrolled (issue 17). Now once a repaint; a new style of the log or of an ancestor shows."""
    app = OneLog()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(Travelogue)
        log.show([f"line {n}" for n in range(40)])
        await pilot.pause()
        walks: list[int] = []
        style = DOMNode.rich_style
        monkeypatch.setattr(Travelogue, "rich_style", property(lambda self: walks.append(1) or style.fget(self)), raising=False)
        log.show([f"line {n}" for n in range(41)])  # one more line: the log scrolls, every row is drawn again
        await pilot.pause()
        assert len(walks) <= 2

        def backgrounds() -> set:
            return {seg.style.bgcolor.triplet.hex for strip in log.render_lines(Region(0, 0, 50, 10)) for seg in strip
                    if seg.style and seg.style.bgcolor}  # fmt: skip

        dark = backgrounds()
        app.query_one("#frame").add_class("light")  # an ancestor's class restyles the log
        await pilot.pause()
        light = backgrounds()
        assert light and light != dark
        assert all(int(colour[1:3], 16) > 0xC0 for colour in light) and all(int(colour[1:3], 16) < 0x40 for colour in dark)
