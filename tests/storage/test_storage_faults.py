"""Storage faults are messages, never tracebacks: a full disk at every write, a read-only folder,
a folder removed while open. Simulated here (errors raised where the system calls are); the real
tmpfs runs are in tests/slow/test_real_disk.py."""

from __future__ import annotations

import errno
import io
import os
import shutil
from pathlib import Path

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.script import run_script
from combat_tui.storage import CampaignError, files, journal, load_session, open_campaign, read_snapshot

FIGHT = ["dice 15 12 10 8 11 9 14 13", "setup", "start", "next", "damage 'Goblin 2' 3", "heal 'Goblin 2' 1"]


def play(opened, lines) -> None:
    for line in lines:
        run_line(opened.session, line)
        opened.after_command()


def no_space(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_full_disk_refuses_the_command_and_changes_nothing(folder: Path, monkeypatch):
    opened = open_campaign(folder, seed=1)
    play(opened, FIGHT[:3])
    before, log, text = opened.session.state, list(opened.session.log), (folder / "travelogue.jsonl").read_bytes()
    monkeypatch.setattr(journal.os, "pwrite", no_space)
    with pytest.raises(CommandRejected, match="not saved, so it was not applied") as refusal:
        run_line(opened.session, "next")
    assert "No space left on device" in refusal.value.detail
    assert opened.session.state == before and opened.session.log == log
    assert (folder / "travelogue.jsonl").read_bytes() == text
    with pytest.raises(CommandRejected, match="not saved"):
        run_line(opened.session, "undo")
    monkeypatch.undo()
    play(opened, ["next"])  # space again: on it goes
    assert opened.close() == ""
    assert load_session(folder)[1] == 3


def test_a_write_cut_short_by_a_full_disk_leaves_no_half_record(folder: Path, monkeypatch):
    opened = open_campaign(folder, seed=1)
    play(opened, FIGHT[:3])
    text = (folder / "travelogue.jsonl").read_bytes()
    real = os.pwrite
    calls = []

    def half(fd, data, offset):
        calls.append(len(data))
        if len(calls) == 1:
            return real(fd, bytes(data[: len(data) // 2]), offset)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal.os, "pwrite", half)
    with pytest.raises(CommandRejected):
        run_line(opened.session, "next")
    assert (folder / "travelogue.jsonl").read_bytes() == text


def test_a_cut_that_fails_too_is_made_before_the_next_record(folder: Path, monkeypatch):
    opened = open_campaign(folder, seed=1)
    play(opened, FIGHT[:3])
    real = os.pwrite

    def half(fd, data, offset):
        real(fd, bytes(data[:10]), offset)
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(journal.os, "pwrite", half)
    monkeypatch.setattr(journal.os, "ftruncate", no_space)
    with pytest.raises(CommandRejected):
        run_line(opened.session, "next")
    monkeypatch.undo()
    play(opened, ["next"])
    opened.close()
    assert load_session(folder)[1] == 3  # the ten stray bytes were cut first


def test_a_failed_background_snapshot_is_told_once_and_tried_again(folder: Path, monkeypatch):
    opened = open_campaign(folder, seed=1, snapshot_every=2)
    snapshot = (folder / "campaign.toml").read_bytes()
    real = files._write_file

    def full(path, data):
        real(path, data[:100])  # a temporary file begun, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files, "_write_file", full)
    play(opened, FIGHT[:3])
    opened.flush()
    assert "No space left on device" in opened.last_error and "journal keeps every command" in opened.last_error
    assert opened.take_error() == opened.last_error and opened.take_error() == ""
    play(opened, FIGHT[3:5])  # fails again: not told again
    opened.flush()
    assert opened.take_error() == ""
    assert (folder / "campaign.toml").read_bytes() == snapshot and leftovers(folder) == []
    monkeypatch.undo()
    play(opened, FIGHT[5:])
    opened.snapshot_soon()
    opened.flush()
    assert opened.last_error == "" and read_snapshot(folder)[1] == 5
    opened.close()


def test_closing_on_a_full_disk_is_a_message_and_loses_nothing(folder: Path, monkeypatch):
    opened = open_campaign(folder, seed=1)
    play(opened, FIGHT)
    state = opened.session.state
    monkeypatch.setattr(files, "_write_file", no_space)
    problem = opened.close()
    assert "could not be written on closing (No space left on device)" in problem
    assert "the journal holds every command" in problem
    monkeypatch.undo()
    assert leftovers(folder) == []
    again = open_campaign(folder)  # the lock was released
    assert again.session.state == state
    assert again.close() == ""


def test_a_full_disk_while_keeping_the_backup_leaves_the_old_files(folder: Path, monkeypatch):
    from combat_tui.storage import write_snapshot

    campaign, _ = read_snapshot(folder)
    before = (folder / "campaign.toml").read_bytes()
    monkeypatch.setattr(files.os, "link", no_space)
    with pytest.raises(OSError):
        write_snapshot(folder, campaign, 0)
    assert (folder / "campaign.toml").read_bytes() == before and leftovers(folder) == []


def test_the_backup_is_the_previous_snapshot(folder: Path):
    from combat_tui.storage import write_snapshot

    campaign, _ = read_snapshot(folder)
    before = (folder / "campaign.toml").read_bytes()
    write_snapshot(folder, campaign, 0)
    assert (folder / "campaign.toml.bak").read_bytes() == before
    assert os.stat(folder / "campaign.toml").st_ino != os.stat(folder / "campaign.toml.bak").st_ino


def test_a_new_journal_file_is_fsynced_with_its_folder(folder: Path, monkeypatch):
    synced = []
    monkeypatch.setattr(journal, "fsync_dir", synced.append)
    open_campaign(folder).close()
    assert synced == [folder]


def test_a_read_only_folder_is_refused_with_a_message(folder: Path, monkeypatch):
    monkeypatch.setattr(files.os, "access", lambda path, mode: False)
    with pytest.raises(CampaignError, match="cannot be played here: the folder cannot be written"):
        open_campaign(folder)
    assert sorted(p.name for p in folder.iterdir()) == ["campaign.toml"]
    assert load_session(folder)[1] == 0  # reading it is fine


def test_a_lock_file_that_cannot_be_opened_is_a_message(folder: Path, monkeypatch):
    real = os.open

    def read_only(path, flags, *args):
        if str(path).endswith(".lock"):
            raise OSError(errno.EROFS, "Read-only file system")
        return real(path, flags, *args)

    monkeypatch.setattr(files.os, "open", read_only)
    with pytest.raises(CampaignError, match=r"the folder cannot be written \(Read-only file system\)"):
        open_campaign(folder)


def test_a_folder_gone_read_only_while_open_refuses_commands(folder: Path, monkeypatch):
    opened = open_campaign(folder, seed=1)
    play(opened, FIGHT[:3])

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(journal.os, "pwrite", read_only)
    with pytest.raises(CommandRejected, match="not saved"):
        run_line(opened.session, "next")
    monkeypatch.setattr(files, "_write_file", read_only)
    assert "Read-only file system" in opened.close()


def test_a_folder_removed_while_open_refuses_commands_and_closes_with_a_message(folder: Path):
    opened = open_campaign(folder, seed=1)
    play(opened, FIGHT[:3])
    state = opened.session.state
    shutil.rmtree(folder)
    with pytest.raises(CommandRejected) as refusal:
        run_line(opened.session, "next")
    assert "travelogue.jsonl was deleted while the campaign was open" in refusal.value.detail
    assert opened.session.state == state
    assert "could not be written on closing" in opened.close()


def test_files_left_by_a_process_killed_mid_write_are_removed_on_open(folder: Path):
    for name in ("campaign.toml.tmp", "campaign.toml.bak.tmp", ".undo.toml.tmp"):
        (folder / name).write_text("half")
    open_campaign(folder).close()
    assert leftovers(folder) == []


def test_a_script_on_a_full_disk_saves_nothing_and_says_so(folder: Path, tmp_path: Path, monkeypatch):
    script = tmp_path / "fight.txt"
    script.write_text("\n".join(FIGHT) + "\n")
    before = (folder / "campaign.toml").read_bytes()
    monkeypatch.setattr(journal.os, "pwrite", no_space)
    out, err = io.StringIO(), io.StringIO()
    assert run_script(folder, script, save=True, out=out, err=err) == 1
    assert "nothing was saved: the journal could not be written (No space left on device)" in err.getvalue()
    assert (folder / "campaign.toml").read_bytes() == before
    assert (folder / "travelogue.jsonl").read_bytes() == b""


def test_a_sample_that_cannot_be_copied_is_a_message_and_leaves_nothing(monkeypatch):
    from combat_tui.storage import prepare_sample, user_campaigns_dir

    def full(source, target, **kwargs):
        Path(target).mkdir(parents=True)
        (Path(target) / "campaign.toml").write_text("half")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shutil, "copytree", full)
    with pytest.raises(CampaignError, match=r"the sample could not be copied here \(No space left on device\)"):
        prepare_sample("goblin-ambush")
    assert list(user_campaigns_dir().iterdir()) == []
