"""Script mode: run a file of text commands headless, printing the travelogue lines they write.

Errors go to stderr with the line number and stop the script with exit status 2. Nothing is
saved unless `--save`, and then only when every line ran: a script is all or nothing. It runs in
memory, then its records reach the journal in one write and one fsync, as a group the reader
drops whole if a crash cuts it short; the snapshot is written only after that, so a kill at any
moment leaves the campaign without the script or with all of it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.core.session import JournalRecord
from combat_tui.library.sharing import is_file_verb, run_file_verb
from combat_tui.storage import CampaignError, load_session, open_campaign


def run_script(
    campaign: Path, file: Path, *, seed: int | None = None, save: bool = False,
    out: TextIO | None = None, err: TextIO | None = None,
) -> int:  # fmt: skip
    out, err = out or sys.stdout, err or sys.stderr
    try:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"combat-tui: {file}: cannot be read ({error})", file=err)
        return 2
    opened = open_campaign(campaign, seed=seed) if save else None
    session = opened.session if opened else load_session(campaign, seed)[0]
    captured: list[JournalRecord] = []
    session.journal = captured.append if opened else None  # without --save nothing is written
    status = 0
    try:
        status = _run_lines(session, text, file, out, err)
        if opened and status == 0 and captured:
            opened.append_all(captured)
    except CampaignError as error:
        print(f"combat-tui: {error}", file=err)
        status = 1
    finally:
        if opened:
            problem = opened.close()
            if problem:
                print(f"combat-tui: {problem}", file=err)
    return status


def _run_lines(session, text: str, file: Path, out: TextIO, err: TextIO) -> int:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            result = run_file_verb(session, line) if is_file_verb(line) else run_line(session, line)
        except CommandRejected as error:
            # a pasted megabyte stays off the screen
            shown = line.strip() if len(line.strip()) <= 120 else line.strip()[:117] + "..."
            print(f"{file}:{number}: {shown}: {error}", file=err)
            return 2
        if result.lines:  # one write per line of the script, as print would write them
            out.write("\n".join(result.lines) + "\n")
        if result.verb in ("show", "export"):
            print(result.output, file=out)
    return 0


__all__ = ["CampaignError", "run_script"]
