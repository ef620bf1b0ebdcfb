"""The 2d10 system (notes §2.9, R96, A53, A54)."""

from __future__ import annotations

import pytest

from combat_tui.core.dice import Dice
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.commands import Scan
from combat_tui.systems.futurepath.space.roll import succeeded
from combat_tui.systems.futurepath.space.twod10 import roll_2d10
from tests.systems.futurepath.space.helpers import to_phase, two


def roll(faces, net=0, static=0):
    dice = Dice(0)
    dice.force(faces)
    result = roll_2d10(dice, net, static)
    assert not dice.forced, "every forced face is used"
    return result


def test_two_d10_plus_the_static_bonus():
    # ref: §2.9 — 2d10 in place of 1d20; modifiers only from static attributes
    r = roll([4, 5], static=3)
    assert (r.total, r.critical) == (12, "")


def test_a_10_explodes_once():
    # ref: §2.9 rule 2 — a 10 is rolled again and added; each die explodes only once
    r = roll([10, 10, 3])
    assert r.dice == ((10, 10), (3,))
    assert r.total == 23


def test_critical_success_needs_an_explosion_and_more_than_20_before_bonuses():
    # ref: §2.9 rule 4 — 10+5 then 6 = 21 is a critical success
    assert roll([10, 5, 6]).critical == "success"
    assert roll([10, 5, 5]).critical == ""  # 20 is not above 20
    assert roll([10, 1, 9], static=5).critical == ""  # judged before static bonuses
    assert roll([9, 9], static=9).critical == ""  # no die exploded


def test_only_ones_is_a_critical_failure_and_always_fails():
    # ref: §2.9 rule 3, A53
    r = roll([1, 1], static=20)
    assert r.critical == "failure"
    assert not succeeded(r, 10)
    assert roll([1, 1, 2], net=1).critical == ""


def test_advantage_adds_a_die_keeps_the_top_two_and_adds_2_each():
    # ref: §2.9 rule 5, A54
    r = roll([3, 8, 6], net=1)
    assert r.kept == (1, 2)
    assert r.total == 8 + 6 + 2


def test_disadvantage_keeps_the_lowest_two_and_takes_2_each():
    # ref: A53
    r = roll([3, 8, 6, 9], net=-2, static=1)
    assert r.kept == (0, 2)
    assert r.total == 3 + 6 - 4 + 1


def test_advantage_is_capped_at_3():
    # ref: §2.9 rule 5 — at most 3
    r = roll([1, 2, 3, 4, 5], net=5)
    assert r.net == 3 and len(r.dice) == 5 and r.total == 9 + 6


def test_explosions_come_before_keeping_two():
    # ref: A54 — 10+2 = 12 beats a 9
    r = roll([10, 2, 9, 4], net=1)
    assert r.kept == (0, 1) and r.natural == 21 and r.critical == "success"


def test_a_ship_function_rolls_2d10():
    # ref: R96 — the 2d10 system whenever a Ship Function is used
    s = two()
    to_phase(s, "action")
    entry = s.execute(Scan("a", "b"))
    rolled = next(e for e in entry.events if isinstance(e, ev.Rolled))
    assert rolled.roll is not None and len(rolled.roll.dice) == 2


@pytest.mark.parametrize(("faces", "dc", "ok"), [([5, 5], 10, True), ([5, 4], 10, False), ([10, 6, 5], 30, True)])
def test_meeting_the_dc_succeeds_and_a_critical_success_always_does(faces, dc, ok):
    # ref: §2.9
    assert succeeded(roll(faces), dc) is ok
