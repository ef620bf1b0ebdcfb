"""A session's snapshots, JSON and TOML, reuse the text of the records that did not change
(FastSnapshot, TomlSnapshot): each file is byte for byte what serializing the whole state writes,
a changed record is written anew, and only the last snapshot's records are kept."""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.library.space_bears import space_bears
from combat_tui.storage import fast_snapshot, open_campaign, toml_snapshot
from combat_tui.storage.converter import Records, campaign_skeleton
from combat_tui.storage.fast_snapshot import FAST_FILE, FastSnapshot, _body, digest
from combat_tui.storage.folder import BASE_FILE, STATE_FILE, snapshot_data, snapshot_text

LINES = [
    "setup", "start", "next", "prev", "attack Ayla 'Goblin 1' Rapier", "attack 'Goblin 2' Ayla Scimitar",
    "damage 'Goblin 2' 3", "heal 'Goblin 2' 1", "damage Ayla 40", "deathsave Ayla", "heal Ayla 5",
    "chip Ayla +Prone", "chip Ayla -Prone", "chip 'Goblin 1' +Poisoned 2", "spawn Wolf", "equip Ayla Shield",
    "unequip Ayla Shield", "undo", "undo", "redo", "end",
]  # fmt: skip
SPACE_BEARS = [
    "setup", "absent Katie", "unaware James", "chip Art +Shaken 1", "init Art 3", "group Art vanguard", "start",
    "teaminit 'The Space Bears' 1", "option odd_member rearguard", "env Fog -1 ranged", "join Katie",
    "declare Brandon grenade", "declare Art technique Shock on 'Space Bear 2'", "commit", "dice 5 6",
    "throw Brandon", "undo", "redo",
]  # fmt: skip


def _run(session: Session, line: str) -> None:
    try:
        run_line(session, line)
    except CommandRejected:
        pass  # a line that does not fit this state leaves it as it was


def _full(state, seq: int = 3) -> str:
    return _body("d1g3st", snapshot_data(state, seq))


def _same(fast: FastSnapshot, state) -> None:
    """Both texts of `state` by `fast` are those of the whole state serialized."""
    assert fast.body("d1g3st", state, 3) == _full(state)
    assert fast.toml.text(state, 3) == tomli_w.dumps(snapshot_data(state, 3))


def _records(state) -> list:
    """Every record in a tuple of records of `state`: what a snapshot keeps the text of."""
    found, todo = [], [campaign_skeleton(state)]
    while todo:
        value = todo.pop()
        if type(value) is Records:
            found.extend(value)
        elif isinstance(value, dict):
            todo.extend(value.values())
        elif isinstance(value, list):
            todo.extend(value)
    return found


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=30), st.integers(0, 2**16))
def test_every_snapshot_is_the_bytes_of_the_whole_state_serialized(lines: list[str], seed: int):
    session, fast = Session(goblin_ambush(), dice=Dice(seed)), FastSnapshot()
    _same(fast, session.state)
    for line in lines:
        _run(session, line)
        _same(fast, session.state)


def test_a_futurepath_fight_too():
    session, fast = Session(space_bears(), dice=Dice(1)), FastSnapshot()
    for line in SPACE_BEARS:
        _run(session, line)
        _same(fast, session.state)


def test_a_session_writes_the_whole_state_s_bytes_json_and_toml(folder: Path):
    """Through the snapshot thread: the JSON-only snapshots, the TOML ones (every TOML_EVERY) and
    the undo base (the state the campaign was opened at, on the first snapshot)."""
    opened = open_campaign(folder, seed=1, snapshot_every=1)
    opening, tomls = opened.session.state, 0
    try:
        for line in ["dice 15 12 10 8 11 9 14 13", *LINES, *LINES]:
            seq = opened.seq
            _run(opened.session, line)
            if opened.seq == seq:
                continue
            opened.after_command()
            opened.flush()
            toml = digest((folder / STATE_FILE).read_bytes())
            expected = _body(toml, snapshot_data(opened.session.state, opened.seq))
            assert (folder / FAST_FILE).read_text(encoding="utf-8") == expected
            toml = (folder / STATE_FILE).read_text(encoding="utf-8")
            if f"journal_seq = {opened.seq}\n" in toml:
                tomls += 1
                assert toml == snapshot_text(opened.session.state, opened.seq)
        assert (folder / BASE_FILE).read_text(encoding="utf-8") == snapshot_text(opening, 0)
    finally:
        opened.close()
    assert tomls >= 3


def test_only_the_records_a_command_made_are_serialized(monkeypatch):
    session, fast = Session(goblin_ambush(), dice=Dice(1)), FastSnapshot()
    for line in ("setup", "start"):
        _run(session, line)
    before = session.state
    fast.body("d1g3st", before, 3)
    fast.toml.text(before, 3)
    serialized, real = [], fast_snapshot.record_data
    counted = lambda record: serialized.append(record) or real(record)  # noqa: E731
    monkeypatch.setattr(fast_snapshot, "record_data", counted)
    monkeypatch.setattr(toml_snapshot, "record_data", counted)
    _run(session, "damage 'Goblin 2' 3")
    after = session.state
    body, toml = fast.body("d1g3st", after, 3), fast.toml.text(after, 3)
    kept = {id(record) for record in _records(before)}
    new = [record for record in _records(after) if id(record) not in kept]
    assert new and serialized == new + new  # the damaged goblin (and the fight's records it touched), once a form
    assert body == _full(after) != _full(before)
    assert toml == tomli_w.dumps(snapshot_data(after, 3)) != tomli_w.dumps(snapshot_data(before, 3))
    assert fast.body("d1g3st", after, 3) == body and fast.toml.text(after, 3) == toml
    assert len(serialized) == 2 * len(new)  # nothing new: nothing serialized again


def test_only_the_last_snapshot_s_records_are_kept():
    session, fast = Session(goblin_ambush(), dice=Dice(1), history_cap=1), FastSnapshot()
    _run(session, "damage 'Goblin 2' 3")
    fast.body("d1g3st", session.state, 3)
    fast.toml.text(session.state, 3)
    old = weakref.ref(session.state.creatures[1])
    for _ in range(50):
        _run(session, "damage 'Goblin 2' 1")
        _run(session, "heal 'Goblin 2' 1")
        fast.body("d1g3st", session.state, 3)
        fast.toml.text(session.state, 3)
        records = len({id(record) for record in _records(session.state)})
        assert len(fast._texts) == records and len(fast.toml._held) == records
    gc.collect()
    assert old() is None  # a goblin gone from the state (and the history) is not held by the cache
