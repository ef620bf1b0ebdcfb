"""Shared-records files: creatures, templates or a party as hand-editable TOML a GM can pass on.

    schema_version = 1
    system = "dnd5e"
    kind = "creatures"

    [[creatures]]
    id = "goblin-1"
    name = "Goblin"
    ...

The array of tables is named by `kind`. A file is read whole or not at all: every bad record and
field is listed (`creatures.toml: creatures[2].ac: expected an int`) and nothing is imported.
Its types are as strict as the campaign file's: the one converter reads both.
The caller names the record type (a 5e Creature), so storage needs no rule system's import.
"""

from __future__ import annotations

import errno
import tomllib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any, get_args, get_type_hints

import attrs
import tomli_w

from combat_tui.core.command import CommandRejected
from combat_tui.core.registry import get_system
from combat_tui.storage.converter import record_from_data, record_to_data, shorten
from combat_tui.storage.errors import CampaignError
from combat_tui.storage.files import atomic_write
from combat_tui.storage.migrations import migrate

SCHEMA_VERSION = 1
KINDS = ("creatures", "templates", "party")
MAX_BYTES = 4 * 1024 * 1024
"""A shared file is hostile input: a few MB holds thousands of stat blocks."""


class RecordsError(CampaignError):
    """A shared file that cannot be read: every problem, one `file: place: problem` line each."""

    def __init__(self, file: Path | str, problems: Iterable[tuple[str, str]]) -> None:
        self.problems = tuple(problems)
        where, problem = self.problems[0]
        super().__init__(file, problem, where)

    def __str__(self) -> str:
        return "\n".join(f"{self.file}: {where}: {problem}" if where else f"{self.file}: {problem}"
                         for where, problem in self.problems)  # fmt: skip


def write_records(path: Path | str, system_id: str, kind: str, records: Iterable[object]) -> None:
    """Write records as a shared file, atomically; CampaignError if the file cannot be written."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    rows = [record_to_data(record, system_id) for record in records]
    data = {"schema_version": SCHEMA_VERSION, "system": system_id, "kind": kind, kind: rows}
    write_atomically(Path(path), tomli_w.dumps(data))


def read_records(
    path: Path | str, record_type: type, *, system: str | None = None, kind: str | None = None
) -> tuple[Any, ...]:
    """Every record of a shared file, structured as `record_type`, or a CampaignError naming every
    problem. `system`/`kind`: refuse a file of another rule system or kind. Without `system`, the
    file's system must be one whose campaign holds `record_type` records."""
    file = Path(path)
    data = _load(file)
    file_kind = _check_envelope(file, data, record_type, system, kind)
    rows = data[file_kind]
    problems: list[tuple[str, str]] = []
    records = []
    for index, row in enumerate(rows):
        place = f"{file_kind}[{index}]"
        record, found = record_from_data(row, record_type)
        problems += [(f"{place}.{where}" if where else place, problem) for where, problem in found]
        records.append(record)
    if problems:
        raise RecordsError(file, problems)
    return tuple(records)


def read_kind(path: Path | str) -> str:
    """The `kind` a shared file says it holds (`creatures`, `templates`, `party`), so the caller
    can pick the record type before `read_records`; a bad file raises as `read_records` does."""
    file = Path(path)
    kind = _load(file).get("kind")
    if kind not in KINDS:
        raise CampaignError(file, f"must be one of {', '.join(KINDS)}", "kind")
    return kind


def _load(file: Path) -> dict:
    try:
        # utf-8-sig: a BOM that an editor put first is not part of the TOML
        return tomllib.loads(read_limited(file, MAX_BYTES).decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise CampaignError(file, "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        message, _, where = str(error).partition(" (at ")
        raise CampaignError(file, f"not valid TOML: {message}", where.rstrip(")")) from None
    except ValueError as error:  # int() of a number over Python's 4,300 digits
        raise CampaignError(file, f"not valid TOML: {shorten(str(error))}") from None
    except RecursionError:
        raise CampaignError(file, "nested too deeply to be a shared-records file") from None


def _check_envelope(file: Path, data: dict, record_type: type, system: str | None, kind: str | None) -> str:
    """The file's kind, after checking its version, system, kind and keys."""
    try:
        migrate(data, steps={}, current=SCHEMA_VERSION)
    except ValueError as error:
        raise CampaignError(file, str(error), "schema_version") from None
    file_system = data.get("system")
    if not isinstance(file_system, str):
        raise CampaignError(file, "the rule system is missing or not a string", "system")
    if system is not None and file_system != system:
        raise CampaignError(file, f"this file is for the rule system '{file_system}', not '{system}'", "system")
    try:
        campaign_type = get_system(file_system).campaign_type
    except CommandRejected as error:
        raise CampaignError(file, str(error), "system") from None
    if system is None and record_type not in _records_of(campaign_type):
        raise CampaignError(file, f"the rule system '{file_system}' has no {record_type.__name__} records", "system")
    file_kind = data.get("kind")
    if file_kind not in KINDS:
        raise CampaignError(file, f"must be one of {', '.join(KINDS)}", "kind")
    if kind is not None and file_kind != kind:
        raise CampaignError(file, f"this file holds {file_kind}, not {kind}", "kind")
    extra = sorted(set(data) - {"schema_version", "system", "kind", file_kind})
    if extra:
        raise CampaignError(file, f"unknown keys: {', '.join(extra)}", "the top level")
    if not isinstance(data.get(file_kind, []), list):
        raise CampaignError(file, f"expected an array of tables [[{file_kind}]]", file_kind)
    data.setdefault(file_kind, [])
    return file_kind


@cache
def _records_of(cls: type) -> frozenset[type]:
    """Every attrs record a campaign type holds, at any depth."""
    found: set[type] = set()

    def visit(hint: Any) -> None:
        if attrs.has(hint) and hint not in found:
            found.add(hint)
            for field in _hints(hint).values():
                visit(field)
        for arg in get_args(hint):
            visit(arg)

    visit(cls)
    return frozenset(found)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return get_type_hints(cls)


def read_limited(file: Path, max_bytes: int) -> bytes:
    """The bytes of a file of at most `max_bytes`, or a CampaignError saying why not."""
    try:
        with open(file, "rb") as handle:
            content = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise CampaignError(file, "the file does not exist") from None
    except IsADirectoryError:
        raise CampaignError(file, "is a folder, not a file") from None
    except PermissionError:
        raise CampaignError(file, "cannot be read: permission denied") from None
    except OSError as error:
        raise CampaignError(file, f"cannot be read ({error.strerror or error})") from None
    if len(content) > max_bytes:
        limit = f"{max_bytes // 2**20} MB" if max_bytes >= 2**20 else f"{max_bytes} bytes"
        raise CampaignError(file, f"is larger than {limit}; this is not a file to read")
    return content


def write_atomically(path: Path, text: str) -> None:
    """`atomic_write`, with a message a person can act on, and no temporary file left behind."""
    if not path.parent.is_dir():
        raise CampaignError(path, "the folder does not exist")
    try:
        atomic_write(path, text)
    except OSError as error:
        path.with_name(path.name + ".tmp").unlink(missing_ok=True)  # atomic_write's temporary file
        raise CampaignError(path, f"cannot be written: {_why(error)}; nothing was changed") from None


def _why(error: OSError) -> str:
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "the folder is read-only or not yours"
    if error.errno in (errno.ENOSPC, errno.EDQUOT):
        return "the disk is full"
    return error.strerror or str(error)


__all__ = ["KINDS", "MAX_BYTES", "SCHEMA_VERSION", "RecordsError", "read_limited", "read_records",
           "write_atomically", "write_records"]  # fmt: skip
