"""ResultLines: the travelogue lines of a dialog's last command, kept on show for the table.

The attack and cast dialogs show what their last roll did under a titled border, marked as undone
after an undo. A row mounted later cannot be queried for its children until it is composed, so
each row's text widget is kept by reference.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Label, Static


class ResultLines(Vertical):
    """A bulleted list of lines under a border title (`Last roll`, `Last roll (undone)`)."""

    def __init__(self, title: str, *, rows: int = 4, id: str | None = None) -> None:
        super().__init__(id=id)
        self._title = title
        self._start_rows = rows
        self._rows: list[tuple[Horizontal, Static]] = []
        self._shown: tuple[tuple[str, ...], bool] | None = None

    def compose(self) -> ComposeResult:
        for _ in range(self._start_rows):
            yield self._row()

    def _row(self) -> Horizontal:
        text = Static("", markup=False, classes="result-text")
        row = Horizontal(Label("•", classes="result-bullet"), text, classes="result-line")
        self._rows.append((row, text))
        return row

    def on_mount(self) -> None:
        self.border_title = self._title

    def show(self, lines: tuple[str, ...], undone: bool = False) -> bool:
        """Show `lines` (marked undone or not); False when they are on show already."""
        if self._shown == (lines, undone) and self.display:
            return False
        self._shown = (lines, undone)
        if len(self._rows) < len(lines):
            self.mount_all([self._row() for _ in range(len(lines) - len(self._rows))])
        for at, (row, text) in enumerate(self._rows):
            if at < len(lines):
                text.update(Content(lines[at]))
            row.display = at < len(lines)
        self.border_title = f"{self._title} (undone)" if undone else self._title
        self.set_class(undone, "-undone")
        self.display = True
        return True
