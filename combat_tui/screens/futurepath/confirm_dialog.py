"""FPConfirmDialog: a yes/no question before a removal or the end of a fight; `y` answers yes, `n`, `c` or Esc no."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static


class FPConfirmDialog(ModalScreen[bool]):
    """Dismissed with True for yes."""

    DEFAULT_CSS = """
    FPConfirmDialog { align: center middle; background: $background 60%; }
    FPConfirmDialog #fp-confirm-box { width: 60; max-width: 100%; height: auto; border: thick $error;
                                      background: $surface; padding: 1 2; }
    FPConfirmDialog #fp-confirm-keys { margin-top: 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="fp-confirm.yes"),
        Binding("n,c", "answer(False)", "No", id="fp-confirm.no"),
        Binding("escape", "answer(False)", "No", show=False, id="fp-confirm.no-escape"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="fp-confirm-box") as box:
            box.border_title = "Are you sure?"
            yield Static(Text(self.question), id="fp-confirm-question")
            yield Static("y yes · n no", id="fp-confirm-keys")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
