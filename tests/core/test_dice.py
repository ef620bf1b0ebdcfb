"""The dice roller: seeded, forced faces first, every face kept (DESIGN.md §2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import REPLAYED, Dice, DiceExpr, Roll, parse_dice


@pytest.mark.parametrize(
    "text, expr",
    [("1d8", DiceExpr(1, 8)), ("d20", DiceExpr(1, 20)), ("2d6+3", DiceExpr(2, 6, 3)), ("1d4-1", DiceExpr(1, 4, -1)),
     (" 3 D 10 + 2 ", DiceExpr(3, 10, 2)), ("10d12", DiceExpr(10, 12))],
)  # fmt: skip
def test_parse_dice(text, expr):
    assert parse_dice(text) == expr


@pytest.mark.parametrize("text", ["", "d", "8", "1d", "2x6", "1d8+", "0d6", "1d1", "1d8*2", "one d6"])
def test_a_bad_dice_expression_is_rejected_with_the_text(text):
    with pytest.raises(CommandRejected) as refused:
        parse_dice(text)
    assert f"'{text}'" in refused.value.reason


def test_dice_expressions_print_back():
    assert [str(DiceExpr(1, 8)), str(DiceExpr(2, 6, 3)), str(DiceExpr(1, 4, -1))] == ["1d8", "2d6+3", "1d4-1"]


def test_the_same_seed_rolls_the_same_faces():
    a, b = Dice(42), Dice(42)
    assert [a.d20() for _ in range(30)] == [b.d20() for _ in range(30)]


def test_the_dice_never_use_the_global_random():
    random.seed(1)
    a = Dice(7).roll(10, 6)
    random.seed(2)
    random.random()
    b = Dice(7).roll(10, 6)
    assert a == b


def test_faces_stay_on_their_die():
    dice = Dice(3)
    faces = [dice.die(4) for _ in range(200)]
    assert set(faces) == {1, 2, 3, 4}


def test_forced_faces_come_first_in_order_then_the_seeded_ones():
    forced, plain = Dice(9), Dice(9)
    forced.force([17, 4])
    forced.force([2])
    assert forced.forced == (17, 4, 2)
    assert [forced.d20(), forced.die(6), forced.die(8)] == [17, 4, 2]
    assert forced.forced == ()
    assert forced.d20() == plain.d20()  # the forced faces did not advance the generator


def test_a_forced_face_that_is_not_on_the_die_is_rejected_and_kept():
    dice = Dice(0)
    dice.force([7])
    with pytest.raises(CommandRejected) as refused:
        dice.die(6)
    assert refused.value.reason == "The forced face 7 is not on a d6."
    assert dice.forced == (7,)
    assert dice.d20() == 7


def test_forcing_a_face_below_1_is_rejected_and_forces_nothing():
    dice = Dice(0)
    dice.force([5])
    with pytest.raises(CommandRejected, match="cannot show 0"):
        dice.force([3, 0, 4])
    assert dice.forced == (5,)


def test_every_face_is_kept_in_used_since_begin():
    dice = Dice(0)
    dice.force([3, 5, 6])
    dice.d20()
    dice.begin()
    assert dice.used == []
    roll = dice.roll(2, 6)
    extra = dice.die(8)
    assert roll == Roll(6, (5, 6))
    assert dice.used == [5, 6, extra]


def test_a_roll_keeps_its_faces_and_prints_them():
    roll = Roll(10, (5, 3))
    assert roll.total == 8
    assert str(roll) == "2d10 5+3"


def test_rewind_gives_back_forced_faces_and_the_generator_state():
    dice, twin = Dice(11), Dice(11)
    dice.force([6, 2])
    mark = dice.begin()
    dice.roll(3, 6)
    dice.d20()
    dice.rewind(mark)
    assert dice.forced == (6, 2) and dice.used == []
    assert dice.roll(4, 6).faces[2:] == twin.roll(2, 6).faces


def test_clear_forced():
    dice = Dice(0)
    dice.force([1, 2, 3])
    dice.clear_forced()
    assert dice.forced == ()


def test_a_forced_face_above_2_on_a_d2_is_refused_and_stays_queued():
    # ref: notes §2.1 — the Advantage Die 1d2 has faces 1 and 2 only; a typed physical 3 is refused.
    dice = Dice(0)
    dice.force([3])
    with pytest.raises(CommandRejected) as refused:
        dice.roll(1, 2)
    assert refused.value.reason == "The forced face 3 is not on a d2."
    assert "Clear it or give a face the die has." in refused.value.detail
    assert dice.forced == (3,)


def test_a_futurepath_advantage_d2_refuses_a_typed_3_and_changes_nothing():
    # ref: notes §2.1, R30 — a shot without proficiency rolls one 1d2 Advantage Die to subtract;
    # `dice 12 3` cannot feed that d2 a 3.
    from combat_tui.core.runner import run_line
    from combat_tui.systems.futurepath.model import FPWeapon
    from tests.systems.futurepath.helpers import campaign, fighter, run, session

    pistol = FPWeapon("Pistol", "1d8", "ballistic", ranged=True, level=1, proficient=False)
    s = session(campaign(fighter("ann", "a", dex=18, advantage_die="1d2", weapons=(pistol,)), fighter("bob", "b")))
    run(s, "setup", "start", "next", "declare Ann attack on Bob with Pistol", "commit")
    before = s.state
    run_line(s, "dice 12 3")
    with pytest.raises(CommandRejected) as refused:
        run_line(s, "attack Ann Bob Pistol")
    assert refused.value.reason == "The forced face 3 is not on a d2."
    assert s.state is before


def test_a_rewound_mark_gives_the_same_rolls_again_even_nested() -> None:
    """The generator's state is taken at the first roll after `begin`, for every open mark."""
    dice = Dice(7)
    outer = dice.begin()
    first = [dice.die(20) for _ in range(3)]
    inner = dice.begin()
    second = [dice.die(20) for _ in range(3)]
    dice.rewind(inner)
    assert [dice.die(20) for _ in range(3)] == second
    dice.rewind(outer)
    assert [dice.die(20) for _ in range(6)] == first + second


def test_a_mark_with_no_roll_rewinds_nothing_of_the_generator() -> None:
    dice = Dice(3)
    mark = dice.begin()
    dice.rewind(mark)
    assert dice.die(20) == Dice(3).die(20)


def test_the_generator_state_is_copied_once_per_many_rolls_not_per_command(monkeypatch) -> None:
    """Counted: a script of 1,000 rolling commands copies the 625-number state a handful of times."""
    dice = Dice(5)
    copies = []
    real = dice._rng.getstate
    monkeypatch.setattr(dice._rng, "getstate", lambda: copies.append(1) or real())
    for _ in range(1000):
        dice.begin()
        dice.d20()
        dice.die(8)
    assert len(copies) <= 2000 // REPLAYED + 1


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(2, 30)), max_size=300))
def test_a_rewind_restores_what_a_copied_state_would(steps) -> None:
    """Against a model that copies the state at every begin: the same faces after any mix of
    begins, rolls, forced faces and rewinds of any mark, nested or older."""
    dice, model = Dice(9), random.Random(9)
    marks: list[tuple[tuple, tuple]] = []
    for action, sides in steps:
        if action == 0:
            marks.append((dice.begin(), model.getstate()))
        elif action == 1 and marks:
            mark, state = marks[sides % len(marks)]  # a later mark stays good after it
            dice.rewind(mark)
            model.setstate(state)
        elif action == 2:
            dice.force([1])
            dice.die(sides)
        else:
            assert dice.die(sides) == model.randint(1, sides)
    assert [dice.die(20) for _ in range(5)] == [model.randint(1, 20) for _ in range(5)]


def test_an_expression_is_read_once_by_its_text(monkeypatch) -> None:
    """Counted: a weapon's damage read at every swing is parsed once; a bad one is refused each time."""
    from combat_tui.core import dice as dice_module

    read = []
    real = dice_module._parse_dice
    monkeypatch.setattr(dice_module, "_parse_dice", lambda text: read.append(text) or real(text))
    monkeypatch.setattr(dice_module, "_parsed", {})
    assert all(parse_dice("3d7+2") == DiceExpr(3, 7, 2) for _ in range(100))
    assert read == ["3d7+2"]
    for _ in range(2):
        with pytest.raises(CommandRejected):
            parse_dice("3x7")
    assert read == ["3d7+2", "3x7", "3x7"]
