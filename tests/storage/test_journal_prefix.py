"""The journal's start kept with a kept campaign (`JournalPrefix`, issue 17): a reopening reads
only the records past it, and finds exactly what reading the whole journal finds: the same
records, travelogue, lengths and errors, and a whole read whenever those bytes changed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from combat_tui.core.runner import run_line
from combat_tui.storage import decoded_cache, load_session, open_campaign
from combat_tui.storage import journal as storage_journal
from combat_tui.storage.errors import CampaignError
from combat_tui.storage.folder import load_folder

FIGHT = ["dice 15 12 10 8 11 9 14 13", "setup", "start", "dice 18 6", "attack Ayla 'Goblin 1' Rapier", "next",
         "damage 'Goblin 2' 3", "next"]  # fmt: skip


@pytest.fixture
def scanned(monkeypatch) -> list[int]:
    """The characters of journal text each read parses."""
    seen: list[int] = []
    scan = storage_journal._scan_fast
    monkeypatch.setattr(storage_journal, "_scan_fast", lambda text: seen.append(len(text)) or scan(text))
    return seen


def _played(folder: Path, lines: list[str]) -> None:
    opened = open_campaign(folder, seed=1)
    for line in lines:
        if run_line(opened.session, line).changed:
            opened.after_command()
    assert opened.close() == ""


def _whole(folder: Path, tmp_path: Path) -> object:
    """What opening finds with no kept campaign (a copy read by a fresh cache)."""
    copy = tmp_path / "whole"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(folder, copy)
    shutil.rmtree(decoded_cache.folder_of_cache(), ignore_errors=True)
    return load_folder(copy)


def test_a_reopening_reads_none_of_the_journal_the_snapshot_includes(folder: Path, scanned, tmp_path) -> None:
    _played(folder, FIGHT)
    scanned.clear()
    kept = load_folder(folder)
    assert scanned == [0]  # nothing past the kept start
    whole = _whole(folder, tmp_path)
    assert scanned[1] == len((folder / "travelogue.jsonl").read_text())
    assert kept.session.state == whole.session.state
    assert kept.session.log == whole.session.log and len(kept.session.log) > 5
    assert (kept.seq, kept.length, kept.snapshot_seq) == (whole.seq, whole.length, whole.snapshot_seq)


def test_records_past_the_kept_start_are_read_and_replayed(folder: Path, scanned, tmp_path) -> None:
    _played(folder, FIGHT)
    opened = open_campaign(folder, seed=1)
    for line in ["damage 'Goblin 3' 2", "next"]:
        run_line(opened.session, line)
        opened.after_command()
    state, log = opened.session.state, list(opened.session.log)
    opened._writer.close()  # as a kill -9 leaves it: no closing snapshot
    opened._lock.release()
    scanned.clear()
    kept = load_folder(folder)
    assert kept.replayed == 2 and scanned[0] < 2_000  # the two new records' lines only
    assert kept.session.state == state and kept.session.log == log
    whole = _whole(folder, tmp_path)
    assert (kept.seq, kept.length) == (whole.seq, whole.length)


def test_a_changed_start_is_read_whole(folder: Path, scanned) -> None:
    _played(folder, FIGHT)
    journal = folder / "travelogue.jsonl"
    text = journal.read_text()
    journal.write_text(text.replace("Ser Aldric", "Ser Aldrix", 1))  # same length, other bytes
    scanned.clear()
    session, *_ = load_session(folder)
    assert scanned == [len(text)]
    assert any("Ser Aldrix" in line for line in session.log)


def test_a_bad_record_past_the_kept_start_is_named_by_its_line(folder: Path) -> None:
    _played(folder, FIGHT)
    journal = folder / "travelogue.jsonl"
    lines = journal.read_text().count("\n")
    with journal.open("a") as handle:
        handle.write(json.dumps({"seq": lines + 2, "op": "cmd", "commands": [], "lines": []}) + "\n")
    with pytest.raises(CampaignError) as raised:
        load_session(folder)
    assert f"line {lines + 1}" in str(raised.value) and "skips some" in str(raised.value)


def test_a_torn_tail_past_the_kept_start_is_cut_as_in_a_whole_read(folder: Path, tmp_path) -> None:
    _played(folder, FIGHT)
    journal = folder / "travelogue.jsonl"
    good = journal.stat().st_size
    with journal.open("a") as handle:
        handle.write('{"seq": 99, "op": "cmd", "lin')
    kept = load_folder(folder)
    assert kept.length == good == _whole(folder, tmp_path).length


def test_a_shorter_journal_is_read_whole_and_refused(folder: Path) -> None:
    _played(folder, FIGHT)
    journal = folder / "travelogue.jsonl"
    journal.write_text("".join(journal.read_text().splitlines(keepends=True)[:-1]))
    with pytest.raises(CampaignError, match="the journal has lost records"):
        load_session(folder)


def test_no_start_is_kept_when_the_snapshot_is_behind_the_journal(folder: Path) -> None:
    path = folder / "travelogue.jsonl"
    _played(folder, FIGHT)
    count = len(storage_journal.read_journal(path).records)
    assert storage_journal.prefix_of(path, count).records == count
    assert storage_journal.prefix_of(path, count - 1) is None
