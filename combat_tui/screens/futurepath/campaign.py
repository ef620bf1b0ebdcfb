"""The FuturePath campaign screen: every combatant by team; `s` sets up a ground fight, `S` opens
ship setup for a space fight. `a` adds a combatant, `E` edits the highlighted one, `d` adds a
copy of it, `x` removes it (after a question); `n` adds a ship. Each is one command. (The 5e
campaign's `c`, `e`, `m`, `p`, `j` and Enter stay unbound here.)"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from combat_tui.core.session import Session
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.widgets.futurepath.roster import FPRoster


class FPCampaignScreen(CampaignScreen):
    """The FuturePath campaign outside a fight: its roster instead of the 5e party and creatures."""

    AUTO_FOCUS = "#fp-roster"

    BINDINGS = [
        Binding("s", "open_setup", "Set up", id="campaign.open-setup",
                tooltip="Open combat setup with its default lists and roll initiative"),
        Binding("o", "open_picker", "Open", id="campaign.open-picker",
                tooltip="Open another campaign"),
        Binding("S", "open_space", "Space", id="campaign.open-space",
                tooltip="FuturePath: ship setup, crew assignment and the start of a space fight"),
        Binding("a", "add", "Add", id="campaign.fp-add",
                tooltip="FuturePath: add a combatant (a form: name, team, HP, abilities, AC, weapons ...)"),
        Binding("E", "edit", "Edit", id="campaign.fp-edit",
                tooltip="FuturePath: edit the highlighted combatant's sheet"),
        Binding("d", "copy", "Copy", show=False, id="campaign.fp-copy",
                tooltip="FuturePath: add a combatant filled in from the highlighted one (another Space Bear)"),
        Binding("x", "remove", "Remove", show=False, id="campaign.fp-remove",
                tooltip="FuturePath: remove the highlighted combatant from the campaign (asks first)"),
        Binding("n", "new_ship", "New ship", show=False, id="campaign.fp-new-ship",
                tooltip="FuturePath: add a ship (a form: hull, side, attributes, hard points, bays, crew)"),
    ]  # fmt: skip
    """The campaign's own keys; undo, redo, `:` and quit are the app's."""

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="campaign-body"):
            yield FPRoster(id="fp-roster", classes="box")  # not #party-table: its 5e heights

    def paint_body(self, session: Session) -> None:
        state = session.state
        table = self.query_one("#fp-roster", FPRoster)
        table.border_title = "Combatants · a add · E edit · s sets up a ground fight · S space combat"
        table.show(state.futurepath, session.system.labels(state), team_names(state))
        self.refresh_bindings()

    def action_open_setup(self) -> None:
        from combat_tui.systems.futurepath import commands as fc  # the rules come after the first frame

        self.post_message(CommandRequested(fc.OpenGroundSetup()))

    def action_open_space(self) -> None:
        from combat_tui.screens.futurepath.ship_setup import ShipSetupScreen  # imported on first use

        self.app.push_screen(ShipSetupScreen())

    def allows(self, action: str) -> bool | None:
        if action in ("edit", "copy", "remove") and self.is_mounted:
            return True if self._highlighted() else None  # dimmed on an empty roster
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str:
        if action in ("edit", "copy", "remove"):
            return "The roster is empty: a adds a combatant."
        return super().refusal(action, parameters)

    def _highlighted(self) -> str | None:
        return self.query_one("#fp-roster", FPRoster).highlighted

    def _send(self, command: object | None) -> None:
        if command is not None:
            self.post_message(CommandRequested(command))

    def action_add(self) -> None:
        from combat_tui.screens.futurepath.combatant_editor import CombatantEditor

        ref = self._highlighted()
        who = self.app.session.state.futurepath.actor(ref) if ref else None
        self.app.push_screen(CombatantEditor(team=who.team if who else ""), self._send)

    def action_copy(self) -> None:
        from combat_tui.screens.futurepath.combatant_editor import CombatantEditor

        ref = self._highlighted()
        if ref is not None:
            self.app.push_screen(CombatantEditor(copy_of=ref), self._send)

    def action_edit(self) -> None:
        from combat_tui.screens.futurepath.combatant_editor import CombatantEditor

        ref = self._highlighted()
        if ref is not None:
            self.app.push_screen(CombatantEditor(ref), self._send)

    def action_remove(self) -> None:
        from combat_tui.screens.futurepath.confirm_dialog import FPConfirmDialog

        ref = self._highlighted()
        if ref is None:
            return
        label = self.app.session.system.labels(self.app.session.state).get(ref, ref)
        question = f"Remove {label} from the campaign (and from any crew post)? Undo brings them back."
        from combat_tui.systems.futurepath import commands as fc

        self.app.push_screen(FPConfirmDialog(question), lambda yes: self._send(fc.RemoveCombatant(ref) if yes else None))

    def action_new_ship(self) -> None:
        from combat_tui.screens.futurepath.ship_editor import ShipEditor

        self.app.push_screen(ShipEditor(), self._send)
