"""KeyFooter draws the key bar as Textual's Footer does, as one widget (issue 17: the Footer's
widget a key were about 20 ms of the first screen). Each case is drawn by both, cell by cell;
a blank's foreground is not compared (it shows nothing, and under a dialog Textual leaves the
Footer's blank cells untinted)."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.strip import Strip
from textual.widgets import Footer, Static

from combat_tui.widgets.key_footer import KeyFooter

PLAIN = [Binding("s", "go", "Set up"), Binding("m", "go2", "Walk"), Binding("e", "go3", "Creature")]
DIMMED = [*PLAIN, Binding("d", "cannot", "Damage")]
GROUPED = [
    Binding("n", "go", "Next turn"),
    *(Binding(d, f"digit({d})", "Amount", group=Binding.Group("Amount: type it")) for d in "123"),
    Binding("x", "go2", "Chips"),
]
COMPACT_GROUP = [*(Binding(d, f"digit({d})", "Pick", group=Binding.Group("Pick one", compact=True)) for d in "12"), Binding("b", "go", "Back")]
HIDDEN = [Binding("h", "go", "Hidden", show=False), Binding("v", "go2", "Shown"), Binding("w", "go2", "Same action")]


class Keys(Screen):
    def __init__(self, bindings: list[Binding], footer) -> None:
        super().__init__()
        for binding in bindings:
            self._bindings.key_to_bindings.setdefault(binding.key, []).append(binding)
        self.footer = footer
        self.can_damage = False

    def compose(self):
        yield Static("content")
        yield self.footer

    def check_action(self, action: str, parameters) -> bool | None:
        return None if action == "cannot" and not self.can_damage else True

    def action_go(self) -> None: ...
    def action_go2(self) -> None: ...
    def action_go3(self) -> None: ...
    def action_digit(self, digit: str) -> None: ...


class Host(App):
    def __init__(self, bindings: list[Binding], footer) -> None:
        super().__init__()
        self._keys = Keys(bindings, footer)

    def on_mount(self) -> None:
        self.push_screen(self._keys)


def cells(strip: Strip) -> list[tuple]:
    out = []
    for segment in strip:
        style = segment.style
        for char in segment.text:
            blank = char == " "
            out.append((char, None if blank else str(style.color), str(style.bgcolor), bool(style.bold) and not blank, bool(style.dim) and not blank))
    return out


async def footer_line(bindings: list[Binding], footer, width: int) -> list[tuple]:
    app = Host(bindings, footer)
    async with app.run_test(size=(width, 5)) as pilot:
        await pilot.pause()
        await pilot.pause()
        update = app.screen._compositor.render_update(full=True)
        return cells(Strip.join(update.strips[-1]))


@pytest.mark.parametrize("width", [40, 80])
@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("case", ["plain", "dimmed", "grouped", "compact group", "hidden"])
async def test_the_key_bar_draws_what_textuals_footer_draws(case, compact, width):
    bindings = {"plain": PLAIN, "dimmed": DIMMED, "grouped": GROUPED, "compact group": COMPACT_GROUP, "hidden": HIDDEN}[case]
    ours = KeyFooter()
    ours.compact = compact
    theirs = Footer(compact=compact)
    mine, textuals = await footer_line(bindings, ours, width), await footer_line(bindings, theirs, width)
    if compact:
        # A compact footer's palette key has a margin, where Textual shows the letter of a key
        # cut under the palette (a stray letter at the right edge); here it is a blank
        assert mine[-1][0] == " "
        mine, textuals = mine[:-1], textuals[:-1]
    assert "".join(c[0] for c in mine) == "".join(c[0] for c in textuals)
    assert mine == textuals


async def test_the_key_bar_is_one_widget_and_redraws_when_a_key_dims_or_lights():
    footer = KeyFooter()
    app = Host(DIMMED, footer)

    async def colours() -> dict[str, str]:
        await pilot.pause()
        line = cells(Strip.join(app.screen._compositor.render_update(full=True).strips[-1]))
        return {c[0]: c[1] for c in line if c[0] in "DW"}

    async with app.run_test(size=(80, 5)) as pilot:
        dimmed = await colours()
        assert dimmed["D"] != dimmed["W"]  # Textual draws dim as a blended colour
        app.screen.can_damage = True
        app.screen.refresh_bindings()
        lit = await colours()
        assert lit["D"] == lit["W"] == dimmed["W"]
        assert not footer.children
