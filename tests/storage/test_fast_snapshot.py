"""Most snapshots of a session are the JSON form only (issue 17: a TOML save of a 2,000 fight took
300 ms): opening reads it while the `campaign.toml` it names is on disk, a hand edit of the TOML
wins, a torn JSON file falls back to the TOML and the journal, and closing leaves the TOML current."""

from __future__ import annotations

import json
from pathlib import Path

from combat_tui.core.runner import run_line
from combat_tui.storage import load_session, open_campaign, read_snapshot
from combat_tui.storage.folder import TOML_EVERY, load_folder

FIGHT = ["dice 15 12 10 8 11 9 14 13", "setup", "start", "dice 18 6", "attack Ayla 'Goblin 1' Rapier",
         "next", "damage 'Goblin 2' 3", "heal 'Goblin 2' 1", "next", "next"]  # fmt: skip


def _crash(opened) -> None:
    """What kill -9 leaves: no closing snapshot; the lock dies with the process."""
    opened._writer.close()
    opened._lock.release()


def _played(folder: Path, lines: list[str]):
    opened = open_campaign(folder, seed=1, snapshot_every=2)
    for line in lines:
        seq = opened.seq
        run_line(opened.session, line)
        if opened.seq != seq:  # a command, as the app tells storage after each one
            opened.after_command()
            opened.flush()
    return opened


def _json_seq(folder: Path) -> int:
    return json.loads((folder / ".campaign.json").read_text())["data"]["journal_seq"]


def test_a_snapshot_is_the_json_form_and_opening_reads_it(folder: Path):
    toml = (folder / "campaign.toml").read_bytes()
    opened = _played(folder, FIGHT)
    state, log = opened.session.state, list(opened.session.log)
    _crash(opened)
    assert (folder / "campaign.toml").read_bytes() == toml  # fewer than TOML_EVERY snapshots
    assert _json_seq(folder) == 8  # the JSON form has the records up to the last snapshot
    loaded = load_folder(folder)
    assert loaded.snapshot_seq == 8 and loaded.replayed == 0
    assert loaded.session.state == state and loaded.session.log == log


def test_closing_writes_the_toml_with_every_record(folder: Path):
    opened = _played(folder, FIGHT)
    state = opened.session.state
    opened.close()
    campaign, seq = read_snapshot(folder)
    assert seq == 8 and campaign == state
    text = (folder / "campaign.toml").read_text()
    assert "journal_seq = 8" in text


def test_every_few_snapshots_the_toml_too(folder: Path):
    toml = (folder / "campaign.toml").read_bytes()
    opened = _played(folder, FIGHT + ["next"] * (4 * TOML_EVERY))
    assert (folder / "campaign.toml").read_bytes() != toml
    _crash(opened)
    assert load_folder(folder).session.state == opened.session.state


def test_a_hand_edit_of_the_toml_wins_over_the_json_form(folder: Path):
    opened = _played(folder, FIGHT[:3])
    opened.close()  # the TOML at record 2 (setup, start)
    opened = _played(folder, FIGHT[3:])
    _crash(opened)  # the JSON form is ahead of the TOML
    path = folder / "campaign.toml"
    path.write_text(path.read_text().replace('name = "Goblin Ambush"', 'name = "Edited Ambush"', 1))
    session, *_ = load_session(folder)
    assert session.state.name == "Edited Ambush"
    assert session.state.fight is not None and session.state.fight.round == opened.session.state.fight.round


def test_a_torn_json_form_falls_back_to_the_toml_and_the_journal(folder: Path):
    opened = _played(folder, FIGHT)
    state, log = opened.session.state, list(opened.session.log)
    _crash(opened)
    fast = folder / ".campaign.json"
    fast.write_bytes(fast.read_bytes()[: len(fast.read_bytes()) // 2])
    loaded = load_folder(folder)
    assert loaded.snapshot_seq == 0 and loaded.replayed == 8
    assert loaded.session.state == state and loaded.session.log == log


def test_a_campaign_opened_from_its_toml_is_closed_with_its_json_form(folder: Path):
    """A fresh or hand-edited `campaign.toml` is parsed once: closing writes the JSON form of it
    (the TOML is left as it was), and the next opening reads that."""
    (folder / ".campaign.json").unlink(missing_ok=True)
    toml = (folder / "campaign.toml").read_bytes()
    first = load_folder(folder)
    assert not first.from_json
    open_campaign(folder, seed=1).close()
    assert (folder / "campaign.toml").read_bytes() == toml
    again = load_folder(folder)
    assert again.from_json and again.session.state == first.session.state
    (folder / "campaign.toml").write_bytes(toml.replace(b"Goblin Ambush", b"Goblin Ambush!", 1))  # a hand edit
    edited = load_folder(folder)
    assert not edited.from_json and edited.session.state.name == "Goblin Ambush!"
