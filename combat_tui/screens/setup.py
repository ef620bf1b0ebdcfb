"""SetupScreen: the default lists with their rolled initiative, each value editable; Start or Cancel.

ref: Combat setup — the party side and the foes; ref: Initiative — "values editable until the start".
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Static

from ..core.commands import CancelSetup, Parley, SetInitiative, SetSurprised, StartFight
from ..core.model import Campaign
from ..core.session import Session
from ..widgets.key_footer import KeyFooter
from ..widgets.number_input import NumberInput
from ..widgets.travelogue import Travelogue
from .messages import CommandRequested

COLUMNS = (("side", "Side"), ("name", "Combatant"), ("init", "Initiative"), ("dex", "DEX mod"), ("surprised", "Surprised"))
HELP = "Initiative is rolled. i or a digit edits a value; + and - step it; x ticks Surprised."


class SetupScreen(Screen):
    """Combat setup: one row per combatant, party side first, then the foes."""

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#setup-table"

    BINDINGS = [
        Binding("s", "start", "Start fight", id="setup.start", tooltip="Start the fight in initiative order"),
        Binding("c", "cancel", "Cancel setup", id="setup.cancel"),
        Binding("x", "surprised", "Surprised", id="setup.surprised",
                tooltip="Tick or clear Surprised on the highlighted row (it wears the chip at Start)"),
        Binding("y", "parley", "Parley", id="setup.parley",
                tooltip="Settle the encounter without a fight: the foes stand down and turn neutral"),
        Binding("i", "edit", "Edit initiative", id="setup.edit-initiative"),
        Binding("plus,equals_sign", "step(1)", "Initiative +1", key_display="+", show=False, id="setup.initiative-up"),
        Binding("minus", "step(-1)", "Initiative -1", key_display="-", show=False, id="setup.initiative-down"),
        *(Binding(digit, f"edit('{digit}')", show=False) for digit in "0123456789"),
    ]
    """Every action has a letter key; Enter on a row edits it too."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: dict[str, tuple[int, int, bool]] = {}
        self._order: tuple[str, ...] = ()
        self._editing: str | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="setup-title", classes="title-bar")
        yield Static(HELP, id="setup-help")
        yield DataTable(id="setup-table", cursor_type="row", classes="box")
        with Horizontal(id="init-editor"):
            yield Label("", id="init-label")
            yield NumberInput(id="init-value")
        yield Travelogue(id="setup-log", classes="box")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#setup-table", DataTable)
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        table.border_title = "Party side and foes"
        self.query_one(Travelogue).border_title = "Log"
        self.query_one("#init-editor").display = False
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def _state_changed(self, session: Session) -> None:
        state = session.state
        if state.fight is None or state.fight.stage != "setup":
            return  # on its way out
        labels = session.system.labels(state)
        self.query_one("#setup-title", Static).update(Text(f"{state.name} · Combat setup"))
        self._fill(state, labels)
        self.query_one(Travelogue).show(session.log)

    def _fill(self, state: Campaign, labels: dict[str, str]) -> None:
        table = self.query_one("#setup-table", DataTable)
        combatants = state.fight.combatants
        order = tuple(c.ref for c in combatants)
        if order != self._order:
            table.clear()
            self._shown.clear()
            for c in combatants:
                side = "party side" if c.side == "party" else "foe"
                table.add_row(side, Text(labels.get(c.ref, c.ref)), str(c.initiative), f"{c.dex_mod:+d}",
                              _box(c.surprised), key=c.ref)  # fmt: skip
                self._shown[c.ref] = (c.initiative, c.dex_mod, c.surprised)
            self._order = order
            return
        for c in combatants:
            shown = self._shown.get(c.ref)
            if shown != (c.initiative, c.dex_mod, c.surprised):
                if shown is None or shown[0] != c.initiative:
                    table.update_cell(c.ref, "init", str(c.initiative))
                if shown is None or shown[2] != c.surprised:
                    table.update_cell(c.ref, "surprised", _box(c.surprised))
                self._shown[c.ref] = (c.initiative, c.dex_mod, c.surprised)

    def _row_ref(self) -> str | None:
        table = self.query_one("#setup-table", DataTable)
        if not self._order or table.cursor_row is None:
            return None
        return self._order[min(table.cursor_row, len(self._order) - 1)]

    def action_start(self) -> None:
        self.post_message(CommandRequested(StartFight()))

    def action_cancel(self) -> None:
        self.post_message(CommandRequested(CancelSetup()))

    def action_surprised(self) -> None:
        ref = self._row_ref()
        if ref is not None:
            ticked = self._shown.get(ref, (0, 0, False))[2]
            self.post_message(CommandRequested(SetSurprised(ref, not ticked)))

    def action_parley(self) -> None:
        self.post_message(CommandRequested(Parley()))

    def action_step(self, step: int) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(SetInitiative(ref, self._shown[ref][0] + step)))

    def action_edit(self, digit: str = "") -> None:
        """Open the editor on the row's value; a digit starts typing over it."""
        ref = self._row_ref()
        if ref is None:
            return
        self._editing = ref
        label = self.query_one("#setup-table", DataTable).get_cell(ref, "name")
        self.query_one("#init-label", Label).update(Text(f"Initiative of {label} (Enter saves, Esc keeps): "))
        self.query_one("#init-editor").display = True
        field = self.query_one("#init-value", NumberInput)
        if digit:
            field.type_over(digit)
        else:
            field.value = str(self._shown[ref][0])
            field.focus()  # selects the number, so the next digits type over it

    @on(DataTable.RowSelected, "#setup-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_edit()

    @on(Input.Submitted, "#init-value")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        ref, self._editing = self._editing, None
        self._close_editor()
        try:
            value = int(event.value)
        except ValueError:
            return  # an empty line keeps the value
        if ref is not None and value != self._shown[ref][0]:
            self.post_message(CommandRequested(SetInitiative(ref, value)))

    def key_escape(self) -> None:
        if self._editing is not None:
            self._editing = None
            self._close_editor()

    def _close_editor(self) -> None:
        self.query_one("#init-editor").display = False
        self.query_one("#setup-table", DataTable).focus()


def _box(ticked: bool) -> str:
    return "[x]" if ticked else "[ ]"
