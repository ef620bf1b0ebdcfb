"""The `campaign.toml` parsed, with the place of what is wrong when it cannot be: a GM edits it
by hand, so a bad byte, a TOML mistake, a number of thousands of digits or arrays nested past the
parser's depth is a message naming the line, never a traceback."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from combat_tui.storage.errors import CampaignError

_LONG_NUMBER = re.compile(r"\d{4000,}")


def parse_toml(raw: bytes, file: Path) -> dict:
    try:
        text = raw.decode("utf-8-sig")  # an editor's byte order mark is not an error
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise CampaignError(file, f"not valid UTF-8 ({error.reason})", f"line {line}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message, _, where = str(error).partition(" (at ")
        raise CampaignError(file, f"not valid TOML: {message}", where.rstrip(")")) from None
    except RecursionError:
        raise CampaignError(file, "not valid TOML: it is nested too deeply", _line_of_deep_nesting(text)) from None
    except ValueError as error:  # an integer of thousands of digits
        raise CampaignError(file, f"not valid TOML: {error}", _line_of_long_number(text)) from None


def _line_of_long_number(text: str) -> str:
    found = _LONG_NUMBER.search(text)
    return f"line {text.count(chr(10), 0, found.start()) + 1}" if found else ""


def _line_of_deep_nesting(text: str, limit: int = 100) -> str:
    """The line where arrays and inline tables first nest past `limit` (brackets inside strings
    count too: this only points the GM at the place, the parser already refused the file)."""
    depth = 0
    for number, line in enumerate(text.splitlines(), start=1):
        for char in line:
            depth += 1 if char in "[{" else -1 if char in "]}" else 0
            if depth > limit:
                return f"line {number}"
    return ""
