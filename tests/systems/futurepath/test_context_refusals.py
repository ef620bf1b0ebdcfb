"""FuturePath commands outside their context are refused with a message, not a crash (DESIGN.md
§7, issue 14 item 5): the phase machinery with no ground fight, an attack while setup is open,
space functions with no space fight, an Extra Damage step of 0, a condition whose name is not text."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.library.space_bears import space_bears
from combat_tui.systems.futurepath import commands as fc
from tests.lines import played, refused

ATTACK = "attack Brandon 'Space Bear 1' 'Silenced Pistol'"


def sample(*lines: str) -> Session:
    return played(space_bears(), *lines, seed=0)




@pytest.mark.parametrize("before", [(), ("setup",), ("space start",)])
@pytest.mark.parametrize("line", ["declare Brandon attack", "commit", "resolve", "withdraw Brandon", "next",
                                  "throw Brandon", "end", "join Katie", "out Brandon fled"])  # fmt: skip
def test_the_round_machinery_needs_a_running_ground_fight(before, line):
    # ref: R27-R31 — declarations, groups and phases belong to a round of a ground fight
    assert refused(sample(*before), line) == "No ground fight is running."


@pytest.mark.parametrize("before", [(), ("setup",)])
@pytest.mark.parametrize("line", ["space next", "space end", "space fire Bearclaw Marauder", "space scan Bearclaw Marauder",
                                  "space repair Bearclaw 1", "space damage Marauder 7", "space surrender Marauder",
                                  "space fly Bearclaw offensive Marauder", "space boost Bearclaw shields"])  # fmt: skip
def test_space_functions_need_a_space_fight(before, line):
    assert refused(sample(*before), line) == "No space fight is running."


def test_an_attack_waits_while_ground_setup_is_open():
    assert refused(sample("setup"), ATTACK) == "Ground setup is open: the fight has not started."


@pytest.mark.parametrize("line", [ATTACK, "damage Brandon 3", "heal Brandon 3", "chip Brandon +Shaken 1",
                                  "chip Brandon -Shaken"])  # fmt: skip
def test_attacks_damage_healing_and_conditions_need_a_ground_fight(line):
    # ref: Turn Order — a ground attack, its damage and conditions belong to a round of a ground fight
    assert refused(sample(), line).endswith("needs ground setup or a running ground fight.") or \
        refused(sample(), line) == "'attack' needs a running ground fight."


@pytest.mark.parametrize("line", [ATTACK, "damage Brandon 3", "heal Brandon 3", "chip Brandon +Shaken 1"])
def test_ground_attacks_damage_and_conditions_are_refused_in_a_space_fight(line):
    # ref: Space Combat — "Space Ship Combat is completely different from normal player combat"
    assert "only a space fight is running" in refused(sample("space start"), line)


def test_an_ended_ground_fight_takes_no_more_attacks():
    assert refused(sample("setup", "start", "end"), ATTACK) == "'attack' needs a running ground fight."


def test_an_extra_damage_step_of_0_is_refused_by_the_text_form():
    # ref: R80, A23 — the k-th Extra Damage at AC + step x k: the margin is divided by the step
    assert "extra_damage_step" in refused(sample(), "option extra_damage_step 0")


def test_a_step_of_0_from_a_file_refuses_the_attack_instead_of_dividing_by_zero():
    s = sample("setup", "start")
    fp = s.state.futurepath
    s.state = evolve(s.state, futurepath=evolve(fp, options=evolve(fp.options, extra_damage_step=0)))
    s.dice.force([15, 1])
    assert refused(s, ATTACK) == "Option extra_damage_step is 0; it must be 1 or more."


def test_show_area_is_bounded():
    # ref: R74-R77 — an area is counted square by square
    assert refused(sample(), "show area radius 100000") == "'100000' is too large for a length in feet (0 to 1000)."
    assert run_line(sample(), "show area radius 1000").output.startswith("A 1000-ft radius covers")


@pytest.mark.parametrize(("line", "reason"), [
    ("chip Brandon '+Shaken -3'", "'Shaken -3' ends in a signed number: a condition lasts a number of rounds from 1."),
    ("chip Brandon +Shaken -3", "-3 is out of range for a number of rounds (0 to 1000)."),
    ("chip Brandon +Shaken 1001", "1001 is out of range for a number of rounds (0 to 1000)."),
])  # fmt: skip
def test_a_condition_with_a_count_in_its_name_is_refused(line, reason):
    assert refused(sample("setup"), line) == reason


@pytest.mark.parametrize("name", ["Shaken\x1b[2J", "Stunned\x00", "\udcffBurning"])
def test_a_condition_name_that_is_not_text_never_reaches_the_state(name):
    s = sample("setup")
    with pytest.raises(CommandRejected, match="The condition's name holds"):
        s.execute(fc.AddCondition("brandon", name, 1))
    assert s.state.futurepath.actor("brandon").conditions == ()
