"""The snapshot's JSON copy (storage/folder.py FAST_FILE): opened instead of parsing the TOML only
while it copies exactly the TOML on disk; the TOML stays the file a GM edits (issue 17)."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest
from attrs import evolve

from combat_tui.core.runner import run_line
from combat_tui.storage import folder as folder_module
from combat_tui.storage import load_session, open_campaign, read_snapshot, sample_dir, write_snapshot
from combat_tui.storage.folder import FAST_FILE, STATE_FILE


@pytest.fixture(params=["goblin-ambush", "space-bears"])
def folder(tmp_path: Path, request) -> Path:
    target = tmp_path / "camp"
    shutil.copytree(sample_dir() / request.param, target)
    return target


def no_toml(monkeypatch) -> list:
    parsed = []
    parse = folder_module._parse_toml
    monkeypatch.setattr(folder_module, "_parse_toml", lambda raw, file: (parsed.append(file), parse(raw, file))[1])
    return parsed


def test_a_written_snapshot_opens_from_its_json_copy_with_the_same_campaign(folder: Path, monkeypatch):
    campaign, _ = read_snapshot(folder)  # the sample has no copy yet: its TOML is parsed
    write_snapshot(folder, campaign, 0)
    toml = tomllib.loads((folder / STATE_FILE).read_text(encoding="utf-8"))
    assert json.loads((folder / FAST_FILE).read_text(encoding="utf-8"))["data"] == toml
    parsed = no_toml(monkeypatch)
    assert read_snapshot(folder) == (campaign, 0)
    assert parsed == []


def test_a_hand_edit_of_the_toml_is_what_opens(folder: Path, monkeypatch):
    campaign, _ = read_snapshot(folder)
    write_snapshot(folder, campaign, 0)
    file = folder / STATE_FILE
    file.write_text(file.read_text(encoding="utf-8").replace(f'name = "{campaign.name}"', 'name = "Edited"', 1))
    parsed = no_toml(monkeypatch)
    assert read_snapshot(folder)[0] == evolve(campaign, name="Edited")
    assert parsed == [file]


@pytest.mark.parametrize("copy", [b"", b"{", b'{"toml": "0", "data": {}}', b"[]", b'{"toml": 1}'])
def test_a_torn_or_stale_copy_is_never_used(folder: Path, copy: bytes):
    campaign, _ = read_snapshot(folder)
    write_snapshot(folder, campaign, 0)
    (folder / FAST_FILE).write_bytes(copy)
    assert read_snapshot(folder) == (campaign, 0)


def test_an_opened_campaign_reopens_from_the_copy_with_its_journal(tmp_path: Path, monkeypatch):
    folder = tmp_path / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    opened = open_campaign(folder, seed=1, snapshot_every=2)
    for _ in range(3):  # a snapshot after two, one record past it
        run_line(opened.session, "heal Ayla 1")
        opened.after_command()
    opened.flush()
    state = opened.session.state
    opened._writer.close()  # a crash: no snapshot on closing, the journal replays the third
    opened._lock.release()
    parsed = no_toml(monkeypatch)
    session, records, _, replayed = load_session(folder)
    assert session.state == state and (records, replayed) == (3, 1)
    assert parsed == []
