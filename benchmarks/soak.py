"""RSS of the app over a long fight: Next turn pressed at a GM's pace for many minutes.

    python benchmarks/soak.py [--minutes 30] [--size 2000] [--rate 2]

The app runs as a GM runs it (`python -m combat_tui FOLDER` in a pseudo-terminal, journal and
snapshots on) on a fight of `--size` combatants; `--rate` keys a second are sent (Next turn) and
the RSS is printed each minute, beside the keys so far. The history is capped, so after the
first few hundred keys the RSS should stay flat: a rise that keeps going is a leak.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
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
    args = parser.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    compileall.compile_dir(ROOT / "combat_tui", quiet=1)
    from large import running_fight

    from combat_tui.storage import write_snapshot

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name) / "fight"
        folder.mkdir()
        write_snapshot(folder, running_fight(args.size), 0)
        term = Term([sys.executable, "-m", "combat_tui", str(folder), "--seed", "1"], env={"PYTHONPATH": str(ROOT)}, cwd=ROOT)
        term.read_until_showing(("Round 1",), timeout=60)
        start = time.monotonic()
        print(f"soak: {args.size} combatants, Next turn {args.rate:g} a second for {args.minutes:g} minutes")
        print(f"{'minute':>6} {'keys':>7} {'RSS MiB':>8}")
        print(f"{0:6} {0:7} {term.rss_mib():8.1f}")
        keys, minute = 0, 1
        while time.monotonic() - start < args.minutes * 60:
            term.send(b"n")
            keys += 1
            term.read(1 / args.rate)
            term.chunks.clear()  # what the screen showed is not kept: a long run would fill memory
            if time.monotonic() - start >= minute * 60:
                print(f"{minute:6} {keys:7} {term.rss_mib():8.1f}", flush=True)
                minute += 1
        term.close()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
