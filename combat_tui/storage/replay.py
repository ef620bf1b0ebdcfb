"""Following the journal's records: the replay at opening past the snapshot, and the history
rebuilt from an older snapshot when the GM undoes past what the replay built."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from combat_tui.core.campaign import Campaign
from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.history import Entry
from combat_tui.core.session import Session
from combat_tui.storage.errors import CampaignError
from combat_tui.storage.journal import read_journal, record_from_json

REPLAY_ERRORS = (ValueError, KeyError, TypeError, RecursionError)


def replay(session: Session, data: dict) -> bool:
    """Follow one raw journal record; True when it was an undo or redo past the history (a jump
    to the state it carries, which is structured only then)."""
    history = session.history
    jump = (data["op"] == "undo" and not history.can_undo) or (data["op"] == "redo" and not history.can_redo)
    session.replay(record_from_json(data, session.state.system, with_state=jump))
    return jump


def records_between(path: Path, start: int, stop: int) -> list:
    """Records start+1 .. stop of the journal (they are never rewritten once past the snapshot)."""
    return read_journal(path).records[start:stop]


def earlier_entries(bases: list, older: Callable[[], list], cap: int) -> Callable[[Campaign], list[Entry]]:
    """The history entries that led to `bottom`: an older snapshot with the journal replayed
    from it (`older()`: the records from the oldest one to `bottom`), when that replay reaches
    exactly `bottom` (a hand-edited snapshot does not)."""
    from combat_tui.storage.folder import parse_snapshot  # only when the GM undoes that far

    first = bases[0][2]

    def earlier(bottom: Campaign) -> list[Entry]:
        try:
            records = older()
        except CampaignError:
            return []
        for raw, file, seq in bases:
            try:
                campaign, _ = parse_snapshot(raw, file)
                scratch = Session(campaign, dice=Dice(0), history_cap=cap)
                for data in records[seq - first :]:
                    replay(scratch, data)
            except (CampaignError, CommandRejected, *REPLAY_ERRORS):
                continue
            if scratch.state == bottom:
                return scratch.history.entries[: scratch.history.pointer]
        return []

    return earlier
