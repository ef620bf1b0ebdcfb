"""Playing text lines in a test: a session after some lines, and a line the rules refuse."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session


def played(state, *lines: str, seed: int = 0) -> Session:
    """A session on `state` after `lines`, on seeded dice."""
    s = Session(state, dice=Dice(seed))
    for line in lines:
        run_line(s, line)
    return s


def refused(s: Session, line: str) -> str:
    """The reason `line` is refused; the refusal changes neither the state nor the log."""
    before, log = s.state, list(s.log)
    with pytest.raises(CommandRejected) as caught:
        run_line(s, line)
    assert s.state is before and s.log == log
    return caught.value.reason
