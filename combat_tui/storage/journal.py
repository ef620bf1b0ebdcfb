"""The journal: `travelogue.jsonl`, one JSON record per executed command, undo or redo.

It is the write-ahead log (a command is fsynced here before the screen shows it) and the full
travelogue (each record carries its log lines). It is only ever appended to, never rewritten,
except that a torn last line left by a crash mid-write is cut off when the folder is opened.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from combat_tui.core.session import JournalRecord
from combat_tui.storage.converter import campaign_from_data, campaign_to_data, command_from_data, command_to_data
from combat_tui.storage.errors import CampaignError


def record_to_json(record: JournalRecord, seq: int) -> str:
    data: dict = {"seq": seq, "op": record.op, "label": record.label}
    if record.commands:
        data["commands"] = [command_to_data(command) for command in record.commands]
    if record.faces:
        data["faces"] = list(record.faces)
    if record.lines:
        data["lines"] = list(record.lines)
    if record.dropped:
        data["dropped"] = record.dropped
    if record.state is not None:
        data["state"] = campaign_to_data(record.state)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def record_from_json(data: dict, system_id: str) -> JournalRecord:
    """A record of a campaign of that rule system from its JSON; the campaign state of undo/redo
    is structured only when needed."""
    op = data["op"]
    if op not in ("cmd", "undo", "redo"):
        raise ValueError(f"unknown op {op!r}")
    return JournalRecord(
        op=op,
        label=str(data.get("label", "")),
        commands=tuple(command_from_data(c, system_id) for c in data.get("commands", ())),
        faces=tuple(int(f) for f in data.get("faces", ())),
        lines=tuple(str(line) for line in data.get("lines", ())),
        dropped=int(data.get("dropped", 0)),
        state=campaign_from_data(data["state"]) if "state" in data else None,
    )


def read_journal(path: Path) -> tuple[list[dict], int]:
    """(raw records, byte length of the complete lines). Only a line ending in a newline counts:
    a record is written with its newline in one write and fsynced before anything is shown, so
    an unterminated last line is a write cut short by a crash, and is left out."""
    if not path.exists():
        return [], 0
    raw = path.read_bytes()
    complete = raw.rfind(b"\n") + 1
    chunks = raw[:complete].split(b"\n")[:-1]
    try:  # one parse of the whole file is several times faster than one per line
        records = json.loads(b"[" + b",".join(c for c in chunks if c.strip()) + b"]")
        if all(isinstance(data, dict) and "op" in data for data in records):
            return records, complete
    except ValueError:
        pass  # find the bad line below, to name it
    records = []
    for number, chunk in enumerate(chunks, start=1):
        if not chunk.strip():
            continue
        try:
            data = json.loads(chunk)
            if not isinstance(data, dict) or "op" not in data:
                raise ValueError("a record needs an 'op'")
        except ValueError as error:
            raise CampaignError(path, f"this line is not a journal record ({error})", f"line {number}") from None
        records.append(data)
    return records, complete


def fold_log(records: list[dict], path: Path) -> list[str]:
    """The travelogue those records leave: commands add lines, undo drops them, redo adds back."""
    log: list[str] = []
    for number, data in enumerate(records, start=1):
        op = data.get("op")
        if op == "undo":
            dropped = int(data.get("dropped", 0))
            if dropped:
                del log[-dropped:]
        elif op in ("cmd", "redo"):
            log.extend(str(line) for line in data.get("lines", ()))
        else:
            raise CampaignError(path, f"unknown op {op!r}", f"line {number}")
    return log


class JournalWriter:
    """Appends records and fsyncs each one before returning."""

    def __init__(self, path: Path, seq: int, good_length: int) -> None:
        self.path = path
        self.seq = seq
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o644)
        if os.fstat(self._fd).st_size != good_length:
            os.ftruncate(self._fd, good_length)  # cut a torn last line
        os.lseek(self._fd, 0, os.SEEK_END)

    def append(self, record: JournalRecord) -> None:
        line = (record_to_json(record, self.seq + 1) + "\n").encode("utf-8")
        start = os.lseek(self._fd, 0, os.SEEK_END)
        try:
            written = os.write(self._fd, line)
            if written != len(line):
                raise OSError(f"only {written} of {len(line)} bytes were written")
            os.fsync(self._fd)
        except OSError:
            os.ftruncate(self._fd, start)  # leave no half record behind
            raise
        self.seq += 1

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
