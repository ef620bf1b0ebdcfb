"""A program in a real pseudo-terminal whose output is read, timestamped and replayed on a screen.

`Term` runs a command on a pty of COLS x ROWS (stdin, stdout and stderr all on it: Textual
writes its frames to stderr), reads everything it writes with a timestamp per read, and sends
keys. `Screen` is a small terminal emulator, just enough for what Textual writes (cursor moves,
SGR styles, erases, wide characters), so a figure can say when a text was really on screen and
which read changed what the viewer sees. Parsing happens after the run, so it takes no CPU from
the program being measured.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import termios
import time
from pathlib import Path

from rich.cells import get_character_cell_size

COLS, ROWS = 120, 40
_TOKEN = re.compile(
    r"\x1b\[([0-9;?<>=$ ]*)([@-~])"  # CSI
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC
    r"|\x1b[PX^_][^\x1b]*\x1b\\"  # DCS and friends
    r"|\x1b[()][0-9A-Za-z]|\x1b[^\[\]]"  # charset, two-byte escapes
    r"|[\x00-\x1f\x7f]"  # controls
    r"|[^\x00-\x1f\x7f\x1b]+"  # text
)
_INCOMPLETE = re.compile(r"\x1b(\[[0-9;?<>=$ ]*|\][^\x07\x1b]*|\x1b?|[()P X^_].*)?$", re.DOTALL)


class Screen:
    """The cells a terminal shows: a character and the SGR style it was written with."""

    def __init__(self, cols: int = COLS, rows: int = ROWS) -> None:
        self.cols, self.rows = cols, rows
        self.cells = [[(" ", "")] * cols for _ in range(rows)]
        self.x = self.y = 0
        self.style = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self._pending = ""

    def feed(self, data: bytes) -> bool:
        """Apply what the program wrote; True if any cell changed."""
        text = self._pending + self._decoder.decode(data)
        tail = _INCOMPLETE.search(text)
        if tail and tail.start() < len(text):
            text, self._pending = text[: tail.start()], text[tail.start() :]
        else:
            self._pending = ""
        changed = False
        for match in _TOKEN.finditer(text):
            token = match.group(0)
            first = token[0]
            if first == "\x1b":
                if match.group(2) is not None:
                    changed |= self._csi(match.group(1), match.group(2))
            elif first == "\r":
                self.x = 0
            elif first == "\n":
                self.y = min(self.rows - 1, self.y + 1)
            elif first == "\b":
                self.x = max(0, self.x - 1)
            elif first >= " " and first != "\x7f":
                changed |= self._text(token)
        return changed

    def _text(self, text: str) -> bool:
        row, style, changed = self.cells[self.y], self.style, False
        for char in text:
            width = 1 if char.isascii() else get_character_cell_size(char)
            if width == 0:
                continue
            if self.x + width <= self.cols:
                cell = (char, style)
                if row[self.x] != cell:
                    row[self.x], changed = cell, True
                if width == 2 and row[self.x + 1] != ("", style):
                    row[self.x + 1], changed = ("", style), True
            self.x = min(self.cols, self.x + width)  # Textual turns line wrap off
        return changed

    def _csi(self, params: str, final: str) -> bool:
        if params.startswith(("?", ">", "<", "=")) or "$" in params:
            return False  # modes and queries
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        first = numbers[0] if numbers else 0
        if final == "m":
            if params in ("", "0"):
                self.style = ""
            elif params.startswith("0;"):
                self.style = params[2:]
            else:
                self.style = f"{self.style};{params}" if self.style else params
        elif final in "Hf":
            self.y = min(self.rows - 1, max(1, first or 1) - 1)
            self.x = min(self.cols - 1, max(1, numbers[1] if len(numbers) > 1 and numbers[1] else 1) - 1)
        elif final == "A":
            self.y = max(0, self.y - (first or 1))
        elif final == "B":
            self.y = min(self.rows - 1, self.y + (first or 1))
        elif final == "C":
            self.x = min(self.cols - 1, self.x + (first or 1))
        elif final == "D":
            self.x = max(0, self.x - (first or 1))
        elif final == "G":
            self.x = min(self.cols - 1, max(1, first or 1) - 1)
        elif final == "d":
            self.y = min(self.rows - 1, max(1, first or 1) - 1)
        elif final == "K":
            row = self.cells[self.y]
            span = range(self.x, self.cols) if first == 0 else range(0, self.x + 1) if first == 1 else range(self.cols)
            return self._blank(row, span)
        elif final == "J" and first in (2, 3):
            return any([self._blank(row, range(self.cols)) for row in self.cells])
        return False

    def _blank(self, row: list, span: range) -> bool:
        blank, changed = (" ", self.style), False
        for x in span:
            if row[x] != blank:
                row[x], changed = blank, True
        return changed

    def text(self) -> str:
        """The characters on screen, a non-breaking space read as a space (labels use them)."""
        return "\n".join("".join(char for char, _ in row) for row in self.cells).replace("\xa0", " ")


class Term:
    """A command on a pty; `chunks` holds (monotonic time, bytes) of every read."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        base = {key: value for key, value in os.environ.items() if key not in ("COLORTERM", "TMUX", "NO_COLOR")}
        self.env = {**base, "TERM": "xterm-256color", "COLUMNS": str(COLS), "LINES": str(ROWS), **(env or {})}
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=self.env, cwd=cwd, start_new_session=True
        )
        os.close(slave)
        self.master = master
        self.chunks: list[tuple[float, bytes]] = []
        self.sent: list[tuple[float, bytes]] = []
        self.closed = False

    def read(self, seconds: float) -> int:
        """Read for `seconds`; the bytes read."""
        return self.read_until(time.monotonic() + seconds)

    def read_until(self, deadline: float, quiet: float | None = None, min_bytes: int = 0) -> int:
        """Read until `deadline`, or (with `quiet`) until `min_bytes` came and then nothing for `quiet` s."""
        got, last = 0, time.monotonic()
        while not self.closed:
            now = time.monotonic()
            if now >= deadline or (quiet is not None and got >= max(1, min_bytes) and now - last >= quiet):
                break
            wait = deadline - now if quiet is None else min(deadline - now, quiet)
            ready, _, _ = select.select([self.master], [], [], max(0.0, wait))
            if not ready:
                continue
            try:
                data = os.read(self.master, 1 << 16)
            except OSError:
                self.closed = True
                break
            if not data:
                self.closed = True
                break
            last = time.monotonic()
            self.chunks.append((last, data))
            got += len(data)
        return got

    def read_until_showing(self, needles: tuple[str, ...], timeout: float = 30) -> float | None:
        """Read until the screen shows every needle and has been still for a moment; when it first
        showed them. The screen is replayed only while the program is quiet, not to compete with it."""
        deadline = time.monotonic() + timeout
        while not self.closed and time.monotonic() < deadline:
            self.read_until(deadline, quiet=0.3, min_bytes=1)
            at = first_showing(self.chunks, needles)
            if at is not None:
                return at
        return None

    def send(self, keys: bytes) -> float:
        at = time.monotonic()
        os.write(self.master, keys)
        self.sent.append((at, keys))
        return at

    def rss_mib(self) -> float:
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return float("nan")
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        return int(found.group(1)) / 1024 if found else float("nan")

    def close(self, quit_keys: bytes = b"\x11", timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        asked = 0.0
        while self.process.poll() is None and time.monotonic() < end:
            if not self.closed and time.monotonic() - asked > 1.0:  # again: in a fight the app asks first
                asked = time.monotonic()
                try:
                    os.write(self.master, quit_keys)
                except OSError:
                    pass
            self.read(0.05)
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        os.close(self.master)


def first_showing(chunks: list[tuple[float, bytes]], needles: tuple[str, ...], since: float = 0.0) -> float | None:
    """The time of the read after which the screen first shows every needle (reads from `since` on)."""
    screen = Screen()
    for at, data in chunks:
        if screen.feed(data) and at >= since:
            text = screen.text()
            if all(needle in text for needle in needles):
                return at
    return None


def key_frames(chunks: list[tuple[float, bytes]], sent: list[float], end: float) -> list[tuple[float, float, int]]:
    """For each key sent at sent[i]: (ms to the first read that changed the screen, ms to the last
    read that changed it before the next key, bytes written in between); keys that changed nothing
    are left out."""
    screen = Screen()
    marks = [*sent, end]
    results, index, first, last, size = [], -1, None, None, 0
    for at, data in chunks:
        while index + 1 < len(marks) and at >= marks[index + 1]:
            if 0 <= index < len(sent) and first is not None:
                results.append(((first - sent[index]) * 1000, (last - sent[index]) * 1000, size))
            index, first, last, size = index + 1, None, None, 0
        changed = screen.feed(data)
        if 0 <= index < len(sent):
            size += len(data)
            if changed:
                first = at if first is None else first
                last = at
    if 0 <= index < len(sent) and first is not None:
        results.append(((first - sent[index]) * 1000, (last - sent[index]) * 1000, size))
    return results
