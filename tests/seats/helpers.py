"""What the seat tests share: the GM's side of the server, and a seat client over the socket."""

from __future__ import annotations

import asyncio

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.seats.client import SeatClient
from combat_tui.seats.server import SeatServer


class Gm:
    """What the app does for the server: run the line the prompt's way, then publish."""

    def __init__(self, tmp_path, session):
        self.session = session
        self.ran: list[tuple[str, str]] = []
        """(line, the seat's label) of every line run."""
        self.server = SeatServer(tmp_path, lambda: self.session, self.run)

    @property
    def lines(self) -> list[str]:
        return [line for line, _ in self.ran]

    def run(self, line: str, seat: str) -> CommandRejected | None:
        try:
            run_line(self.session, line)
        except CommandRejected as error:
            return error
        self.ran.append((line, seat))
        self.server.publish()
        return None


async def until(check, timeout=3.0):
    for _ in range(int(timeout / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


async def seat(tmp_path, character):
    """A connected seat: (its client, the messages it got, its task), once its first view is in."""
    got: list[dict] = []
    client = SeatClient(tmp_path, character, got.append)
    task = asyncio.create_task(client.run())
    await until(lambda: any(m["t"] == "view" for m in got))
    return client, got, task
