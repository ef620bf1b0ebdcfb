"""The app as `python -m combat_tui ARGS`, with a probe the soak reads once a minute.

    python benchmarks/_soak_probe.py OUT ARGS...

On SIGUSR1 the app's main thread appends one JSON line to OUT: the RSS, the memory pymalloc
holds (its arenas) beside what lives in them, glibc's heap, the objects each GC generation
tracks, and with tracemalloc on (`PYTHONTRACEMALLOC=N`) the traced bytes and a snapshot file
(OUT.N.snap) that `soak.py --trace` diffs. Nothing is collected (the probe looks, it does not
change what the app keeps) unless SOAK_PROBE_COLLECT is set: then a full collection runs first,
as a pause of the GM would run it, and the line says how many objects it found.
"""

from __future__ import annotations

import ctypes
import gc
import json
import os
import re
import runpy
import signal
import sys
import tempfile
import tracemalloc
from pathlib import Path

OUT = Path(sys.argv.pop(1))
ARENA = 2**20
"""pymalloc's arena on a 64-bit build of Python 3.10 and later."""
_count = 0


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def _glibc() -> dict[str, float]:
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
        info = libc.mallinfo2()
    except (OSError, AttributeError):
        return {}
    mib = 2**20
    return {"heap_mib": (info.arena + info.hblkhd) / mib, "heap_used_mib": (info.uordblks + info.hblkhd) / mib}


def _pymalloc() -> dict[str, float]:
    """Parsed from sys._debugmallocstats, which writes to the C stderr (fd 2) only."""
    with tempfile.TemporaryFile() as out:
        saved = os.dup(2)
        try:
            os.dup2(out.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        out.seek(0)
        text = out.read().decode(errors="replace")
    arenas = re.search(r"# arenas allocated current\s*=\s*([\d,]+)", text)
    used = re.search(r"# bytes in allocated blocks\s*=\s*([\d,]+)", text)
    if not arenas or not used:
        return {}  # tracemalloc's hooks hide pymalloc
    return {"arenas_mib": int(arenas[1].replace(",", "")) * ARENA / 2**20, "blocks_mib": int(used[1].replace(",", "")) / 2**20}


def _ansi_styles() -> int:
    """The styles Textual's strips keep the escape codes of (an LRU of 16,384 Rich styles): one
    for each style told apart, and DataTable's mouse metadata tells every cell apart."""
    from textual.strip import Strip

    return Strip.render_ansi.cache_info().currsize


def _rss() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _probe(signum, frame) -> None:
    global _count
    _count += 1
    found = gc.collect() if os.environ.get("SOAK_PROBE_COLLECT") else None
    record = {"garbage": found, "rss_mib": _rss(), **_pymalloc(), **_glibc(), "gc_counts": gc.get_count(),
              "gen2_objects": len(gc.get_objects(2)), "ansi_styles": _ansi_styles()}
    if tracemalloc.is_tracing():
        record["traced_mib"] = tracemalloc.get_traced_memory()[0] / 2**20
        tracemalloc.take_snapshot().dump(f"{OUT}.{_count}.snap")
    with open(OUT, "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")


signal.signal(signal.SIGUSR1, _probe)
runpy.run_module("combat_tui", run_name="__main__", alter_sys=True)
