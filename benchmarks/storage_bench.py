"""Saving and loading a large campaign: 500 creatures and a 20,000-line travelogue.

    python benchmarks/storage_bench.py [--creatures 500] [--lines 20000] [--repeat 5]

Prints the median of each step: the TOML snapshot write (atomic, fsynced), opening the folder
(snapshot + journal read and folded), and appending one journal record (fsynced).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from large import write_large_folder  # noqa: E402

from combat_tui.core.session import JournalRecord  # noqa: E402
from combat_tui.storage import load_session, open_campaign, write_snapshot  # noqa: E402
from combat_tui.systems.dnd5e.commands import NextTurn  # noqa: E402


def median_ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--creatures", type=int, default=500)
    parser.add_argument("--lines", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = write_large_folder(Path(tmp) / "large", args.creatures, args.lines)
        session, records, _, _ = load_session(folder)
        size = (folder / "campaign.toml").stat().st_size + (folder / "travelogue.jsonl").stat().st_size
        print(f"campaign: {args.creatures} creatures, {len(session.log)} log lines, {records} records, {size / 1e6:.1f} MB")
        print(f"save snapshot (TOML, atomic, fsync): {median_ms(lambda: write_snapshot(folder, session.state, records), args.repeat):7.1f} ms")
        print(f"load (snapshot + journal):            {median_ms(lambda: load_session(folder), args.repeat):7.1f} ms")
        opened = open_campaign(folder)
        record = JournalRecord("cmd", "next", (NextTurn(),), lines=("Ayla's turn.",))
        print(f"append one journal record (fsync):    {median_ms(lambda: opened.append(record), 50):7.2f} ms")
        opened.close()


if __name__ == "__main__":
    main()
