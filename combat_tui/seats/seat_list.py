"""SeatList: the GM's list of the player seats connected, and as whom (from the palette)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Static


class SeatList(ModalScreen[None]):
    DEFAULT_CSS = """
    SeatList { align: center middle; }
    SeatList > Vertical { width: 60; height: auto; max-height: 20; background: $panel; border: solid $primary; padding: 0 1; }
    SeatList DataTable { height: auto; max-height: 12; }
    """
    BINDINGS = [
        Binding("escape,c", "close", "Close", id="seats.close"),
        Binding("l", "lock", "Lock/unlock seats", id="seats.lock"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("", id="seats-head")
            yield DataTable(cursor_type="none", id="seats-table")
            yield Static("l locks or unlocks the seats · c or Esc closes", classes="hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Seat", "As", "Messages", "Bytes")
        self.show()

    def show(self) -> None:
        server = self.app.seats
        seats = server.seats if server is not None else []
        state = "locked" if server is not None and server.locked else "open"
        where = server.path if server is not None else "no campaign folder"
        self.query_one("#seats-head", Static).update(f"{len(seats)} seat(s), {state} · {where}")
        table = self.query_one(DataTable)
        table.clear()  # a handful of rows, only when a seat comes or goes
        for number, seat in enumerate(seats, 1):
            table.add_row(str(number), seat.role, str(seat.messages), str(seat.bytes_sent))

    def action_lock(self) -> None:
        self.app.action_lock_seats()
        self.show()

    def action_close(self) -> None:
        self.dismiss(None)
