"""What the FuturePath ground screens share: following the session, and the table of members.

`GroundScreen` paints the session's state now and on every change, and sends commands up.
`StageScreen` is the screen of a stage of the fight (setup, round): dialogs and the initiative
screen cover it, so it falls quiet while covered. `MemberTableScreen` shows one table row a
member with an Initiative editor under it (setup, initiative).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.widgets import DataTable, Input, Label

from combat_tui.core.session import Session
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.one_frame import OneFrameScreen
from combat_tui.systems.futurepath import commands as fc
from combat_tui.widgets.number_input import NumberInput

EDITOR = "#fp-init-editor"
"""The editor row under a member table: a Label and a NumberInput."""


class GroundScreen(OneFrameScreen):
    """A screen of the ground fight: it shows the session's state and turns keys into commands."""

    def follow_session(self) -> None:
        """Paint now and on every change (the last step of `on_mount`)."""
        self.app.state_changed.subscribe(self, self.paint)
        self.paint(self.app.session)

    def paint(self, session: Session) -> None:
        """Show the session's state (each screen its own parts)."""

    def send(self, command: object | None) -> None:
        """Ask the app to run `command`; None (a dialog cancelled) asks nothing."""
        if command is not None:
            self.post_message(CommandRequested(command))


class StageScreen(GroundScreen):
    """The screen of a stage of the fight (setup, round): its dialogs and the initiative screen
    cover it, so it hears no changes while covered and repaints when it comes back."""

    def on_screen_suspend(self) -> None:
        """Hear no changes while covered (the initiative screen's keys), and catch up on resume:
        a covered screen woken by the signal repainted the whole terminal (see CampaignScreen)."""
        self.app.state_changed.unsubscribe(self)

    def on_screen_resume(self) -> None:
        self.app.state_changed.unsubscribe(self)  # never two subscriptions
        self.follow_session()


class MemberTableScreen(GroundScreen):
    """A ground screen with a table of members (one row each, keyed by id) and an editor for
    their Initiative score; Enter on a row, `i` or a digit opens it."""

    TABLE: ClassVar[str] = ""
    """The table's selector."""
    COLUMNS: ClassVar[tuple[tuple[str, str], ...]] = ()
    """(key, label) of each column of the table."""

    def __init__(self) -> None:
        super().__init__()
        self.scores: dict[str, int] = {}
        """Each member's Initiative score as the table shows it (the screen fills it)."""
        self._order: tuple[str, ...] = ()
        """The members' ids in table order."""
        self._editing: tuple[str, str] | None = None
        """("member", id), or what else the screen edits, while the editor is open."""

    @property
    def is_editing(self) -> bool:
        """The editor is open (Esc closes it before it leaves the screen)."""
        return self._editing is not None

    def mount_table(self, title: str) -> None:
        """Add the columns and hide the editor (in `on_mount`)."""
        table = self.query_one(self.TABLE, DataTable)
        for key, label in self.COLUMNS:
            table.add_column(label, key=key)
        table.border_title = title
        self.query_one(EDITOR).display = False

    def fill_rows(self, rows: dict[str, tuple], *, fixed: int = 0, keep_cursor: bool = False) -> None:
        """Show `rows` (cells by member id): rebuilt when the members changed, else cell by cell
        from column `fixed` on (the ones before it stay as added)."""
        table = self.query_one(self.TABLE, DataTable)
        if tuple(rows) != self._order:
            cursor = table.cursor_row
            table.clear()
            for ref, cells in rows.items():
                table.add_row(*cells, key=ref)
            self._order = tuple(rows)
            if keep_cursor and cursor is not None and self._order:
                table.move_cursor(row=min(cursor, len(self._order) - 1))
            return
        for ref, cells in rows.items():
            for (key, _), cell in zip(self.COLUMNS[fixed:], cells[fixed:], strict=True):
                if table.get_cell(ref, key) != cell:
                    table.update_cell(ref, key, cell, update_width=True)

    def row_ref(self) -> str | None:
        """The id of the highlighted member, None if the table is empty."""
        table = self.query_one(self.TABLE, DataTable)
        if not self._order or table.cursor_row is None:
            return None
        return self._order[min(table.cursor_row, len(self._order) - 1)]

    def action_step(self, step: int) -> None:
        ref = self.row_ref()
        if ref is not None:
            self.send(fc.SetInitiative(ref, self.scores[ref] + step))

    def action_edit(self, digit: str = "") -> None:
        """Open the editor on the row's score; a digit starts typing over it."""
        ref = self.row_ref()
        if ref is not None:
            name = self.query_one(self.TABLE, DataTable).get_cell(ref, "name")
            self.open_editor(("member", ref), f"Initiative of {name}", self.scores[ref], digit)

    def open_editor(self, what: tuple[str, str], title: str, value: int, digit: str) -> None:
        """Edit `value` under `title`; `what` comes back to `edited` when it is saved."""
        self._editing = what
        editor = self.query_one(EDITOR)
        editor.query_one(Label).update(Text(f"{title} (Enter saves, Esc keeps): "))
        editor.display = True
        field = editor.query_one(NumberInput)
        if digit:
            field.type_over(digit)
        else:
            field.value = str(value)
            field.focus()

    def close_editor(self) -> None:
        self._editing = None
        self.query_one(EDITOR).display = False
        self.query_one(self.TABLE, DataTable).focus()

    def edited(self, what: tuple[str, str], value: int) -> None:
        """The editor saved `value`: a member's new score is the GM's fix."""
        kind, ref = what
        if kind == "member" and value != self.scores.get(ref):
            self.send(fc.SetInitiative(ref, value))

    @on(DataTable.RowSelected)  # the screen's one table
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_edit()

    @on(Input.Submitted, f"{EDITOR} NumberInput")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        what = self._editing
        self.close_editor()
        try:
            value = int(event.value)
        except ValueError:
            return  # an empty line keeps the value
        if what is not None:
            self.edited(what, value)
