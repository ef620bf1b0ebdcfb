"""Initiative, Team Initiative, team order and groups: R5-R17, R23, A6-A11, A14, A15."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import FPCondition
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session


def started(*actors, lines=()):
    s = session(campaign(*actors))
    run(s, "setup", *lines, "start")
    return s


def team(s, team_id):
    return next(t for t in fight(s).teams if t.team == team_id)


def test_personal_initiative_is_dex_plus_wis_plus_misc_from_modifiers():
    # ref: R5, A6 — DEX +1 and WIS +2 give Initiative +3 (modifiers, not scores)
    s = started(fighter("x", dex=12, wis=14, misc=1), fighter("y", "b"))
    assert dict(team(s, "a").initiative.scores)["x"] == 1 + 2 + 1


def test_the_gm_can_read_initiative_from_scores_instead():
    # ref: A6 — overridable: option initiative_from scores
    s = session(campaign(fighter("x", dex=12, wis=14, misc=1), fighter("y", "b")))
    run(s, "option initiative_from scores", "setup", "start")
    assert dict(team(s, "a").initiative.scores)["x"] == 12 + 14 + 1


def test_an_initiative_check_is_d20_plus_the_score():
    # ref: R6, R23 — opposed Initiative checks: d20 + DEX + WIS + MISC
    s = session(campaign(fighter("x", dex=14), fighter("y", "b")))
    s.dice.force([10, 11])
    lines = run(s, "opposed X Y")
    assert lines == ["Opposed Initiative: X d20 10 = 12, Y d20 11 = 11. X goes first."]


def test_opposed_checks_reroll_ties_until_one_wins():
    # ref: R23 — only one winner; a tie is rolled again (between the tied only)
    s = session(campaign(fighter("x"), fighter("y", "b"), fighter("z", "b")))
    s.dice.force([12, 12, 3, 5, 9])
    lines = run(s, "opposed X Y Z")
    assert lines[0].endswith("Y goes first.")
    assert "Z d20 3 = 3" in lines[0] and "X d20 5 = 5, Y d20 9 = 9" in lines[0]


def test_team_initiative_is_the_floor_of_the_average():
    # ref: R7 — the average Initiative score of the team, rounded down
    s = started(fighter("x", dex=14), fighter("w", dex=12), fighter("y", "b"))
    assert team(s, "a").initiative.value == (2 + 1) // 2 == 1


def test_a_negative_average_rounds_toward_minus_infinity():
    # ref: A8 — floor, not toward zero: (-1 + -2) / 2 = -1.5 -> -2
    s = started(fighter("x", dex=8), fighter("w", dex=6), fighter("y", "b"))
    assert team(s, "a").initiative.value == -2


def test_team_initiative_loses_one_per_distinct_listed_condition():
    # ref: A7, notes §2.5 b — with the option on: -1 for each distinct listed condition any member has
    shaken = (FPCondition("Shaken", 1),)
    s = session(campaign(
        fighter("x", dex=20, conditions=shaken), fighter("w", dex=20, conditions=shaken + (FPCondition("Prone"),)),
        fighter("v", dex=20, conditions=(FPCondition("Lost my hat"),)), fighter("y", "b"),
    ))  # fmt: skip
    run(s, "option condition_penalty yes", "setup", "start")
    initiative = team(s, "a").initiative
    assert initiative.average == 5 and initiative.conditions == ("Shaken", "Prone") and initiative.value == 3


def test_the_condition_penalty_is_off_by_default():
    # ref: Combat page, "The Initiative Phase": "The Team Initiative is simply the average
    # Initiative score round down." (A7: the -1 per condition is an option, off by default)
    s = started(fighter("x", dex=20, conditions=(FPCondition("Shaken", 1),)), fighter("y", "b"))
    assert team(s, "a").initiative.value == 5 and team(s, "a").initiative.conditions == ()


def test_team_initiative_counts_only_the_members_present_at_the_start():
    # ref: A7, R19 — fixed at combat start from the members present; static afterwards
    s = started(fighter("x", dex=20), fighter("k", dex=1), fighter("y", "b"), lines=["absent K"])
    assert team(s, "a").initiative.value == 5
    assert [ref for ref, _ in team(s, "a").initiative.scores] == ["x"]


def test_the_start_logs_the_team_initiative_breakdown():
    # ref: R7, A7 — Team Initiative with its breakdown; the condition penalty is a line item when on
    s = session(campaign(fighter("x", dex=14, conditions=(FPCondition("Shaken", 1),)), fighter("y", "b")))
    lines = run(s, "option condition_penalty yes", "setup", "start")
    assert "Team Initiative of Team A: 1 (average of X 2 = 2; -1 for Shaken)." in lines


def test_the_higher_team_initiative_acts_first():
    # ref: R8
    s = started(fighter("x"), fighter("y", "b", dex=14))
    assert [t.team for t in fight(s).teams] == ["b", "a"]


def test_a_tie_goes_to_the_team_with_the_higher_dex_score():
    # ref: R9, A9 — the team whose character has the higher DEX score goes first
    s = started(fighter("x", dex=12, wis=12), fighter("y", "b", dex=13, wis=12))
    assert [t.team for t in fight(s).teams] == ["b", "a"]


def test_a_dex_tie_compares_the_next_highest_dex_scores():
    # ref: A9 — with the option dex_tie next-highest: each team's highest DEX, then the next highest
    s = started(fighter("x", dex=16, misc=-3), fighter("w", dex=11, wis=12),
                fighter("y", "b", dex=16, misc=-3), fighter("z", "b", dex=12, wis=10),
                lines=["option dex_tie next-highest"])  # fmt: skip
    assert team(s, "a").initiative.value == team(s, "b").initiative.value
    assert [t.team for t in fight(s).teams] == ["b", "a"]


def test_a_full_tie_rolls_opposed_checks_until_one_wins():
    # ref: R9, A9 — opposed d20 + Team Initiative, repeated until someone wins
    s = session(campaign(fighter("x"), fighter("y", "b")))
    s.dice.force([7, 7, 4, 15])
    lines = run(s, "setup", "start")
    assert [t.team for t in fight(s).teams] == ["b", "a"]
    assert "Team Initiative tie between Team A and Team B: opposed checks Team A d20 7 = 7, Team B d20 7 = 7." in lines
    assert "Team Initiative tie between Team A and Team B: opposed checks Team A d20 4 = 4, Team B d20 15 = 15." in lines


def test_the_gm_can_set_a_team_initiative():
    # ref: notes §3.3 — every computed value accepts a GM override
    s = started(fighter("x", dex=14), fighter("y", "b"))
    lines = run(s, "teaminit 'Team B' 9")
    assert team(s, "b").initiative.value == 9 and [t.team for t in fight(s).teams] == ["b", "a"]
    assert lines == ["Team Initiative of Team B: 9 (average of Y 0 = 0), set by the GM (computed 0)."]
    run(s, "teaminit 'Team B' auto")
    assert team(s, "b").initiative.value == 0


def test_each_team_has_a_vanguard_and_a_rearguard_split_by_initiative():
    # ref: R10, R12 — the top half Vanguard, the rest Rearguard
    s = started(fighter("p", dex=10), fighter("q", dex=18), fighter("r", dex=14), fighter("t", dex=12), fighter("y", "b"))
    assert team(s, "a").vanguard == ("q", "r") and team(s, "a").rearguard == ("t", "p")


def test_the_middle_member_of_an_odd_team_joins_the_nearer_group():
    # ref: R13, A10 — top n/2 Vanguard, bottom n/2 Rearguard, middle to the nearer group mean
    near_rear = started(fighter("p", dex=20), fighter("q", dex=13), fighter("r", dex=12), fighter("y", "b"))
    assert near_rear.state.futurepath.fight.teams[0].rearguard == ("q", "r")
    near_van = started(fighter("p", dex=16), fighter("q", dex=15), fighter("r", dex=6), fighter("y", "b"))
    assert team(near_van, "a").vanguard == ("p", "q")


def test_an_equal_distance_sends_the_middle_member_to_the_vanguard():
    # ref: A10 — equal distance: Vanguard (Brandon 6, James 4, Art 2 in the example)
    s = started(fighter("p", dex=18, wis=14), fighter("q", dex=14, wis=14), fighter("r", dex=12, wis=12), fighter("y", "b"))
    assert team(s, "a").vanguard == ("p", "q") and team(s, "a").rearguard == ("r",)


def test_the_gm_can_send_odd_members_to_a_fixed_group():
    # ref: A10 — overridable: option odd_member rearguard
    s = session(campaign(fighter("p", dex=20), fighter("q", dex=16), fighter("r", dex=6), fighter("y", "b")))
    run(s, "option odd_member rearguard", "setup", "start")
    assert team(s, "a").vanguard == ("p",)


def test_initiative_ties_in_the_group_sort_break_by_dex_then_roster_order():
    # ref: R14, A11 — ties broken by DEX score, then a stable order the GM can change
    s = started(fighter("p", dex=12, wis=10), fighter("q", dex=10, wis=12), fighter("r", dex=12, wis=10),
                fighter("t", dex=14, wis=8), fighter("y", "b"))  # fmt: skip
    assert team(s, "a").vanguard == ("t", "p") and team(s, "a").rearguard == ("r", "q")


def test_the_gm_decides_a_group_when_ties_remain():
    # ref: R14 — the players or GM decide at the start of play
    s = started(fighter("p"), fighter("q"), fighter("y", "b"), lines=["group Q vanguard"])
    assert team(s, "a").vanguard == ("p", "q") and team(s, "a").rearguard == ()
    run(s, "group P rearguard")
    assert team(s, "a").vanguard == ("q",) and team(s, "a").rearguard == ("p",)


def test_a_team_of_one_is_in_the_vanguard():
    # ref: R15
    s = started(fighter("x"), fighter("y", "b"))
    assert team(s, "a").vanguard == ("x",) and team(s, "a").rearguard == ()


def test_group_order_is_both_vanguards_then_both_rearguards():
    # ref: R11 — first team's Vanguard, the other Vanguard, first Rearguard, the other Rearguard
    s = started(fighter("p", dex=14), fighter("q", dex=14), fighter("y", "b"), fighter("z", "b"))
    assert [(t.team, t.group) for t in fight(s).turns] == [("a", "vanguard"), ("b", "vanguard"), ("a", "rearguard"), ("b", "rearguard")]


def test_three_teams_go_vanguards_first_then_rearguards_by_team_initiative():
    # ref: A14 — every Vanguard in descending Team Initiative, then every Rearguard
    s = started(fighter("p", dex=12), fighter("q", dex=12), fighter("y", "b", dex=16), fighter("z", "b", dex=16),
                fighter("u", "c", dex=14), fighter("v", "c", dex=14))  # fmt: skip
    assert [(t.team, t.group) for t in fight(s).turns] == [
        ("b", "vanguard"), ("c", "vanguard"), ("a", "vanguard"), ("b", "rearguard"), ("c", "rearguard"), ("a", "rearguard"),
    ]  # fmt: skip


def test_empty_groups_are_skipped():
    # ref: A15 — a one-person team has no Rearguard turn
    s = started(fighter("x", dex=12), fighter("y", "b"), fighter("z", "b"))
    assert [(t.team, t.group) for t in fight(s).turns] == [("a", "vanguard"), ("b", "vanguard"), ("b", "rearguard")]


def test_the_gm_can_fix_a_personal_initiative():
    # ref: R17 — the Initiative value is the one on the sheet; the GM may set it
    s = session(campaign(fighter("x"), fighter("y", "b")))
    lines = run(s, "setup", "init X 7", "start")
    assert "Initiative of X set to 7 (was 0)." in lines and team(s, "a").initiative.value == 7


def test_a_fight_needs_two_teams():
    s = session(campaign(fighter("x"), fighter("y", "b")))
    run(s, "setup", "absent Y")
    with pytest.raises(CommandRejected, match="two teams"):
        run(s, "start")


def test_show_teams_gives_the_breakdown_and_groups():
    # ref: R17, notes §3.3 — every computed value shows its breakdown
    s = started(fighter("x", dex=14), fighter("y", "b"))
    lines = run(s, "show teams")
    assert lines[0] == "1. Team A: Team Initiative 2 = floor(mean of X 2) 2; Vanguard X; Rearguard -"
