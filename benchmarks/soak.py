"""RSS of the app over a long fight: Next turn pressed at a GM's pace for many minutes.

    python benchmarks/soak.py [--minutes 30] [--size 2000] [--rate 2] [--probe] [--collect] [--trace FRAMES]

The app runs as a GM runs it (`python -m combat_tui FOLDER` in a pseudo-terminal, journal and
snapshots on) on a fight of `--size` combatants; `--rate` keys a second are sent (Next turn) and
the RSS is printed each minute, beside the keys so far. The history is capped, so after the
first few hundred keys the RSS should stay flat: a rise that keeps going is a leak.

`--probe` runs the app under `_soak_probe.py` and prints, each minute, where the RSS is: pymalloc's
arenas beside the blocks alive in them (the rest is free space an arena cannot give back while one
block in it lives), glibc's heap, and the objects in GC generation 2 (after start-up automatic
collection is off, so cyclic garbage waits there for a pause of the GM); `--collect` has the
probe run a full collection first, as such a pause would, to tell garbage from what lives.
`--trace FRAMES` adds tracemalloc (which costs RSS and time: read its RSS as relative) and prints
the biggest growth between the last two minutes, by the line that allocated it.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import signal
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(HERE), str(ROOT)]

from _term import Term  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--size", type=int, default=2000)
    parser.add_argument("--rate", type=float, default=2.0, help="keys a second")
    parser.add_argument("--probe", action="store_true", help="print where the RSS is, each minute")
    parser.add_argument("--collect", action="store_true",
                        help="with --probe: a full collection before each minute's figures (as a GM's pause runs)")
    parser.add_argument("--trace", type=int, default=0, metavar="FRAMES", help="tracemalloc with this many frames")
    args = parser.parse_args()
    args.probe = args.probe or args.trace > 0 or args.collect
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    compileall.compile_dir(ROOT / "combat_tui", quiet=1)
    from large import running_fight

    from combat_tui.storage import write_snapshot

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name) / "fight"
        folder.mkdir()
        write_snapshot(folder, running_fight(args.size), 0)
        probe = Path(name) / "probe.jsonl"
        argv = [sys.executable, "-m", "combat_tui"]
        env = {"PYTHONPATH": str(ROOT)}
        if args.probe:
            argv = [sys.executable, str(HERE / "_soak_probe.py"), str(probe)]
        if args.trace:
            env["PYTHONTRACEMALLOC"] = str(args.trace)
        if args.collect:
            env["SOAK_PROBE_COLLECT"] = "1"
        term = Term(argv + [str(folder), "--seed", "1"], env=env, cwd=ROOT)
        term.read_until_showing(("Round 1",), timeout=60)
        start = time.monotonic()
        print(f"soak: {args.size} combatants, Next turn {args.rate:g} a second for {args.minutes:g} minutes")
        header = f"{'minute':>6} {'keys':>7} {'RSS MiB':>8}"
        print(header + (PROBE_HEADER if args.probe else ""))
        report = (lambda: _report(term, probe)) if args.probe else (lambda: "")
        print(f"{0:6} {0:7} {term.rss_mib():8.1f}" + report(), flush=True)
        keys, minute = 0, 1
        while time.monotonic() - start < args.minutes * 60:
            term.send(b"n")
            keys += 1
            term.read(1 / args.rate)
            term.chunks.clear()  # what the screen showed is not kept: a long run would fill memory
            if time.monotonic() - start >= minute * 60:
                print(f"{minute:6} {keys:7} {term.rss_mib():8.1f}" + report(), flush=True)
                minute += 1
        if args.trace and minute > 2:
            _diff(probe, minute)
        term.close()
        shutil.rmtree(folder, ignore_errors=True)


PROBE_HEADER = f" {'arenas':>7} {'blocks':>7} {'glibc':>7} {'gen2 objs':>10} {'styles':>7} {'traced':>7} {'garbage':>8}"
"""The probe's columns, in MiB but for the counts: pymalloc's arenas and the blocks alive in them,
glibc's heap (in use), the objects GC generation 2 tracks, the styles Textual keeps escape codes
for, tracemalloc's traced bytes, and with --collect the objects the collection found."""


def _report(term: Term, probe: Path) -> str:
    """Signal the app's probe and read the line it writes."""
    seen = len(probe.read_text().splitlines()) if probe.exists() else 0
    os.kill(term.process.pid, signal.SIGUSR1)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        term.read(0.05)
        term.chunks.clear()
        lines = probe.read_text().splitlines() if probe.exists() else []
        if len(lines) > seen:
            r = json.loads(lines[-1])
            traced = f"{r['traced_mib']:7.1f}" if "traced_mib" in r else f"{'':7}"
            garbage = f"{r['garbage']:8}" if r.get("garbage") is not None else ""
            return (f" {r.get('arenas_mib', 0):7.1f} {r.get('blocks_mib', 0):7.1f} {r.get('heap_used_mib', 0):7.1f}"
                    f" {r['gen2_objects']:10} {r.get('ansi_styles', 0):7} {traced} {garbage}")
    return " (no answer from the probe)"


def _diff(probe: Path, minute: int, top: int = 25) -> None:
    """The growth between the last two minutes' snapshots, by the line that allocated it."""
    import tracemalloc

    first, last = minute - 1, minute  # the probe numbers its snapshots from 1 (minute 0)
    old = tracemalloc.Snapshot.load(f"{probe}.{first}.snap")
    new = tracemalloc.Snapshot.load(f"{probe}.{last}.snap")
    print(f"\ntracemalloc: growth from minute {first - 1} to minute {last - 1}, by line")
    stats = new.compare_to(old, "lineno")
    print(f"  total {sum(s.size_diff for s in stats) / 1024:+.1f} KiB")
    for stat in stats[:top]:
        print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks  {stat.traceback[0]}")
    print("\nby traceback, the first five")
    for stat in new.compare_to(old, "traceback")[:5]:
        print(f"  {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} blocks")
        for line in stat.traceback.format()[-12:]:
            print("    " + line)


if __name__ == "__main__":
    main()
