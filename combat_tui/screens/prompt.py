"""CommandPrompt: the `:` line that takes the text form of commands (DESIGN.md §5)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from combat_tui.core.text import printable

HINT = "Enter runs it · ↑↓ earlier lines · an empty line or Esc closes"
EXAMPLES = "next · attack Ayla 'Goblin 2' rapier · damage 'Goblin 2' 5 · heal Mirelle 4 · show Bren · undo"


class LineInput(Input):
    """The prompt's field: whatever is typed or pasted is shown as text the terminal can draw.

    A control character, an escape sequence's ESC or a lone surrogate (pasted bytes that are not
    UTF-8) would garble the shared screen or stop the app writing to it; each becomes U+FFFD,
    one character for one, and the parser refuses the line naming its position."""

    def replace(self, text: str, start: int, end: int) -> None:
        super().replace(printable(text), start, end)


class CommandPrompt(ModalScreen[str | None]):
    """A one-line prompt at the bottom; dismisses with the line typed (None when closed)."""

    CSS_PATH = "prompt.tcss"

    BINDINGS = [
        Binding("escape", "close", "Close", show=False, id="prompt.close"),
        Binding("up", "recall(-1)", "Earlier line", show=False, id="prompt.earlier"),
        Binding("down", "recall(1)", "Later line", show=False, id="prompt.later"),
    ]
    """Enter runs the line (the Input's own key); these close it and walk the history."""

    def __init__(self, history: list[str]) -> None:
        super().__init__()
        self.history = history
        """Earlier lines, oldest first; shared with the app so it lasts between prompts."""
        self._at = len(history)

    def compose(self) -> ComposeResult:
        with Vertical(id="prompt-box"):
            yield Static(EXAMPLES, id="prompt-examples")
            yield LineInput(placeholder="a command, such as: next", compact=True, id="prompt-input")
            yield Static(HINT, id="prompt-hint")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        line = printable(event.value).strip()
        if line:
            self.history.append(line)
        self.dismiss(line or None)

    def action_close(self) -> None:
        self.dismiss(None)

    def action_recall(self, step: int) -> None:
        if not self.history:
            return
        self._at = max(0, min(len(self.history), self._at + step))
        field = self.query_one(Input)
        field.value = self.history[self._at] if self._at < len(self.history) else ""
        field.cursor_position = len(field.value)
