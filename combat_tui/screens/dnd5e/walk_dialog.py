"""WalkDialog: the party's map over a running fight, where the arrows walk the party.

ref: Combat screen — "A fight also ends when no creature of the fight is left on the tile of the
party or on the eight tiles around it, and no hostile creature of the fight is left within the
nearby range ... A walk out of that range ends the fight." The combat screen covers the campaign
screen's map, so this dialog brings the map to the fight.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from combat_tui.core.session import Session
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.dnd5e.commands import MoveParty
from combat_tui.widgets.dnd5e.map_panel import MapPanel


class WalkDialog(ModalScreen[None]):
    """The arrows walk the party one tile (Home, PgUp, End, PgDn diagonally); `b` or Esc goes back."""

    CSS_PATH = "walk_dialog.tcss"
    AUTO_FOCUS = "MapPanel"

    BINDINGS = [
        Binding("b", "back", "Back to the fight", id="walk.back"),
        Binding("escape", "back", "Back to the fight", show=False, id="walk.back-escape"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="walk-box"):
            yield MapPanel(id="walk-map")
            yield Static("", id="walk-where")
            yield Static("Arrows walk the party (Home PgUp End PgDn diagonally) · b: back", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#walk-box").border_title = "Walk"
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def _state_changed(self, session: Session) -> None:
        state = session.state
        self.query_one(MapPanel).show(state)
        tile = state.party_tile
        self.query_one("#walk-where", Static).update(Text(f"The party is at ({tile.x}, {tile.y})."))

    @on(MapPanel.Step)
    def _step(self, event: MapPanel.Step) -> None:
        event.stop()
        self.post_message(CommandRequested(MoveParty(event.dx, event.dy)))

    def action_back(self) -> None:
        self.dismiss(None)
