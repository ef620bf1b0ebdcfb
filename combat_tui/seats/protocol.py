"""The seat protocol: one JSON object a line over the campaign folder's Unix socket.

seat -> GM:
    {"t": "hello", "role": "player", "as": "Brom"}      bound to a character (its label)
    {"t": "hello", "role": "watch"}                     looks only
    {"t": "command", "line": "attack Brom Wolf Longsword"}
    {"t": "answer", "id": N, "cast": true}               the answer to the Reaction question N
GM -> seat:
    {"t": "welcome", "me": "brom", "label": "Brom", "locked": false}
    {"t": "view", "view": {...}, "keep": N, "log": [...]}   keep the first N log lines, add these
    {"t": "refusal", "reason": "...", "detail": "..."}      to that seat only
    {"t": "lock", "locked": true}
    {"t": "ask", "id": N, "who": "Brom", "spell": "Shield", "happened": "...", "does": "...",
     "take": "Take the hit"}                            a Reaction dialog of the seat's own line,
                                                        or the GM's dialog for the seat's character
    {"t": "unask", "id": N}                             the GM answered question N first
    {"t": "bye", "reason": "...", "retry": true}            the GM closed it; false: do not retry
"""

from __future__ import annotations

import json
from pathlib import Path

SOCKET_NAME = ".seats.sock"
LOG_TAIL = 200
"""Log lines a seat gets when it connects; later messages carry only the new ones."""
MAX_LINE = 64 * 1024


def socket_path(campaign: Path) -> Path:
    return Path(campaign) / SOCKET_NAME


def encode(message: dict) -> bytes:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"


def decode(raw: bytes) -> dict | None:
    """The message of one line, or None when it is not a JSON object."""
    try:
        message = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        return None
    return message if isinstance(message, dict) else None


def hello(character: str | None) -> dict:
    return {"t": "hello", "role": "player", "as": character} if character else {"t": "hello", "role": "watch"}


def command(line: str) -> dict:
    return {"t": "command", "line": line}


def refusal(reason: str, detail: str = "") -> dict:
    return {"t": "refusal", "reason": reason, "detail": detail}
