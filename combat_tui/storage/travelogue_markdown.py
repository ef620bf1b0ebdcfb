"""The travelogue as a Markdown file a GM can share, and the JSON reader of the Improved Initiative
import: the files that leave or enter the app beside a campaign folder."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from combat_tui.storage.errors import CampaignError
from combat_tui.storage.exchange import read_limited, write_atomically

MAX_JSON_BYTES = 16 * 1024 * 1024
"""An Improved Initiative export of a big library is a few MB; more is not an export."""

# Round starts ("Round 2: Mirelle's turn.", "Round 3 starts.", "Surprise round (Round 0) ...") and turn
# starts ("Goblin 2's turn.", "Back to Ayla's turn (round 2).") as the systems' logs write them.
_ROUND = re.compile(r"^(?:Round \d+\b|Surprise round\b)")
_TURN = re.compile(r"^(?:Back to )?[^.]{1,80}'s turn(?: \(round \d+\))?\.$")
_BLOCK_START = re.compile(r"^(?:[#>+\-*=|~`:]|\d+[.)])")
_INLINE = re.compile(r"([\\`*_\[\]<])")


def travelogue_markdown(campaign_name: str, lines: Iterable[str]) -> str:
    """A title, then the lines: round starts as `##` headings and turn starts as `###` headings
    (when the log has them), every other line an item of a list."""
    out = [f"# {_escape(campaign_name or 'Campaign')}: travelogue", ""]
    listing = False
    for line in lines:
        text = " ".join(str(line).split())
        if not text:
            continue
        level = 2 if _ROUND.match(text) else 3 if _TURN.match(text) else 0
        if level:
            out += ([""] if listing else []) + [f"{'#' * level} {_heading(text)}", ""]
        else:
            out.append(f"- {_escape(text)}")
        listing = not level
    return "\n".join(out).rstrip("\n") + "\n"


def write_travelogue_markdown(path: Path | str, campaign_name: str, lines: Iterable[str]) -> None:
    """Write the Markdown atomically; CampaignError (read-only folder, full disk) leaves no file."""
    write_atomically(Path(path), travelogue_markdown(campaign_name, lines))


def _escape(text: str) -> str:
    """Markdown's special characters as plain text: inline ones anywhere, block ones at the start."""
    text = _INLINE.sub(r"\\\1", text)
    if match := _BLOCK_START.match(text):
        end = match.end()
        text = text[: end - 1] + "\\" + text[end - 1 :]
    return text


def _heading(text: str) -> str:
    # A heading's trailing `#`s would be read as its closing sequence.
    return re.sub(r"(#+)$", lambda m: "\\#" * len(m.group(1)), _escape(text))


def read_json(path: Path | str, max_bytes: int = MAX_JSON_BYTES) -> Any:
    """The parsed JSON of a file, or a CampaignError: not found, unreadable, too big, not JSON."""
    file = Path(path)
    content = read_limited(file, max_bytes)
    try:
        return json.loads(content.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise CampaignError(file, "not UTF-8 text, so not a JSON export") from None
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise CampaignError(file, f"not valid JSON: {error.msg}", where) from None
    except RecursionError:
        raise CampaignError(file, "nested too deeply to be an export") from None


__all__ = ["MAX_JSON_BYTES", "read_json", "travelogue_markdown", "write_travelogue_markdown"]
