"""A campaign folder: read the snapshot, replay the journal past it, write snapshots off the key path."""

from __future__ import annotations

import threading
import tomllib
from pathlib import Path

import tomli_w

from combat_tui.core.campaign import Campaign
from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.registry import get_system
from combat_tui.core.session import JournalRecord, Session
from combat_tui.storage.converter import campaign_from_data, campaign_to_data
from combat_tui.storage.errors import CampaignError
from combat_tui.storage.files import FolderLock, atomic_write
from combat_tui.storage.journal import JournalWriter, fold_log, read_journal, record_from_json
from combat_tui.storage.migrations import CURRENT_VERSION, migrate

STATE_FILE = "campaign.toml"
BACKUP_FILE = "campaign.toml.bak"
JOURNAL_FILE = "travelogue.jsonl"


def folder_of(path: Path) -> Path:
    path = Path(path).expanduser()
    return path.parent if path.name == STATE_FILE else path


def read_snapshot(folder: Path) -> tuple[Campaign, int]:
    """(campaign, journal records it includes); CampaignError names the file, place and problem."""
    file = folder_of(folder) / STATE_FILE
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CampaignError(file, "the file does not exist; is this a campaign folder?") from None
    except (OSError, UnicodeDecodeError) as error:
        raise CampaignError(file, f"cannot be read ({error})") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message, _, where = str(error).partition(" (at ")
        raise CampaignError(file, f"not valid TOML: {message}", where.rstrip(")")) from None
    try:
        data = migrate(data)
    except ValueError as error:
        raise CampaignError(file, str(error), "schema_version") from None
    data.pop("schema_version")
    seq = data.pop("journal_seq", 0)
    if not isinstance(seq, int) or seq < 0:
        raise CampaignError(file, "must be a whole number from 0", "journal_seq")
    try:
        campaign = campaign_from_data(data)
    except CommandRejected as error:  # a rule system this build does not know
        raise CampaignError(file, str(error), "system") from None
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
    data = {"schema_version": CURRENT_VERSION, "journal_seq": seq, **campaign_to_data(campaign)}
    return tomli_w.dumps(data)


def write_snapshot(folder: Path, campaign: Campaign, seq: int = 0) -> None:
    folder = folder_of(folder)
    atomic_write(folder / STATE_FILE, snapshot_text(campaign, seq), backup=folder / BACKUP_FILE)


def load_session(folder: Path, seed: int | None = None) -> tuple[Session, int, int, int]:
    """(session, journal records, good journal bytes, records replayed): the snapshot with the
    journal replayed past it.

    The session has no journal hook; `open_campaign` adds one.
    """
    folder = folder_of(folder)
    campaign, snap_seq = read_snapshot(folder)
    journal = folder / JOURNAL_FILE
    records, good_length = read_journal(journal)
    snap_seq = min(snap_seq, len(records))
    session = Session(campaign, dice=Dice(seed), log=fold_log(records[:snap_seq], journal))
    for number, data in enumerate(records[snap_seq:], start=snap_seq + 1):
        try:
            session.replay(record_from_json(data, campaign.system))
        except (ValueError, KeyError, TypeError) as error:
            raise CampaignError(journal, f"this record cannot be read ({error})", f"record {number}") from None
        except CommandRejected as error:
            raise CampaignError(journal, f"this record cannot be replayed: {error}", f"record {number}") from None
    return session, len(records), good_length, len(records) - snap_seq


class OpenCampaign:
    """A campaign folder opened for play: locked, journaled, snapshotted in the background."""

    def __init__(
        self, folder: Path, session: Session, lock: FolderLock, writer: JournalWriter, every: int, snapshot_seq: int
    ) -> None:
        self.path = folder
        self.session = session
        self._lock = lock
        self._writer = writer
        self._every = every
        self._since = 0
        self._snapshot_seq = snapshot_seq
        """The journal record the snapshot on disk includes."""
        self._pending: tuple[Campaign, int] | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._closed = False
        self.last_error: str = ""
        """The last background snapshot failure (the journal still holds everything)."""
        self._thread = threading.Thread(target=self._work, name="snapshot", daemon=True)
        self._thread.start()
        session.journal = writer.append

    def append(self, record: JournalRecord) -> None:
        """Journal a record made elsewhere (a script run in memory, saved at its end)."""
        self._writer.append(record)
        self.after_command()

    def after_command(self) -> None:
        """Call after each executed command, undo or redo; snapshots every so many."""
        self._since += 1
        if self._since >= self._every:
            self.snapshot_soon()

    def snapshot_soon(self) -> None:
        self._since = 0
        with self._cond:
            self._pending = (self.session.state, self._writer.seq)
            self._cond.notify()

    def flush(self) -> None:
        """Wait until the background writer has written what it was given."""
        with self._cond:
            while self._pending is not None or self._busy:
                self._cond.wait()

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        with self._cond:
            self._pending = None
            self._cond.notify_all()
        self._thread.join()
        try:
            if self._snapshot_seq != self._writer.seq:
                write_snapshot(self.path, self.session.state, self._writer.seq)
        finally:
            self._writer.close()
            self._lock.release()

    def _work(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._pending is None:
                    return
                (state, seq), self._pending = self._pending, None
                self._busy = True
            try:
                write_snapshot(self.path, state, seq)
                self._snapshot_seq = seq
            except OSError as error:
                self.last_error = f"The snapshot could not be written ({error}); the journal keeps every command."
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


def open_campaign(path: Path, *, seed: int | None = None, snapshot_every: int = 25) -> OpenCampaign:
    folder = folder_of(path)
    if not folder.is_dir():
        raise CampaignError(folder, "no such campaign folder")
    lock = FolderLock(folder)
    lock.acquire()
    try:
        session, seq, good_length, replayed = load_session(folder, seed)
        writer = JournalWriter(folder / JOURNAL_FILE, seq, good_length)
    except BaseException:
        lock.release()
        raise
    # With records replayed past the snapshot, the one on disk is behind: fold them in soon.
    opened = OpenCampaign(folder, session, lock, writer, snapshot_every, seq - replayed)
    if replayed:
        opened.snapshot_soon()
    return opened
