"""The Session: the only mutator; undo, redo, compound entries, dirty flag, cap, journal."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.session import JournalRecord, Session
from combat_tui.systems.dnd5e import commands as cmd
from tests.systems.dnd5e.helpers import running, session

INITIATIVE = [20, 19, 18, 17, 16, 15, 14, 13]  # Ser Aldric, Mirelle, Ayla, Bren, Goblins 1-3, Boss


@pytest.fixture
def fight(sample):
    return running(sample, INITIATIVE)


def test_execute_takes_the_new_state_and_logs_its_lines(sample):
    s = session(sample)
    s.dice.force(INITIATIVE)
    entry = s.execute(cmd.StartFight())
    assert s.state is entry.after and entry.before is sample
    assert s.log == list(entry.lines)
    assert entry.faces == tuple(INITIATIVE)
    assert entry.label == "start" and entry.commands == (cmd.StartFight(),)


def test_undo_and_redo_restore_the_exact_states_and_log_lines(fight):
    states, logs = [fight.state], [list(fight.log)]
    fight.dice.force([15, 6, 2])
    for command in (cmd.Attack("ser-aldric", "goblin-1", "Longsword"), cmd.NextTurn(), cmd.ApplyDamage("goblin-2", 3)):
        fight.execute(command)
        states.append(fight.state)
        logs.append(list(fight.log))
    for i in (2, 1, 0):
        fight.undo()
        assert fight.state is states[i] and fight.log == logs[i]
    for i in (1, 2, 3):
        fight.redo()
        assert fight.state is states[i] and fight.log == logs[i]


def test_undoing_everything_gives_back_the_opened_campaign_and_an_empty_log(sample):
    s = running(sample, INITIATIVE)
    s.execute(cmd.NextTurn())
    while s.can_undo:
        s.undo()
    assert s.state is sample and s.log == []
    assert not s.history.is_dirty


def test_redo_never_rolls_again(fight):
    fight.dice.force([20, 5, 6])
    fight.execute(cmd.Attack("ser-aldric", "goblin-boss", "Longsword"))
    after, log = fight.state, list(fight.log)
    assert fight.state.actor("goblin-boss").hp == 21 - (5 + 6 + 4)
    fight.undo()
    fight.dice.force([1, 1, 1])
    entry = fight.redo()
    assert fight.state is after and fight.log == log
    assert fight.dice.forced == (1, 1, 1)
    assert entry.faces == (20, 5, 6)


def test_redo_does_not_advance_the_seeded_dice(fight):
    fight.execute(cmd.Attack("ayla", "goblin-1", "Rapier"))
    fight.undo()
    twin = Dice()
    twin._rng.setstate(fight.dice._rng.getstate())
    fight.redo()
    assert fight.dice.d20() == twin.d20()


def test_a_new_command_drops_the_redo_tail(fight):
    fight.execute(cmd.NextTurn())
    fight.execute(cmd.NextTurn())
    fight.undo()
    fight.undo()
    fight.execute(cmd.ApplyDamage("goblin-1", 2))
    assert not fight.can_redo
    with pytest.raises(CommandRejected, match="Nothing to redo"):
        fight.redo()


def test_nothing_to_undo(sample):
    s = session(sample)
    with pytest.raises(CommandRejected, match="Nothing to undo"):
        s.undo()


def test_a_group_is_one_entry(fight):
    start, log = fight.state, list(fight.log)
    entries = len(fight.history.entries)
    with fight.group("Burning Hands"):
        for ref in ("goblin-1", "goblin-2", "goblin-3"):
            fight.execute(cmd.ApplyDamage(ref, 5))
    assert len(fight.history.entries) == entries + 1
    entry = fight.history.peek_undo()
    assert entry.label == "Burning Hands" and len(entry.commands) == 3 and len(entry.lines) == 3
    assert entry.before is start and entry.after is fight.state
    assert [fight.state.actor(r).hp for r in ("goblin-1", "goblin-2", "goblin-3")] == [2, 2, 2]
    fight.undo()
    assert fight.state is start and fight.log == log
    fight.redo()
    assert fight.state is entry.after and fight.log == log + list(entry.lines)


def test_a_group_keeps_the_faces_of_all_its_commands(fight):
    fight.dice.force([15, 3, 14, 4])
    with fight.group("two attacks"):
        fight.execute(cmd.Attack("ser-aldric", "goblin-1", "Longsword"))
        fight.execute(cmd.Attack("ser-aldric", "goblin-2", "Longsword"))
    assert fight.history.peek_undo().faces == (15, 3, 14, 4)


def test_a_refused_command_inside_a_group_takes_the_whole_group_back(fight):
    start, log, entries = fight.state, list(fight.log), len(fight.history.entries)
    fight.dice.force([15, 3, 9, 9])
    with pytest.raises(CommandRejected):
        with fight.group("flurry"):
            fight.execute(cmd.Attack("ser-aldric", "goblin-1", "Longsword"))
            fight.execute(cmd.ApplyDamage("goblin-2", 0))
    assert fight.state is start and fight.log == log
    assert len(fight.history.entries) == entries
    assert fight.dice.forced == (15, 3, 9, 9)


def test_nested_groups_make_one_entry(fight):
    entries = len(fight.history.entries)
    with fight.group("outer"):
        fight.execute(cmd.ApplyDamage("goblin-1", 1))
        with fight.group("inner"):
            fight.execute(cmd.ApplyDamage("goblin-2", 1))
    assert len(fight.history.entries) == entries + 1
    assert fight.history.peek_undo().label == "outer"


def test_an_empty_group_adds_nothing(fight):
    entries = len(fight.history.entries)
    with fight.group("nothing"):
        pass
    assert len(fight.history.entries) == entries


def test_the_dirty_flag(sample):
    s = session(sample)
    assert not s.history.is_dirty
    s.execute(cmd.OpenSetup())
    assert s.history.is_dirty
    s.history.mark_saved()
    assert not s.history.is_dirty
    s.undo()
    assert s.history.is_dirty
    s.redo()
    assert not s.history.is_dirty


def test_the_history_cap(sample):
    s = Session(sample, dice=Dice(0), history_cap=3)
    s.dice.force(INITIATIVE)
    s.execute(cmd.StartFight())
    states = [s.state]
    for _ in range(4):
        s.execute(cmd.NextTurn())
        states.append(s.state)
    assert len(s.history.entries) == 3
    while s.can_undo:
        s.undo()
    assert s.state is states[1]


def test_a_refused_command_does_not_consume_forced_dice(fight):
    fight.dice.force([20, 5])
    before = fight.state
    with pytest.raises(CommandRejected):
        fight.execute(cmd.Attack("ser-aldric", "goblin-1", "Greataxe"))
    assert fight.dice.forced == (20, 5)
    assert fight.state is before


def test_a_command_refused_after_rolling_gives_its_dice_back(fight):
    # The d20 hits, then the forced 9 is not on the Longsword's d8: the whole attack is refused.
    fight.dice.force([15, 9])
    before, log = fight.state, list(fight.log)
    with pytest.raises(CommandRejected, match="not on a d8"):
        fight.execute(cmd.Attack("ser-aldric", "goblin-1", "Longsword"))
    assert fight.dice.forced == (15, 9)
    assert fight.state is before and fight.log == log


def test_a_refused_command_does_not_advance_the_seeded_dice(fight):
    twin = Dice()
    twin._rng.setstate(fight.dice._rng.getstate())
    with pytest.raises(CommandRejected):
        fight.execute(cmd.Attack("ser-aldric", "wolf-1", "Longsword"))
    assert fight.dice.d20() == twin.d20()


class Recorder:
    """A journal hook that records what it got and what the session showed at that moment."""

    def __init__(self, session_ref: list, fail: bool = False) -> None:
        self.session_ref, self.fail = session_ref, fail
        self.records: list[JournalRecord] = []
        self.seen: list = []

    def __call__(self, record: JournalRecord) -> None:
        s = self.session_ref[0]
        self.seen.append((s.state, list(s.log), s.history.pointer))
        if self.fail:
            raise OSError(28, "No space left on device")
        self.records.append(record)


def journaled(sample, fail=False):
    holder: list = []
    hook = Recorder(holder, fail)
    s = Session(sample, dice=Dice(0), journal=hook)
    holder.append(s)
    return s, hook


def test_the_journal_is_written_before_the_state_changes(sample):
    s, hook = journaled(sample)
    s.dice.force(INITIATIVE)
    entry = s.execute(cmd.StartFight())
    assert hook.seen[-1] == (sample, [], 0)
    record = hook.records[-1]
    assert (record.op, record.label, record.commands) == ("cmd", "start", (cmd.StartFight(),))
    assert record.faces == tuple(INITIATIVE) and record.lines == entry.lines
    s.undo()
    assert hook.seen[-1] == (entry.after, list(entry.lines), 1)
    assert (hook.records[-1].op, hook.records[-1].dropped, hook.records[-1].state) == ("undo", len(entry.lines), sample)
    s.redo()
    assert hook.seen[-1] == (sample, [], 0)
    assert (hook.records[-1].op, hook.records[-1].lines, hook.records[-1].state) == ("redo", entry.lines, entry.after)


def test_a_group_is_journaled_once_before_its_state_is_taken(sample):
    s, hook = journaled(sample)
    s.dice.force(INITIATIVE)
    s.execute(cmd.StartFight())
    start, log = s.state, list(s.log)
    with s.group("volley"):
        s.execute(cmd.ApplyDamage("goblin-1", 1))
        s.execute(cmd.ApplyDamage("goblin-2", 1))
    assert len(hook.records) == 2
    assert hook.records[-1].label == "volley" and len(hook.records[-1].commands) == 2
    assert hook.seen[-1] == (start, log, 1)


def test_a_failing_journal_leaves_everything_unchanged(sample):
    s, hook = journaled(sample, fail=True)
    s.dice.force(INITIATIVE)
    with pytest.raises(CommandRejected) as refused:
        s.execute(cmd.StartFight())
    assert refused.value.reason == "The command was not saved, so it was not applied."
    assert "No space left on device" in refused.value.detail
    assert s.state is sample and s.log == [] and not s.can_undo
    assert s.dice.forced == tuple(INITIATIVE)


def test_a_failing_journal_refuses_undo_redo_and_groups_without_a_change(sample):
    s, hook = journaled(sample)
    s.dice.force(INITIATIVE)
    s.execute(cmd.StartFight())
    s.execute(cmd.NextTurn())
    s.undo()
    hook.fail = True
    state, log, pointer = s.state, list(s.log), s.history.pointer
    for action in (s.undo, s.redo):
        with pytest.raises(CommandRejected, match="not saved"):
            action()
        assert (s.state, s.log, s.history.pointer) == (state, log, pointer)
    s.dice.force([15, 3])
    with pytest.raises(CommandRejected, match="not saved"):
        with s.group("attack"):
            s.execute(cmd.Attack("mirelle", "goblin-1", "Mace"))
    assert (s.state, s.log, s.history.pointer) == (state, log, pointer)
    assert s.state is state and s.can_redo
    assert s.dice.forced == (15, 3)


def test_a_journal_replays_into_the_same_campaign_and_log(sample):
    s, hook = journaled(sample)
    s.dice.force(INITIATIVE + [20, 4, 4])
    s.execute(cmd.StartFight())
    s.execute(cmd.Attack("ser-aldric", "goblin-boss", "Longsword"))
    with s.group("volley"):
        s.execute(cmd.ApplyDamage("goblin-1", 1))
        s.execute(cmd.ApplyDamage("goblin-2", 1))
    s.undo()
    s.undo()
    s.redo()
    copy = Session(sample, dice=Dice(12345))
    for record in hook.records:
        copy.replay(record)
    assert copy.state == s.state and copy.log == s.log


def test_an_unknown_rule_system_is_refused(sample):
    with pytest.raises(CommandRejected, match="Unknown rule system 'gurps'"):
        Session(evolve(sample, system="gurps"))
