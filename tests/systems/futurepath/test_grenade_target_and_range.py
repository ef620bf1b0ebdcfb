"""Thrown grenades aimed at a creature, cooked in hand, and thrown no farther than the maximum
range: the Combat page's "Thrown Explosives", A36-A38."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.systems.futurepath import commands as fc
from tests.lines import refused
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session


def throwing():
    """A (STR 10, DEX 14: range 40 ft) in Team A's Vanguard, whose turn is on; the order is
    A's Vanguard, B's Vanguard (Y), A's Rearguard (B), B's Rearguard (Z)."""
    s = session(campaign(fighter("a", dex=14, wis=30), fighter("b"), fighter("y", "b"), fighter("z", "b")))
    run(s, "setup", "start", "next")
    return s


def turns_until_blast(s) -> list[str]:
    """The group turns that start before A's grenade goes off, then the blast line."""
    started = []
    for _ in range(4):
        for line in run(s, "next"):
            if "grenade explodes" in line:
                return started + [line]
            if " acts: " in line:
                started.append(line.split(" acts: ")[0])
    return started


def test_a_grenade_aimed_at_a_rearguard_creature_goes_off_at_the_end_of_its_group_turn():
    # ref: Combat page, "Thrown Explosives": "They explode at the end of the target's turn,
    # allowing combatants to choose between staying in the blast zone or moving to safety."
    # (A38: the target's group turn, not the next turn of the enemy Vanguard)
    s = throwing()
    run(s, "declare A grenade on Z", "commit")
    s.dice.force([5, 6])
    lines = run(s, "throw A")
    assert lines[0] == "A throws a grenade at Z: 2d10 5 6, it lands on target; it goes off at the end of Z's group turn."
    assert turns_until_blast(s) == ["Team B Vanguard", "Team A Rearguard", "Team B Rearguard",
                                    "A's grenade explodes at the end of Z's group turn (on target)."]  # fmt: skip
    assert fight(s).grenades == ()


def test_a_cooked_grenade_aimed_at_a_creature_goes_off_at_the_start_of_its_group_turn():
    # ref: Combat page, "Thrown Explosives": "Success means it explodes at the start of the target's turn."
    s = throwing()
    s.dice.force([15, 5, 6])
    assert "it goes off at the start of Z's group turn" in run(s, "throw A cook on Z")[0]
    lines = run(s, "next", "next")  # B's Vanguard, A's Rearguard: nothing yet
    assert not any("explodes" in line for line in lines)
    lines = run(s, "next")  # Z's group turn starts
    assert "A's grenade explodes at the start of Z's group turn (on target)." in lines


def test_a_grenade_aimed_at_a_square_goes_off_after_the_next_enemy_turn():
    # ref: Combat page, "Thrown Explosives": "By default, grenades do not explode on contact."
    # (A38: with only a square named, at the end of the next group turn of another team)
    s = throwing()
    s.dice.force([5, 6])
    run(s, "throw A", "next")
    assert "A's grenade explodes at the end of the group turn (on target)." in run(s, "next")


def test_the_gm_can_keep_the_square_rule_for_a_named_target():
    # ref: A38 — the old default stays as the option grenade_at_target no
    s = throwing()
    s.dice.force([5, 6])
    run(s, "option grenade_at_target no", "throw A on Z", "next")
    assert "A's grenade explodes at the end of the group turn (on target)." in run(s, "next")


def test_a_cook_that_goes_off_in_hand_resolves_the_declared_grenade():
    # ref: Combat page, "Thrown Explosives": "a critical failure causes it to explode in the thrower's hand."
    s = throwing()
    run(s, "declare A grenade on Z", "commit")
    s.dice.force([1])
    lines = run(s, "throw A cook")
    assert lines[1:] == ["A's grenade explodes at once (in the thrower's hand).",
                         "A's grenade is resolved: exploded in the thrower's hand."]  # fmt: skip
    assert not any("did not resolve" in line for line in run(s, "next"))


def test_a_throw_past_the_maximum_range_is_refused_with_the_range():
    # ref: Combat page, "Thrown Explosives": "Max Range: 30ft + 5ft per Strength Modifier and
    # Dexterity Modifier." (A36: STR +0, DEX +2 -> 40 ft)
    s = throwing()
    reason = refused(s, "throw A 45")
    assert reason == "A can throw a grenade 40 ft at most (30 ft + 5 ft per STR and DEX modifier): 45 ft is too far."
    s.dice.force([5, 6])
    assert run(s, "throw A at 40")[0].startswith("A throws a grenade, 40 ft (range 40 ft): 2d10 5 6")


def test_the_declared_distance_is_checked_and_used_by_the_throw():
    # ref: Combat page, "Thrown Explosives": "Max Range: 30ft + 5ft per Strength Modifier and
    # Dexterity Modifier."
    s = throwing()
    assert "40 ft at most" in refused(s, "declare A grenade on Z at 45")
    assert refused(s, "declare A move at 20") == "A distance is given for a grenade throw only."
    run(s, "declare A grenade on Z at 25", "commit")
    assert fight(s).declarations[0].feet == 25
    s.dice.force([5, 6])
    assert run(s, "throw A")[0].startswith("A throws a grenade at Z, 25 ft (range 40 ft): ")


def test_a_throw_needs_no_distance():
    # ref: Combat page, "Thrown Explosives" — the distance is the GM's to give or leave out
    s = throwing()
    s.dice.force([5, 6])
    assert run(s, "throw A")[0].startswith("A throws a grenade: 2d10 5 6")


@pytest.mark.parametrize("command", [
    fc.ThrowGrenade("a", False, 30), fc.ThrowGrenade("a", True, 30, "z"), fc.ThrowGrenade("a", True, 0, "z"),
    fc.Declare("a", "grenade", "", "z", "", None, 25),
])  # fmt: skip
def test_the_throw_and_declare_text_forms_read_back(command):
    state = throwing().state
    text = format_command(command, state)
    assert parse(text, state).command == command, text


def test_throw_reads_a_distance_with_or_without_at():
    state = throwing().state
    assert parse("throw A 30 cook", state).command == fc.ThrowGrenade("a", True, 30)
    assert parse("throw A at 30", state).command == fc.ThrowGrenade("a", False, 30)
    assert parse("throw A cook", state).command == fc.ThrowGrenade("a", True)
    with pytest.raises(CommandRejected, match="not a distance or cook"):
        parse("throw A far", state)
    with pytest.raises(CommandRejected, match="out of range"):
        parse("throw A 0", state)
