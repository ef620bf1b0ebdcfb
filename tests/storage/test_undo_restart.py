"""Undo survives a restart: after a quit or a crash, `u` steps back through the same commands
(within the history cap), rebuilt from `.undo.toml` and the journal when the GM reaches back."""

from __future__ import annotations

import io
import json
import tomllib
from pathlib import Path

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.script import run_script
from combat_tui.storage import load_session, open_campaign, sample_dir

FIGHT = ["dice 15 12 10 8 11 9 14 13", "setup", "start", "dice 18 6", "attack Ayla 'Goblin 1' Rapier", "next",
         "damage 'Goblin 2' 3", "heal 'Goblin 2' 1", "next", "damage 'Goblin 3' 2", "next"]  # fmt: skip


def play(opened, lines) -> list:
    """Run the lines; the states after each record, the opening state first."""
    states = [opened.session.state]
    for line in lines:
        result = run_line(opened.session, line)
        if result.changed:
            opened.after_command()
            states.append(opened.session.state)
    return states


def crash(opened) -> None:
    """As a kill -9 leaves it: no last snapshot; the kernel drops the lock."""
    opened._writer.close()
    opened._lock.release()


def undo_all(session) -> list:
    states = [session.state]
    while True:
        try:
            session.undo()
        except CommandRejected:
            return states
        states.append(session.state)


@pytest.mark.parametrize("end", ["close", "crash"])
def test_undo_after_a_restart_steps_back_through_the_same_commands(folder: Path, end: str):
    opened = open_campaign(folder, seed=1, snapshot_every=4)
    states = play(opened, FIGHT)
    log = list(opened.session.log)
    opened.flush()
    opened.close() if end == "close" else crash(opened)
    again = open_campaign(folder)
    assert again.session.log == log and again.session.can_undo
    assert undo_all(again.session) == states[::-1]
    assert again.session.log == []
    for state in states[1:]:
        again.session.redo()
        assert again.session.state == state
    assert again.session.log == log
    again.close()


def test_undone_past_the_opening_point_then_a_crash_reopens_where_it_was(folder: Path):
    opened = open_campaign(folder, seed=1, snapshot_every=3)
    states = play(opened, FIGHT)
    opened.close()
    again = open_campaign(folder)
    for _ in range(5):
        again.session.undo()
    again.after_command()
    crash(again)
    third = open_campaign(folder)
    assert third.session.state == states[-6]
    assert undo_all(third.session) == states[-6::-1]
    third.close()


def test_a_hand_edited_snapshot_keeps_only_the_history_after_it(folder: Path):
    opened = open_campaign(folder, seed=1)
    play(opened, FIGHT)
    opened.close()
    state = folder / "campaign.toml"
    text = state.read_text()
    assert "hp = 7\n" in text
    state.write_text(text.replace("hp = 7\n", "hp = 6\n", 1))  # the GM fixes a goblin by hand
    again = open_campaign(folder)
    assert again.session.can_undo  # not known until asked
    with pytest.raises(CommandRejected, match="Nothing to undo"):
        again.session.undo()
    assert not again.session.can_undo
    again.close()


def test_forced_dice_are_in_the_record_so_the_replay_is_exact(folder: Path):
    opened = open_campaign(folder, seed=1)
    play(opened, FIGHT[:5])
    attack = opened.session.state
    crash(opened)
    records = [json.loads(line) for line in (folder / "travelogue.jsonl").read_text().splitlines()]
    assert records[-1]["faces"][:2] == [18, 6]  # the faces typed at the prompt
    again = open_campaign(folder, seed=99)  # other random dice: the record's faces decide
    assert again.session.state == attack
    again.session.undo()
    again.session.redo()
    assert again.session.state == attack
    again.close()


def test_a_saved_script_is_undone_line_by_line_after_a_restart(folder: Path, tmp_path: Path):
    script = tmp_path / "fight.txt"
    script.write_text("\n".join(FIGHT) + "\n")
    assert run_script(folder, script, save=True, out=io.StringIO(), err=io.StringIO()) == 0
    records = [json.loads(line) for line in (folder / "travelogue.jsonl").read_text().splitlines()]
    assert records[0]["group"] == len(records) == 9 and all("group" not in r for r in records[1:])
    again = open_campaign(folder)
    states = undo_all(again.session)
    assert len(states) == 10 and states[-1] == load_session(sample_dir() / "goblin-ambush")[0].state
    again.close()


def test_the_history_cap_holds_and_the_undo_base_follows_the_journal(folder: Path):
    opened = open_campaign(folder, seed=1, snapshot_every=25)
    play(opened, FIGHT[:3])
    lines = ["damage 'Goblin Boss' 1", "heal 'Goblin Boss' 1"] * 330
    states = play(opened, lines)
    seq = opened.seq
    opened.close()
    base = tomllib.loads((folder / ".undo.toml").read_text())["journal_seq"]
    assert 500 <= seq - base <= 500 + 100 + 25
    again = open_campaign(folder)
    back = undo_all(again.session)
    assert len(back) == 501 and back == states[::-1][:501]
    again.close()
