"""LegendaryResistanceDialog: a creature with legendary resistance failed a save (ref: Legendary
resistance).

"When such a creature fails the save of a save spell, or its save against Turn Undead, a dialog
asks 'Use legendary resistance? N left today'. Click Succeed instead to spend one use, or Let it
fail to keep the failure."

Keys: s or Enter Succeed instead, f or Esc Let it fail.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from combat_tui.widgets.key_footer import KeyFooter


class LegendaryResistanceDialog(ModalScreen[bool]):
    """Dismissed with True for Succeed instead, False for Let it fail."""

    DEFAULT_CSS = """
    LegendaryResistanceDialog { align: center middle; }
    LegendaryResistanceDialog #lr-box { width: 56; max-width: 100%; height: auto; border: round $warning;
        background: $surface; padding: 0 1; }
    """

    BINDINGS = [
        Binding("s,enter", "succeed", "Succeed instead", id="lr.succeed"),
        Binding("f,escape", "fail", "Let it fail", id="lr.fail"),
    ]

    def __init__(self, label: str, left: int, save_line: str) -> None:
        super().__init__()
        self.label, self.left, self.save_line = label, left, save_line

    def compose(self) -> ComposeResult:
        with Vertical(id="lr-box"):
            yield Static(self.save_line, markup=False)
            yield Static(f"Use legendary resistance? {self.left} left today", id="lr-question", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#lr-box").border_title = f"{self.label}: legendary resistance"

    def action_succeed(self) -> None:
        self.dismiss(True)

    def action_fail(self) -> None:
        self.dismiss(False)
