"""Atomic writes, backups and the folder lock."""

from __future__ import annotations

import fcntl
import os
import shutil
from pathlib import Path

from combat_tui.storage.errors import CampaignError, CampaignLocked


def atomic_write(path: Path, text: str, backup: Path | None = None) -> None:
    """Write a temporary file, fsync it, keep the old file as `backup`, then rename over `path`."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    if backup is not None and path.exists():
        backup_tmp = backup.with_name(backup.name + ".tmp")
        shutil.copyfile(path, backup_tmp)
        os.replace(backup_tmp, backup)
    os.replace(tmp, path)
    fsync_dir(path.parent)


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
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode(errors="replace").strip() or "another process"
            os.close(fd)
            raise CampaignLocked(
                self.path.parent, f"the campaign is open in another combat-tui (process {holder}); close it there first"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            fcntl.flock(self._fd, fcntl.LOCK_UN)
            os.close(self._fd)
            self._fd = None


def check_writable(folder: Path) -> None:
    if not folder.is_dir():
        raise CampaignError(folder, "no such campaign folder")
