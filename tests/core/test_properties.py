"""Properties of the Session over any sequence of commands (the issue's "Done when").

Any sequence of commands, executed through a Session with seeded dice (the refused ones
ignored), followed by undoing them all gives back the start and an empty log; redoing them all
then gives back the end state and its log, without rolling again.
"""

from __future__ import annotations

from collections import Counter

from attrs import evolve
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import SAMPLE, command_scripts, label_ops, line_scripts, seeds

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import Tile
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.labels import labels, numbers

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


def _label_command(state, op):
    refs = [c.id for c in state.creatures]
    kind = op[0]
    if kind == "join":
        return cmd.JoinFight((refs[op[1] % len(refs)],))
    if kind == "damage":
        return cmd.ApplyDamage(refs[op[1] % len(refs)], op[2])
    if kind == "delete":
        return cmd.DeleteCreature(refs[op[1] % len(refs)])
    if kind == "spawn":
        return cmd.SpawnCreatures(op[1], op[2], None if op[3] else Tile("greenway", 9, 6))
    return cmd.NextTurn()


def _check_labels(state, before: dict[str, str], owners: dict[str, str]) -> dict[str, str]:
    now = labels(state)
    assert len(set(now.values())) == len(now), now  # a label names one creature at a time
    found = numbers(state)
    names = Counter(c.name for c in state.creatures)
    for label, ref in list(owners.items()):
        if state.actor(ref) is None:  # deleted (or undone): a label it had may name a later creature
            del owners[label]
    for ref, label in before.items():
        actor = state.actor(ref)
        if actor is None:
            continue
        # A lone name takes its number when a second of its name comes in; outside the fight's
        # count, the last of a name left in the campaign shows the plain name again.
        gained = label == actor.name and now[ref] == f"{actor.name} {found.get(ref)}"
        alone = now[ref] == actor.name and names[actor.name] == 1 and state.fight.find(ref) is None
        assert now[ref] == label or gained or alone, (ref, label, now[ref])
    for ref, label in now.items():
        owner = owners.setdefault(label, ref)
        assert owner == ref, (label, owner, ref)  # never two creatures while the first is in the campaign
    return now


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops=st.lists(label_ops, max_size=25), lone=st.booleans(), seed=seeds)
def test_within_a_fight_a_label_names_one_creature_and_never_moves(ops, lone, seed):
    # ref: Combat setup — "A defeated foe keeps its place in the count of a running fight", and a
    # foe "shows the same label in the panel, the dialog, and the fight"
    start = SAMPLE
    if lone:  # a lone "Wolf" in the fight beside "Wolf 2" nearby
        start = SAMPLE.with_actor(evolve(SAMPLE.actor("wolf-1"), tile=Tile("greenway", 6, 6)))
    s = Session(start, dice=Dice(seed))
    outside = labels(start)
    s.execute(cmd.StartFight())
    owners: dict[str, str] = {}
    seen = [_check_labels(s.state, outside, owners)]  # the labels of each state the undo can reach
    for op in ops:
        if op[0] == "undo":
            if len(seen) > 1:
                s.undo()
                seen.pop()
                assert labels(s.state) == seen[-1]
            continue
        try:
            s.execute(_label_command(s.state, op))
        except CommandRejected:
            continue
        if s.state.fight is None:  # the last creature near the party deleted: the fight is over
            break
        seen.append(_check_labels(s.state, seen[-1], owners))
