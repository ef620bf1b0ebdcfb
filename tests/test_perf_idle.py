"""Work kept off the keys (issue 17): the snapshot waits for the GM to pause, and garbage is
collected then, with automatic collection off during play. Counted and checked, never timed."""

from __future__ import annotations

import gc
import shutil
from pathlib import Path
from time import monotonic

import pytest

from combat_tui.app import CombatApp
from combat_tui.core.runner import run_line
from combat_tui.storage import open_campaign, read_snapshot, sample_dir
from combat_tui.storage.folder import DEFER_LIMIT
from tests.screens.helpers import warmed


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", target)
    return target


def heal(opened, times: int) -> None:
    for _ in range(times):
        run_line(opened.session, "heal Ayla 1")
        opened.after_command()


def test_a_deferred_snapshot_waits_for_the_pause(folder: Path):
    opened = open_campaign(folder, seed=1, snapshot_every=3)
    opened.defer_snapshots = True
    try:
        heal(opened, 5)  # due after 3, but the GM is still typing
        opened.flush()
        assert read_snapshot(folder)[1] == 0
        opened.idle()
        opened.flush()
        assert read_snapshot(folder)[1] == 5
        opened.idle()  # nothing new is due
        opened.flush()
        assert read_snapshot(folder)[1] == 5
    finally:
        opened.close()


def test_a_gm_who_never_pauses_still_gets_a_snapshot(folder: Path):
    opened = open_campaign(folder, seed=1, snapshot_every=2)
    opened.defer_snapshots = True
    try:
        heal(opened, 2 * DEFER_LIMIT)
        opened.flush()
        assert read_snapshot(folder)[1] == 2 * DEFER_LIMIT
    finally:
        opened.close()


async def test_play_runs_without_automatic_collection_and_the_pause_collects(folder: Path, monkeypatch):
    gc.unfreeze()
    try:
        app = CombatApp(folder, seed=1)
        async with app.run_test(size=(100, 30)) as pilot:
            await warmed(pilot)
            assert app._warmed and not gc.isenabled() and gc.get_freeze_count() > 0
            assert app.opened.defer_snapshots
            pauses, collections = [], []
            monkeypatch.setattr(app.opened, "idle", lambda: pauses.append(1))
            monkeypatch.setattr(gc, "collect", lambda generation=2: collections.append(generation))
            app._last_input = monotonic()  # the GM has just typed: nothing runs
            app._idle_tick()
            assert pauses == [] and collections == []
            app._last_input -= 5  # five seconds without a key
            app._idle_tick()
            app._idle_tick()  # one collection a pause
            assert len(pauses) == 2 and collections == [2]
            monkeypatch.undo()
            await pilot.press("q")
        assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()


async def test_a_gap_between_steady_keys_collects_once_enough_garbage_is_young(folder: Path, monkeypatch):
    """A GM pressing Next turn every half second never pauses a whole second: the gap between two
    keys collects, but only once enough young objects wait, and never right after a key."""
    gc.unfreeze()
    try:
        app = CombatApp(folder, seed=1)
        async with app.run_test(size=(100, 30)) as pilot:
            await warmed(pilot)
            monkeypatch.setattr(app.opened, "idle", lambda: None)
            collections, young = [], [0]
            monkeypatch.setattr(gc, "collect", lambda generation=2: collections.append(generation))
            monkeypatch.setattr(gc, "get_count", lambda: (young[0], 0, 0))
            app._last_input = monotonic() - 0.6  # half a second after a key
            young[0] = 2_000  # a few keys' worth
            app._idle_tick()
            assert collections == []
            young[0] = 20_000
            app._idle_tick()
            assert collections == [2]
            app._last_input = monotonic()  # a key has just come: the collection waits for the gap
            app._idle_tick()
            assert collections == [2]
            young[0] = 60_000  # a long script of seat lines: the young are collected even so
            app._idle_tick()
            assert collections == [2, 1]
            monkeypatch.undo()
            await pilot.press("q")
    finally:
        gc.enable()
        gc.unfreeze()
