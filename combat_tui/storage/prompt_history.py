"""The `:` prompt's earlier lines, kept across restarts in the config folder.

One text file, a line per command, oldest first, the last `KEEP` only. It is a convenience, not
play: a file that cannot be read or holds what is not text is passed over (the prompt starts
empty), and one that cannot be written leaves the lines of this run in memory only.
"""

from __future__ import annotations

import os
from pathlib import Path

from combat_tui.core.text import MAX_LINE, bad_character
from combat_tui.storage.files import remove_quietly
from combat_tui.storage.locations import config_dir

KEEP = 500
FILE_NAME = "prompt-history.txt"
MAX_BYTES = KEEP * (MAX_LINE + 1) * 4
"""A larger file is not ours to read (a stray file of that name)."""


def history_file() -> Path:
    """`prompt-history.txt` in the config folder (`$COMBAT_TUI_HOME`, else
    `$XDG_CONFIG_HOME/combat-tui`), beside the keymap."""
    return config_dir() / FILE_NAME


def read_history(path: Path | None = None) -> list[str]:
    """The kept lines, oldest first; [] when the file is missing, unreadable or not text."""
    path = path or history_file()
    try:
        if path.stat().st_size > MAX_BYTES:
            return []
        text = path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    lines = [line.strip() for line in text.split("\n")]
    return [line for line in lines if line and len(line) <= MAX_LINE and bad_character(line) is None][-KEEP:]


def write_history(lines: list[str], path: Path | None = None) -> bool:
    """Replace the file with the last `KEEP` lines, atomically (a temporary file renamed over
    it, so a crash leaves the old file or the new one); False when it cannot be written.

    Not fsynced: losing the last line or two to a power cut costs a retype, and an fsync would
    sit on the key that ran the command."""
    path = path or history_file()
    text = "".join(line + "\n" for line in lines[-KEEP:] if "\n" not in line)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")  # two apps at once never share one
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError:
        remove_quietly(tmp)
        return False
    return True
