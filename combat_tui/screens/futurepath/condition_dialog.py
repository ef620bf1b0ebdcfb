"""FPConditionDialog: add a condition of the catalogue to a FuturePath combatant, or remove one.

The list holds the catalogue of conditions.toml (Enter adds the highlighted one); typing
filters it, and a number at the end of the line is the rounds (`shak 1` adds Shaken for 1 round;
without one, the catalogue's length or until removed, notes §2.5). A line that starts with `-`
lists the combatant's own conditions instead, to remove one (`-shak`), as the chip verb reads. Dismissed with the command (the screen below posts it), or None.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.systems.futurepath.tables import tables

HINT = "type to find (shak 1: Shaken for 1 round; -shak removes it) · ↑↓ choose · Enter · F3 or Esc closes"


class FPConditionDialog(ModalScreen[object | None]):
    """The conditions of `ref`: Enter on one of theirs removes it, on the catalogue adds it."""

    CSS_PATH = "condition_dialog.tcss"
    AUTO_FOCUS = "#fp-condition-filter"

    BINDINGS = [
        Binding("escape", "close", "Close", id="fp-conditions.close"),
        Binding("f3", "close", "Close", show=False, id="fp-conditions.close-f3"),
        Binding("up", "move(-1)", "Previous", show=False, priority=True, id="fp-conditions.previous"),
        Binding("down", "move(1)", "Next", show=False, priority=True, id="fp-conditions.next"),
    ]
    """The filter line keeps focus; the arrows move the list's highlight."""

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
        self._options: list[tuple[str, str]] = []
        """(option id, its text) of every entry, before filtering."""

    def compose(self) -> ComposeResult:
        session = self.app.session
        who = fp_state(session.state).actor(self.ref)
        label = session.system.labels(session.state).get(self.ref, self.ref)
        self._options = [(f"-{c.name}", f"remove {c.name}" + (f" ({c.rounds} left)" if c.rounds else ""))
                         for c in who.conditions]  # fmt: skip
        self._options += [(f"+{rule.name}", f"add {rule.name}" + (f" ({rule.rounds} rounds)" if rule.rounds else ""))
                          for rule in tables().conditions]  # fmt: skip
        with Vertical(id="fp-conditions-box") as box:
            box.border_title = f"Conditions of {label}"
            yield Input(placeholder="Shaken 1", compact=True, id="fp-condition-filter")
            has = ", ".join(f"{c.name} {c.rounds}" if c.rounds else c.name for c in who.conditions)
            yield Static(Text(f"Now: {has or 'none'}"), id="fp-conditions-now")
            yield OptionList(*self._shown(), id="fp-condition-list")
            yield Static(HINT, id="fp-conditions-hint")

    def on_mount(self) -> None:
        self.query_one(OptionList).highlighted = 0

    def _shown(self) -> list[Option]:
        """The entries the line asks for: the catalogue, or with a leading `-` their own."""
        line = self.query_one("#fp-condition-filter", Input).value if self.is_mounted else ""
        sign = "-" if line.lstrip().startswith("-") else "+"
        wanted, _ = self._words(line)
        return [Option(Text(text), id=key) for key, text in self._options
                if key[0] == sign and wanted in key[1:].casefold()]  # fmt: skip

    def _words(self, line: str | None = None) -> tuple[str, int]:
        if line is None:
            line = self.query_one("#fp-condition-filter", Input).value
        words = line.lstrip().lstrip("-+").split()
        rounds = int(words.pop()) if words and words[-1].isdigit() else 0
        return " ".join(words).casefold(), rounds

    @on(Input.Changed, "#fp-condition-filter")
    def _filter(self, event: Input.Changed) -> None:
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(self._shown())
        if options.option_count:
            options.highlighted = 0

    def action_move(self, step: int) -> None:
        options = self.query_one(OptionList)
        if options.option_count:
            options.highlighted = ((options.highlighted or 0) + step) % options.option_count

    @on(Input.Submitted, "#fp-condition-filter")
    @on(OptionList.OptionSelected, "#fp-condition-list")
    def _chosen(self, event) -> None:
        event.stop()
        options = self.query_one(OptionList)
        if options.highlighted is None or not options.option_count:
            return
        key = options.get_option_at_index(options.highlighted).id
        sign, name = key[0], key[1:]
        if sign == "-":
            self.dismiss(fc.RemoveCondition(self.ref, name))
            return
        self.dismiss(fc.AddCondition(self.ref, name, self._words()[1]))

    def action_close(self) -> None:
        self.dismiss(None)
