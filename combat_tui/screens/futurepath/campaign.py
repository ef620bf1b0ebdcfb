"""The FuturePath campaign screen: every combatant by team; `s` sets up a ground fight, `S` opens
ship setup for a space fight."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal

from combat_tui.core.session import Session
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.futurepath.commands import OpenGroundSetup
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
    ]  # fmt: skip
    """The campaign's own keys; undo, redo, `:` and quit are the app's."""

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="campaign-body"):
            yield FPRoster(id="fp-roster", classes="box")  # not #party-table: its 5e heights

    def paint_body(self, session: Session) -> None:
        state = session.state
        table = self.query_one("#fp-roster", FPRoster)
        table.border_title = "Combatants · s sets up a ground fight · S space combat"
        table.show(state.futurepath, session.system.labels(state), team_names(state))

    def action_open_setup(self) -> None:
        self.post_message(CommandRequested(OpenGroundSetup()))

    def action_open_space(self) -> None:
        from combat_tui.screens.futurepath.ship_setup import ShipSetupScreen  # imported on first use

        self.app.push_screen(ShipSetupScreen())

    def allows(self, action: str) -> bool | None:
        if action == "open_space" and self.is_mounted:
            return True if self.app.session.state.futurepath.ships else None  # dimmed without ships
        return True
