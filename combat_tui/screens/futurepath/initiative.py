"""FPInitiativeScreen: each team's Team Initiative with its breakdown, the tie breaks, the
Vanguard and Rearguard groups and the group order (R7-R15, A7-A10).

Before Start it shows what Start will fix (`preview.teams_at_start`); in a fight, the fixed
values. Editable: `g` moves the highlighted member to the other group and `G` gives them back to
the rule (R14), `i` or a digit fixes their Initiative score, `T` fixes their team's Team
Initiative (in a fight). `s` starts the fight from setup; `b` or Esc goes back.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Input, Label, Static

from combat_tui.systems.futurepath.model import FightTeam, FuturePath
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.preview import teams_at_start, tie_note
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.core.session import Session
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.number_input import NumberInput
from combat_tui.screens.messages import CommandRequested

COLUMNS = (("team", "Team"), ("name", "Combatant"), ("init", "Initiative"), ("dex", "DEX"), ("group", "Group"))


class FPInitiativeScreen(Screen):
    """Team Initiative, groups and group order of the fight in setup or under way."""

    CSS_PATH = "initiative.tcss"
    AUTO_FOCUS = "#fp-init-table"

    BINDINGS = [
        Binding("s", "start", "Start fight", id="fp-init.start", tooltip="Start the fight with these teams"),
        Binding("g", "other_group", "Other group", id="fp-init.other-group",
                tooltip="Move the highlighted member to the other group (the GM's choice, R14)"),
        Binding("G", "rule_group", "Group by rule", id="fp-init.rule-group",
                tooltip="Give the highlighted member back to the group the rules pick"),
        Binding("i", "edit", "Fix Initiative", id="fp-init.edit"),
        Binding("T", "edit_team", "Fix Team Init", id="fp-init.team",
                tooltip="The GM's Team Initiative for the highlighted member's team"),
        Binding("b,escape", "back", "Back", id="fp-init.back"),
        Binding("plus,equals_sign", "step(1)", "Initiative +1", key_display="+", show=False, id="fp-init.up"),
        Binding("minus", "step(-1)", "Initiative -1", key_display="-", show=False, id="fp-init.down"),
        *(Binding(digit, f"edit('{digit}')", show=False) for digit in "0123456789"),
    ]  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self._order: tuple[str, ...] = ()
        self._team_of: dict[str, str] = {}
        self._values: dict[str, int] = {}
        self._groups: dict[str, str] = {}
        self._team_values: dict[str, int] = {}
        self._editing: tuple[str, str] | None = None
        """("member", ref) or ("team", team id) while the editor is open."""
        self._stage = "setup"

    def compose(self) -> ComposeResult:
        yield Static("", id="fp-init-title", classes="title-bar")
        yield Static("", id="fp-init-order")
        yield Static("", id="fp-init-breakdown", classes="box")
        yield DataTable(id="fp-init-table", cursor_type="row", classes="box")
        with Horizontal(id="fp-init-editor"):
            yield Label("", id="fp-init-editor-label")
            yield NumberInput(id="fp-init-editor-value")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#fp-init-table", DataTable)
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        table.border_title = "Groups"
        self.query_one("#fp-init-breakdown").border_title = "Team Initiative"
        self.query_one("#fp-init-editor").display = False
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def _state_changed(self, session: Session) -> None:
        fp = fp_state(session.state)
        fight = fp.fight
        if fight is None or fight.stage == "ended":
            return
        self._stage = fight.stage
        teams = teams_at_start(fp) if fight.stage == "setup" else fight.teams
        labels, names = session.system.labels(session.state), team_names(session.state)
        when = "as Start will fix it" if fight.stage == "setup" else f"Round {fight.round}"
        self.query_one("#fp-init-title", Static).update(Text(f"{session.state.name} · Team Initiative · {when}"))
        turns = initiative.turns(teams)
        order = " · ".join(f"{i}. {names.get(t.team, t.team)} {t.group.capitalize()}" for i, t in enumerate(turns, 1))
        self.query_one("#fp-init-order", Static).update(Text(f"Group order: {order or 'no one yet'}"))
        lines = [_breakdown(fp, teams, i, labels, names) for i in range(len(teams))]
        self.query_one("#fp-init-breakdown", Static).update(Text("\n".join(lines) or "No team has anyone present."))
        self._team_values = {t.team: t.initiative.value for t in teams}
        self._fill(fp, teams, labels, names)
        self.refresh_bindings()

    def _fill(self, fp: FuturePath, teams: tuple[FightTeam, ...], labels: dict, names: dict) -> None:
        table = self.query_one("#fp-init-table", DataTable)
        fixed_groups = dict(fp.fight.group_fix)
        fixed_scores = dict(fp.fight.initiative_fix)
        rows = {}
        for team in teams:
            for ref in team.members:
                group = "Vanguard" if ref in team.vanguard else "Rearguard"
                self._team_of[ref], self._groups[ref] = team.team, group
                self._values[ref] = initiative.personal(fp, fp.fight, ref)
                rows[ref] = (
                    Text(names.get(team.team, team.team)), Text(labels.get(ref, ref)),
                    f"{self._values[ref]}" + (" (GM)" if ref in fixed_scores else ""),
                    str(fp.actor(ref).abilities.dexterity), group + (" (GM)" if ref in fixed_groups else ""),
                )  # fmt: skip
        if tuple(rows) != self._order:
            cursor = table.cursor_row
            table.clear()
            for ref, cells in rows.items():
                table.add_row(*cells, key=ref)
            self._order = tuple(rows)
            if cursor is not None and self._order:
                table.move_cursor(row=min(cursor, len(self._order) - 1))
            return
        for ref, cells in rows.items():
            for (key, _), cell in zip(COLUMNS, cells, strict=True):
                if table.get_cell(ref, key) != cell:
                    table.update_cell(ref, key, cell, update_width=True)

    def _row_ref(self) -> str | None:
        table = self.query_one("#fp-init-table", DataTable)
        if not self._order or table.cursor_row is None:
            return None
        return self._order[min(table.cursor_row, len(self._order) - 1)]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self._stage == "setup"
        if action == "edit_team":
            return self._stage == "running"
        return True

    def action_start(self) -> None:
        self.post_message(CommandRequested(fc.StartGround()))

    def action_back(self) -> None:
        if self._editing is not None:
            self._close_editor()
        else:
            self.dismiss()

    def action_other_group(self) -> None:
        ref = self._row_ref()
        if ref is not None:
            other = "rearguard" if self._groups[ref] == "Vanguard" else "vanguard"
            self.post_message(CommandRequested(fc.SetGroup(ref, other)))

    def action_rule_group(self) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(fc.SetGroup(ref, "")))

    def action_step(self, step: int) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(fc.SetInitiative(ref, self._values[ref] + step)))

    def action_edit(self, digit: str = "") -> None:
        ref = self._row_ref()
        if ref is not None:
            name = self.query_one("#fp-init-table", DataTable).get_cell(ref, "name")
            self._open_editor(("member", ref), f"Initiative of {name}", self._values[ref], digit)

    def action_edit_team(self) -> None:
        ref = self._row_ref()
        if ref is not None:
            team = self._team_of[ref]
            name = self.query_one("#fp-init-table", DataTable).get_cell(ref, "team")
            self._open_editor(("team", team), f"Team Initiative of {name}", self._team_values[team], "")

    def _open_editor(self, what: tuple[str, str], title: str, value: int, digit: str) -> None:
        self._editing = what
        self.query_one("#fp-init-editor-label", Label).update(Text(f"{title} (Enter saves, Esc keeps): "))
        self.query_one("#fp-init-editor").display = True
        field = self.query_one("#fp-init-editor-value", NumberInput)
        if digit:
            field.type_over(digit)
        else:
            field.value = str(value)
            field.focus()

    @on(DataTable.RowSelected, "#fp-init-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_edit()

    @on(Input.Submitted, "#fp-init-editor-value")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        what, self._editing = self._editing, None
        self._close_editor()
        try:
            value = int(event.value)
        except ValueError:
            return  # an empty line keeps the value
        if what is None:
            return
        kind, ref = what
        if kind == "team" and value != self._team_values.get(ref):
            self.post_message(CommandRequested(fc.SetTeamInitiative(ref, value)))
        elif kind == "member" and value != self._values.get(ref):
            self.post_message(CommandRequested(fc.SetInitiative(ref, value)))

    def _close_editor(self) -> None:
        self._editing = None
        self.query_one("#fp-init-editor").display = False
        self.query_one("#fp-init-table", DataTable).focus()


def _breakdown(fp: FuturePath, teams: tuple[FightTeam, ...], index: int, labels: dict, names: dict) -> str:
    """ref: R7, notes §2.5 b — "1. The Party: 3 = floor(mean of Brandon 6, James 4, Art 2) 4 - 1 Shaken"."""
    team = teams[index]
    value = team.initiative
    scores = ", ".join(f"{labels.get(ref, ref)} {score}" for ref, score in value.scores)
    penalty = "".join(f" - 1 {name}" for name in value.conditions)
    text = f"{index + 1}. {names.get(team.team, team.team)}: {value.computed} = floor(mean of {scores}) {value.average}{penalty}"
    if value.override is not None:
        text = f"{index + 1}. {names.get(team.team, team.team)}: {value.value} (GM's value; computed {text.split(': ', 1)[1]})"
    note = tie_note(fp, teams, index)
    return text + (f"; {note}" if note else "")
