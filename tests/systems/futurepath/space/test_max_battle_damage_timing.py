"""Maximum Battle Damage timing (notes A47): a ship that reaches its maximum is "at max, pending"
through that round's Response Phase, where one successful repair removes a Battle Damage; still
at its maximum when that phase ends, it is adrift from the next round. The old rule (a round
later) is the space option `max_bd_adrift round-after` (test_battle_damage.py plays it)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.space import events as ev
from tests.lines import refused
from tests.systems.futurepath.space.helpers import do, event, run, ship, space, status, to_phase, two

AT_MAX = ("B is at its maximum Battle Damage: unless its Chief Engineer repairs one in round 1's Response Phase "
          "(one success is enough now), it is adrift and helpless from round 2.")  # fmt: skip


def _at_max(**kwargs):
    """B (Small: 2 at most) takes a GM Battle Damage, then A's Fire deals the second in round 1."""
    s = two(b={"size": "small"}, **kwargs)
    run(s, "space damage b 7")
    to_phase(s, "action")
    do(s, "space fire a b", 4, 4, 4, 4, 3, 4)  # 4 successes of 3 needed; chart 7
    return s


def test_a_ship_at_its_maximum_in_the_action_phase_is_adrift_when_that_response_phase_ends():
    # ref: notes A47 — "a ship that reaches its maximum in the Action Phase is "at max, pending"
    # through that round's Response Phase ... If it is still at its maximum when that Response
    # Phase ends, it is adrift and helpless from the next round"; the Combat page: "If the ship
    # has just received its max amount of Battle Damage the effect doesn't happen until the next turn"
    s = _at_max(more=(ship("c", "b"),))
    assert AT_MAX in run(s, "space next")
    assert status(s, "b").at_max == 1 and not status(s, "b").adrift
    assert "B is adrift and helpless." in run(s, "space next")  # round 1's Response Phase ends
    assert space(s).round == 2
    with pytest.raises(CommandRejected, match="adrift"):
        do(s, "space command b helm")
    to_phase(s, "action")
    assert "B is adrift: its crew cannot act." == refused(s, "space fire b a")


def test_the_fights_end_is_judged_when_that_response_phase_ends():
    # ref: notes A47 — "and the fight's end is judged then"; R108 — over when every enemy ship
    # "is at its maximum Battle Damage"
    s = _at_max()
    run(s, "space next")
    lines = run(s, "space next")
    assert lines[-2:] == ["B is adrift and helpless.", "Space combat is over: Side A hold the field."]
    assert space(s).stage == "ended"
    assert refused(s, "space surrender b") == "The space fight is over."


def test_in_that_response_phase_one_successful_repair_removes_a_battle_damage():
    # ref: notes A47 — "in this emergency one successful repair removes one Battle Damage (the
    # two-round repair applies otherwise)"
    s = _at_max()
    run(s, "space next")
    entry = do(s, "space repair b 1", 5, 5)  # DC 7
    assert entry.lines == ("B's Chief Engineer repairs Ruptured valve: 2d10 5, 5 = 10 vs DC 7, success: at its "
                           "maximum Battle Damage, one success removes it.",)  # fmt: skip
    lines = run(s, "space next")
    assert "B's Ruptured valve is repaired at once, the ship being at its maximum Battle Damage; its side effect is gone." in lines
    assert "B is below its maximum Battle Damage again: still in the fight." in lines
    assert len(status(s, "b").damage) == 1 and not status(s, "b").adrift and status(s, "b").at_max == 0
    assert event(do(s, "space command b helm", 6, 6), ev.Rolled).success  # round 2: it still fights


def test_away_from_that_emergency_a_repair_still_takes_two_rounds():
    # ref: notes §2.11 — "Repairing the Battle Damage itself takes two successful Response-Phase
    # rounds"; A47 — "the two-round repair applies otherwise"
    s = two()
    run(s, "space damage b 7")
    to_phase(s, "response")
    do(s, "space repair b 1", 5, 5)
    assert "B's Ruptured valve: 1 of 2 rounds of repair." in run(s, "space next")
    assert len(status(s, "b").damage) == 1


def test_a_maximum_reached_in_the_response_phase_waits_for_the_next_response_phase():
    # ref: notes A47 — the Engineer "may respond" in a Response Phase before the ship goes adrift;
    # damage landing when the Response Phase ends leaves the next one for that
    s = two(b={"size": "small"}, more=(ship("c", "b"),))
    to_phase(s, "response")
    run(s, "space damage b 7", "space damage b 7")
    lines = run(s, "space next")
    assert any("repairs one in round 2's Response Phase" in line for line in lines)
    assert not status(s, "b").adrift
    to_phase(s, "response")
    assert "B is adrift and helpless." in run(s, "space next")


def test_the_old_rule_is_a_space_option_and_a_bad_value_is_refused():
    # ref: notes A47 — "The old rule (adrift only at the end of the next round's Response Phase) is an option"
    s = _at_max(more=(ship("c", "b"),))
    assert refused(s, "space option max_bd_adrift soon") == "'soon' is not a choice for max_bd_adrift."
    s = two(b={"size": "small"}, more=(ship("c", "b"),))
    run(s, "space option max_bd_adrift round-after", "space damage b 7", "space damage b 7")
    assert any("it goes adrift at the end of round 2's Response Phase" in line for line in run(s, "space next"))
    to_phase(s, "response")
    run(s, "space next")
    assert not status(s, "b").adrift


def test_a_saved_fight_with_an_unknown_adrift_rule_is_named_by_the_load_check():
    from attrs import evolve

    from combat_tui.systems.futurepath.space.check import check
    from combat_tui.systems.futurepath.space.state import with_space

    s = two()
    bad = with_space(s.state, evolve(space(s), options=evolve(space(s).options, max_bd_adrift="never")))
    assert ("futurepath.space.options.max_bd_adrift", "'never' is not one of next-round, round-after") in check(bad)
