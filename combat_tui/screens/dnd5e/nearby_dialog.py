"""NearbyDialog: the nearby encounters of a running fight, with Add to fight on each hostile row.

ref: Combat setup — "During a fight, the Nearby encounters tab has an Add to fight button on each
hostile row that is not in the fight. ... It rolls initiative for the foe, logs the roll, and puts
the foe into the order."
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static

from combat_tui.core.session import Session
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.commands import JoinFight
from combat_tui.systems.dnd5e.joining import nearby_foes

EMPTY = "No hostile creature outside the fight is within the nearby range."


class NearbyDialog(ModalScreen[None]):
    """`a` or Enter adds the highlighted foe to the fight; `b` or Esc goes back."""

    CSS_PATH = "nearby_dialog.tcss"
    AUTO_FOCUS = "#nearby-foes"

    BINDINGS = [
        Binding("a", "add", "Add to fight", id="nearby.add",
                tooltip="Roll its initiative, log it, and put it into the order"),
        Binding("b", "back", "Back to the fight", id="nearby.back"),
        Binding("escape", "back", "Back to the fight", show=False, id="nearby.back-escape"),
    ]  # fmt: skip

    def __init__(self) -> None:
        super().__init__()
        self._refs: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical(id="nearby-box"):
            yield DataTable(id="nearby-foes", cursor_type="row")
            yield Static(EMPTY, id="nearby-empty")
            yield Static("a or Enter: Add to fight · b: back", classes="hint")

    def on_mount(self) -> None:
        box = self.query_one("#nearby-box")
        box.border_title = "Nearby encounters"
        self.query_one("#nearby-foes", DataTable).add_columns("Foe", "Tiles", "HP")
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def _state_changed(self, session: Session) -> None:
        state = session.state
        if state.fight is None or state.fight.stage != "running":
            return
        labels = session.system.labels(state)
        found = nearby_foes(state)
        refs = tuple(creature.id for creature, _ in found)
        table = self.query_one("#nearby-foes", DataTable)
        if refs != self._refs:
            at = table.cursor_row or 0
            table.clear()
            for creature, distance in found:
                hp = f"{creature.hp}/{creature.max_hp}"
                table.add_row(Text(labels.get(creature.id, creature.name)), str(distance), hp, key=creature.id)
            if refs:
                table.move_cursor(row=min(at, len(refs) - 1))
            self._refs = refs
        table.display = bool(refs)
        self.query_one("#nearby-empty").display = not refs

    def action_add(self) -> None:
        table = self.query_one("#nearby-foes", DataTable)
        if not self._refs:
            tell(self, "No creature nearby is left to add to the fight.")
            return
        ref = self._refs[min(table.cursor_row or 0, len(self._refs) - 1)]
        self.post_message(CommandRequested(JoinFight((ref,))))

    @on(DataTable.RowSelected, "#nearby-foes")
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_add()

    def action_back(self) -> None:
        self.dismiss(None)
