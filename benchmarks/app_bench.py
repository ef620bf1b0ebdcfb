"""Start-up and key latency of the app in a real terminal, beside a bare Textual app.

    python benchmarks/app_bench.py [--quick] [--runs N] [--keys N] [--sizes 20,200,2000]

The terminal part of `table.py` (which prints every figure of issue 17): the real command in a
pty whose output is read and replayed on a terminal emulator, so a time is when the text was on
the screen; see table.py for what each figure is.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import table  # noqa: E402

if __name__ == "__main__":
    if not any(arg.startswith("--only") for arg in sys.argv[1:]):
        sys.argv[1:1] = ["--only", "startup,keys"]
    table.main()
