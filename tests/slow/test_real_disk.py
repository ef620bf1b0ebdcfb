"""A real small disk (a tmpfs of 1 MB): filled up while a campaign is open, and remounted read-only.
Needs the right to mount (root in a container usually has it); skipped with the reason if not.
The same faults simulated, for any machine, are in tests/storage/test_storage_faults.py."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.script import run_script
from combat_tui.storage import CampaignError, load_session, open_campaign, sample_dir

pytestmark = pytest.mark.slow

FIGHT = ["dice 15 12 10 8 11 9 14 13", "setup", "start", "next", "damage 'Goblin 2' 3", "heal 'Goblin 2' 1"]


def _mount(point: Path, *options: str) -> str:
    """"" when it worked, else why not."""
    if shutil.which("mount") is None:
        return "no mount command"
    done = subprocess.run(["mount", *options, str(point)], capture_output=True, text=True)
    return "" if done.returncode == 0 else (done.stderr.strip() or f"mount exited {done.returncode}")


@pytest.fixture
def disk(tmp_path: Path):
    point = tmp_path / "disk"
    point.mkdir()
    why = _mount(point, "-t", "tmpfs", "-o", "size=1m", "tmpfs")
    if why:
        print(f"\nskipped: cannot mount a tmpfs here ({why})")
        pytest.skip(f"cannot mount a tmpfs here ({why})")
    try:
        yield point
    finally:
        subprocess.run(["umount", "-l", str(point)], capture_output=True)


def fill(disk: Path) -> Path:
    """Fill the disk to the last byte; the file that does it."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for size in (65536, 1):
            with contextlib.suppress(OSError):
                while os.write(fd, b"x" * size):
                    pass
    finally:
        os.close(fd)
    return filler


def remount(disk: Path, mode: str) -> None:
    assert _mount(disk, "-o", f"remount,{mode}") == ""


def play(opened, lines) -> None:
    for line in lines:
        run_line(opened.session, line)
        opened.after_command()


def tmp_files(folder: Path) -> list[str]:
    return [p.name for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_a_full_disk_refuses_commands_reports_snapshots_and_closes_with_a_message(disk: Path):
    folder = disk / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    opened = open_campaign(folder, seed=1, snapshot_every=1000)
    play(opened, FIGHT[:3])
    opened.flush()
    filler = fill(disk)
    accepted = 0  # the journal's last page may still hold a few records
    while True:
        state, journal = opened.session.state, (folder / "travelogue.jsonl").read_bytes()
        try:
            run_line(opened.session, ("damage 'Goblin 2' 1", "heal 'Goblin 2' 1")[accepted % 2])
        except CommandRejected as refusal:
            assert "not saved" in refusal.reason and "No space left on device" in refusal.detail
            break
        opened.after_command()
        accepted += 1
        assert accepted < 200
    assert opened.session.state == state and (folder / "travelogue.jsonl").read_bytes() == journal
    opened.snapshot_soon()
    opened.flush()
    assert "No space left on device" in opened.take_error()
    assert tmp_files(folder) == []
    problem = opened.close()
    assert ("could not be written on closing (No space left on device)" in problem) == (accepted > 0)
    assert tmp_files(folder) == []
    filler.unlink()
    session, records, _, _ = load_session(folder)
    assert records == 2 + accepted and session.state == state
    print(f"\nfull tmpfs: {accepted} records still fitted the journal's last page, then refused")


def test_a_script_on_a_full_disk_saves_nothing_and_says_so(disk: Path, tmp_path: Path):
    folder = disk / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    open_campaign(folder).close()  # the journal file exists
    script = tmp_path / "fight.txt"
    script.write_text("\n".join(FIGHT) + "\n")
    before = (folder / "campaign.toml").read_bytes()
    filler = fill(disk)
    err = io.StringIO()
    assert run_script(folder, script, save=True, out=io.StringIO(), err=err) == 1
    assert "nothing was saved" in err.getvalue() and "No space left on device" in err.getvalue()
    filler.unlink()
    assert (folder / "campaign.toml").read_bytes() == before and load_session(folder)[1] == 0
    assert tmp_files(folder) == []


def test_a_read_only_disk_is_refused_with_a_message_and_read_for_checking(disk: Path):
    folder = disk / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    remount(disk, "ro")
    try:
        with pytest.raises(CampaignError, match="cannot be played here: the folder cannot be written"):
            open_campaign(folder)
        assert load_session(folder)[1] == 0
    finally:
        remount(disk, "rw")


def test_a_folder_gone_read_only_while_open_keeps_the_journal_and_says_so(disk: Path):
    # A busy mount cannot be remounted read-only; a read-only bind over the folder is what a
    # process that opens files there meets, while the journal already open still writes.
    folder = disk / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    opened = open_campaign(folder, seed=1, snapshot_every=2)
    play(opened, FIGHT[:3])
    assert _mount(folder, "--bind", str(folder)) == ""
    try:
        remount(folder, "bind,ro")
        play(opened, FIGHT[3:])
        state = opened.session.state
        opened.flush()
        assert "Read-only file system" in opened.take_error()
        assert "Read-only file system" in opened.close()
        with pytest.raises(CampaignError, match="cannot be played here"):
            open_campaign(folder)
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)
    again = open_campaign(folder)
    assert again.session.state == state and again.seq == 5
    assert again.close() == ""
