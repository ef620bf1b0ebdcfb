"""kill -9 of the app's write path at random moments: a child opens the campaign with
`open_campaign` and executes commands in a loop (a snapshot every 5 commands in the background),
and is killed; then the folder must open, hold a true prefix of what was done, and have lost
nothing the child had finished. The same folder is used by every run, so each run also opens
what the last kill left (a torn tail, a half-written snapshot)."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.storage import load_session, read_snapshot, sample_dir
from combat_tui.storage.folder import replay
from combat_tui.storage.journal import read_journal

pytestmark = pytest.mark.slow

CHILD = Path(__file__).with_name("kill_child.py")


def read_until(server: subprocess.Popen, wanted: str, progress: dict) -> int:
    """Read the server's and the child's lines up to the `wanted` one; its number."""
    while True:
        line = server.stdout.readline()
        assert line, "the server died"
        word, _, rest = line.strip().partition(" ")
        assert word != "error", rest
        if word == wanted:
            return int(rest)
        if word in ("done", "open"):
            progress[word] = int(rest)


def test_kill_9_of_the_app_write_path_opens_every_time_as_a_true_prefix(tmp_path: Path, kill_runs: int):
    folder = tmp_path / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    reference = Session(read_snapshot(folder)[0], dice=Dice(1))  # replays every record ever kept
    kept: list[str] = []  # the journal's lines so far, each run must keep them as they are
    server = subprocess.Popen([sys.executable, str(CHILD)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    rng = random.Random(14)
    figures = {"runs": 0, "opened": 0, "prefix": 0, "lost": 0, "torn": 0, "tmp": 0, "records": 0}
    started = time.monotonic()
    try:
        for _ in range(kill_runs):
            server.stdin.write(f"{folder}\n")
            server.stdin.flush()
            progress = {"done": 0, "open": None}
            pid = read_until(server, "pid", progress)
            time.sleep(rng.uniform(0, 0.12))
            os.kill(pid, signal.SIGKILL)
            server.stdin.write("killed\n")
            server.stdin.flush()
            read_until(server, "exit", progress)
            done, opened_at = progress["done"], progress["open"]
            figures["runs"] += 1
            assert opened_at in (None, len(kept)), "the child opened with records lost or added"
            raw = (folder / "travelogue.jsonl").read_bytes() if (folder / "travelogue.jsonl").exists() else b""
            journal = read_journal(folder / "travelogue.jsonl")
            figures["torn"] += journal.length < len(raw)
            figures["tmp"] += any(p.name.endswith(".tmp") for p in folder.iterdir())
            session, records, _, _ = load_session(folder)  # opens (reading changes nothing)
            figures["opened"] += 1
            lines = raw[: journal.length].decode().splitlines()
            assert lines[: len(kept)] == kept, "a record kept before was changed"
            assert records >= done, f"the child finished {done} records, {records} are on disk"
            figures["lost"] += max(0, done - records)
            assert records <= max(done, len(kept)) + 1, "more records than commands run"
            for data in journal.records[len(kept) :]:
                replay(reference, data)
            assert session.state == reference.state and session.log == reference.log
            figures["prefix"] += 1
            kept = lines
        figures["records"] = len(kept)
    finally:
        server.stdin.close()
        server.wait(timeout=30)
    figures["seconds"] = round(time.monotonic() - started, 1)
    print("\nkill -9 of the app write path:", json.dumps(figures))
    assert figures["opened"] == figures["prefix"] == kill_runs and figures["lost"] == 0
