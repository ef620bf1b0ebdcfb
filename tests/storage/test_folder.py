"""A campaign folder in play: the journal, the snapshot, the lock, and a crash."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.storage import CampaignError, CampaignLocked, load_session, open_campaign, read_snapshot, sample_dir

FIGHT = ["dice 15 12 10 8 11 9 14 13", "setup", "start", "dice 18 6", "attack Ayla 'Goblin 1' Rapier",
         "next", "damage 'Goblin 2' 3", "heal 'Goblin 2' 1"]  # fmt: skip


def play(session, lines):
    for line in lines:
        run_line(session, line)


def test_every_command_reaches_the_journal_before_the_state_changes(folder: Path):
    opened = open_campaign(folder, seed=1)
    seen = []
    journal = opened.session.journal

    def spy(record):
        journal(record)
        lines = (folder / "travelogue.jsonl").read_text().splitlines()
        seen.append((len(lines), opened.session.state))

    opened.session.journal = spy
    before = opened.session.state
    play(opened.session, ["dice 15 12 10 8 11 9 14 13", "setup"])
    assert seen == [(1, before)]  # on disk, and the state not yet taken
    opened.close()


def test_reopen_after_close_gives_the_same_campaign_and_log(folder: Path):
    opened = open_campaign(folder, seed=1)
    play(opened.session, FIGHT)
    state, log = opened.session.state, list(opened.session.log)
    opened.close()
    session, records, _, replayed = load_session(folder)
    assert session.state == state and session.log == log
    assert records == 6 and replayed == 0  # dice lines are not records
    assert read_snapshot(folder)[1] == 6


def test_replay_past_the_snapshot_follows_undo_across_it(folder: Path):
    opened = open_campaign(folder, seed=1, snapshot_every=3)
    play(opened.session, FIGHT[:6])  # 4 records: snapshot after the third
    opened.flush()
    play(opened.session, ["undo", "undo", "undo", "redo"])  # back across the snapshot
    state, log = opened.session.state, list(opened.session.log)
    opened._writer.close()  # a crash: no final snapshot, the lock dies with the process
    opened._lock.release()
    session, *_ = load_session(folder)
    assert session.state == state and session.log == log


def test_journal_records_are_readable_json_with_faces_and_lines(folder: Path):
    opened = open_campaign(folder, seed=1)
    play(opened.session, FIGHT[:5])
    opened.close()
    records = [json.loads(line) for line in (folder / "travelogue.jsonl").read_text().splitlines()]
    attack = records[-1]
    assert attack["op"] == "cmd" and attack["label"] == "attack Ayla 'Goblin 1' Rapier"
    assert attack["faces"] == [18, 6]
    assert attack["commands"] == [{"kind": "attack", "attacker": "ayla", "target": "goblin-1", "weapon": "Rapier"}]
    assert attack["lines"][0].startswith("Ayla attacks Goblin 1 with Rapier")


def test_a_torn_last_line_is_dropped_and_cut(folder: Path):
    opened = open_campaign(folder, seed=1)
    play(opened.session, FIGHT[:3])
    state = opened.session.state
    opened._writer.close()
    opened._lock.release()
    with open(folder / "travelogue.jsonl", "a") as handle:
        handle.write('{"seq":3,"op":"cmd","lab')
    again = open_campaign(folder)
    assert again.session.state == state
    assert (folder / "travelogue.jsonl").read_text().endswith("}\n")
    again.close()


def test_a_bad_line_in_the_middle_is_an_error_naming_it(folder: Path):
    opened = open_campaign(folder, seed=1)
    play(opened.session, FIGHT[:3])
    opened.close()
    path = folder / "travelogue.jsonl"
    lines = path.read_text().splitlines()
    lines[0] = "not json"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CampaignError, match=r"travelogue.jsonl, line 1: this line is not a journal record"):
        open_campaign(folder)
    assert path.read_text().startswith("not json")  # untouched


def test_a_second_opener_is_locked_out_until_the_first_closes(folder: Path):
    first = open_campaign(folder)
    with pytest.raises(CampaignLocked, match="open in another combat-tui"):
        open_campaign(folder)
    first.close()
    open_campaign(folder).close()


def test_a_failed_journal_write_changes_nothing(folder: Path):
    opened = open_campaign(folder, seed=1)

    def full_disk(record):
        raise OSError(28, "No space left on device")

    opened.session.journal = full_disk
    before, log = opened.session.state, list(opened.session.log)
    with pytest.raises(CommandRejected, match="not saved"):
        run_line(opened.session, "setup")
    assert opened.session.state == before and opened.session.log == log
    assert not opened.session.can_undo
    opened.session.journal = opened._writer.append
    opened.close()


CHILD = textwrap.dedent(
    """
    import os, sys, time
    from combat_tui.core.runner import run_line
    from combat_tui.storage import open_campaign
    opened = open_campaign(sys.argv[1], seed=1)
    for line in sys.argv[2:]:
        run_line(opened.session, line)
    print("ready", flush=True)
    time.sleep(60)
    """
)


def test_kill_9_mid_fight_loses_nothing_that_was_shown(folder: Path):
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(folder), *FIGHT], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait()
    reopened = open_campaign(folder)  # the dead process's lock is gone
    reference = Session(read_snapshot(sample_dir() / "goblin-ambush")[0], dice=Dice(1))
    play(reference, FIGHT)
    assert reopened.session.state == reference.state
    assert reopened.session.log == reference.log
    reopened.close()
