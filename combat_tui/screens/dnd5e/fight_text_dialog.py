"""The one-line dialogs of the GM's turn tools: a combatant's name for the fight (F2 on the combat
screen) and its note (`w`). Enter keeps the line (an emptied name: its own name again; an emptied
note: no note); Esc or F3 closes without a change (letters go into the field)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.dnd5e.commands import RenameCombatant, SetNote
from combat_tui.systems.dnd5e.turn_tools import MAX_NAME, MAX_NOTE


class FightTextDialog(ModalScreen[None]):
    """A title, what the line is, and the line; `command` makes the command of the typed text."""

    CSS_PATH = "fight_text_dialog.tcss"
    AUTO_FOCUS = "#fight-text"
    BINDINGS = [
        Binding("escape", "close", "Close", id="fight-text.close"),
        Binding("f3", "close", "Close", show=False, id="fight-text.close-f3"),
    ]
    TITLE_TEXT = ""
    ABOUT = ""
    LIMIT = 0

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref

    def compose(self) -> ComposeResult:
        with Vertical(id="fight-text-box") as box:
            box.border_title = f"{self.TITLE_TEXT} · {self._label()}"
            yield Label(self.ABOUT, classes="hint")
            yield Input(self.start(), max_length=self.LIMIT, compact=True, id="fight-text")
            yield Static("Enter keeps it · Esc or F3 closes", classes="hint")

    def _label(self) -> str:
        session = self.app.session
        return session.system.labels(session.state).get(self.ref, self.ref)

    def _combatant(self):
        return self.app.session.state.fight.find(self.ref)

    def start(self) -> str:
        raise NotImplementedError

    def command(self, text: str) -> object:
        raise NotImplementedError

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip() != self.start():
            self.post_message(CommandRequested(self.command(event.value.strip())))
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


class RenameDialog(FightTextDialog):
    TITLE_TEXT = "Name for this fight"
    ABOUT = "The label in this fight; the creature keeps its own name (empty: its own name)"
    LIMIT = MAX_NAME

    def start(self) -> str:
        return self._label()

    def command(self, text: str) -> object:
        return RenameCombatant(self.ref, text or self.app.session.state.actor(self.ref).name)


class NoteDialog(FightTextDialog):
    TITLE_TEXT = "Note"
    ABOUT = "A line on its card and in show, for this fight (empty: no note)"
    LIMIT = MAX_NOTE

    def start(self) -> str:
        return self._combatant().note

    def command(self, text: str) -> object:
        return SetNote(self.ref, text)
