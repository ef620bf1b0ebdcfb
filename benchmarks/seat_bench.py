"""From a GM change to every seat's receipt, and the seat's repaint, with four seats.

    python benchmarks/seat_bench.py [CHANGES]

The GM side (a session on the sample fight and a SeatServer on a socket in a temporary folder)
runs here; each of four seats is its own process (three bound, one watching) that stamps each
view line with the monotonic clock (shared by the processes) as it reads and decodes it. A change is
one command executed, then `publish`. Then the repaint: a headless SeatApp is fed the messages
a seat received and the time from the message to the end of the next screen update is taken.
Prints the median and p99 of both, and the bytes each seat receives per change.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SEAT = """
import asyncio, json, sys, time
from pathlib import Path
from combat_tui.seats.client import SeatClient
out = []
def got(message):
    out.append((time.monotonic(), message.get("t"), len(json.dumps(message, ensure_ascii=False)) + 1, message))
    if message.get("t") == "bye":
        Path(sys.argv[3]).write_text(json.dumps(out))
        raise SystemExit
client = SeatClient(Path(sys.argv[1]), sys.argv[2] or None, got)
try:
    asyncio.run(client.run())
except SystemExit:
    pass
"""


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def _commands(session, count: int) -> list[str]:
    """Alternate damage and healing on the party and the foes: every seat sees something change."""
    from combat_tui.systems.dnd5e.labels import labels

    names = labels(session.state)
    refs = [c.ref for c in session.state.fight.combatants]
    lines = []
    for index in range(count):
        name = names[refs[index % len(refs)]]
        lines.append(f'damage "{name}" 1' if index % 2 == 0 else f'heal "{name}" 1')
    return lines


async def _gm(folder: Path, changes: int) -> tuple[list[float], list]:
    from combat_tui.core.runner import run_line
    from combat_tui.seats.server import SeatServer
    from combat_tui.storage import open_campaign
    from combat_tui.systems.dnd5e import commands as cmd

    opened = open_campaign(folder, seed=1)
    session = opened.session
    session.execute(cmd.StartFight())
    server = SeatServer(folder, lambda: session, lambda line, seat: None)
    await server.start()
    seats = [("Ser Aldric", "a"), ("Mirelle", "b"), ("Bren", "c"), ("", "watch")]
    procs = [subprocess.Popen([sys.executable, "-c", SEAT, str(folder), who, str(folder / f"{tag}.json")], cwd=ROOT)
             for who, tag in seats]  # fmt: skip
    while len(server.seats) < len(seats):
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.3)
    stamps = []
    for line in _commands(session, changes):
        run_line(session, line)
        stamps.append(time.monotonic())
        server.publish()
        await asyncio.sleep(0.03)  # a GM's pace: the seats are idle when the next change comes
    await asyncio.sleep(0.3)
    server.stop()
    for proc in procs:
        proc.wait(timeout=10)
    opened.close()
    results = [json.loads((folder / f"{tag}.json").read_text()) for _, tag in seats]
    return stamps, list(zip([who or "(watch)" for who, _ in seats], results, strict=True))


async def _repaint(messages: list[dict]) -> list[float]:
    from combat_tui.seats.app import SeatApp

    app = SeatApp(Path("/nowhere"), "Mirelle", connect=False)
    times = []
    async with app.run_test(size=(120, 40)) as pilot:
        app.receive(messages[0])
        await pilot.pause()
        for message in messages[1:]:
            painted = asyncio.Event()
            start = time.perf_counter()
            app.receive(message)
            app.call_after_refresh(painted.set)  # runs once the screen update after the paint is done
            await painted.wait()
            times.append(time.perf_counter() - start)
            await asyncio.sleep(0.005)
    return times


def main() -> None:
    changes = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    from combat_tui.storage import read_snapshot, sample_dir, write_snapshot

    with tempfile.TemporaryDirectory(prefix="seat") as tmp:
        folder = Path(tmp) / "c"
        folder.mkdir()
        campaign, _ = read_snapshot(sample_dir() / "goblin-ambush")
        write_snapshot(folder, campaign, 0)
        stamps, results = asyncio.run(_gm(folder, changes))
    print(f"{changes} changes, 4 seats (3 bound, 1 watching), sample fight")
    worst = []
    for who, received in results:
        views = [row for row in received if row[1] == "view"][1:]  # the first is the welcome view
        sizes = [row[2] for row in views]
        lag = [(row[0] - stamp) * 1000 for row, stamp in zip(views, stamps, strict=False)]
        worst.append(lag)
        print(f"  {who:12} {len(views):4} views  receipt median {statistics.median(lag):5.2f} ms  "
              f"p99 {_percentile(lag, 0.99):5.2f} ms  bytes/change median {statistics.median(sizes):5.0f} "
              f"max {max(sizes)}")  # fmt: skip
    every = [max(column) for column in zip(*worst, strict=False)]
    print(f"  every seat has it: median {statistics.median(every):.2f} ms, p99 {_percentile(every, 0.99):.2f} ms")
    seat_messages = [row[3] for row in results[1][1] if row[1] == "view"]
    paint = [t * 1000 for t in asyncio.run(_repaint(seat_messages))]
    print(
        f"  repaint (headless SeatApp, message to next screen update): median {statistics.median(paint):.2f} ms, "
        f"p99 {_percentile(paint, 0.99):.2f} ms"
    )


if __name__ == "__main__":
    main()
