"""The creature library's speed in a real terminal (a pty), beside a bare Textual app doing the same.

    python benchmarks/library_bench.py [--runs 5]

Prints, as medians over the runs (each run a fresh process on the sample campaign):
(a) `l` to the library on screen (its first whole frame) and to the last write it caused (a
    second, smaller frame follows the first), the first time (imports, the SRD index, the
    stylesheet) and the second time (after F10 closed it);
(b) "owlbear" sent as one burst (a fast typist): from the first key to the frame that shows
    Owlbear highlighted; and typed at 150 ms a key: each key to its frame (median / max);
(c) the same two figures for a bare Textual app: an Input over an OptionList of the SRD's names,
    refilled per key with the same `search` (the yardstick);
(d) the pure `search` over the SRD index for each prefix of "owlbear", and the first
    `srd_entries()` of a process.

Every terminal write is stamped inside the app with the monotonic clock the bench shares, and
the library marks the moment its list first shows Owlbear highlighted (DESIGN.md §6: pilot
keys measure nothing).
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
COLS, ROWS = 120, 40
F10 = b"\x1b[21~"
WORD = "owlbear"
writes: list[tuple[float, int]] = []
marks: dict[str, float] = {}

# -- the app side --------------------------------------------------------------------------------


def timed(base):
    """`base` with every terminal write stamped."""

    class Timed(base):
        def on_mount(self) -> None:
            original = self._driver.write

            def write(data: str) -> None:
                original(data)
                writes.append((time.monotonic(), len(data.encode("utf-8"))))

            self._driver.write = write

    return Timed


def mark_owlbear(query, entry) -> None:
    if query == WORD and entry is not None and entry.name == "Owlbear" and "owlbear" not in marks:
        marks["owlbear"] = time.monotonic()


def child(mode: str, out: Path) -> None:
    from textual.widgets import Input

    Input.cursor_blink = False  # a blink is a write every half second: it would look like a slow frame
    if mode == "bare":
        app = timed(bare_app())()
    else:
        from combat_tui.app import CombatApp
        from combat_tui.core.dice import Dice
        from combat_tui.core.session import Session
        from combat_tui.library.goblin_ambush import goblin_ambush
        from combat_tui.screens.dnd5e import library

        shown = library.LibraryScreen._filter

        def filtered(screen) -> None:
            shown(screen)
            mark_owlbear(screen.query_one("#library-search").value, screen.highlighted_entry)

        library.LibraryScreen._filter = filtered
        app = timed(CombatApp)(session=Session(goblin_ambush(), dice=Dice(1)))
    app.run(mouse=False)
    out.write_text(json.dumps({"writes": writes, **marks}))


def bare_app():
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Input, OptionList

    from combat_tui.library.srd import search, srd_entries

    class Bare(App):
        BINDINGS = [Binding("down", "down"), Binding("f10", "quit")]

        def compose(self):
            yield Input(id="q")
            yield OptionList(id="list")

        def on_mount(self) -> None:
            self.entries = srd_entries()
            self.query_one(OptionList).add_options([e.name for e in self.entries])

        def on_input_changed(self, event: Input.Changed) -> None:
            found = search(self.entries, event.value) if event.value else list(self.entries)
            listing = self.query_one(OptionList)
            listing.set_options([e.name for e in found])
            listing.highlighted = 0 if found else None
            mark_owlbear(event.value, found[0] if found else None)

    return Bare


# -- the bench side ------------------------------------------------------------------------------


def spawn(mode: str, out: Path) -> tuple[subprocess.Popen, int]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(COLS), "LINES": str(ROWS)}
    process = subprocess.Popen([sys.executable, __file__, "--child", mode, str(out)], stdin=slave, stdout=slave,
                               stderr=subprocess.DEVNULL, env=env, start_new_session=True)  # fmt: skip
    os.close(slave)
    return process, master


def drain(master: int, seconds: float) -> None:
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([master], [], [], left)
        if ready:
            try:
                os.read(master, 65536)
            except OSError:
                return


def send(master: int, data: bytes, wait: float) -> float:
    at = time.monotonic()
    os.write(master, data)
    drain(master, wait)
    return at


def last_write(data: dict, start: float, end: float) -> float:
    inside = [t for t, _ in data["writes"] if start <= t < end]
    return (inside[-1] - start) * 1000 if inside else float("nan")


def first_frame(data: dict, start: float, end: float) -> float:
    """To the first write of a whole screen (over 8 KB at 120x40): the library is up."""
    inside = [t for t, n in data["writes"] if start <= t < end and n > 8000]
    return (inside[0] - start) * 1000 if inside else float("nan")


def run(mode: str) -> dict[str, float | list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.json"
        process, master = spawn(mode, out)
        drain(master, 4.0)
        times: dict[str, float] = {}
        if mode == "app":
            times["open1"] = send(master, b"l", 1.5)
            times["close1"] = send(master, F10, 0.5)
            times["open2"] = send(master, b"l", 1.0)
        times["burst"] = send(master, WORD.encode(), 1.0)
        times["clear"] = send(master, b"\x15", 0.5)  # ctrl+u empties the field
        keys = [send(master, key.encode(), 0.15) for key in WORD]
        times["quit"] = send(master, b"\x11", 0.0)  # ctrl+q
        end = time.monotonic() + 20
        while process.poll() is None and time.monotonic() < end:
            drain(master, 0.05)
        if process.poll() is None:
            process.kill()
        os.close(master)
        data = json.loads(out.read_text())
    result: dict[str, float | list[float]] = {}
    if mode == "app":
        result["open1"] = first_frame(data, times["open1"], times["close1"])
        result["open1_settled"] = last_write(data, times["open1"], times["close1"])
        result["open2"] = first_frame(data, times["open2"], times["burst"])
        result["open2_settled"] = last_write(data, times["open2"], times["burst"])
    shown = [t for t, _ in data["writes"] if t >= data.get("owlbear", float("inf"))]
    result["burst"] = (shown[0] - times["burst"]) * 1000 if shown and shown[0] < times["clear"] else float("nan")
    bounds = keys + [times["quit"]]
    result["keys"] = [last_write(data, bounds[i], bounds[i + 1]) for i in range(len(keys))]
    return result


def pure_search() -> tuple[float, float, dict[str, float]]:
    """(first srd_entries() ms, a second call's ms, search ms per prefix of "owlbear")."""
    start = time.perf_counter()
    from combat_tui.library.srd import search, srd_entries

    entries = srd_entries()
    first = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    srd_entries()
    again = (time.perf_counter() - start) * 1000
    per = {}
    for end in range(1, len(WORD) + 1):
        query = WORD[:end]
        loops = 200
        start = time.perf_counter()
        for _ in range(loops):
            search(entries, query)
        per[query] = (time.perf_counter() - start) * 1000 / loops
    return first, again, per


def median(values: list[float]) -> float:
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    results = {mode: [run(mode) for _ in range(args.runs)] for mode in ("app", "bare")}
    app, bare = results["app"], results["bare"]
    print(f"creature library, {COLS}x{ROWS} pty, median of {args.runs} runs (ms)")
    for label, key in (("first open ", "open1"), ("second open", "open2")):
        print(f"(a) l to the library, {label}: on screen {median([r[key] for r in app]):6.1f}, "
              f"last write {median([r[key + '_settled'] for r in app]):6.1f}")  # fmt: skip
    for label, rows in (("the library", app), ("bare Textual app", bare)):
        keys = [k for r in rows for k in r["keys"]]
        print(f"(b/c) {label:17} 'owlbear' burst to Owlbear highlighted {median([r['burst'] for r in rows]):6.1f}   "
              f"one key to its frame: median {median(keys):5.1f}, max {max(keys):5.1f}")  # fmt: skip
    first, again, per = pure_search()
    print(f"(d) srd_entries(): first call {first:.1f} (the import and the index), then {again:.3f}")
    print("    search(srd_entries(), q): " + ", ".join(f"{q} {ms:.3f}" for q, ms in per.items()))


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[1] == "--child":
        child(sys.argv[2], Path(sys.argv[3]))
    else:
        main()
