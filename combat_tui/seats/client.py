"""SeatClient: a seat's end of the socket; connects, says hello, hands each message on, and
tries again every second when the GM's process goes away."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from combat_tui.seats import protocol

RETRY = 1.0


class SeatClient:
    def __init__(self, campaign: Path, character: str | None, on_message: Callable[[dict], None],
                 on_status: Callable[[str], None] = lambda status: None) -> None:  # fmt: skip
        self.path = protocol.socket_path(campaign)
        self.character = character
        self._on_message = on_message
        self._on_status = on_status
        self._writer: asyncio.StreamWriter | None = None
        self.stopped = False
        """Set by a `bye` that a retry does not cure (no such character, not a 5e campaign)."""

    @property
    def connected(self) -> bool:
        return self._writer is not None and not self._writer.is_closing()

    async def run(self) -> None:
        """Connect and read until cancelled; a lost connection is retried every `RETRY` seconds."""
        while not self.stopped:
            try:
                reader, writer = await asyncio.open_unix_connection(str(self.path), limit=protocol.MAX_LINE * 64)
            except OSError:
                self._on_status("reconnecting…")
                await asyncio.sleep(RETRY)
                continue
            self._writer = writer
            writer.write(protocol.encode(protocol.hello(self.character)))
            self._on_status("connected")
            try:
                while raw := await reader.readline():
                    message = protocol.decode(raw)
                    if message is not None:
                        if message.get("t") == "bye" and message.get("retry") is False:
                            self.stopped = True
                        self._on_message(message)
            except (ConnectionError, ValueError):
                pass
            finally:
                self._writer = None
                writer.close()
            if not self.stopped:
                self._on_status("reconnecting…")
                await asyncio.sleep(RETRY)

    def send_line(self, line: str) -> bool:
        """Send a command line to the GM; False when not connected."""
        if not self.connected:
            return False
        self._writer.write(protocol.encode(protocol.command(line)))
        return True

    def send(self, message: dict) -> bool:
        """Send any message (a Reaction answer); False when not connected."""
        if not self.connected:
            return False
        self._writer.write(protocol.encode(message))
        return True
