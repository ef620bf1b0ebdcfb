"""FPEnvironmentDialog: the GM states an advantage or disadvantage of the surroundings (R28).

A name (`Thick smoke`), a number of Advantage Dice (+1 helps, -1 hinders, 0 removes the entry of
that name) and the kind of roll it slants (all, attack, ranged ...). Enter in the name or the
number field, or on a kind, states it; dismissed with the `SetEnvironment` command, or None.
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
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.systems.futurepath.tables import ROLL_KINDS
from combat_tui.widgets.number_input import NumberInput

KINDS = ("all", "attack", "melee", "ranged", "save", "skill", "perception", "initiative",
         *sorted(ROLL_KINDS - {"all", "attack", "melee", "ranged", "save", "skill", "perception", "initiative"}))  # fmt: skip
HINT = "Tab next field · Enter states it · 0 dice removes the entry of that name · F3 or Esc closes"


class FPEnvironmentDialog(ModalScreen[object | None]):
    """The environment's advantages and disadvantages: the entries now, and a new one."""

    CSS_PATH = "environment_dialog.tcss"
    AUTO_FOCUS = "#fp-env-name"

    BINDINGS = [Binding("escape", "close", "Close", id="fp-env.close"),
                Binding("f3", "close", "Close", show=False, id="fp-env.close-f3")]

    def compose(self) -> ComposeResult:
        fight = fp_state(self.app.session.state).fight
        now = ", ".join(f"{e.name} {e.dice:+d}Ad {e.rolls}" for e in fight.environment) if fight else ""
        with Vertical(id="fp-env-box") as box:
            box.border_title = "Environment"
            yield Static(Text(f"Now: {now or 'nothing stated'}"), id="fp-env-now")
            with Horizontal(classes="fp-env-row"):
                yield Label("Name: ")
                yield Input(placeholder="Thick smoke", compact=True, id="fp-env-name")
            with Horizontal(classes="fp-env-row"):
                yield Label("Advantage Dice (+1, -2, 0 removes): ")
                yield NumberInput("-1", id="fp-env-dice")
            yield OptionList(*(Option(kind, id=kind) for kind in KINDS), id="fp-env-kind")
            yield Static(HINT, id="fp-env-hint")

    def on_mount(self) -> None:
        kinds = self.query_one("#fp-env-kind", OptionList)
        kinds.border_title = "Rolls it slants"
        kinds.highlighted = 0

    @on(Input.Submitted)
    @on(OptionList.OptionSelected)
    def _state_it(self, event) -> None:
        event.stop()
        name = self.query_one("#fp-env-name", Input).value.strip()
        if not name:
            self.query_one("#fp-env-name", Input).focus()
            return
        try:
            dice = int(self.query_one("#fp-env-dice", NumberInput).value)
        except ValueError:
            dice = 0
        kinds = self.query_one("#fp-env-kind", OptionList)
        kind = KINDS[kinds.highlighted or 0]
        self.dismiss(fc.SetEnvironment(name, dice, kind))

    def action_close(self) -> None:
        self.dismiss(None)
