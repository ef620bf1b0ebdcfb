"""CrewNameDialog: type the name of an NPC crew member for a position; Enter puts them there,
an empty line, F3 or Esc closes without a change."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class CrewNameDialog(ModalScreen[str | None]):
    """Dismissed with the name typed, or None."""

    DEFAULT_CSS = """
    CrewNameDialog { align: center middle; }
    CrewNameDialog #crew-name-box { width: 44; height: auto; border: round $accent; background: $surface;
                                    padding: 0 1; }
    CrewNameDialog #crew-name-hint { color: $text-muted; }
    """
    AUTO_FOCUS = "#crew-name-input"
    BINDINGS = [Binding("escape", "close", "Close", id="crew-name.close"),
                Binding("f3", "close", "Close", show=False, id="crew-name.close-f3")]

    def __init__(self, title: str, value: str = "") -> None:
        super().__init__()
        self._title = title
        self._value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="crew-name-box") as box:
            box.border_title = self._title
            yield Input(self._value, placeholder="a name, such as Ursa", compact=True, id="crew-name-input")
            yield Static("Enter puts them there · F3 or Esc closes", id="crew-name-hint")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.dismiss(event.value.strip() or None)

    def action_close(self) -> None:
        self.dismiss(None)
