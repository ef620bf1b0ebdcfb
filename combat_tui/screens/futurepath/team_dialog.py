"""FPTeamDialog: a third party joins the fight as a team of its own (the page's "Joining a Battle").

Type the new team's name and Enter: `team NAME` makes it (a name the campaign already has picks
that team instead). The list holds everyone not in the fight, with their team; space ticks, `j`
brings the ticked into the fight on the team (moving one from another team first), and `a` adds
a new combatant to it (the combatant form). They join at the Counter phase (asked earlier, they
wait for it). Each key runs its command at once; the lines it wrote show here and a refusal
shows as a message.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, SelectionList, Static
from textual.widgets.selection_list import Selection

from combat_tui.screens.futurepath.run_here import run
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.round_view import joining, outsiders, team_named
from combat_tui.systems.futurepath.stats import fp_state

HINT = ("Enter makes the team · Tab to the list · space ticks · j joins the ticked · a adds a combatant to the team · "
        "F3, q (off the name) or Esc closes")  # fmt: skip


class FPTeamDialog(ModalScreen[None]):
    """A new team and who joins the fight on it."""

    CSS_PATH = "team_dialog.tcss"
    AUTO_FOCUS = "#fp-team-name"

    BINDINGS = [
        Binding("escape", "close", "Close", id="fp-team.close", tooltip="Back to the round"),
        Binding("f3", "close", "Close", show=False, id="fp-team.close-f3", tooltip="Back to the round, from the name field too"),
        Binding("q", "close", "Close", show=False, id="fp-team.close-q", tooltip="Back to the round (off the name field)"),
        Binding("j", "join", "Join", id="fp-team.join", tooltip="The ticked combatants join the fight on the team"),
        Binding("a", "add", "Add combatant", id="fp-team.add", tooltip="A new combatant of the team (the combatant form)"),
    ]  # fmt: skip
    """Letters act off the name field (on the list); F3 closes from anywhere."""

    def __init__(self) -> None:
        super().__init__()
        self.team = ""
        """The id of the team the ticked join, once named."""

    def compose(self) -> ComposeResult:
        with Vertical(id="fp-team-box") as box:
            box.border_title = "A new team joins"
            with Horizontal(id="fp-team-name-row"):
                yield Label("Team name: ")
                yield Input(placeholder="The Scavengers", compact=True, id="fp-team-name")
            yield Static("Team: none yet (type its name, Enter)", id="fp-team-now")
            yield SelectionList[str](id="fp-team-who")
            yield Static("", id="fp-team-last")
            yield Static(HINT, id="fp-team-hint")

    def on_mount(self) -> None:
        self._list()

    def _list(self, tick: tuple[str, ...] = ()) -> None:
        session = self.app.session
        fp = fp_state(session.state)
        labels, teams = session.system.labels(session.state), team_names(session.state)
        who = self.query_one("#fp-team-who", SelectionList)
        ticked = set(who.selected) | set(tick)
        who.clear_options()
        refs = outsiders(fp)
        who.add_options(Selection(Text(f"{labels.get(r, r)} ({teams.get(fp.actor(r).team, fp.actor(r).team)})"), r, r in ticked)
                        for r in refs)  # fmt: skip
        if refs:
            who.highlighted = 0
        who.border_title = "Not in the fight · space ticks" if refs else "Everyone is in the fight · a adds a combatant"

    def _said(self, lines: tuple[str, ...]) -> None:
        self.query_one("#fp-team-last", Static).update(Text("\n".join(lines)))

    @on(Input.Submitted, "#fp-team-name")
    def _named(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        fp = fp_state(self.app.session.state)
        team = team_named(fp, name) if name else None
        if team is None:
            lines = run(self.app, fc.AddTeam(name))
            if lines is None:
                return
            self._said(lines)
            team = team_named(fp_state(self.app.session.state), name)
        if team is not None:
            self.team = team.id
            self.query_one("#fp-team-now", Static).update(Text(f"Team: {team.name} · tick who joins it, then j"))
            self.query_one("#fp-team-who", SelectionList).focus()

    def action_join(self) -> None:
        if not self.team:
            self.notify("Name the team first (type it, Enter).", severity="warning", timeout=4, markup=False)
            self.query_one("#fp-team-name", Input).focus()
            return
        ticked = tuple(self.query_one("#fp-team-who", SelectionList).selected)
        if not ticked:
            self.notify("Tick who joins (space on the list).", severity="warning", timeout=4, markup=False)
            return
        said: list[str] = []
        for ref in ticked:
            for command in joining(fp_state(self.app.session.state), ref, self.team):
                lines = run(self.app, command)
                if lines is None:
                    break
                said += lines
        self._said(tuple(said))
        self._list()

    def action_add(self) -> None:
        if not self.team:
            self.notify("Name the team first (type it, Enter).", severity="warning", timeout=4, markup=False)
            return
        from combat_tui.screens.futurepath.combatant_editor import CombatantEditor

        def added(command: object | None) -> None:
            if command is None:
                return
            before = set(outsiders(fp_state(self.app.session.state)))
            lines = run(self.app, command)
            if lines is not None:
                self._said(lines)
                self._list(tuple(r for r in outsiders(fp_state(self.app.session.state)) if r not in before))

        self.app.push_screen(CombatantEditor(team=self.team), added)

    def action_close(self) -> None:
        self.dismiss(None)
