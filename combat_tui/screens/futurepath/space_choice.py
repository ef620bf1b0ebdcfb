"""SpaceChoiceDialog: pick one of a few choices (a crew position, an attribute, a Battle Damage)
for a space command; Enter picks, Esc or q closes without one."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class SpaceChoiceDialog(ModalScreen[str | None]):
    """`choices` are (value, text); dismissed with the chosen value, or None."""

    DEFAULT_CSS = """
    SpaceChoiceDialog { align: center middle; }
    SpaceChoiceDialog #space-choice-box { width: 44; height: auto; max-height: 80%; border: round $accent;
                                          background: $surface; padding: 0 1; }
    SpaceChoiceDialog OptionList { height: auto; max-height: 12; }
    SpaceChoiceDialog #space-choice-hint { color: $text-muted; }
    """
    AUTO_FOCUS = "#space-choice-list"
    BINDINGS = [Binding("escape", "close", "Close", id="space-choice.close"),
                Binding("q", "close", "Close", show=False, id="space-choice.close-q")]

    def __init__(self, title: str, choices: list[tuple[str, str]]) -> None:
        super().__init__()
        self._title = title
        self._choices = choices

    def compose(self) -> ComposeResult:
        with Vertical(id="space-choice-box") as box:
            box.border_title = self._title
            yield OptionList(*(Option(text, id=value) for value, text in self._choices), id="space-choice-list")
            yield Static("↑↓ choose · Enter · Esc closes", id="space-choice-hint")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
