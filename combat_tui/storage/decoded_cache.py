"""The campaign a snapshot's bytes decode to, kept between runs in the user's cache folder.

Opening a campaign structures its snapshot with cattrs and checks it against the rules: for the
sample about 20 ms before the first screen, most of it importing cattrs and what the checks use.
Each time the app writes a snapshot on closing (or opens one it did not have), the campaign is
kept pickled under the digests of the snapshot's two files as they are on disk, and a stamp of
the code that decodes them (the size and time of every loaded module of the rules, the records
and storage, and of attrs and cattrs). The next opening of those same bytes by the same code
reads it back instead; anything else (other bytes, a hand edit, changed code, a damaged or
foreign file) is a miss, and the snapshot is parsed and checked as before.

With it is kept the start of the journal that snapshot includes (`JournalPrefix`: its length, its
digest and the travelogue its records leave), read and checked on closing; while the journal
still starts with those bytes, opening reads only the records after them (a 20,000-line
travelogue is 15 ms of JSON otherwise).

A file here is written only by the app, from a campaign it read and checked itself or wrote
itself; it gets the trust Python gives its own `__pycache__` (whoever can write the user's cache
folder can run code as the user anyway). A campaign folder never supplies one.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import time
from pathlib import Path

from combat_tui.start_cache import cache_folder
from combat_tui.storage.journal import JournalPrefix, prefix_of

KEEP = 16
"""Campaigns kept at most (the newest); a GM's few campaigns, each as last closed."""
_PACKAGES = ("combat_tui.core", "combat_tui.storage", "combat_tui.systems", "combat_tui.library")
"""With attrs and cattrs themselves, the code that decides what a snapshot decodes to."""


_NAMES = {package.split(".")[1] for package in _PACKAGES}


def folder_of_cache() -> Path:
    return cache_folder() / f"campaigns.{sys.implementation.cache_tag}"


def key(toml: bytes, fast: bytes | None) -> str:
    """The digest of a snapshot as opening reads it: `campaign.toml` and, when opening uses it,
    its JSON form."""
    hashed = hashlib.blake2b(toml, digest_size=20)
    hashed.update(b"\0" if fast is None else b"\1" + fast)
    return hashed.hexdigest()


def read(name: str) -> tuple[object, int, object] | None:
    """(campaign, journal_seq, the journal's start they were kept with or None) kept for `key`
    name by this code, else None (never an error)."""
    try:
        with open(folder_of_cache() / f"{name}.pickle", "rb") as handle:
            unpickler = pickle.Unpickler(handle)
            if unpickler.load() != name or not _current(unpickler.load()):
                return None
            campaign, seq, prefix = unpickler.load()
    except Exception:  # missing, damaged, or from other code: parse the snapshot instead
        return None
    if type(seq) is not int or not (prefix is None or isinstance(prefix, JournalPrefix)):
        return None
    return campaign, seq, prefix


def write(name: str, campaign: object, seq: int, prefix: JournalPrefix | None = None) -> None:
    """Keep (campaign, seq, prefix) for `key` name; a failure leaves the next opening to parse."""
    where = folder_of_cache()
    tmp = where / f"{name}.pickle.{os.getpid()}.tmp"
    try:
        where.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as handle:
            pickler = _SharingPickler(handle, protocol=pickle.HIGHEST_PROTOCOL)
            pickler.dump(name)
            pickler.dump(_stamp())
            pickler.dump((campaign, seq, prefix))
        os.replace(tmp, where / f"{name}.pickle")
        _prune(where)
    except Exception:  # a full disk, a read-only cache, a record that will not pickle
        try:
            tmp.unlink(missing_ok=True)
        except OSError:
            pass


def _same(record: object) -> object:
    return record


_ATOMS = (str, int, bool, bytes, type(None))


class _SharingPickler(pickle.Pickler):
    """Pickles each frozen record once per distinct value: 500 goblins hold 1,000 equal weapons
    and armours, each rebuilt field by field on reading (attrs' slotted `__setstate__`, ~5 µs);
    an equal one after the first is read as the first (`_same`). The records are immutable
    values, so sharing one changes nothing a reader can see. Equal means the same class and
    field for field the same, as pickled (not the records' own `==`)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._keys: dict[int, tuple] = {}
        self._first: dict[tuple, object] = {}

    def reducer_override(self, obj: object) -> object:
        if not getattr(type(obj), "__frozen_record__", False):
            return NotImplemented
        first = self._first.setdefault(self._key(obj), obj)
        return NotImplemented if first is obj else (_same, (first,))

    def _key(self, value: object) -> tuple:
        kind = type(value)
        if kind in _ATOMS:
            return (kind, value)
        if kind is float:
            return (kind, repr(value))  # -0.0 is not 0.0
        known = self._keys.get(id(value))
        if known is not None:
            return known
        if kind is tuple:
            key = (kind, *map(self._key, value))
        elif getattr(kind, "__frozen_record__", False):
            key = (kind, *(self._key(getattr(value, field.name)) for field in kind.__attrs_attrs__))
        else:  # anything else is only ever itself
            key = (id, id(value))
        self._keys[id(value)] = key  # the campaign keeps `value` alive while it is pickled
        return key


def keep(folder: Path, toml_digest: str, campaign: object, seq: int) -> None:
    """On closing: keep what the snapshot on disk decodes to, when its `campaign.toml` is the one
    the app wrote or read (`toml_digest`: a hand edit made while it ran is not its to keep), with
    the journal's start up to the snapshot, read and checked (the next opening reads only what
    comes after it, while those bytes are unchanged)."""
    from combat_tui.storage.fast_snapshot import digest, fast_read
    from combat_tui.storage.folder import JOURNAL_FILE, STATE_FILE

    try:
        raw = (folder / STATE_FILE).read_bytes()
    except OSError:
        return
    if digest(raw) == toml_digest:
        write(key(raw, fast_read(folder)), campaign, seq, prefix_of(folder / JOURNAL_FILE, seq))


def _stamp() -> tuple[tuple[str, int, int], ...]:
    found = []
    for name, module in list(sys.modules.items()):
        path = getattr(module, "__file__", None)
        if path and (name in ("attr", "cattrs") or name.startswith(_PACKAGES) and name.split(".")[1] in _NAMES):
            stat = os.stat(path)
            found.append((path, stat.st_size, stat.st_mtime_ns))
    return tuple(sorted(found))


def _current(stamp: object) -> bool:
    if not isinstance(stamp, tuple) or not stamp:
        return False
    for path, size, mtime in stamp:
        stat = os.stat(path)
        if stat.st_size != size or stat.st_mtime_ns != mtime:
            return False
    return True


def _prune(where: Path) -> None:
    """The newest KEEP campaigns, and no temporary file older than a minute (a run killed while
    it wrote one; a younger one may be another app's, closing now)."""
    kept = sorted(where.glob("*.pickle"), key=lambda path: path.stat().st_mtime_ns, reverse=True)
    for path in kept[KEEP:]:
        path.unlink(missing_ok=True)
    for path in where.glob("*.tmp"):
        if time.time() - path.stat().st_mtime > 60:
            path.unlink(missing_ok=True)
