"""Thrown explosives: R54, R62, R81-R84, A36-A38."""

from __future__ import annotations

from combat_tui.systems.futurepath.grenades import landing, max_range
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session


def test_grenade_range_is_30_ft_plus_5_per_str_and_dex_modifier():
    # ref: R81, A36 — negatives allowed, never below 5 ft
    assert max_range(14, 16) == 30 + 5 * (2 + 3)
    assert max_range(6, 8) == 30 + 5 * (-2 - 1)
    assert max_range(1, 1) == 5


def test_four_to_seven_hits_each_axis_and_zero_is_automatic():
    # ref: R82, A37
    assert landing(4, 7) == "on target"
    assert landing(10, 5) == "on target"
    assert landing(3, 9) == "5 ft left, 10 ft long"
    assert landing(8, 1) == "5 ft right, 15 ft short"


def throwing():
    s = session(campaign(fighter("a", dex=14, wis=30), fighter("b"), fighter("y", "b"), fighter("z", "b")))
    run(s, "setup", "start", "next")  # Team A Vanguard (A) acts
    return s


def test_a_grenade_goes_off_at_the_end_of_the_targets_turn():
    # ref: R83, A38 — not on contact: at the end of the next group turn of another team
    s = throwing()
    s.dice.force([5, 6])
    assert run(s, "throw A") == ["A throws a grenade: 2d10 5 6, it lands on target; it goes off at the end of the target's turn."]
    lines = run(s, "next")
    assert "A's grenade explodes" not in " ".join(lines)
    lines = run(s, "next")
    assert lines[0] == "A's grenade explodes at the end of the group turn (on target)." and fight(s).grenades == ()


def test_a_cooked_grenade_goes_off_at_the_start_of_the_targets_turn():
    # ref: R84 — WIS DC 25
    s = throwing()
    s.dice.force([15, 5, 6])
    assert "cooked (WIS 25 vs DC 25)" in run(s, "throw A cook")[0]
    lines = run(s, "next")
    assert "A's grenade explodes at the start of the group turn (on target)." in lines


def test_a_failed_cook_bursts_harmlessly_and_a_natural_1_in_the_hand():
    # ref: R84
    s = throwing()
    s.dice.force([2, 5, 6])
    assert "bursts harmlessly" in run(s, "throw A cook")[0] and fight(s).grenades == ()
    s.dice.force([1])
    assert run(s, "throw A cook")[1] == "A's grenade explodes at once (in the thrower's hand)."


def test_a_thrown_grenade_resolves_its_use_item_slot_declaration():
    # ref: R54, R62 — an item used against an enemy is an Attack, resolved in the Use Item slot
    s = throwing()
    run(s, "declare A grenade", "commit")
    s.dice.force([5, 6])
    lines = run(s, "throw A")
    assert lines[-1] == "A's grenade is resolved: landed on target."
