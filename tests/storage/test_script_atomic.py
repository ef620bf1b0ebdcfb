"""`script --save` is all or nothing on disk: its records are one group, written in one write
and one fsync, and the snapshot follows only once they are on disk. A write cut at any byte
(what a kill -9 or a full disk mid-write leaves) opens without the script; the whole write
opens with all of it. The app's own records, cut anywhere, open as a true prefix."""

from __future__ import annotations

import io
from pathlib import Path

from combat_tui.core.runner import run_line
from combat_tui.script import run_script
from combat_tui.storage import load_session, open_campaign, read_snapshot
from combat_tui.storage.journal import read_journal

SCRIPT = ["dice 15 12 10 8 11 9 14 13", "setup", "start", "dice 18 6", "attack Ayla 'Goblin 1' Rapier", "next",
          "damage 'Goblin 2' 3", "undo", "redo", "heal 'Goblin 2' 1", "next"]  # fmt: skip


def save_script(folder: Path, tmp_path: Path, lines: list[str]) -> tuple[int, str]:
    script = tmp_path / "script.txt"
    script.write_text("\n".join(lines) + "\n")
    err = io.StringIO()
    return run_script(folder, script, save=True, out=io.StringIO(), err=err), err.getvalue()


def test_a_script_cut_at_any_byte_opens_without_it_or_with_all_of_it(folder: Path, tmp_path: Path):
    assert save_script(folder, tmp_path, SCRIPT[:3]) == (0, "")  # some records before it
    before_bytes = (folder / "travelogue.jsonl").read_bytes()
    before = load_session(folder)[0]
    assert save_script(folder, tmp_path, SCRIPT[3:]) == (0, "")
    whole = (folder / "travelogue.jsonl").read_bytes()
    after = load_session(folder)[0]
    campaign = (folder / "campaign.toml").read_bytes()
    (folder / "campaign.toml").write_bytes((folder / "campaign.toml.bak").read_bytes())  # the snapshot not yet written
    assert read_snapshot(folder)[1] == 2
    cuts = sorted({*range(len(before_bytes), len(whole), 331), len(whole) - 1, len(whole)})
    for cut in cuts:
        (folder / "travelogue.jsonl").write_bytes(whole[:cut])
        session, records, _, _ = load_session(folder)
        if cut >= len(whole) - 1:  # whole, or whole but for the last newline
            assert records == 2 + 7 and session.state == after.state and session.log == after.log
        else:
            assert records == 2 and session.state == before.state and session.log == before.log, cut
    (folder / "campaign.toml").write_bytes(campaign)


def test_the_snapshot_of_a_saved_script_is_never_ahead_of_its_journal(folder: Path, tmp_path: Path):
    lines = SCRIPT[:3] + ["damage 'Goblin Boss' 1", "heal 'Goblin Boss' 1"] * 40  # past 25 records
    assert save_script(folder, tmp_path, lines) == (0, "")
    journal = read_journal(folder / "travelogue.jsonl")
    assert read_snapshot(folder)[1] == len(journal.records) == 82
    assert journal.records[0]["group"] == 82


def test_a_failed_script_leaves_the_folder_as_the_journal_had_it(folder: Path, tmp_path: Path):
    assert save_script(folder, tmp_path, SCRIPT[:3]) == (0, "")
    (folder / "campaign.toml").write_bytes((folder / "campaign.toml.bak").read_bytes())  # a crash before its snapshot
    status, err = save_script(folder, tmp_path, ["next", "damage Nobody 3"])
    assert status == 2 and "Nobody" in err
    session, records, _, _ = load_session(folder)
    assert records == 2 and read_snapshot(folder)[1] == 2  # the snapshot caught up; no script in it
    assert session.state.fight.stage == "running" and session.state.fight.round == 1


def test_app_records_cut_at_any_byte_open_as_a_true_prefix(folder: Path):
    opened = open_campaign(folder, seed=1, snapshot_every=1000)
    states = [opened.session.state]
    for line in SCRIPT:
        run_line(opened.session, line)
        if opened.seq == len(states):
            states.append(opened.session.state)
    opened._writer.close()
    opened._lock.release()
    whole = (folder / "travelogue.jsonl").read_bytes()
    ends = [i + 1 for i, byte in enumerate(whole) if byte == ord("\n")]
    for cut in sorted({*range(0, len(whole), 257), *ends, *(end - 1 for end in ends)}):
        (folder / "travelogue.jsonl").write_bytes(whole[:cut])
        session, records, _, _ = load_session(folder)
        complete = sum(1 for end in ends if end - 1 <= cut)  # a record is whole without its newline
        assert records == complete and session.state == states[complete], cut
