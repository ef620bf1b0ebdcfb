"""FPMoveDialog: resolve a declared Move or Bonus Move with the feet moved and the way.

The ways (run, climb, swim, crawl) each show how far this move may go that way, with what
changed the distance, as the rules give it (`round_view.move_view`); a Bonus Move goes the
Standard Move's way again. Digits type the feet (the field starts at the chosen way's full
distance), ↑↓ choose the way, `f` marks the movement check failed, Enter moves; dismissed with
the `FPMove` command, or None.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.round_view import MoveChoice, MoveView
from combat_tui.widgets.number_input import NumberInput

HINT = "digits: feet · ↑↓ way · f failed check · Enter moves · q or Esc closes"


class FPMoveDialog(ModalScreen[object | None]):
    """The move of `view.ref`: how far and which way."""

    CSS_PATH = "move_dialog.tcss"
    AUTO_FOCUS = "#fp-move-feet"

    BINDINGS = [
        Binding("escape", "close", "Close", id="fp-move.close", tooltip="Close without moving"),
        Binding("q", "close", "Close", show=False, id="fp-move.close-q", tooltip="Close without moving"),
        Binding("f", "failed", "Failed check", id="fp-move.failed",
                tooltip="The movement check failed (difficult terrain, zero-G): no Bonus Move after it"),
        Binding("up", "way(-1)", "Previous way", show=False, priority=True, id="fp-move.previous",
                tooltip="The way above: run, climb, swim, crawl"),
        Binding("down", "way(1)", "Next way", show=False, priority=True, id="fp-move.next",
                tooltip="The way below: run, climb, swim, crawl"),
    ]  # fmt: skip
    """The feet field keeps focus (it takes digits only); the arrows move the ways' highlight."""

    def __init__(self, view: MoveView, label: str) -> None:
        super().__init__()
        self.view = view
        self.label = label
        self.failed = False

    def compose(self) -> ComposeResult:
        view = self.view
        with Vertical(id="fp-move-box") as box:
            kind = f"Bonus Move, sprinting after {view.first_feet} ft" if view.bonus else "Standard Move"
            box.border_title = f"{self.label} moves · {kind}"
            with Horizontal(id="fp-move-feet-row"):
                yield Label("Feet moved (5-ft squares): ")
                yield NumberInput(str(view.choices[self._first()].feet), id="fp-move-feet")
            yield OptionList(*(Option(Text(_way(c)), id=c.mode) for c in view.choices), id="fp-move-ways")
            yield Static("", id="fp-move-check")
            yield Static(HINT, id="fp-move-hint")

    def on_mount(self) -> None:
        ways = self.query_one("#fp-move-ways", OptionList)
        ways.border_title = "Way" if not self.view.bonus else "Way (the Standard Move's)"
        ways.highlighted = self._first()
        self._show_check()

    def _first(self) -> int:
        """The declaration's way (climb for `declare Art climb`), highlighted first."""
        modes = [c.mode for c in self.view.choices]
        return modes.index(self.view.mode) if self.view.mode in modes else 0

    def _chosen(self) -> MoveChoice:
        index = self.query_one("#fp-move-ways", OptionList).highlighted
        return self.view.choices[self._first() if index is None else index]

    def action_way(self, step: int) -> None:
        ways = self.query_one("#fp-move-ways", OptionList)
        before = self._chosen()
        ways.highlighted = ((ways.highlighted or 0) + step) % ways.option_count
        feet = self.query_one("#fp-move-feet", NumberInput)
        if feet.value.strip() in ("", str(before.feet)):
            feet.value = str(self._chosen().feet)  # untouched: the new way's full distance
            feet.select_all()  # and digits type over it

    def action_failed(self) -> None:
        self.failed = not self.failed
        self._show_check()

    def _show_check(self) -> None:
        text = "Movement check: failed (no Bonus Move after it)" if self.failed else "Movement check: passed or none"
        self.query_one("#fp-move-check", Static).update(text + " · f toggles")

    @on(Input.Submitted, "#fp-move-feet")
    @on(OptionList.OptionSelected, "#fp-move-ways")
    def _move(self, event) -> None:
        event.stop()
        feet = self.query_one("#fp-move-feet", NumberInput).value.strip()
        if not feet.lstrip("-").isdigit():
            self.notify("Type the feet moved first (digits).", timeout=4, markup=False)
            return
        self.dismiss(self.command(int(feet)))

    def command(self, feet: int) -> fc.FPMove:
        """The move as the line says it: the way only when it is not the declaration's own."""
        mode = self._chosen().mode
        return fc.FPMove(self.view.ref, feet, "" if mode == self.view.mode else mode, self.failed)

    def action_close(self) -> None:
        self.dismiss(None)


def _way(choice: MoveChoice) -> str:
    why = f" ({'; '.join(choice.why)})" if choice.why else ""
    return f"{choice.mode}: up to {choice.feet} ft{why}"
