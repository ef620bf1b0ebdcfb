"""The snapshot's JSON form, `.campaign.json`: the data of a snapshot and the digest of the
`campaign.toml` it goes with.

JSON writes about ten times and reads about twenty-five times faster than TOML
(benchmarks/table.py, "formats"), so opening reads this file whenever the digest it names is the
digest of the `campaign.toml` on disk, and most of a session's snapshots are this file alone
(written atomically and fsynced, as the TOML is). The TOML stays the file a GM edits: it is
rewritten every few snapshots and on closing, and a hand edit changes its digest, so the edit
wins. A torn, stale or missing JSON file is never used: the TOML is read and the journal, which
holds every command, is replayed past it.

A session's snapshots come from a `FastSnapshot`, which writes the same bytes as `_body` but keeps
the JSON text of each record in a tuple of records (a creature, a combatant) while the states
it is given hold that record: states share their unchanged records, so a snapshot serializes
only the records made since the last one.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from combat_tui.core.campaign import Campaign
from combat_tui.storage.files import atomic_write, remove_quietly
from combat_tui.storage.migrations import CURRENT_VERSION

FAST_FILE = ".campaign.json"
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
"""What `json.dumps` in `_body` does to one value (the same encoder, made once)."""


def _import_converter() -> None:
    """The converter's names here, once a writer is made: opening reads no cattrs (`decoded_cache`)."""
    global Records, campaign_skeleton, record_data
    from combat_tui.storage.converter import Records, campaign_skeleton, record_data


def digest(raw: bytes) -> str:
    return hashlib.blake2b(raw, digest_size=16).hexdigest()


def _body(toml_digest: str, data: dict) -> str:
    return json.dumps({"toml": toml_digest, "data": data}, ensure_ascii=False, separators=(",", ":"))


def write_fast(folder: Path, toml_digest: str, data: dict) -> None:
    """The JSON copy of a TOML snapshot just written. A failure only leaves the TOML to be
    parsed (a torn or stale copy is never used: its digest or its JSON tells)."""
    try:
        atomic_write(folder / FAST_FILE, _body(toml_digest, data))
    except (OSError, ValueError, TypeError):
        remove_quietly(folder / f"{FAST_FILE}.tmp")


def write_fast_snapshot(folder: Path, toml_digest: str, data: dict) -> None:
    """A snapshot in the JSON form only, for the `campaign.toml` of `toml_digest`; raises on a
    failure (the snapshot thread reports it; the journal keeps every command)."""
    atomic_write(folder / FAST_FILE, _body(toml_digest, data))


class FastSnapshot:
    """The JSON form of a session's snapshots, built from the kept text of each record in a tuple
    of records. Used from one thread (the snapshot thread, or the closing one after it ends)."""

    def __init__(self) -> None:
        _import_converter()
        from combat_tui.storage.toml_snapshot import TomlSnapshot

        self._texts: dict[int, tuple[object, str]] = {}
        """id of a record -> (the record, its JSON text): the records of the last snapshot only.
        Holding the record keeps its id from being reused by another object."""
        self.toml = TomlSnapshot()
        """The TOML text of the session's TOML snapshots, made the same way."""

    def body(self, toml_digest: str, campaign: Campaign, seq: int) -> str:
        """`_body(toml_digest, snapshot_data(campaign, seq))`, to the byte."""
        data = {"schema_version": CURRENT_VERSION, "journal_seq": seq, **campaign_skeleton(campaign)}
        parts: list[str] = []
        used: dict[int, tuple[object, str]] = {}
        self._emit({"toml": toml_digest, "data": data}, parts, used)
        self._texts = used
        return "".join(parts)

    def write(self, folder: Path, toml_digest: str, campaign: Campaign, seq: int) -> None:
        """`write_fast_snapshot` of (campaign, seq): atomic and fsynced; raises on a failure."""
        atomic_write(folder / FAST_FILE, self.body(toml_digest, campaign, seq))

    def write_quietly(self, folder: Path, toml_digest: str, campaign: Campaign, seq: int) -> None:
        """`write_fast` of (campaign, seq): a failure only leaves the TOML to be parsed."""
        try:
            self.write(folder, toml_digest, campaign, seq)
        except (OSError, ValueError, TypeError):
            remove_quietly(folder / f"{FAST_FILE}.tmp")

    def _emit(self, value: object, parts: list[str], used: dict) -> None:
        """Append json.dumps(value) (the separators of `_body`) to `parts`, in pieces joined once
        at the end; the records of a `Records` list by their kept text."""
        kind = type(value)
        if kind is Records:
            self._records(value, parts, used)
        elif kind is dict:
            comma = "{"
            for key, item in value.items():
                parts.append(comma + _encode(key if isinstance(key, str) else _encode(key)) + ":")
                self._emit(item, parts, used)
                comma = ","
            parts.append("}" if comma == "," else "{}")
        elif kind is list or kind is tuple:
            comma = "["
            for item in value:
                parts.append(comma)
                self._emit(item, parts, used)
                comma = ","
            parts.append("]" if comma == "," else "[]")
        else:
            parts.append(_encode(value))

    def _records(self, records: Records, parts: list[str], used: dict) -> None:
        texts, append = self._texts, parts.append
        comma = "["
        for record in records:
            key = id(record)
            held = texts.get(key)
            if held is None or held[0] is not record:
                held = (record, _encode(record_data(record)))
            used[key] = held
            append(comma)
            append(held[1])
            comma = ","
        append("]" if comma == "," else "[]")


def fast_read(folder: Path) -> bytes | None:
    """The bytes of FAST_FILE, or None when there is none to read."""
    try:
        return (folder / FAST_FILE).read_bytes()
    except OSError:
        return None


def fast_data(raw: bytes, fast: bytes | None) -> dict | None:
    """The data of FAST_FILE's bytes `fast` when they name exactly these `campaign.toml` bytes, else None."""
    if fast is None:
        return None
    try:
        parsed = json.loads(fast)
    except (ValueError, RecursionError):
        return None
    if type(parsed) is dict and type(parsed.get("data")) is dict and parsed.get("toml") == digest(raw):
        return parsed["data"]
    return None
