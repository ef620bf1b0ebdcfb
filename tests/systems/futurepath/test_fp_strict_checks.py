"""Checks that keep ground and space commands to their fight (issue 19, "Checks that are too
loose"): a refused line names what is wrong and changes nothing."""

from __future__ import annotations

import pytest

from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.library.space_bears import space_bears
from tests.lines import played, refused

BEAR = "'Space Bear 1'"


def sample(*lines: str) -> Session:
    return played(space_bears(), *lines, seed=3)




@pytest.mark.parametrize("line", [f"attack Brandon {BEAR}", "damage Brandon 3", "heal Brandon 3", "chip Brandon +Shaken 1"])
def test_ground_lines_are_refused_with_no_ground_fight(line):
    # ref: Combat — "Combat is organized into phases": a ground attack belongs to a ground fight
    assert "ground" in refused(sample(), line)


@pytest.mark.parametrize("line", [f"attack Brandon {BEAR}", "damage Brandon 3", "heal Brandon 3", "chip Brandon -Shaken"])
def test_ground_lines_are_refused_during_a_space_fight(line):
    # ref: Space Combat — "Space Ship Combat is completely different from normal player combat"
    assert refused(sample("space start"), line).endswith("only a space fight is running.")


def test_damage_and_conditions_may_come_before_round_0_in_setup():
    # ref: Example Encounter — "You are all 'Shaken' by the explosion" before the surprise round
    s = sample("setup")
    lines = [*run_line(s, "chip Brandon +Shaken 1").lines, *run_line(s, "damage Brandon 2").lines]
    assert s.state.futurepath.actor("brandon").hp == 16 and lines


def test_an_absent_combatant_does_not_attack():
    # ref: Example Encounter — "You cannot act in the first round": Katie is not there yet
    s = sample("setup", "absent Katie", "start")
    assert refused(s, f"attack Katie {BEAR}") == "Katie is not in the fight."


def test_a_waiting_joiner_is_not_a_target_until_the_counter_phase():
    # ref: Adding new Combatants — they join "at the Counter Phase"
    s = sample("setup", "absent Katie", "start", "join Katie")
    assert refused(s, f"attack {BEAR} Katie") == "Katie is not in the fight yet: they join at the Counter phase."


def test_no_one_attacks_themselves():
    s = sample("setup", "start")
    assert refused(s, "attack Brandon Brandon") == "Brandon cannot attack themselves."


def test_an_opposed_check_is_between_different_combatants():
    # ref: Opposed Initiative — the contenders roll against each other
    assert "named twice" in refused(sample("setup"), "opposed Brandon Brandon")


def test_an_attack_is_not_declared_on_oneself():
    s = sample("setup", "absent Katie", "start", "next")  # the party's Vanguard: Brandon and James
    assert refused(s, "declare Brandon attack on Brandon") == "Brandon cannot attack themselves."


def test_an_action_is_not_declared_on_someone_out_of_the_fight():
    s = sample("setup", "absent Katie", "start", "next")
    assert refused(s, "declare Brandon attack on Katie") == "Katie is not in the fight."


def to_action(s: Session) -> Session:
    for _ in range(2):
        run_line(s, "space next")
    assert s.state.futurepath.space.phase == "action"
    return s


def test_fire_with_0_hard_points_is_refused():
    # ref: Space Combat — "The number of d10s is determined by the number of hard points used"
    s = to_action(sample("space start"))
    assert "out of range for a number of hard points (1 to" in refused(s, "space fire Bearclaw Raiders 0")


def test_scan_takes_the_swarms_name_as_fire_does():
    # ref: Space Combat, the Sensor Officer scans; notes §2.13: a swarm is one opponent
    s = to_action(sample("space start"))
    s.dice.force([9, 8])
    line = run_line(s, "space scan Bearclaw Raiders").lines[0]
    assert line.startswith("Bearclaw's Sensor Officer scans Raiders:") and "on 4 of its 4 ships" in line
    assert set(s.state.futurepath.space.status("bearclaw").scans) == {f"fighter-{i}" for i in range(1, 5)}


def test_a_failed_scan_of_a_swarm_marks_no_ship():
    s = to_action(sample("space start"))
    s.dice.force([1, 2])
    assert run_line(s, "space scan Bearclaw Raiders").lines[0].endswith("failure.")
    assert s.state.futurepath.space.status("bearclaw").scans == ()
