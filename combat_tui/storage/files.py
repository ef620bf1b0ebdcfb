"""Atomic writes, backups and the folder lock."""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import shutil
from pathlib import Path

from combat_tui.storage.errors import CampaignError, CampaignLocked


def atomic_write(path: Path, text: str, backup: Path | None = None) -> None:
    """Write a temporary file, fsync it, keep the old file as `backup`, then rename over `path`.

    On any failure the old file stands and no temporary file is left behind.
    """
    tmp = path.with_name(path.name + ".tmp")
    try:
        _write_file(tmp, text.encode("utf-8"))
        if backup is not None and path.exists():
            _keep_backup(path, backup)
        os.replace(tmp, path)
    except BaseException:
        remove_quietly(tmp)
        raise
    fsync_dir(path.parent)


def _write_file(path: Path, data: bytes) -> None:
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _keep_backup(path: Path, backup: Path) -> None:
    """`backup` becomes the current file: a second name for it (no copy, nothing to fill a
    disk), or an fsynced copy where the file system has no hard links."""
    tmp = backup.with_name(backup.name + ".tmp")
    remove_quietly(tmp)
    try:
        try:
            os.link(path, tmp)
        except OSError as error:
            if error.errno in (errno.ENOSPC, errno.EROFS, errno.EDQUOT, errno.EIO):
                raise
            shutil.copyfile(path, tmp)
            fd = os.open(tmp, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        os.replace(tmp, backup)
    except BaseException:
        remove_quietly(tmp)
        raise


def remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class FolderLock:
    """An exclusive `flock` on `.lock`: the kernel drops it when the process dies, so a crash
    never leaves the campaign stuck."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / ".lock"
        self._fd: int | None = None

    def acquire(self) -> None:
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise _not_writable(self.path.parent, error) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode(errors="replace").strip() or "another process"
            os.close(fd)
            raise CampaignLocked(
                self.path.parent, f"the campaign is open in another combat-tui (process {holder}); close it there first"
            ) from None
        with contextlib.suppress(OSError):  # the holder's id only names it to a second opener
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(os.getpid()).encode(), 0)
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


def check_writable(folder: Path) -> None:
    """Refuse a folder this process cannot write: play there could not be saved."""
    if not folder.is_dir():
        raise CampaignError(folder, "no such campaign folder")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise _not_writable(folder, OSError(errno.EROFS, "the folder is read-only"))


def _not_writable(folder: Path, error: OSError) -> CampaignError:
    reason = error.strerror or str(error)
    return CampaignError(
        folder,
        f"cannot be played here: the folder cannot be written ({reason}), so nothing done could be saved. "
        "Copy the campaign to a writable folder to play it; 'combat-tui check' and 'combat-tui script' "
        "without --save can still read it",
    )
