"""FPSetupScreen: FuturePath ground-combat setup (team setup).

Who is in the fight and on which team, who is aware (the unaware sit out Round 0 and are
flat-footed, R24-R26), the personal Initiative scores (R5, the GM's fix), and the conditions that
count against Team Initiative (R7, notes §2.5 b). `t` opens the initiative screen (Team Initiative
with its breakdown, the groups and their order), `s` starts the fight.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Static

from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.core.session import Session
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.number_input import NumberInput
from combat_tui.widgets.travelogue import Travelogue
from combat_tui.screens.messages import CommandRequested

COLUMNS = (("team", "Team"), ("name", "Combatant"), ("present", "In fight"), ("aware", "Aware"),
           ("init", "Initiative"), ("dex", "DEX"), ("conditions", "Conditions"))  # fmt: skip
HELP = "p in/out · a aware · i/digit: Initiative (+/- step, r sheet's) · x conditions"


class FPSetupScreen(Screen):
    """One row per combatant of every team; each key is a FuturePath setup command."""

    CSS_PATH = ["setup.tcss", "initiative.tcss", "condition_dialog.tcss"]
    """The initiative screen's and the condition dialog's CSS are read with this one, so `t` and
    `x` open at once (a new CSS file reparses the whole stylesheet)."""
    AUTO_FOCUS = "#fp-setup-table"

    BINDINGS = [
        Binding("s", "start", "Start fight", id="fp-setup.start",
                tooltip="Fix Team Initiative and the groups, then Round 0 (if some are unaware) or Round 1"),
        Binding("t", "initiative", "Initiative", id="fp-setup.initiative",
                tooltip="Team Initiative with its breakdown, the groups and their order, editable"),
        Binding("p", "present", "In/out", id="fp-setup.present",
                tooltip="Put the highlighted combatant in the fight or leave them out (a late joiner)"),
        Binding("a", "aware", "Aware", id="fp-setup.aware",
                tooltip="Aware or unaware: the unaware do not act in Round 0 and are flat-footed"),
        Binding("i", "edit", "Edit Init", id="fp-setup.edit-initiative"),
        Binding("x", "conditions", "Conditions", id="fp-setup.conditions",
                tooltip="Add or remove a condition (each distinct one costs its team 1 Team Initiative)"),
        Binding("c", "cancel", "Cancel", id="fp-setup.cancel", tooltip="Close setup without a fight"),
        Binding("r", "auto", "Sheet's Initiative", show=False, id="fp-setup.initiative-auto"),
        Binding("plus,equals_sign", "step(1)", "Initiative +1", key_display="+", show=False, id="fp-setup.up"),
        Binding("minus", "step(-1)", "Initiative -1", key_display="-", show=False, id="fp-setup.down"),
        *(Binding(digit, f"edit('{digit}')", show=False) for digit in "0123456789"),
    ]  # fmt: skip
    """Every action has a letter key; Enter on a row edits its Initiative too."""

    def __init__(self) -> None:
        super().__init__()
        self._order: tuple[str, ...] = ()
        self._values: dict[str, int] = {}
        self._editing: str | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="fp-setup-title", classes="title-bar")
        yield Static(HELP, id="fp-setup-help")
        yield DataTable(id="fp-setup-table", cursor_type="row", classes="box")
        with Horizontal(id="fp-init-editor"):
            yield Label("", id="fp-init-label")
            yield NumberInput(id="fp-init-value")
        yield Travelogue(id="fp-setup-log", classes="box")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#fp-setup-table", DataTable)
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        table.border_title = "Teams"
        self.query_one(Travelogue).border_title = "Log"
        self.query_one("#fp-init-editor").display = False
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def on_screen_suspend(self) -> None:
        """Hear no changes while covered (the initiative screen's keys), and catch up on resume:
        a covered screen woken by the signal repainted the whole terminal (see CampaignScreen)."""
        self.app.state_changed.unsubscribe(self)

    def on_screen_resume(self) -> None:
        signal = self.app.state_changed
        signal.unsubscribe(self)
        signal.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def _state_changed(self, session: Session) -> None:
        fp = fp_state(session.state)
        if fp.fight is None or fp.fight.stage != "setup":
            return  # on its way out
        self.query_one("#fp-setup-title", Static).update(Text(f"{session.state.name} · Ground combat setup"))
        self._fill(fp, session.system.labels(session.state), team_names(session.state))
        self.query_one(Travelogue).show(session.log)

    def _fill(self, fp, labels: dict[str, str], teams: dict[str, str]) -> None:
        table = self.query_one("#fp-setup-table", DataTable)
        fight = fp.fight
        rows = {}
        for actor in fp.actors:
            if fp.team(actor.team) is None:
                continue
            value = initiative.personal(fp, fight, actor.id)
            fixed = any(ref == actor.id for ref, _ in fight.initiative_fix)
            self._values[actor.id] = value
            rows[actor.id] = (
                Text(teams.get(actor.team, actor.team)), Text(labels.get(actor.id, actor.name)),
                _box(actor.id in fight.present), _box(actor.id not in fight.unaware),
                f"{value}" + (" (GM)" if fixed else ""), str(actor.abilities.dexterity),
                Text(", ".join(f"{c.name} {c.rounds}" if c.rounds else c.name for c in actor.conditions)),
            )  # fmt: skip
        if tuple(rows) != self._order:
            table.clear()
            for ref, cells in rows.items():
                table.add_row(*cells, key=ref)
            self._order = tuple(rows)
            return
        for ref, cells in rows.items():
            for (key, _), cell in zip(COLUMNS[2:], cells[2:], strict=True):
                if table.get_cell(ref, key) != cell:
                    table.update_cell(ref, key, cell, update_width=True)

    def _row_ref(self) -> str | None:
        table = self.query_one("#fp-setup-table", DataTable)
        if not self._order or table.cursor_row is None:
            return None
        return self._order[min(table.cursor_row, len(self._order) - 1)]

    def _fight(self):
        return fp_state(self.app.session.state).fight

    def action_start(self) -> None:
        self.post_message(CommandRequested(fc.StartGround()))

    def action_cancel(self) -> None:
        self.post_message(CommandRequested(fc.CancelGroundSetup()))

    def action_initiative(self) -> None:
        from combat_tui.screens.futurepath.initiative import FPInitiativeScreen

        self.app.push_screen(FPInitiativeScreen())

    def action_present(self) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(fc.SetPresent(ref, ref not in self._fight().present)))

    def action_aware(self) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(fc.SetAware(ref, ref in self._fight().unaware)))

    def action_conditions(self) -> None:
        from combat_tui.screens.futurepath.condition_dialog import FPConditionDialog

        ref = self._row_ref()
        if ref is not None:
            self.app.push_screen(FPConditionDialog(ref), self._post)

    def _post(self, command: object | None) -> None:
        if command is not None:
            self.post_message(CommandRequested(command))

    def action_auto(self) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(fc.SetInitiative(ref, None)))

    def action_step(self, step: int) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(fc.SetInitiative(ref, self._values[ref] + step)))

    def action_edit(self, digit: str = "") -> None:
        """Open the editor on the row's score; a digit starts typing over it."""
        ref = self._row_ref()
        if ref is None:
            return
        self._editing = ref
        name = self.query_one("#fp-setup-table", DataTable).get_cell(ref, "name")
        self.query_one("#fp-init-label", Label).update(Text(f"Initiative of {name} (Enter saves, Esc keeps): "))
        self.query_one("#fp-init-editor").display = True
        field = self.query_one("#fp-init-value", NumberInput)
        if digit:
            field.type_over(digit)
        else:
            field.value = str(self._values[ref])
            field.focus()

    @on(DataTable.RowSelected, "#fp-setup-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_edit()

    @on(Input.Submitted, "#fp-init-value")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        ref, self._editing = self._editing, None
        self._close_editor()
        try:
            value = int(event.value)
        except ValueError:
            return  # an empty line keeps the value
        if ref is not None and value != self._values.get(ref):
            self.post_message(CommandRequested(fc.SetInitiative(ref, value)))

    def key_escape(self) -> None:
        if self._editing is not None:
            self._editing = None
            self._close_editor()

    def _close_editor(self) -> None:
        self.query_one("#fp-init-editor").display = False
        self.query_one("#fp-setup-table", DataTable).focus()


def _box(ticked: bool) -> Text:
    return Text("[x]" if ticked else "[ ]")  # Text: a plain str cell reads "[x]" as markup
