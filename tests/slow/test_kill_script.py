"""kill -9 of `combat-tui script --save` at random moments: the campaign must open every time,
either without the script or with all of it, never with part of it or with it twice. Half the
kills fall anywhere in the run, half within 30 ms of its journal growing, while the snapshot is
written and the folder closed. Two chains of runs go side by side, each on its own folder."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.storage import load_session, read_snapshot, sample_dir
from combat_tui.storage.folder import replay
from combat_tui.storage.journal import read_journal

pytestmark = pytest.mark.slow

LINES = ["damage 'Goblin Boss' 1", "heal 'Goblin Boss' 1", "damage Ayla 2", "heal Ayla 2"] * 15 + ["undo", "redo"]
"""A script that can run again and again: 62 records (the undo and redo with the whole campaign)."""
ENV = dict(os.environ)
"""The children's: compiled modules cached outside the source tree, so each run starts as fast
as an installed combat-tui (not recompiling every module where bytecode is not written)."""


def run_once(folder: Path, script: Path, kill_after: float | None, after_write: bool = False) -> str:
    """Run the script; kill it `kill_after` seconds in, or, `after_write`, that long after its
    journal grew (then the snapshot and the close are what the kill falls in)."""
    journal = folder / "travelogue.jsonl"
    size = journal.stat().st_size if journal.exists() else 0
    command = [sys.executable, "-m", "combat_tui", "script", str(folder), str(script), "--save"]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
    try:
        if kill_after is None:
            _, err = child.communicate()
            assert child.returncode == 0, err
            return "finished"
        if after_write:
            while child.poll() is None and (journal.stat().st_size if journal.exists() else 0) == size:
                time.sleep(0.0005)
        try:
            child.wait(timeout=kill_after)
            return "finished"
        except subprocess.TimeoutExpired:
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
            return "killed after the write" if after_write else "killed"
    finally:
        child.stderr.close()


def chain(folder: Path, script: Path, runs: int, seed: int, figures: dict, lock: threading.Lock) -> None:
    rng = random.Random(seed)
    reference = Session(read_snapshot(folder)[0], dice=Dice(0))
    run_once(folder, script, None)  # compiles what the next runs reuse
    started = time.monotonic()
    run_once(folder, script, None)  # how long a whole run takes here
    whole = time.monotonic() - started
    kept = read_journal(folder / "travelogue.jsonl").records
    for data in kept:
        replay(reference, data)
    for run in range(runs):
        late = run % 2 == 1
        kill_after = rng.uniform(0.0, 0.03) if late else rng.uniform(0.0, whole)
        outcome = run_once(folder, script, kill_after, after_write=late)
        path = folder / "travelogue.jsonl"
        raw = path.read_bytes()
        journal = read_journal(path)
        torn = journal.length < len(raw)
        leftover = any(p.name.endswith(".tmp") for p in folder.iterdir())
        session, records, _, _ = load_session(folder)
        added = records - len(kept)
        assert added in (0, len(LINES)), f"run {run}: {added} of the script's {len(LINES)} records were kept"
        assert journal.records[: len(kept)] == kept, "records kept before were changed"
        if added:
            assert journal.records[len(kept)]["group"] == len(LINES)
        for data in journal.records[len(kept) :]:
            replay(reference, data)
        assert session.state == reference.state and session.log == reference.log
        kept = journal.records
        with lock:
            figures["runs"] += 1
            figures["opened"] += 1
            figures["all" if added else "none"] += 1
            figures[outcome] += 1
            figures["torn group dropped"] += torn
            figures["tmp left"] += leftover


def test_kill_9_of_script_save_is_all_or_nothing(tmp_path: Path, kill_runs: int):
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ENV["PYTHONPYCACHEPREFIX"] = str(tmp_path / "pycache")
    script = tmp_path / "script.txt"
    script.write_text("\n".join(LINES) + "\n")
    names = ["runs", "opened", "all", "none", "killed", "killed after the write", "finished", "torn group dropped", "tmp left"]
    figures = dict.fromkeys(names, 0)
    lock = threading.Lock()
    threads, errors = [], []
    started = time.monotonic()
    for number, runs in enumerate((kill_runs - kill_runs // 2, kill_runs // 2)):
        folder = tmp_path / f"camp{number}"
        shutil.copytree(sample_dir() / "goblin-ambush", folder)

        def work(folder=folder, runs=runs, number=number) -> None:
            try:
                chain(folder, script, runs, 20 + number, figures, lock)
            except BaseException as error:  # reported by the test thread
                errors.append(error)

        threads.append(threading.Thread(target=work))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    figures["seconds"] = round(time.monotonic() - started, 1)
    print("\nkill -9 of script --save:", json.dumps(figures))
    if errors:
        raise errors[0]
    assert figures["opened"] == kill_runs and figures["all"] + figures["none"] == kill_runs
