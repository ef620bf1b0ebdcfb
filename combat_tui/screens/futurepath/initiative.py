"""FPInitiativeScreen: each team's Team Initiative with its breakdown, the tie breaks, the
Vanguard and Rearguard groups and the group order (R7-R15, A7-A10).

Before Start it shows what Start will fix (`preview.teams_at_start`); in a fight, the fixed
values. Editable: `g` moves the highlighted member to the other group and `G` gives them back to
the rule (R14), `i` or a digit fixes their Initiative score, `T` fixes their team's Team
Initiative (in a fight). `s` starts the fight from setup; `b` or Esc goes back.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Label, Static

from combat_tui.core.session import Session
from combat_tui.screens.futurepath.ground_screen import MemberTableScreen
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.model import FightTeam, FuturePath
from combat_tui.systems.futurepath.preview import teams_at_start, tie_note
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.number_input import NumberInput


class FPInitiativeScreen(MemberTableScreen):
    """Team Initiative, groups and group order of the fight in setup or under way."""

    CSS_PATH = "initiative.tcss"
    AUTO_FOCUS = "#fp-init-table"
    TABLE = "#fp-init-table"
    COLUMNS = (("team", "Team"), ("name", "Combatant"), ("init", "Initiative"), ("dex", "DEX"), ("group", "Group"))

    BINDINGS = [
        Binding("s", "start", "Start fight", id="fp-init.start", tooltip="Start the fight with these teams"),
        Binding("g", "other_group", "Other group", id="fp-init.other-group",
                tooltip="Move the highlighted member to the other group (the GM's choice)"),
        Binding("G", "rule_group", "Group by rule", id="fp-init.rule-group",
                tooltip="Give the highlighted member back to the group the rules pick"),
        Binding("i", "edit", "Fix Initiative", id="fp-init.edit"),
        Binding("T", "edit_team", "Fix Team Init", id="fp-init.team",
                tooltip="The GM's Team Initiative for the highlighted member's team"),
        Binding("b,escape", "back", "Back", id="fp-init.back"),
        Binding("plus,equals_sign", "step(1)", "Initiative +1", key_display="+", show=False, id="fp-init.up"),
        Binding("minus", "step(-1)", "Initiative -1", key_display="-", show=False, id="fp-init.down"),
        *(Binding(digit, f"edit('{digit}')", "Type the initiative", show=False, id=f"fp-init.digit-{digit}",
                  group=Binding.Group("Type the initiative")) for digit in "0123456789"),
    ]  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self._team_of: dict[str, str] = {}
        self._groups: dict[str, str] = {}
        self._team_values: dict[str, int] = {}
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
        self.mount_table("Groups")
        self.query_one("#fp-init-breakdown").border_title = "Team Initiative"
        self.follow_session()

    def paint(self, session: Session) -> None:
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
        fixed_groups = dict(fp.fight.group_fix)
        fixed_scores = dict(fp.fight.initiative_fix)
        rows = {}
        for team in teams:
            for ref in team.members:
                group = "Vanguard" if ref in team.vanguard else "Rearguard"
                self._team_of[ref], self._groups[ref] = team.team, group
                self.scores[ref] = initiative.personal(fp, fp.fight, ref)
                rows[ref] = (
                    Text(names.get(team.team, team.team)), Text(labels.get(ref, ref)),
                    f"{self.scores[ref]}" + (" (GM)" if ref in fixed_scores else ""),
                    str(fp.actor(ref).abilities.dexterity), group + (" (GM)" if ref in fixed_groups else ""),
                )  # fmt: skip
        self.fill_rows(rows, keep_cursor=True)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return self._stage == "setup"
        if action == "edit_team":
            return self._stage == "running"
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        if action == "start":
            return "The fight has started already."
        if action == "edit_team":
            return "Team Initiative is fixed once the fight starts: until then Start works it out (s)."
        return ""

    def action_start(self) -> None:
        self.send(fc.StartGround())

    def action_back(self) -> None:
        if self.is_editing:
            self.close_editor()
        else:
            self.dismiss()

    def action_other_group(self) -> None:
        ref = self.row_ref()
        if ref is not None:
            other = "rearguard" if self._groups[ref] == "Vanguard" else "vanguard"
            self.send(fc.SetGroup(ref, other))

    def action_rule_group(self) -> None:
        ref = self.row_ref()
        if ref is not None:
            self.send(fc.SetGroup(ref, ""))

    def action_edit_team(self) -> None:
        ref = self.row_ref()
        if ref is not None:
            team = self._team_of[ref]
            name = self.query_one(self.TABLE, DataTable).get_cell(ref, "team")
            self.open_editor(("team", team), f"Team Initiative of {name}", self._team_values[team], "")

    def edited(self, what: tuple[str, str], value: int) -> None:
        """The editor saved `value`: a team's new Team Initiative is the GM's too."""
        kind, ref = what
        if kind != "team":
            super().edited(what, value)
        elif value != self._team_values.get(ref):
            self.send(fc.SetTeamInitiative(ref, value))


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
