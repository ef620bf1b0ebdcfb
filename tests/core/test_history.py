"""The undo history: stored states, the redo tail, the saved pointer and the cap (DESIGN.md §2)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.history import Entry, History
from combat_tui.library.goblin_ambush import goblin_ambush

BASE = goblin_ambush()


def states(n: int):
    return [evolve(BASE, name=f"state {i}") for i in range(n)]


S = states(12)


def entry(i: int) -> Entry:
    """The entry that leads from S[i] to S[i + 1]."""
    return Entry(f"step {i}", (), S[i], S[i + 1], (), (f"line {i}",), ())


def filled(n: int, cap: int = 500) -> History:
    history = History(cap)
    for i in range(n):
        history.push(entry(i))
    return history


def test_a_new_history_has_nothing_to_undo_or_redo_and_is_clean():
    history = History()
    assert not history.can_undo and not history.can_redo and not history.is_dirty
    assert history.undo() is None and history.redo() is None
    assert history.peek_undo() is None and history.peek_redo() is None


def test_undo_and_redo_walk_the_entries():
    history = filled(3)
    assert history.pointer == 3 and history.can_undo and not history.can_redo
    assert history.peek_undo() is history.entries[2]
    assert history.undo().before is S[2]
    assert history.undo().before is S[1]
    assert history.pointer == 1 and history.can_redo
    assert history.peek_redo().after is S[2]
    assert history.redo().after is S[2]
    assert history.pointer == 2


def test_a_new_entry_drops_the_redo_tail():
    history = filled(4)
    history.undo()
    history.undo()
    replacement = Entry("other", (), S[2], S[10], (), (), ())
    history.push(replacement)
    assert [e.label for e in history.entries] == ["step 0", "step 1", "other"]
    assert not history.can_redo


def test_the_dirty_flag_follows_the_saved_pointer():
    history = filled(2)
    assert history.is_dirty
    history.mark_saved()
    assert not history.is_dirty
    history.undo()
    assert history.is_dirty
    history.redo()
    assert not history.is_dirty
    history.push(entry(2))
    assert history.is_dirty
    history.undo()
    assert not history.is_dirty


def test_undoing_back_to_the_opened_state_is_clean():
    history = filled(3)
    for _ in range(3):
        history.undo()
    assert not history.is_dirty


def test_a_saved_state_dropped_with_the_redo_tail_stays_dirty_until_saved_again():
    history = filled(3)
    history.mark_saved()
    history.undo()
    history.undo()
    history.push(Entry("other", (), S[1], S[10], (), (), ()))
    assert history.is_dirty
    history.undo()
    assert history.is_dirty  # back at S[1], which was never saved
    history.undo()
    assert history.is_dirty  # nor is the opened state the saved one any more
    history.mark_saved()
    assert not history.is_dirty


def test_the_cap_drops_the_oldest_entries():
    history = filled(5, cap=3)
    assert [e.label for e in history.entries] == ["step 2", "step 3", "step 4"]
    assert history.pointer == 3
    undone = [history.undo() for _ in range(3)]
    assert undone[-1].before is S[2]
    assert not history.can_undo


def test_the_cap_keeps_the_saved_pointer_on_the_same_entry():
    history = filled(2, cap=3)
    history.mark_saved()  # saved at S[2]
    history.push(entry(2))
    history.push(entry(3))  # drops step 0; S[2] is now one entry lower
    history.undo()
    history.undo()
    assert not history.is_dirty


def test_the_cap_that_drops_the_saved_state_leaves_it_dirty():
    history = filled(4, cap=2)  # the opened state S[0] is no longer reachable
    while history.can_undo:
        history.undo()
    assert history.is_dirty


def test_the_cap_is_at_least_one():
    with pytest.raises(ValueError):
        History(0)


def test_clear():
    history = filled(3)
    history.clear()
    assert history.entries == [] and history.pointer == 0 and not history.is_dirty
