"""QuitDialog: `q` in a fight asks first, since quitting ends the tmux session the players watch.

`y` quits, `n` (or Esc) stays. The fight is in the journal either way.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from combat_tui.widgets.key_footer import KeyFooter


class QuitDialog(ModalScreen[bool]):
    """Dismissed with True to quit."""

    DEFAULT_CSS = """
    QuitDialog { align: center middle; background: $background 60%; }
    QuitDialog #quit-box { width: 60; max-width: 100%; height: auto; border: thick $warning;
                           background: $surface; padding: 1 2; }
    """

    BINDINGS = [
        Binding("y", "answer(True)", "Quit", id="quit.yes"),
        Binding("n", "answer(False)", "Stay", id="quit.no"),
        Binding("escape", "answer(False)", "Stay", show=False, id="quit.no-escape"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="quit-box") as box:
            box.border_title = "Quit combat-tui?"
            yield Static(
                "A fight is on. It is saved: opening the campaign again goes on where it stopped. "
                "Quitting closes this screen for everyone watching it.",
                id="quit-question",
            )
        yield KeyFooter()

    def action_answer(self, quit_: bool) -> None:
        self.dismiss(quit_)
