"""The travelogue's wrap skips textwrap for a line that fits (issue 17: a start-up wraps the last
thousand lines); what it writes must be what textwrap would have written."""

from __future__ import annotations

import textwrap
from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

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
