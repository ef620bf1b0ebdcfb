"""FPSetupScreen: FuturePath ground-combat setup (team setup).

Who is in the fight and on which team, who is aware (the unaware sit out Round 0 and are
flat-footed, R24-R26; `A` judges it for everyone by Passive Perception against Stealth, R27),
the personal Initiative scores (R5, the GM's fix), and the conditions that count against Team
Initiative (R7, notes §2.5 b). `t` opens the initiative screen (Team Initiative
with its breakdown, the groups and their order), `s` starts the fight.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Label, Static

from combat_tui.core.session import Session
from combat_tui.screens.futurepath.ground_screen import MemberTableScreen, StageScreen
from combat_tui.screens.futurepath.run_here import run
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.number_input import NumberInput
from combat_tui.widgets.travelogue import Travelogue

HELP = "p in/out · a aware · i/digit: Initiative (+/- step, r sheet's) · x conditions"


class FPSetupScreen(StageScreen, MemberTableScreen):
    """One row per combatant of every team; each key is a FuturePath setup command."""

    CSS_PATH = ["setup.tcss", "initiative.tcss", "condition_dialog.tcss"]
    """The initiative screen's and the condition dialog's CSS are read with this one, so `t` and
    `x` open at once (a new CSS file reparses the whole stylesheet)."""
    AUTO_FOCUS = "#fp-setup-table"
    TABLE = "#fp-setup-table"
    COLUMNS = (("team", "Team"), ("name", "Combatant"), ("present", "In fight"), ("aware", "Aware"),
               ("init", "Initiative"), ("dex", "DEX"), ("conditions", "Conditions"))  # fmt: skip

    BINDINGS = [
        Binding("s", "start", "Start fight", id="fp-setup.start",
                tooltip="Fix Team Initiative and the groups, then Round 0 (if some are unaware) or Round 1"),
        Binding("t", "initiative", "Initiative", id="fp-setup.initiative",
                tooltip="Team Initiative with its breakdown, the groups and their order, editable"),
        Binding("p", "present", "In/out", id="fp-setup.present",
                tooltip="Put the highlighted combatant in the fight or leave them out (a late joiner)"),
        Binding("a", "aware", "Aware", id="fp-setup.aware",
                tooltip="Aware or unaware: the unaware do not act in Round 0 and are flat-footed"),
        Binding("A", "awareness", "Awareness", id="fp-setup.awareness",
                tooltip="Everyone's Passive Perception against the Stealth of each enemy: who misses one is unaware"),
        Binding("i", "edit", "Edit Init", id="fp-setup.edit-initiative"),
        Binding("x", "conditions", "Conditions", id="fp-setup.conditions",
                tooltip="Add or remove a condition (each distinct one costs its team 1 Team Initiative)"),
        Binding("c", "cancel", "Cancel", id="fp-setup.cancel", tooltip="Close setup without a fight"),
        Binding("r", "auto", "Sheet's Initiative", show=False, id="fp-setup.initiative-auto"),
        Binding("plus,equals_sign", "step(1)", "Initiative +1", key_display="+", show=False, id="fp-setup.up"),
        Binding("minus", "step(-1)", "Initiative -1", key_display="-", show=False, id="fp-setup.down"),
        *(Binding(digit, f"edit('{digit}')", "Type the initiative", show=False, id=f"fp-setup.digit-{digit}",
                  group=Binding.Group("Type the initiative")) for digit in "0123456789"),
    ]  # fmt: skip
    """Every action has a letter key; Enter on a row edits its Initiative too."""

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
        self.mount_table("Teams")
        self.query_one(Travelogue).border_title = "Log"
        self.follow_session()

    def paint(self, session: Session) -> None:
        fp = fp_state(session.state)
        if fp.fight is None or fp.fight.stage != "setup":
            return  # on its way out
        self.query_one("#fp-setup-title", Static).update(Text(f"{session.state.name} · Ground combat setup"))
        self._fill(fp, session.system.labels(session.state), team_names(session.state))
        self.query_one(Travelogue).show(session.log)

    def _fill(self, fp, labels: dict[str, str], teams: dict[str, str]) -> None:
        fight = fp.fight
        rows = {}
        for actor in fp.actors:
            if fp.team(actor.team) is None:
                continue
            value = initiative.personal(fp, fight, actor.id)
            fixed = any(ref == actor.id for ref, _ in fight.initiative_fix)
            self.scores[actor.id] = value
            rows[actor.id] = (
                Text(teams.get(actor.team, actor.team)), Text(labels.get(actor.id, actor.name)),
                _box(actor.id in fight.present), _box(actor.id not in fight.unaware),
                f"{value}" + (" (GM)" if fixed else ""), str(actor.abilities.dexterity),
                Text(", ".join(f"{c.name} {c.rounds}" if c.rounds else c.name for c in actor.conditions)),
            )  # fmt: skip
        self.fill_rows(rows, fixed=2)  # team and name stay as added

    def _fight(self):
        return fp_state(self.app.session.state).fight

    def action_start(self) -> None:
        self.send(fc.StartGround())

    def action_cancel(self) -> None:
        self.send(fc.CancelGroundSetup())

    def action_initiative(self) -> None:
        from combat_tui.screens.futurepath.initiative import FPInitiativeScreen

        self.app.push_screen(FPInitiativeScreen())

    def action_present(self) -> None:
        ref = self.row_ref()
        if ref is not None:
            self.send(fc.SetPresent(ref, ref not in self._fight().present))

    def action_aware(self) -> None:
        ref = self.row_ref()
        if ref is not None:
            self.send(fc.SetAware(ref, ref in self._fight().unaware))

    def action_awareness(self) -> None:
        """Judge awareness for everyone; the travelogue line saying who does not see whom shows
        as a message too (the Aware column marks the unaware)."""
        lines = run(self.app, fc.JudgeAwareness())
        if lines:
            self.notify("\n".join(lines), title="Awareness", timeout=8, markup=False)

    def action_conditions(self) -> None:
        from combat_tui.screens.futurepath.condition_dialog import FPConditionDialog

        ref = self.row_ref()
        if ref is not None:
            self.app.push_screen(FPConditionDialog(ref), self.send)

    def action_auto(self) -> None:
        ref = self.row_ref()
        if ref is not None:
            self.send(fc.SetInitiative(ref, None))

    def key_escape(self) -> None:
        if self.is_editing:
            self.close_editor()


def _box(ticked: bool) -> Text:
    return Text("[x]" if ticked else "[ ]")  # Text: a plain str cell reads "[x]" as markup
