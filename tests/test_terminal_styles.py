"""shorten_styles: every character keeps its style on the terminal, in fewer bytes."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual.strip import Strip

from combat_tui.terminal_styles import shorten_styles

ESCAPE = re.compile(r"\x1b\[([0-9;:?]*)([A-Za-z])")
NAMES = {1: "bold", 2: "dim", 3: "italic", 4: "underline", 5: "blink", 6: "blink2", 7: "reverse", 8: "conceal",
         9: "strike", 21: "underline2", 51: "frame", 52: "encircle", 53: "overline"}  # fmt: skip
OFF = {22: ("bold", "dim"), 23: ("italic",), 24: ("underline", "underline2"), 25: ("blink", "blink2"),
       27: ("reverse",), 28: ("conceal",), 29: ("strike",), 54: ("frame", "encircle"), 55: ("overline",)}  # fmt: skip


def _sgr(state: dict, params: str) -> None:
    """What a terminal does with one SGR sequence (written apart from the module under test)."""
    if ":" in params:  # a colon form: some terminals read it, so it is something the test tracks
        state["colon " + params] = True
        return
    codes = [int(code) if code else 0 for code in params.split(";")]
    while codes:
        code = codes.pop(0)
        if code == 0:
            state.clear()
        elif code in NAMES:
            state[NAMES[code]] = True
        elif code in OFF:
            for name in OFF[code]:
                state.pop(name, None)
        elif code in (38, 48, 58):
            kind = codes.pop(0)
            state[{38: "fg", 48: "bg", 58: "underline colour"}[code]] = (kind, *[codes.pop(0) for _ in range(1 if kind == 5 else 3)])
        elif 30 <= code <= 37 or 90 <= code <= 97:
            state["fg"] = (code,)
        elif 40 <= code <= 47 or 100 <= code <= 107:
            state["bg"] = (code,)
        elif code in (39, 49, 59):
            state.pop({39: "fg", 49: "bg", 59: "underline colour"}[code], None)
        else:
            state[f"code {code}"] = True


def cells(text: str) -> list[tuple[str, tuple]]:
    """Each character written, with the style it is written in; other sequences kept in order."""
    state: dict = {}
    shown: list[tuple[str, tuple]] = []
    at = 0
    for match in ESCAPE.finditer(text):
        shown.extend((char, tuple(sorted(state.items()))) for char in text[at : match.start()])
        if match.group(2) == "m":
            _sgr(state, match.group(1))
        else:
            shown.append((match.group(0), ()))
        at = match.end()
    shown.extend((char, tuple(sorted(state.items()))) for char in text[at:])
    return shown


def _same_on_screen(text: str) -> str:
    short, _ = shorten_styles(text)
    assert cells(short) == cells(text)
    return short


def _row(system: str, *segments: tuple[str, Style]) -> str:
    from rich.color import ColorSystem

    return Strip([Segment(text, style) for text, style in segments]).render(
        type("Console", (), {"_color_system": ColorSystem[system.upper()]})()
    )


def _header() -> list[tuple[str, Style]]:
    """The fight's initiative ribbon (new styles each time: a Style keeps the codes it was first
    written with, whatever the colour system)."""
    return [(" ", Style(bgcolor="#00005f"))] + [
        segment
        for name in ("Ser Aldric 30", "Mirelle 29", "Ayla 28", "Bren 27", "Korg 26", "Goblin 1 25")
        for segment in ((name, Style(bold=True, color="#dadada", bgcolor="#00005f")), (" │ ", Style(bold=True, color="#9e9e9e", bgcolor="#00005f")))
    ]  # fmt: skip


def test_the_initiative_ribbon_is_the_same_on_screen_in_far_fewer_bytes() -> None:
    for system, most in (("eight_bit", 0.65), ("truecolor", 0.65)):
        text = _row(system, *_header())
        short = _same_on_screen(text)
        assert len(short) <= most * len(text), (system, len(short), len(text))


def test_the_same_style_twice_is_sent_once() -> None:
    style = Style(color="red", bgcolor="blue")
    short = _same_on_screen(_row("truecolor", ("a", style), ("b", style)))
    assert short.count("\x1b[") == 2  # the style, and the reset at the end


def test_dropping_bold_keeps_dim() -> None:
    text = _row("truecolor", ("a", Style(bold=True, dim=True)), ("b", Style(dim=True)), ("c", Style()))
    _same_on_screen(text)


def test_from_a_style_not_known_runs_are_sent_as_written_until_a_reset() -> None:
    short, state = shorten_styles("\x1b[1mA\x1b[0m\x1b[31mB\x1b[0m\x1b[31;1mC", None)
    assert short == "\x1b[1mA\x1b[0;31mB\x1b[1mC"
    assert state == (frozenset({1}), (31,), None)


def test_a_code_it_does_not_read_is_sent_as_written_and_the_next_change_resets() -> None:
    text = "\x1b[1mA\x1b[58;5;3mB\x1b[0m\x1b[1mC\x1b[4mD\x1b[0m"
    short = _same_on_screen(text)
    assert "\x1b[58;5;3m" in short


def test_text_without_styles_is_untouched() -> None:
    assert shorten_styles("\x1b[3;1Hplain\n", None) == ("\x1b[3;1Hplain\n", None)


COLOURS = st.one_of(
    st.none(),
    st.sampled_from(["red", "bright_green", "default"]),
    st.integers(16, 255).map(Color.from_ansi),
    st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255)).map(lambda rgb: Color.from_rgb(*rgb)),
)
FLAGS = ("bold", "dim", "italic", "underline", "blink", "blink2", "reverse", "conceal", "strike", "underline2", "frame", "encircle", "overline")  # fmt: skip
STYLES = st.one_of(
    st.none(),
    st.builds(
        lambda flags, fg, bg: Style(color=fg, bgcolor=bg, **{flag: True for flag in flags}),
        st.sets(st.sampled_from(FLAGS), max_size=4), COLOURS, COLOURS,
    ),
)  # fmt: skip


@given(
    st.lists(st.tuples(st.text("ab │\n", min_size=1, max_size=3), STYLES), max_size=12),
    st.sampled_from(["standard", "eight_bit", "truecolor"]),
)
def test_any_row_textual_writes_is_the_same_on_screen(segments, system) -> None:
    text = "\x1b[2;1H" + _row(system, *segments)
    short = _same_on_screen(text)
    assert len(short) <= len(text) + 2  # at most the reset a frame starts from


RAW_CODES = st.sampled_from(
    ["0", "", "1", "2", "3", "4", "7", "9", "21", "53", "22", "23", "24", "25", "27", "29", "55", "31", "39", "44",
     "49", "92", "101", "38;5;200", "48;5;17", "38;2;1;2;3", "48;2;250;0;9", "58;5;3", "59", "38:2::1:2:3", "1;31;44"]
)  # fmt: skip


@given(st.lists(st.tuples(st.lists(RAW_CODES, min_size=0, max_size=3), st.text("xy", max_size=2)), max_size=15))
def test_any_sequence_of_style_codes_is_the_same_on_screen(parts) -> None:
    text = "".join("".join(f"\x1b[{code}m" for code in codes) + chars for codes, chars in parts)
    _same_on_screen(text)
