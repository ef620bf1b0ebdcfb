"""The snapshot's JSON form, `.campaign.json`: the data of a snapshot and the digest of the
`campaign.toml` it goes with.

JSON writes about ten times and reads about twenty-five times faster than TOML
(benchmarks/table.py, "formats"), so opening reads this file whenever the digest it names is the
digest of the `campaign.toml` on disk, and most of a session's snapshots are this file alone
(written atomically and fsynced, as the TOML is). The TOML stays the file a GM edits: it is
rewritten every few snapshots and on closing, and a hand edit changes its digest, so the edit
wins. A torn, stale or missing JSON file is never used: the TOML is read and the journal, which
holds every command, is replayed past it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from combat_tui.storage.files import atomic_write, remove_quietly

FAST_FILE = ".campaign.json"


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


def fast_data(folder: Path, raw: bytes) -> dict | None:
    """The data of FAST_FILE when it names exactly these `campaign.toml` bytes, else None."""
    try:
        fast = json.loads((folder / FAST_FILE).read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    if type(fast) is dict and type(fast.get("data")) is dict and fast.get("toml") == digest(raw):
        return fast["data"]
    return None
