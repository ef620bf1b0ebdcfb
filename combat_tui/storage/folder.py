"""A campaign folder: read the snapshot, replay the journal past it, write snapshots off the key path.

The snapshot (`campaign.toml`) says how many journal records it includes (`journal_seq`); it is
written only after those records are fsynced, so it is never ahead of its journal, and a reader
refuses one that is. `.undo.toml` is an older snapshot, some hundreds of records back, that the
undo history is rebuilt from when the GM undoes past the point the campaign was opened at.
"""

from __future__ import annotations

import re
import threading
from functools import partial
from pathlib import Path

import tomli_w

from combat_tui.core.campaign import Campaign
from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import frozen
from combat_tui.core.registry import get_system
from combat_tui.core.session import JournalRecord, Session
from combat_tui.storage import decoded_cache
from combat_tui.storage.errors import CampaignError
from combat_tui.storage.fast_snapshot import FAST_FILE, FastSnapshot, digest, fast_data, fast_read, write_fast
from combat_tui.storage.files import FolderLock, atomic_write, check_writable, remove_quietly
from combat_tui.storage.journal import JournalPrefix, JournalWriter, fold_log, read_journal
from combat_tui.storage.migrations import CURRENT_VERSION, migrate
from combat_tui.storage.replay import REPLAY_ERRORS, earlier_entries, records_between, replay
from combat_tui.storage.toml_read import parse_toml as _parse_toml

STATE_FILE = "campaign.toml"
BACKUP_FILE = "campaign.toml.bak"
JOURNAL_FILE = "travelogue.jsonl"
BASE_FILE = ".undo.toml"
BASE_SLACK = 100
"""The undo base is moved up once it is this many records more than the history cap behind."""
DEFER_LIMIT = 4
"""A deferred snapshot is written anyway after this many times its interval: a GM who never
pauses still has the replay at opening bounded (the journal holds every command regardless)."""
TOML_EVERY = 8
"""Of the snapshots a session writes, every this many is the TOML too (and so is the last, on
closing); the others are the JSON form only (`fast_snapshot.py`): a tenth of the time."""
_SEQ_LINE = re.compile(rb"^journal_seq = (\d{1,18})\s*$", re.MULTILINE)


def folder_of(path: Path) -> Path:
    path = Path(path).expanduser()
    return path.parent if path.name == STATE_FILE else path


def read_snapshot(folder: Path) -> tuple[Campaign, int]:
    """(campaign, journal records it includes); CampaignError names the file, place and problem."""
    campaign, seq, _, _, _ = _read_snapshot(folder)
    return campaign, seq


def _read_snapshot(folder: Path) -> tuple[Campaign, int, bytes, bool, JournalPrefix | None]:
    """`read_snapshot`, the bytes of the `campaign.toml` it read, whether its JSON form was read
    instead of parsing them, and the start of the journal kept with a kept campaign."""
    file = folder_of(folder) / STATE_FILE
    try:
        raw = file.read_bytes()
    except FileNotFoundError:
        raise CampaignError(file, "the file does not exist; is this a campaign folder?") from None
    except OSError as error:
        raise CampaignError(file, f"cannot be read ({error.strerror or error})") from None
    fast_raw = fast_read(file.parent)
    kept = decoded_cache.read(decoded_cache.key(raw, fast_raw))
    if kept is not None:  # these bytes, decoded and checked by this code before
        campaign, seq, prefix = kept
        from_json = fast_raw is not None and fast_raw.startswith(b'{"toml":"%s"' % digest(raw).encode())
        return campaign, seq, raw, from_json, prefix if prefix is not None and prefix.records == seq else None
    fast = fast_data(raw, fast_raw)
    return *parse_snapshot(raw, file, fast), raw, fast is not None, None


def parse_snapshot(raw: bytes, file: Path, fast: dict | None = None) -> tuple[Campaign, int]:
    """`fast`: the same data read from FAST_FILE (checked against `raw`), instead of parsing it."""
    data = fast if fast is not None else _parse_toml(raw, file)
    return _campaign_of(data, file)


def _campaign_of(data: dict, file: Path) -> tuple[Campaign, int]:
    try:
        data = migrate(data)
    except ValueError as error:
        raise CampaignError(file, str(error), "schema_version") from None
    from combat_tui.storage.converter import campaign_from_data  # cattrs: only when the snapshot is parsed

    data.pop("schema_version")
    seq = data.pop("journal_seq", 0)
    if type(seq) is not int or seq < 0:  # true is not 1
        raise CampaignError(file, f"must be a whole number from 0 (found {seq!r})", "journal_seq")
    try:
        campaign = campaign_from_data(data)
    except CommandRejected as error:  # a rule system this build does not know
        raise CampaignError(file, str(error), "system") from None
    except RecursionError:
        raise CampaignError(file, "the campaign is nested too deeply to be read") from None
    except ValueError as error:
        raise CampaignError(file, str(error)) from None
    check_campaign(campaign, file)
    return campaign, seq


def check_campaign(campaign: Campaign, file: Path) -> None:
    """What the types cannot say: a known rule system, then what its rules find wrong."""
    try:
        system = get_system(campaign.system)
    except CommandRejected as error:
        raise CampaignError(file, str(error), "system") from None
    for where, problem in system.check(campaign):
        raise CampaignError(file, problem, where)


def snapshot_text(campaign: Campaign, seq: int) -> str:
    return tomli_w.dumps(snapshot_data(campaign, seq))


def write_snapshot(folder: Path, campaign: Campaign, seq: int = 0, fast: FastSnapshot | None = None) -> str:
    """The TOML snapshot (and its JSON copy; both by `fast`: a session's); returns the digest of the TOML's bytes."""
    folder = folder_of(folder)
    if fast is None:
        data = snapshot_data(campaign, seq)
        text = tomli_w.dumps(data)
    else:
        text = fast.toml.text(campaign, seq)
    atomic_write(folder / STATE_FILE, text, backup=folder / BACKUP_FILE)
    raw_digest = digest(text.encode("utf-8"))
    if fast is None:
        write_fast(folder, raw_digest, data)
    else:
        fast.write_quietly(folder, raw_digest, campaign, seq)
    return raw_digest


def snapshot_data(campaign: Campaign, seq: int) -> dict:
    from combat_tui.storage.converter import campaign_to_data

    return {"schema_version": CURRENT_VERSION, "journal_seq": seq, **campaign_to_data(campaign)}


@frozen
class Loaded:
    session: Session
    seq: int
    """Journal records kept."""
    length: int
    """Bytes of the journal they fill."""
    snapshot_seq: int
    base_seq: int | None
    """The journal record `.undo.toml` includes, when it is there."""
    toml: tuple[str, int | None]
    """The digest of the `campaign.toml` read and the journal record it says it includes (a
    JSON-form snapshot past it may have been read instead)."""
    from_json: bool = False
    """The snapshot was read from its JSON form (else the TOML was parsed: the form is missing or
    names other bytes, such as those of a hand edit)."""
    decoded: Campaign | None = None
    """What the snapshot on disk decodes to (before the replay past it)."""

    @property
    def replayed(self) -> int:
        return self.seq - self.snapshot_seq


def load_session(folder: Path, seed: int | None = None) -> tuple[Session, int, int, int]:
    """(session, journal records, good journal bytes, records replayed): the snapshot with the
    journal replayed past it, and undo able to reach back past that (`Session.earlier`).

    The session has no journal hook; `open_campaign` adds one. Nothing is written.
    """
    loaded = load_folder(folder, seed)
    return loaded.session, loaded.seq, loaded.length, loaded.replayed


def load_folder(folder: Path, seed: int | None = None) -> Loaded:
    folder = folder_of(folder)
    campaign, snap_seq, raw, from_json, prefix = _read_snapshot(folder)
    path = folder / JOURNAL_FILE
    journal = read_journal(path, prefix)  # with a kept prefix, only the records past the snapshot
    records, first = journal.records, journal.first
    if snap_seq > journal.count:
        raise CampaignError(
            folder / STATE_FILE,
            f"the snapshot includes {snap_seq} journal records, but {JOURNAL_FILE} holds {journal.count}: "
            "the journal has lost records (set journal_seq to the number it holds to open it anyway)",
            "journal_seq",
        )
    log = list(journal.log) if first else fold_log(records[:snap_seq], path, journal.lines)
    session = Session(campaign, dice=Dice(seed), log=log)
    bottom = snap_seq  # where the history the replay builds starts
    for index in range(snap_seq - first, len(records)):
        try:
            jump = replay(session, records[index])
        except REPLAY_ERRORS as error:
            raise CampaignError(path, f"this record cannot be read ({error})", journal.where(index)) from None
        except CommandRejected as error:
            raise CampaignError(path, f"this record cannot be replayed: {error}", journal.where(index)) from None
        if jump:
            bottom = first + index + 1
    bases = _bases(folder, bottom)
    if bases:
        start = bases[0][2]
        if start >= first:
            older = partial(list.__getitem__, records, slice(start - first, bottom - first))
        else:  # inside the kept prefix: read when the GM undoes that far
            older = partial(records_between, path, start, bottom)
        session.earlier = earlier_entries(bases, older, session.history.cap)
    base_seq = next((seq for _, file, seq in bases if file.name == BASE_FILE), None)
    toml = (digest(raw), _seq_line(raw))
    return Loaded(session, journal.count, journal.length, snap_seq, base_seq, toml, from_json, campaign)


def _bases(folder: Path, bottom: int) -> list[tuple[bytes, Path, int]]:
    """Older snapshots the history can be rebuilt from: (text, file, journal_seq), oldest first.
    Only read here; they are parsed when the GM undoes that far."""
    found = []
    for name in (BASE_FILE, BACKUP_FILE):
        try:
            raw = (folder / name).read_bytes()
        except OSError:
            continue
        seq = _seq_line(raw)
        if seq is not None and seq < bottom:
            found.append((raw, folder / name, seq))
    return sorted(found, key=lambda base: base[2])


class OpenCampaign:
    """A campaign folder opened for play: locked, journaled, snapshotted in the background.

    The snapshot is always of a (state, journal records) pair taken between commands, so it
    never holds a state whose records the journal does not have yet.
    """

    def __init__(
        self, folder: Path, session: Session, lock: FolderLock, writer: JournalWriter, every: int,
        snapshot_seq: int, base_seq: int | None = None, toml: tuple[str | None, int | None] = (None, None),
        json_current: bool = True, decoded: Campaign | None = None,
    ) -> None:  # fmt: skip
        self.path = folder
        self.session = session
        self._lock = lock
        self._writer = writer
        self._every = every
        self._since = 0
        self._snapshot_seq = snapshot_seq
        """The journal record the snapshot on disk includes."""
        self._at = (session.state, writer.seq)
        """The state the journal's records lead to, and how many there are."""
        self._marks = [(writer.seq, session.state)]
        """States at known journal records, candidates for `.undo.toml` (the snapshot thread's)."""
        self._base_seq = base_seq
        self._toml_digest, self._toml_seq = toml
        """The digest of the `campaign.toml` on disk, which a JSON-only snapshot names, and the
        journal record it includes (None: unknown; the next snapshot writes the TOML)."""
        self._json_current = json_current
        """The JSON form on disk is the snapshot on disk (else closing writes it, so the next
        opening reads it instead of parsing the TOML)."""
        self._saves = 0
        self._writer_of_json: FastSnapshot | None = None
        self._disk = (decoded, snapshot_seq) if decoded is not None else None
        """What the snapshot on disk decodes to, with its journal record (`decoded_cache`)."""
        self._pending: tuple[Campaign, int] | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._closed = False
        self.last_error: str = ""
        """The last background snapshot failure (the journal still holds everything)."""
        self._news = ""
        self.defer_snapshots = False
        """Set by the app: a due snapshot waits for `idle()` (the GM not typing) instead of starting
        on the command that made it due, so its work never competes with a key."""
        self._thread = threading.Thread(target=self._work, name="snapshot", daemon=True)
        self._thread.start()
        session.journal = writer.append

    @property
    def _fast(self) -> FastSnapshot:
        """Made at the first snapshot: its converter is not needed before the first screen."""
        if self._writer_of_json is None:
            self._writer_of_json = FastSnapshot()
        return self._writer_of_json

    @property
    def seq(self) -> int:
        """Journal records on disk."""
        return self._writer.seq

    def append_all(self, records: list[JournalRecord]) -> None:
        """Journal, as one group, records the session has already applied in memory (a script,
        saved at its end): all of them reach the disk or none does (CampaignError)."""
        try:
            self._writer.append_all(records)
        except (OSError, ValueError) as error:
            raise CampaignError(
                self._writer.path, f"nothing was saved: the journal could not be written ({_reason(error)})"
            ) from None
        self._since += len(records) - 1
        self.after_command()

    def after_command(self) -> None:
        """Call after each executed command, undo or redo; snapshots every so many."""
        self._at = (self.session.state, self._writer.seq)
        self._since += 1
        if self._since >= self._every * (DEFER_LIMIT if self.defer_snapshots else 1):
            self.snapshot_soon()

    def idle(self) -> None:
        """The GM paused: start the snapshot that is due, if one is."""
        if self._since >= self._every:
            self.snapshot_soon()

    def snapshot_soon(self) -> None:
        self._since = 0
        with self._cond:
            self._pending = self._current()
            self._cond.notify()

    def _current(self) -> tuple[Campaign, int]:
        """The (state, records) pair; the session's state is taken only once the journal has
        records past the last pair (a session journaling here has applied them by then)."""
        if self._writer.seq != self._at[1]:
            self._at = (self.session.state, self._writer.seq)
        return self._at

    def take_error(self) -> str:
        """A background snapshot failure not shown yet, once a run of failures; "" for none."""
        with self._cond:
            news, self._news = self._news, ""
        return news

    def flush(self) -> None:
        """Wait until the background writer has written what it was given."""
        with self._cond:
            while self._pending is not None or self._busy:
                self._cond.wait()

    def close(self) -> str:
        """Write the last snapshot, release the folder; returns what went wrong, or ""."""
        if self._closed:
            return ""
        self._closed = True
        with self._cond:
            self._pending = None
            self._cond.notify_all()
        self._thread.join()
        problem = ""
        try:
            state, seq = self._current()
            if self._toml_seq != seq:  # the file a GM edits is current once the app is closed
                self._save(state, seq, toml=True)
            elif not self._json_current and self._toml_digest is not None:
                self._fast.write_quietly(self.path, self._toml_digest, state, seq)
            if self._disk is not None and self._toml_digest is not None:
                decoded_cache.keep(self.path, self._toml_digest, *self._disk)
        except Exception as error:  # the journal holds every command: a message, not a crash
            problem = (
                f"The snapshot of {self.path} could not be written on closing ({_reason(error)}). "
                "Nothing is lost: the journal holds every command, and the next open replays them."
            )
        finally:
            self._writer.close()
            self._lock.release()
        return problem

    def _save(self, state: Campaign, seq: int, toml: bool = False) -> None:
        """The snapshot of (state, seq): the TOML every TOML_EVERY saves (or when asked), else
        the JSON form only, which opening reads while the TOML on disk is the one it names."""
        if toml or self._toml_digest is None or self._saves % TOML_EVERY == TOML_EVERY - 1:
            self._toml_digest = self._toml_seq = None  # until it is written: a failure names no file
            self._toml_digest, self._toml_seq = write_snapshot(self.path, state, seq, self._fast), seq
        else:
            self._fast.write(self.path, self._toml_digest, state, seq)
        self._saves += 1
        self._disk = (state, seq)
        self._json_current = True
        self._snapshot_seq = seq
        self._marks.append((seq, state))
        self._move_base(seq)

    def _move_base(self, seq: int) -> None:
        """Keep `.undo.toml` a history's length (and at most BASE_SLACK more) behind `seq`."""
        cap = self.session.history.cap
        if self._base_seq is not None and seq - self._base_seq < cap + BASE_SLACK:
            return
        older = [mark for mark in self._marks if mark[0] <= seq - cap]
        if older:
            base_seq, state = older[-1]
        elif self._base_seq is None:  # none yet: the state the campaign was opened at
            base_seq, state = self._marks[0]
        else:  # an older base reaches further back than any state at hand
            return
        if base_seq != self._base_seq:
            atomic_write(self.path / BASE_FILE, self._fast.toml.text(state, base_seq))
            self._base_seq = base_seq
        self._marks = [mark for mark in self._marks if mark[0] >= base_seq]

    def _work(self) -> None:
        failing = False
        while True:
            with self._cond:
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._pending is None:
                    return
                (state, seq), self._pending = self._pending, None
                self._busy = True
            try:
                self._save(state, seq)
                failing, self.last_error = False, ""
            except Exception as error:  # a full disk, a folder gone read-only or removed
                self.last_error = (
                    f"The campaign snapshot could not be written ({_reason(error)}). The journal keeps "
                    f"every command; the snapshot is tried again in {self._every} commands."
                )
                if not failing:
                    failing = True
                    self._tell(self.last_error)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _tell(self, news: str) -> None:
        with self._cond:
            self._news = news


def _seq_line(raw: bytes) -> int | None:
    """The `journal_seq` a snapshot's text states near its top, without parsing it."""
    match = _SEQ_LINE.search(raw, 0, 4096)
    return int(match.group(1)) if match else None


def _reason(error: Exception) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def open_campaign(path: Path, *, seed: int | None = None, snapshot_every: int = 25) -> OpenCampaign:
    """Lock the folder, load it, and get it ready to journal; CampaignError says why not (a
    read-only folder is refused: nothing played there could be saved)."""
    folder = folder_of(path)
    check_writable(folder)
    lock = FolderLock(folder)
    lock.acquire()
    try:
        loaded = load_folder(folder, seed)
        writer = JournalWriter(folder / JOURNAL_FILE, loaded.seq, loaded.length)
    except BaseException:
        lock.release()
        raise
    for name in (STATE_FILE, BACKUP_FILE, BASE_FILE, FAST_FILE):  # left by a process killed mid-write
        remove_quietly(folder / f"{name}.tmp")
    opened = OpenCampaign(
        folder, loaded.session, lock, writer, snapshot_every, loaded.snapshot_seq, loaded.base_seq, loaded.toml,
        loaded.from_json, loaded.decoded,
    )
    if loaded.replayed:  # the snapshot on disk is behind: fold the replayed records in soon
        opened.snapshot_soon()
    return opened
