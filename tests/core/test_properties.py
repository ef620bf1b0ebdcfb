"""Properties of the Session over any sequence of commands (the issue's "Done when").

Any sequence of commands, executed through a Session with seeded dice (the refused ones
ignored), followed by undoing them all gives back the start and an empty log; redoing them all
then gives back the end state and its log, without rolling again.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from strategies import SAMPLE, command_scripts, line_scripts, seeds

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def undo_all_then_redo(s: Session) -> None:
    end, log, done = s.state, list(s.log), s.history.pointer
    while s.can_undo:
        s.undo()
    assert s.state is SAMPLE and s.state == SAMPLE
    assert s.log == []
    assert not s.history.is_dirty
    s.dice.clear_forced()
    s.dice.force([1] * 5)  # redo must not roll: these faces stay where they are
    for _ in range(done):
        s.redo()
    assert s.state is end and s.state == end
    assert s.log == log
    assert s.dice.forced == (1,) * 5


@SETTINGS
@given(script=line_scripts(), seed=seeds)
def test_any_text_script_undoes_to_the_start_and_redoes_to_the_end(script, seed):
    s = Session(SAMPLE, dice=Dice(seed))
    for line in script:
        try:
            run_line(s, line)
        except CommandRejected:
            pass
    undo_all_then_redo(s)


@SETTINGS
@given(script=command_scripts(), seed=seeds)
def test_any_command_sequence_undoes_to_the_start_and_redoes_to_the_end(script, seed):
    s = Session(SAMPLE, dice=Dice(seed))
    for command in script:
        state, log = s.state, list(s.log)
        try:
            s.execute(command)
        except CommandRejected:
            assert s.state is state and s.log == log  # a refusal changes nothing
    undo_all_then_redo(s)


@SETTINGS
@given(script=line_scripts(), seed=seeds)
def test_a_refused_line_changes_nothing(script, seed):
    s = Session(SAMPLE, dice=Dice(seed))
    for line in script:
        state, log, forced, pointer = s.state, list(s.log), s.dice.forced, s.history.pointer
        try:
            run_line(s, line)
        except CommandRejected as refused:
            assert refused.reason
            assert (s.state, s.log, s.dice.forced, s.history.pointer) == (state, log, forced, pointer)
            assert s.state is state
