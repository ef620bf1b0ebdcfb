"""Counted, not timed: a key's rules do linear work in the number of combatants.

A turn at 2,000 combatants asks for every combatant's actor; with a scan per lookup that was
quadratic (issue 17). These tests count the lines of combat_tui that a command runs (a trace, so
whatever the implementation, a scan shows as lines) and how often the labels are worked out, and
compare a fight ten times larger: linear work grows about ten times, quadratic a hundred.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from attrs import evolve

import combat_tui
from combat_tui.core.dice import Dice
from combat_tui.core.maps import Tile
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin, goblin_ambush
from combat_tui.systems.dnd5e import labels as labels_module
from combat_tui.systems.dnd5e.commands import ApplyDamage, NextTurn
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.model import Campaign, Chip, Combatant, Fight
from combat_tui.systems.futurepath.model import FPActor, FuturePath

PACKAGE = str(Path(combat_tui.__file__).parent)
LINEAR = 14
"""The most a ten times larger fight may multiply the lines run (linear: about 10; quadratic: 100)."""


def lines_run(action) -> int:
    """The lines of combat_tui that `action()` runs."""
    count = 0

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def trace(frame, event, arg):
        return local if frame.f_code.co_filename.startswith(PACKAGE) else None

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        action()
    finally:
        sys.settrace(previous)
    return count


def fight_of(size: int, *, chips: bool = False, last_turn: bool = False) -> Campaign:
    """A running fight of `size` combatants: the party and goblins (each with a timed chip)."""
    base = goblin_ambush()
    tile = Tile(base.party_tile.map, 5, 5)
    chip = (Chip("Bless", rounds=5),) if chips else ()
    extra = size - len(base.characters)
    creatures = tuple(evolve(goblin(0, tile), id=f"goblin-x{i}", chips=chip) for i in range(extra))
    state = evolve(base, creatures=creatures)
    refs = [(c.id, "party") for c in state.characters] + [(c.id, "foes") for c in creatures]
    order = tuple(Combatant(ref, side, 30 - i % 30, 2) for i, (ref, side) in enumerate(refs))
    return evolve(state, fight=Fight("running", order, len(order) - 1 if last_turn else 0, 1))


def growth(make, command) -> float:
    """How many times more lines `command` runs in a fight of 2,000 than in one of 200."""
    runs = []
    for size in (200, 2000):
        session = Session(make(size), dice=Dice(1))
        session.execute(NextTurn())  # caches and imports of a first command are not the key's
        runs.append(lines_run(lambda: session.execute(command(session))))
    return runs[1] / runs[0]


def test_a_turn_at_2000_combatants_is_linear_work():
    assert growth(fight_of, lambda session: NextTurn()) <= LINEAR


def test_a_new_round_that_changes_every_actor_is_linear_work():
    # the start of round 2 counts every chip down: one changed actor, one new state, per combatant
    def make(size: int) -> Campaign:
        return fight_of(size, chips=True, last_turn=True)

    def wrap(session: Session):
        session.execute(NextTurn())  # back to the last turn of the round
        state = session.state
        session.state = evolve(state, fight=evolve(state.fight, turn=len(state.fight.combatants) - 1))
        return NextTurn()

    assert growth(make, wrap) <= LINEAR


def test_damage_at_2000_combatants_is_linear_work():
    assert growth(fight_of, lambda session: ApplyDamage(session.state.creatures[10].id, 1)) <= LINEAR


def test_the_lookup_finds_what_the_scan_found():
    state = fight_of(40)
    twin = evolve(state.creatures[3], name="Twin")  # a second record of one id: the first wins
    odd = evolve(state, creatures=state.creatures + (twin,))
    assert odd.actor(twin.id) is state.creatures[3]
    assert odd.actor("nobody") is None
    assert odd.actor(state.characters[0].id) is state.characters[0]
    hurt = evolve(state.creatures[7], hp=1)
    changed = state.with_actor(hurt)
    assert changed.creatures[7] is hurt and changed.actor(hurt.id) is hurt
    assert state.actor(hurt.id) is state.creatures[7]  # the old state keeps its record
    assert changed == evolve(state, creatures=state.creatures[:7] + (hurt,) + state.creatures[8:])
    with pytest.raises(KeyError):
        state.with_actor(evolve(hurt, id="nobody"))


def test_a_key_works_the_labels_out_at_most_once(monkeypatch):
    worked = []
    compute = labels_module._compute
    monkeypatch.setattr(labels_module, "_compute", lambda state: (worked.append(1), compute(state))[1])
    session = Session(fight_of(2000), dice=Dice(1))
    session.execute(NextTurn())
    labels(session.state)
    worked.clear()
    session.execute(NextTurn())
    session.execute(ApplyDamage(session.state.creatures[10].id, 1))  # HP changes, no name does
    labels(session.state)
    assert len(worked) <= 1


def test_a_change_of_hp_reads_the_names_of_that_creature_only(monkeypatch):
    """The labels of a state whose one creature changed are the last state's, found by comparing
    that creature's name and number, not every creature's."""
    session = Session(fight_of(200), dice=Dice(1))
    session.execute(NextTurn())
    labels(session.state)
    read = []
    monkeypatch.setattr(labels_module, "_named", lambda c: (read.append(c.id), (c.id, c.name, c.number))[1])
    hurt = session.state.creatures[10].id
    session.execute(ApplyDamage(hurt, 1))
    labels(session.state)
    assert read == [hurt, hurt]  # the record before and after


def test_futurepath_actors_are_found_by_index():
    def make(size: int) -> tuple[FuturePath, tuple[FPActor, ...]]:
        actors = tuple(FPActor(id=f"a{i}", name=f"A {i}", team="t", max_hp=10, hp=10) for i in range(size))
        return FuturePath(actors=actors), actors

    def every_actor(fp: FuturePath, actors: tuple[FPActor, ...]) -> FuturePath:
        for actor in actors:
            assert fp.actor(actor.id) is actor
        for actor in actors[: len(actors) // 4]:
            fp = fp.with_actor(evolve(actor, hp=9))
        return fp

    small, large = make(200), make(2000)
    ratio = lines_run(lambda: every_actor(*large)) / lines_run(lambda: every_actor(*small))
    assert ratio <= LINEAR
    fp = every_actor(*large)
    assert fp.actor("a499").hp == 9 and fp.actor("a500").hp == 10 and fp.actor("nobody") is None
