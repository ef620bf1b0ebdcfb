"""SeatServer: the GM's process serves the player view over the campaign folder's Unix socket.

The GM's process stays the only writer of the campaign: a seat only reads views and sends text
lines, which the server checks (its own character, its own turn, the seats not locked) and hands
to the app's `run` callback, the same path as the GM's `:` prompt. After each change the app
calls `publish`; each seat gets its view as one JSON line, and nothing when its view and the log
did not change. A seat that stops reading (its buffer passes `MAX_BUFFER`) is dropped, so a
stuck seat never slows the GM.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from pathlib import Path

from attrs import define, field

from combat_tui.core.command import CommandRejected
from combat_tui.core.session import Session
from combat_tui.core.text import format_command, parse
from combat_tui.seats import protocol
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.player_view import (
    LogFilter,
    foe_labels,
    player_view,
    seat_refusal,
    unseen_labels,
)
from combat_tui.systems.dnd5e.reaction_text import answered as with_answer
from combat_tui.systems.dnd5e.reaction_text import answered_already, next_offer, question

MAX_BUFFER = 1 << 20
Run = Callable[[str, str], CommandRejected | None]
"""Runs a checked line for a seat: (line, the seat's character label) -> a refusal or None."""


@define(eq=False)
class Seat:
    writer: asyncio.StreamWriter
    me: str | None = None
    """The bound character's id; None for a watching seat."""
    label: str = ""
    sent: int = 0
    """Log lines (absolute index) the seat has."""
    epoch: int = -1
    last_view: str = ""
    bytes_sent: int = 0
    messages: int = 0
    tasks: list = field(factory=list)
    asking: dict = field(factory=dict)
    """Reaction questions sent to this seat and not answered yet: id -> (command, asked, offer)."""

    @property
    def role(self) -> str:
        return f"as {self.label}" if self.me else "watching"


class SeatServer:
    def __init__(self, folder: Path, session: Callable[[], Session | None], run: Run,
                 on_seats: Callable[[], None] | None = None) -> None:  # fmt: skip
        self.path = protocol.socket_path(folder)
        self._session = session
        self._run = run
        self._on_seats = on_seats or (lambda: None)
        self.seats: list[Seat] = []
        self.locked = False
        self._server: asyncio.AbstractServer | None = None
        # the player log since `_base` (a raw log index), filtered line by line as it grows
        self._filter = LogFilter(())
        self._base = 0
        self._raw = 0
        self._kept: list[int] = [0]
        self._lines: list[str] = []
        self._epoch = 0
        self._low = 0
        self._question = 0

    # -- life --------------------------------------------------------------------------------

    async def start(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()  # a socket left by a process that did not stop cleanly
        self._server = await asyncio.start_unix_server(self._serve, path=str(self.path), limit=protocol.MAX_LINE)

    def stop(self) -> None:
        for seat in list(self.seats):
            self._send(seat, {"t": "bye", "reason": "The GM closed the campaign.", "retry": True})
            seat.writer.close()
        self.seats.clear()
        if self._server is not None:
            self._server.close()
            self._server = None
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def set_locked(self, locked: bool) -> None:
        self.locked = locked
        for seat in self.seats:
            self._send(seat, {"t": "lock", "locked": locked})
        self._on_seats()

    # -- each change -------------------------------------------------------------------------

    def publish(self) -> None:
        """Send every seat its view of the state now (after each change)."""
        session = self._session()
        if session is None or not self.seats or session.state.system != "dnd5e":
            return
        self._follow_log(session)
        views: dict[str | None, str] = {}
        for seat in list(self.seats):
            if seat.me not in views:
                views[seat.me] = json.dumps(player_view(session.state, seat.me), ensure_ascii=False,
                                            separators=(",", ":"))  # fmt: skip
            self._send_view(seat, views[seat.me])

    def _send_view(self, seat: Seat, view: str) -> None:
        fresh = seat.epoch != self._epoch
        total = len(self._lines)  # player lines count from `_base`; a new base is a new epoch
        keep = max(0, total - protocol.LOG_TAIL) if fresh else min(seat.sent, self._low)
        if not fresh and view == seat.last_view and keep == total:
            return
        new = self._lines[keep:]
        message = '{"t":"view","view":' + view + f',"keep":{keep},"reset":{json.dumps(fresh)},"log":' + \
            json.dumps(new, ensure_ascii=False, separators=(",", ":")) + "}"  # fmt: skip
        seat.last_view, seat.sent, seat.epoch = view, total, self._epoch
        self._write(seat, message.encode() + b"\n")

    def _follow_log(self, session: Session) -> None:
        log = session.log
        if len(log) < self._base or (self._raw == 0 and self._base == 0 and len(log) > protocol.LOG_TAIL):
            self._restart(len(log))
        self._filter.set_foes(foe_labels(session.state), unseen_labels(session.state))
        if len(log) < self._raw:  # undo took lines back
            self._raw = len(log)
            del self._kept[self._raw - self._base + 1 :]
            del self._lines[self._kept[-1] :]
        self._low = len(self._lines)
        for line in log[self._raw :]:
            shown = self._filter.line(line)
            if shown is not None:
                self._lines.append(shown)
            self._kept.append(len(self._lines))
        self._raw = len(log)

    def _restart(self, length: int) -> None:
        self._base = self._raw = max(0, length - protocol.LOG_TAIL)
        self._kept, self._lines = [0], []
        self._epoch += 1

    # -- a connection ------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        seat = Seat(writer)
        try:
            while raw := await reader.readline():
                message = protocol.decode(raw)
                if message is None:
                    continue
                if message.get("t") == "hello" and seat not in self.seats:
                    if not self._welcome(seat, message):
                        break
                elif message.get("t") == "command" and seat in self.seats:
                    self._command(seat, str(message.get("line", "")))
                elif message.get("t") == "answer" and seat in self.seats:
                    self._answer(seat, message.get("id"), bool(message.get("cast")))
        except (
            ConnectionError,
            asyncio.LimitOverrunError,
            ValueError,
            asyncio.CancelledError,
        ):
            pass  # a seat that left, sent garbage, or a server that stops: drop it
        finally:
            self._drop(seat)

    def _welcome(self, seat: Seat, message: dict) -> bool:
        session = self._session()
        if session is None or session.state.system != "dnd5e":
            self._send(seat, {"t": "bye", "reason": "Seats follow 5e campaigns.", "retry": False})
            return False
        wanted = message.get("as")
        if message.get("role") == "player":
            found = _character(session, str(wanted or ""))
            if found is None:
                reason = f"No character of the party is called {wanted!r}."
                self._send(seat, {"t": "bye", "reason": reason, "retry": False})
                return False
            seat.me, seat.label = found
        self.seats.append(seat)
        self._send(
            seat,
            {"t": "welcome", "me": seat.me, "label": seat.label, "locked": self.locked},
        )
        self._follow_log(session)
        self._send_view(seat, json.dumps(player_view(session.state, seat.me), ensure_ascii=False,
                                         separators=(",", ":")))  # fmt: skip
        self._on_seats()
        return True

    def _command(self, seat: Seat, line: str) -> None:
        session = self._session()
        if seat.me is None:
            self._send(seat, protocol.refusal("A watching seat only looks."))
            return
        if self.locked:
            self._send(seat, protocol.refusal("The GM has locked the seats."))
            return
        if session is None:
            return
        try:
            parsed = parse(line, session.state)
        except CommandRejected as error:
            self._send(seat, protocol.refusal(error.reason, error.detail))
            return
        why = seat_refusal(session.state, seat.me, parsed.verb, parsed.command)
        if why:
            self._send(seat, protocol.refusal(why))
            return
        if hasattr(parsed.command, "react"):
            self._ask(seat, line, parsed.command, answered_already(parsed.command.react))
            return
        self._finish(seat, line)

    def _finish(self, seat: Seat, line: str) -> None:
        error = self._run(line, seat.label)
        if error is not None:
            self._send(seat, protocol.refusal(error.reason, error.detail))

    # -- Reaction dialogs --------------------------------------------------------------------
    # ref: Shield against a hit — "The dialog opens only in a tab that can act for the defender: the
    # GM tab, or the Player tab bound to that character. When a player attacks a foe that knows
    # Shield, the attack does not pause." A seat's line asks its own character's dialogs only, at
    # that seat, from a dry run; every other dialog is declined, as in a script.

    def _ask(self, seat: Seat, line: str, command: object, asked: set) -> None:
        session = self._session()
        if session is None:
            return
        try:
            outcome = session.preview(command)
        except CommandRejected as error:
            self._send(seat, protocol.refusal(error.reason, error.detail))
            return
        offer = next_offer(outcome.events, asked, seat.me)
        if offer is None:
            self._finish(seat, line or format_command(command, session.state))
            return
        asked.add((offer.ref, offer.spell.casefold()))
        self._question += 1
        seat.asking[self._question] = (command, asked, offer)
        names = labels(session.state)
        happened, does, take = question(offer, lambda ref: names.get(ref, ref))
        self._send(seat, {"t": "ask", "id": self._question, "who": names.get(offer.ref, offer.ref),
                          "spell": offer.spell, "happened": happened, "does": does, "take": take})  # fmt: skip

    def _answer(self, seat: Seat, question_id: object, cast: bool) -> None:
        pending = seat.asking.pop(question_id, None) if isinstance(question_id, int) else None
        if pending is None:
            return  # an answer to nothing (a stale or forged id) changes nothing
        if callable(pending):  # the GM's own dialog, forwarded: whoever answers first decides
            pending(cast)
            return
        command, asked, offer = pending
        self._ask(seat, "", with_answer(command, offer, cast), asked)

    def forward(self, ref: str, texts: dict, answered: Callable[[bool], None]) -> int | None:
        """Ask the GM's Reaction dialog at `ref`'s bound seat too (the Player tab bound to the
        defender can act for it); `answered` gets the seat's answer. None: no such seat, or the
        seats are locked."""
        seat = next((seat for seat in self.seats if seat.me == ref), None)
        if seat is None or self.locked:
            return None
        self._question += 1
        seat.asking[self._question] = answered
        self._send(seat, {"t": "ask", "id": self._question, **texts})
        return self._question

    def withdraw(self, question_id: int) -> None:
        """The GM answered first: close that question on the seat."""
        for seat in self.seats:
            if seat.asking.pop(question_id, None) is not None:
                self._send(seat, {"t": "unask", "id": question_id})

    def _drop(self, seat: Seat) -> None:
        if seat in self.seats:
            self.seats.remove(seat)
            self._on_seats()
        seat.writer.close()

    def _send(self, seat: Seat, message: dict) -> None:
        self._write(seat, protocol.encode(message))

    def _write(self, seat: Seat, data: bytes) -> None:
        if seat.writer.is_closing():
            return
        if seat.writer.transport.get_write_buffer_size() > MAX_BUFFER:
            self._drop(seat)  # it stopped reading: drop it rather than hold the GM's memory
            return
        seat.writer.write(data)
        seat.bytes_sent += len(data)
        seat.messages += 1


def _character(session: Session, wanted: str) -> tuple[str, str] | None:
    """(id, label) of the party character a seat names by label, name or id."""
    names = labels(session.state)
    key = wanted.casefold()
    for actor in session.state.characters:
        label = names.get(actor.id, actor.name)
        if key in (label.casefold(), actor.name.casefold(), actor.id.casefold()):
            return actor.id, label
    return None
