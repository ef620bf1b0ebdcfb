"""EncounterDialog: the party's walk stopped beside live hostile creatures.

ref: Combat setup — "The Set up combat button of the Encounter! dialog opens it too ... Only a
hostile creature starts an encounter." `s` or Enter answers Set up combat (the campaign screen
then asks for setup), `d` or Esc dismisses it and the party may walk on.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from combat_tui.core.session import Session
from combat_tui.systems.dnd5e.world import encounter_foes

HINT = "s or Enter set up combat · d or Esc dismiss"


class EncounterDialog(ModalScreen[bool]):
    """Dismisses with True for Set up combat, False for Dismiss."""

    CSS_PATH = "encounter_dialog.tcss"

    BINDINGS = [
        Binding("s", "answer(True)", "Set up combat", id="encounter.setup",
                tooltip="Open combat setup with these foes and roll initiative"),
        Binding("enter", "answer(True)", "Set up combat", show=False, id="encounter.setup-enter"),
        Binding("d", "answer(False)", "Dismiss", id="encounter.dismiss", tooltip="No fight now: the party may walk on"),
        Binding("escape", "answer(False)", "Dismiss", show=False, id="encounter.dismiss-escape"),
    ]  # fmt: skip

    def __init__(self, foes: tuple[str, ...]) -> None:
        super().__init__()
        self.foes = foes
        """The ids of the live hostile creatures beside the party when the walk stopped."""

    def compose(self) -> ComposeResult:
        with Vertical(id="encounter-box"):
            yield Static("", id="encounter-text")
            yield Static("", id="encounter-foes")
            yield Static(HINT, id="encounter-hint", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#encounter-box").border_title = "Encounter!"
        self.app.state_changed.subscribe(self, self._state_changed)
        self._show(self.app.session)

    def _state_changed(self, session: Session) -> None:
        """An undo of the walk (ctrl+z works here too) leaves no encounter to answer."""
        state = session.state
        if state.fight is not None or not set(self.foes) & set(encounter_foes(state)):
            self.dismiss(False)
        else:
            self._show(session)

    def _show(self, session: Session) -> None:
        state = session.state
        labels = session.system.labels(state)
        here = state.party_tile
        foes = [state.actor(ref) for ref in self.foes if state.actor(ref) is not None]
        count = len(foes)
        self.query_one("#encounter-text", Static).update(
            Text(f"{count} hostile creature{'s' if count != 1 else ''} next to the party. Set up combat?")
        )
        rows = Text()
        for foe in foes:
            where = "on the party's tile" if foe.tile == here else "1 tile away"
            rows.append(f"{labels.get(foe.id, foe.name)}", style="bold")
            rows.append(f" · HP {foe.hp}/{foe.max_hp} · AC {foe.ac} · {where}\n")
        rows.rstrip()
        self.query_one("#encounter-foes", Static).update(rows)

    def action_answer(self, set_up: bool) -> None:
        self.dismiss(set_up)
