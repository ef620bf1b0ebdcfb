"""Rounds, phases, counters, joiners and the end of combat: R3, R11, R16, R18-R22, R65-R72, A12,
A13, A16-A18, A20."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import FPCondition
from tests.systems.futurepath.helpers import actor, campaign, fight, fighter, run, session


def started(*actors, lines=()):
    s = session(campaign(*actors))
    run(s, "setup", *lines, "start")
    return s


def pair(**kw):
    return started(fighter("x", dex=14, **kw), fighter("y", "b"))


def test_a_round_goes_advantages_then_each_group_then_counters():
    # ref: R3, R11, R71 — three phases in order; the Action phase is one turn per group
    s = started(fighter("x", dex=14), fighter("w", dex=14), fighter("y", "b"), fighter("z", "b"))
    lines = run(s, "next", "next", "next", "next", "next", "next")
    assert [line for line in lines if "phase" in line or "acts" in line or "starts" in line] == [
        "Round 1: Action phase.", "Team A Vanguard acts: X.", "Team B Vanguard acts: Y.", "Team A Rearguard acts: W.",
        "Team B Rearguard acts: Z.", "Round 1: Counter phase.", "Round 2 starts.", "Round 2: Advantages/Disadvantages phase.",
    ]  # fmt: skip


def test_a_group_acts_together():
    # ref: R16 — it is never a player's turn, it is the group's turn
    s = started(fighter("x", dex=14), fighter("w", dex=14), fighter("v", dex=14), fighter("y", "b"))
    lines = run(s, "next")
    assert lines[-1] == "Team A Vanguard acts: X and W."


def test_a_counter_drops_by_one_in_the_counter_phase():
    # ref: R65 — every counter drops by 1
    s = pair(conditions=(FPCondition("Burning", 3),))
    lines = run(s, "next", "next", "next")
    assert "X: Burning counter 3 -> 2." in lines


def test_an_effect_ends_when_its_counter_reaches_0():
    # ref: A18 — "lasts 1 round" starts at 1 and ends at the Counter phase
    s = pair(conditions=(FPCondition("Shaken", 1),))
    lines = run(s, "next", "next", "next")
    assert lines[-2:] == ["X: Shaken counter 1 -> 0.", "X is no longer Shaken."]
    assert actor(s, "x").conditions == ()


def test_a_counter_whose_bearer_has_not_gone_since_it_began_does_not_drop():
    # ref: R66, A17 — applied after the bearer's group acted this round: held
    s = pair()
    run(s, "next", "next")  # Team A Vanguard (X) acted; Team B Vanguard (Y) acts now
    run(s, "chip Y +Burning 2")  # during Y's own turn: armed next time Y's group goes
    lines = run(s, "next")
    assert "Y: Burning counter stays at 2 (its bearer has not gone since it began)." in lines
    lines = run(s, "next", "next", "next", "next")
    assert "Y: Burning counter 2 -> 1." in lines


def test_an_effect_applied_before_the_bearers_turn_ticks_that_round():
    # ref: R66, A17 — the example's technique-Stunned bear: its group went after James's: 2 -> 1
    s = pair()
    run(s, "next", "chip Y +Stunned 2")  # X acts: Y has not gone yet
    lines = run(s, "next", "next")
    assert "Y: Stunned counter 2 -> 1." in lines


def test_counters_are_kept_per_effect_and_bearer():
    # ref: A20 — one counter per (effect, bearer): the same effect ticks differently
    s = pair()
    run(s, "next", "chip X +Burning 2", "chip Y +Burning 2")  # X is acting
    lines = run(s, "next", "next")
    assert "Y: Burning counter 2 -> 1." in lines
    assert "X: Burning counter stays at 2 (its bearer has not gone since it began)." in lines


def test_the_counter_keeps_its_owner():
    # ref: R67 — the counter is tracked by whoever controls the character that caused it
    from combat_tui.systems.futurepath import commands as fc

    s = pair()
    s.execute(fc.AddCondition("y", "Burning", 2, owner="x"))
    assert actor(s, "y").condition("Burning").owner == "x"


def test_gaining_a_timed_condition_again_resets_its_duration():
    # ref: notes §2.5 c
    s = pair(conditions=(FPCondition("Burning", 1, armed=True),))
    lines = run(s, "chip X +Burning 4")
    assert lines == ["X is Burning again: the counter restarts for 4 rounds."]
    assert actor(s, "x").condition("Burning").rounds == 4


def test_gaining_an_until_rest_condition_again_moves_along_its_track():
    # ref: notes §2.5 d — Winded again -> Fatigued
    s = pair(conditions=(FPCondition("Winded"),))
    lines = run(s, "chip X +Winded")
    assert lines == ["X goes from Winded to Fatigued."]


def test_shocked_is_stunned():
    # ref: A12 — "Shocked" is offered as an alias of Stunned
    s = pair()
    run(s, "chip Y +Shocked 2")
    assert actor(s, "y").condition("Stunned").rounds == 2


def test_a_custom_condition_is_allowed():
    # ref: A12 — custom conditions: a name the catalogue does not list
    s = pair()
    assert run(s, "chip Y +Covered in honey 2") == ["Y is Covered in honey for 2 rounds."]


def test_a_stunned_combatant_is_warned_about_not_blocked():
    # ref: A12 — warn, do not block, when a Stunned combatant's group acts
    s = started(fighter("x", dex=14), fighter("y", "b", conditions=(FPCondition("Stunned", 1),)))
    lines = run(s, "next", "next")
    assert "Note: Y cannot attack or move (a condition); what they do is the GM's call." in lines


def test_a_newcomer_joins_only_in_the_counter_phase():
    # ref: R18, R69 — asked earlier, the newcomer waits for the Counter phase
    s = started(fighter("x", dex=14), fighter("k"), fighter("y", "b"), lines=["absent K"])
    assert run(s, "join K") == ["K will join the fight in the Counter phase."]
    assert "k" not in fight(s).present
    lines = run(s, "next", "next", "next")
    assert "K joins Team A's Rearguard." in lines and "k" in fight(s).present


def test_a_newcomer_does_not_change_team_initiative():
    # ref: R19 — Katie's low Initiative does not lower the team's
    s = started(fighter("x", dex=18), fighter("k", dex=1), fighter("y", "b"), lines=["absent K"])
    before = fight(s).teams[0].initiative
    run(s, "next", "next", "next", "join K")
    assert fight(s).teams[0].initiative == before


def test_a_newcomer_joins_the_group_whose_initiative_is_nearer():
    # ref: R20, A13 — the nearer group mean; groups may become uneven
    s = started(fighter("p", dex=20), fighter("q", dex=18), fighter("r", dex=10), fighter("s", dex=10),
                fighter("k", dex=19), fighter("y", "b"), lines=["absent K"])  # fmt: skip
    run(s, "next", "next", "next", "next", "join K")
    team = fight(s).teams[0]
    assert team.vanguard == ("p", "q", "k") and team.rearguard == ("r", "s")


def test_newcomers_without_a_team_in_the_fight_form_a_new_team():
    # ref: R21, A14 — a new team, placed by its Team Initiative from the next round
    s = started(fighter("x", dex=14), fighter("y", "b"), fighter("u", "c", dex=20), lines=["absent U"])
    lines = run(s, "next", "next", "next", "join U")
    assert "U joins as a new team, Team C, in its Vanguard." in lines
    run(s, "next")
    assert [(t.team, t.group) for t in fight(s).turns] == [("c", "vanguard"), ("a", "vanguard"), ("b", "vanguard")]


def test_a_joiner_already_in_the_fight_is_refused():
    s = pair()
    with pytest.raises(CommandRejected, match="already in the fight"):
        run(s, "join X")


def test_the_fight_ends_when_every_member_of_a_team_is_down():
    # ref: R70 — perished, fled, helpless or surrendered: checked in the Counter phase
    s = started(fighter("x", dex=14), fighter("y", "b"), fighter("z", "b"))
    run(s, "out Y fled", "chip Z +Unconscious")
    lines = run(s, "next", "next", "next", "next")
    assert "The fight is over: Team B is out." in lines and fight(s).stage == "ended"


def test_leftover_effects_are_listed_at_the_end():
    # ref: R72 — leftover timed effects resolve at once after combat
    s = started(fighter("x", dex=14, conditions=(FPCondition("Bleeding", 3),)), fighter("y", "b"))
    lines = run(s, "end")
    assert lines == ["The fight is over.", "Leftover: X is Bleeding for 3 more rounds; resolve each round now."]


def test_next_after_the_end_is_refused():
    s = pair()
    run(s, "end")
    with pytest.raises(CommandRejected, match="No ground fight is running"):
        run(s, "next")


def test_the_advantages_phase_lists_every_source():
    # ref: R28-R31 — conditions, proficiency, and the GM's environment
    from combat_tui.systems.futurepath.model import FPWeapon

    odd = FPWeapon("Railgun", "2d10", proficient=False, levels_short=2)
    s = started(fighter("x", dex=14, conditions=(FPCondition("Shaken", 3),), weapons=(odd,)), fighter("y", "b"))
    run(s, "env Smoke -1 ranged")
    lines = run(s, "next", "next", "next", "next")
    assert "X: Shaken (-1Ad attack, -1Ad save, -1Ad skill); not proficient with Railgun (-2Ad accuracy)." in lines
    assert "Environment: Smoke (-1Ad ranged)." in lines


def test_undo_takes_back_a_whole_step_and_redo_rolls_nothing_again():
    # DESIGN §2: undo swaps stored states; redo never re-rolls
    s = started(fighter("x", dex=14, conditions=(FPCondition("Burning", 3),)), fighter("y", "b"))
    before = s.state
    s.dice.force([5])
    run(s, "next")
    after = s.state
    run(s, "undo")
    assert s.state == before
    run(s, "redo")
    assert s.state == after
