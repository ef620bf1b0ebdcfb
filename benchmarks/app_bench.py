"""Start-up and key latency of the app in a real terminal (a pty), beside a bare Textual app.

    python benchmarks/app_bench.py [--runs 5] [--keys 60] [--sizes 20,200,2000]

(a) process start to the first painted screen: a bare Textual app (the yardstick), the sample
    campaign, and a campaign of 500 creatures with a 20,000-line travelogue;
(b) a key press to the updated screen for Next turn and for Damage in fights of 20, 200 and 2,000
    combatants: median and 99th percentile, and the bytes written to the terminal per key.

Latency is timed by frame timestamps inside the app (every terminal write is stamped with the
monotonic clock the bench shares), from the moment the bench writes the key into the pty to the
last write of the frame it caused. DESIGN.md §6 says why the pilot cannot measure this.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
CHILD = HERE / "_app_child.py"
COLS, ROWS = 120, 40
KEYS = {"next": ["n"], "damage": ["d"]}
"""The keys of one measured action; see the combat screen's bindings."""
BEFORE = {"next": [], "damage": ["j"]}
"""Keys sent once before measuring: inspecting the next combatant makes it the Damage target."""


def spawn(args: list[str]) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(COLS), "LINES": str(ROWS)}
    child = subprocess.Popen(
        [sys.executable, str(CHILD), *args], stdin=slave, stdout=slave, stderr=subprocess.DEVNULL,
        env=env, start_new_session=True,
    )  # fmt: skip
    os.close(slave)
    return child, master


def drain(master: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([master], [], [], left)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                return


def finish(child: subprocess.Popen, master: int, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while child.poll() is None and time.monotonic() < end:
        drain(master, 0.05)
    if child.poll() is None:
        child.kill()
    os.close(master)


def startup(mode: str, arg: str, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            out = Path(tmp) / "out.json"
            start = time.time()
            child, master = spawn([mode, str(out), arg or "-", "--exit-after-paint"])
            finish(child, master)
            data = json.loads(out.read_text())
            times.append((data["first_paint_wall"] - start) * 1000)
    return times


def key_latency(size: int, action: str, keys: int) -> tuple[list[float], list[int]]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.json"
        child, master = spawn(["fight", str(out), str(size)])
        drain(master, 3.0 + size / 500)
        for key in BEFORE[action]:
            os.write(master, key.encode())
            drain(master, 0.5)
        sent = []
        for _ in range(keys):
            sent.append(time.monotonic())
            for key in KEYS[action]:
                os.write(master, key.encode())
            drain(master, 0.25)
        quit_at = time.monotonic()
        os.write(master, b"\x11")  # ctrl+q
        finish(child, master)
        writes = json.loads(out.read_text())["writes"]
    firsts, lasts, sizes, counts = [], [], [], []
    for index, at in enumerate(sent):
        until = sent[index + 1] if index + 1 < len(sent) else quit_at  # not the exit's writes
        frame = [(t, n) for t, n in writes if at <= t < until]
        if frame:
            firsts.append((frame[0][0] - at) * 1000)
            lasts.append((frame[-1][0] - at) * 1000)
            sizes.append(sum(n for _, n in frame))
            counts.append(len(frame))
    return firsts, lasts, sizes, counts


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--keys", type=int, default=60)
    parser.add_argument("--sizes", default="20,200,2000")
    args = parser.parse_args()
    from large import write_large_folder

    from combat_tui.storage import sample_dir

    with tempfile.TemporaryDirectory() as tmp:
        sample = Path(tmp) / "sample"
        shutil.copytree(sample_dir() / "goblin-ambush", sample)
        large = write_large_folder(Path(tmp) / "large", 500, 20_000)
        print(f"(a) process start to first painted screen, {COLS}x{ROWS} pty, median of {args.runs}")
        for label, mode, arg in (("bare Textual app", "bare", ""), ("sample campaign", "open", sample),
                                 ("500 creatures, 20,000-line log", "open", large)):  # fmt: skip
            times = startup(mode, str(arg), args.runs)
            print(f"    {label:32} {statistics.median(times):7.0f} ms  (min {min(times):.0f}, max {max(times):.0f})")
    print(f"(b) key to updated screen, {args.keys} keys each: median / p99 ms to the first frame and to the")
    print("    last write the key caused (animations included), median bytes and writes per key")
    for size in (int(s) for s in args.sizes.split(",")):
        for action in KEYS:
            firsts, lasts, sizes, counts = key_latency(size, action, args.keys)
            if not firsts:
                print(f"    {size:5} combatants, {action:7}: no frames seen")
                continue
            print(f"    {size:5} combatants, {action:7}: first {statistics.median(firsts):6.1f} / {p99(firsts):6.1f} ms, "
                  f"last {statistics.median(lasts):6.1f} / {p99(lasts):6.1f} ms, "
                  f"{statistics.median(sizes):6.0f} bytes in {statistics.median(counts):.0f} writes ({len(firsts)} keys)")  # fmt: skip

if __name__ == "__main__":
    main()
