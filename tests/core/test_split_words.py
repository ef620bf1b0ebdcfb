"""The text form's word splitter reads every line as shlex does (its fast path included)."""

from __future__ import annotations

import shlex

from hypothesis import given, settings
from hypothesis import strategies as st

from combat_tui.core.text import bad_character, split_words


def _words(line: str) -> list[str] | None:
    try:
        return split_words(line)
    except ValueError:
        return None


def _shlex(line: str) -> list[str] | None:
    try:
        return shlex.split(line, comments=True)
    except ValueError:
        return None


@settings(max_examples=600)
@given(st.text(alphabet='ab2 "\'#\\\t\n\r\u00a0\u2003', max_size=14))
def test_split_words_reads_as_shlex(line: str) -> None:
    assert _words(line) == _shlex(line)


def test_a_script_line_splits_on_its_quotes() -> None:
    assert split_words('attack Ayla "Goblin Boss" Rapier') == ["attack", "Ayla", "Goblin Boss", "Rapier"]
    assert split_words('chip "Goblin 2"x +Poisoned') == ["chip", "Goblin 2x", "+Poisoned"]


@given(st.text(max_size=12))
def test_the_fast_path_finds_what_the_loop_finds(text: str) -> None:
    found = bad_character(text)
    if text.isascii() and text.isprintable():
        assert found is None
    else:  # the loop: anything that is not a control character, a surrogate or a mark passes
        assert (found is None) == all(bad_character(char) is None for char in text)
