"""The journal: `travelogue.jsonl`, one JSON record per executed command, undo or redo.

It is the write-ahead log (a command is fsynced here before the screen shows it) and the full
travelogue (each record carries its log lines). It is only ever appended to, never rewritten,
except that a torn tail left by a crash mid-write is cut off when the folder is opened.

Every record carries `seq`, its place in the journal (1, 2, 3 ...), and the reader refuses a
gap, a repeat or a swap. Records written together (a whole script) form a group: the first one
says `"group": N`, and a group the journal ends inside is a write cut short, dropped as a unit.
"""

from __future__ import annotations

import errno
import json
import os
import re
from itertools import repeat
from pathlib import Path

from combat_tui.core.records import frozen
from combat_tui.core.session import JournalRecord
from combat_tui.storage.errors import CampaignError
from combat_tui.storage.fast_snapshot import digest
from combat_tui.storage.files import fsync_dir

OPS = ("cmd", "undo", "redo")
_DECODER = json.JSONDecoder()
_SCAN_ONCE = _DECODER.scan_once
_BLANK = re.compile(r"[ \t\r]*")


def record_to_json(record: JournalRecord, seq: int, group: int = 0) -> str:
    from combat_tui.storage.converter import campaign_to_data, command_to_data  # cattrs: not before the first screen

    data: dict = {"seq": seq, "op": record.op, "label": record.label}
    if group > 1:
        data["group"] = group
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


def record_from_json(data: dict, system_id: str, *, with_state: bool = True) -> JournalRecord:
    """A record of a campaign of that rule system from its JSON; raises ValueError naming the
    bad field. The campaign state an undo or redo carries is structured only `with_state`: a
    replay that has the history at hand does not need it, and it is the whole campaign."""
    from combat_tui.storage.converter import campaign_from_data, command_from_data

    op = data.get("op")
    if op not in OPS:
        raise ValueError(f"unknown op {op!r}")
    commands = _list(data, "commands", dict)
    state = data.get("state")
    if state is not None and not isinstance(state, dict):
        raise ValueError("state: expected a table")
    return JournalRecord(
        op=op,
        label=_text(data.get("label", ""), "label"),
        commands=tuple(command_from_data(c, system_id) for c in commands),
        faces=tuple(_whole(face, "faces", 1) for face in _list(data, "faces", int)),
        lines=tuple(_list(data, "lines", str)),
        dropped=_whole(data.get("dropped", 0), "dropped", 0),
        state=campaign_from_data(state) if state is not None and with_state else None,
    )


def _list(data: dict, key: str, kind: type) -> list:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, kind) for item in value):
        raise ValueError(f"{key}: expected a list of {kind.__name__}")
    return value


def _whole(value: object, what: str, least: int) -> int:
    if type(value) is not int or value < least:  # not bool, not float
        raise ValueError(f"{what}: expected a whole number from {least}, got {value!r}")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what}: expected text")
    return value


@frozen
class JournalPrefix:
    """A start of the journal read and checked at an earlier closing (`decoded_cache`): its bytes'
    length and digest, the records and lines in it, and the travelogue they leave."""

    length: int
    digest: str
    records: int
    lines: int
    log: tuple


@frozen
class JournalFile:
    """What `read_journal` found: the records, the line each is on, and the byte length of the
    part kept (a torn tail or an unfinished group beyond it is a write cut short by a crash).

    With a kept prefix that matched, `records` are only those past it (`first` of them before,
    whose travelogue is `log`); else `first` is 0 and `log` None."""

    records: list
    lines: list
    length: int
    first: int = 0
    log: tuple | None = None

    @property
    def count(self) -> int:
        """Records in the whole journal kept."""
        return self.first + len(self.records)

    def where(self, index: int) -> str:
        """`line N` of the record at `index` (0-based, in `records`)."""
        return f"line {self.lines[index]}"


def read_journal(path: Path, prefix: JournalPrefix | None = None) -> JournalFile:
    """Every record, checked: one JSON object a line, an `op`, `seq` counting 1, 2, 3 ...

    A last line without its newline is kept when it is a whole record (the write stopped just
    short of the newline) and dropped when it is not (torn); a group the file ends inside is
    dropped with it. Anything else wrong is a CampaignError naming the line.

    `prefix`: a start checked before; when the file still starts with those very bytes, only the
    records past it are read (the same records, lines and errors as reading the whole).
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return JournalFile([], [], 0)
    except OSError as error:
        raise CampaignError(path, f"cannot be read ({error.strerror or error})") from None
    return _read(raw, path, prefix)


def _read(raw: bytes, path: Path, prefix: JournalPrefix | None) -> JournalFile:
    start, first, line = 0, 0, 0
    if prefix is not None and len(raw) >= prefix.length:
        with memoryview(raw) as view:
            if digest(view[: prefix.length]) == prefix.digest:
                start, first, line = prefix.length, prefix.records, prefix.lines
    body_end = max(raw.rfind(b"\n") + 1, start)
    try:
        text = raw[start:body_end].decode("utf-8")
    except UnicodeDecodeError as error:
        at = line + raw.count(b"\n", start, start + error.start) + 1
        raise CampaignError(path, f"not valid UTF-8 ({error.reason})", f"line {at}") from None
    records, lines = _scan_fast(text) or _scan(text, path)
    if line:
        lines = [number + line for number in lines]
    length = len(raw)
    tail = _whole_tail(raw[body_end:])
    if tail is None:
        length = body_end
    elif tail is not _BLANK_TAIL:
        records.append(tail)
        lines.append(line + text.count("\n") + 1)
    cut = _check(records, lines, path, first)
    if cut is not None:  # drop from the start of that record's line
        length = start + _line_start(raw[start:], lines[cut] - line)
        del records[cut:], lines[cut:]
    if start:
        return JournalFile(records, lines, length, first, prefix.log)
    return JournalFile(records, lines, length)


def prefix_of(path: Path, records: int) -> JournalPrefix | None:
    """The journal's start that holds its first `records` records, checked, for a later
    `read_journal` to skip; None when the journal holds other than exactly that many (or cannot
    be read: the next opening then reads it whole, as always)."""
    try:
        raw = path.read_bytes()
        journal = _read(raw, path, None)
        if journal.count != records or (journal.length and raw[journal.length - 1 : journal.length] != b"\n"):
            return None
        log = tuple(fold_log(journal.records, path, journal.lines))
    except (OSError, CampaignError):
        return None
    length = journal.length
    return JournalPrefix(length, digest(raw[:length]), records, raw.count(b"\n", 0, length), log)


_BLANK_TAIL = object()


def _scan_fast(text: str) -> tuple[list, list] | None:
    """The records of a journal as the writer writes it (one object a line, nothing else), at
    the speed of the C scanner; None for anything else, which `_scan` then reads or names."""
    chunks = text.split("\n")
    chunks.pop()  # after the last newline
    try:
        found = list(map(_SCAN_ONCE, chunks, repeat(0, len(chunks))))
    except (ValueError, RecursionError):
        return None
    if len(found) != len(chunks):  # a line with no value stops the map early
        return None
    for (_, end), chunk in zip(found, chunks):
        if end != len(chunk):
            return None
    return [data for data, _ in found], list(range(1, len(chunks) + 1))


def _line_start(raw: bytes, line: int) -> int:
    offset = 0
    for _ in range(line - 1):
        offset = raw.index(b"\n", offset) + 1
    return offset


def _scan(text: str, path: Path) -> tuple[list, list]:
    """(records, line numbers) of a text of whole lines, or a CampaignError naming the line."""
    records, lines = [], []
    pos, line, end = 0, 1, len(text)
    while pos < end:
        start = pos
        pos = _BLANK.match(text, pos).end()
        if text[pos] == "\n":  # a blank line
            pos, line = pos + 1, line + 1
            continue
        stop = text.index("\n", pos)
        try:
            data, pos = _DECODER.raw_decode(text, pos)
        except json.JSONDecodeError as error:
            column = f"{error.msg}, column {error.pos - start + 1}"
            problem = "it ends inside a JSON object" if error.pos > stop else column
            raise _not_a_record(path, line, problem) from None
        except RecursionError:
            raise _not_a_record(path, line, "it is nested too deeply") from None
        except ValueError as error:  # an integer of thousands of digits
            raise _not_a_record(path, line, str(error)) from None
        if pos > stop:
            raise _not_a_record(path, line, "it ends inside a JSON object")
        pos = _BLANK.match(text, pos).end()
        if pos != stop:
            raise CampaignError(path, "the line goes on after its JSON object (one record a line)", f"line {line}")
        records.append(data)
        lines.append(line)
        pos, line = pos + 1, line + 1
    return records, lines


def _not_a_record(path: Path, line: int, problem: str) -> CampaignError:
    return CampaignError(path, f"this line is not a journal record ({problem})", f"line {line}")


def _whole_tail(tail: bytes) -> object:
    """The record an unterminated last line holds, _BLANK_TAIL for none, None when it is torn."""
    if not tail.strip():
        return _BLANK_TAIL
    try:
        data = json.loads(tail)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _check(records: list, lines: list, path: Path, first: int = 0) -> int | None:
    """Raise for a record out of place; return where an unfinished last group starts, if any
    (`first`: records before these, at a group's end)."""
    group_end = 0
    for index, data in enumerate(records):
        if type(data) is not dict:
            raise _not_a_record(path, lines[index], "a record is a JSON object")
        seq = data.get("seq")
        if seq != first + index + 1 or type(seq) is not int:
            raise CampaignError(path, _seq_problem(seq, first + index + 1), f"line {lines[index]}")
        if data.get("op") not in OPS:
            raise CampaignError(path, f"unknown op {data.get('op')!r}", f"line {lines[index]}")
        group = data.get("group")
        if group is None:
            continue
        if type(group) is not int or group < 2:
            raise CampaignError(path, f"group must be a whole number from 2 (found {group!r})", f"line {lines[index]}")
        if index < group_end:
            raise CampaignError(path, "a group starts inside another group", f"line {lines[index]}")
        group_end = index + group
        if group_end > len(records):
            return index
    return None


def _seq_problem(seq: object, expected: int) -> str:
    if type(seq) is not int:
        return f"the record has no whole-number seq (found {seq!r})"
    problem = "repeats an earlier one" if seq < expected else "skips some"
    return (
        f"the record's seq is {seq} where {expected} comes next: it {problem} "
        "(records missing, repeated or out of order)"
    )


def fold_log(records: list, path: Path, lines: list | None = None) -> list[str]:
    """The travelogue those records leave: commands add lines, undo drops them, redo adds back."""
    log: list[str] = []
    for index, data in enumerate(records):
        op = data.get("op")
        try:
            if op == "undo":
                dropped = _whole(data.get("dropped", 0), "dropped", 0)
                if dropped > len(log):
                    raise ValueError(f"it takes back {dropped} log lines, but there are {len(log)}")
                if dropped:
                    del log[-dropped:]
            elif op in ("cmd", "redo"):
                added = data.get("lines", ())
                if type(added) is not list:
                    raise ValueError("lines: expected a list of str")
                log.extend(added)
            else:
                raise ValueError(f"unknown op {op!r}")
        except ValueError as error:
            where = f"line {lines[index] if lines else index + 1}"
            raise CampaignError(path, f"this record cannot be read ({error})", where) from None
    if not all(type(line) is str for line in log):  # rare: find the record to name it
        for index, data in enumerate(records):
            if not all(type(line) is str for line in data.get("lines", ())):
                where = f"line {lines[index] if lines else index + 1}"
                raise CampaignError(path, "this record cannot be read (lines: expected a list of str)", where)
    return log


class JournalWriter:
    """Appends records and fsyncs them before returning; a write that fails leaves the file as
    it was (or, if even that fails, is cut before the next one)."""

    def __init__(self, path: Path, seq: int, good_length: int) -> None:
        self.path = path
        self.seq = seq
        new = not path.exists()
        try:
            self._fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise CampaignError(path, f"cannot be opened for writing ({error.strerror or error})") from None
        try:
            if os.fstat(self._fd).st_size != good_length:
                os.ftruncate(self._fd, good_length)  # cut a torn tail
                os.fsync(self._fd)
            if good_length and os.pread(self._fd, 1, good_length - 1) != b"\n":
                self._write_all(b"\n", good_length)  # a whole last record that lost its newline
                good_length += 1
                os.fsync(self._fd)
            if new:
                fsync_dir(path.parent)
        except OSError as error:
            os.close(self._fd)
            raise CampaignError(path, f"cannot be written ({error.strerror or error})") from None
        self._end = good_length
        self._cut = False

    def append(self, record: JournalRecord) -> None:
        self.append_all([record])

    def append_all(self, records: list[JournalRecord]) -> None:
        """Write these records in one write and one fsync, as a group when there are several."""
        if not records:
            return
        group = len(records)
        text = "".join(
            record_to_json(record, self.seq + 1 + i, group if i == 0 else 0) + "\n" for i, record in enumerate(records)
        )
        data = text.encode("utf-8")
        if os.fstat(self._fd).st_nlink == 0:
            raise OSError(errno.ENOENT, f"{self.path.name} was deleted while the campaign was open")
        if self._cut:
            os.ftruncate(self._fd, self._end)
            self._cut = False
        try:
            self._write_all(data, self._end)
            os.fsync(self._fd)
        except OSError:
            try:
                os.ftruncate(self._fd, self._end)  # leave no half record behind
            except OSError:
                self._cut = True
            raise
        self._end += len(data)
        self.seq += group

    def _write_all(self, data: bytes, offset: int) -> None:
        view = memoryview(data)
        while view:
            written = os.pwrite(self._fd, view, offset)
            if written <= 0:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            view, offset = view[written:], offset + written

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
