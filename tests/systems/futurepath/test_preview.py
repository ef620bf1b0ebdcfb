"""The initiative screen's view before Start: Team Initiative, order and groups as Start will fix
them (R7-R15, A7-A10), with the tie that Start still has to break; and leaving setup."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import FPCondition
from combat_tui.systems.futurepath.preview import teams_at_start, tie_note
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session


def test_the_preview_is_what_start_fixes():
    # ref: R7, R8, R12 — the same Team Initiative, order and groups as Start gives
    shaken = (FPCondition("Shaken", 1),)
    s = session(campaign(fighter("x", dex=18), fighter("y", dex=14, conditions=shaken), fighter("z", dex=12),
                         fighter("p", "b", dex=14), fighter("q", "b", dex=12)))  # fmt: skip
    run(s, "setup", "absent Z")
    preview = teams_at_start(s.state.futurepath)
    run(s, "start")
    assert preview == fight(s).teams


def test_the_preview_follows_the_gms_fixes_in_setup():
    # ref: R14, A7 — a fixed score and a chosen group show before Start
    s = session(campaign(fighter("x", dex=18), fighter("y", dex=14), fighter("p", "b")))
    run(s, "setup", "init Y 9", "group X rearguard")
    team = teams_at_start(s.state.futurepath)[0]
    assert team.team == "a" and dict(team.initiative.scores)["y"] == 9
    assert team.vanguard == ("y",) and team.rearguard == ("x",)


def test_a_tie_names_how_it_is_broken():
    # ref: R9, A9 — equal Team Initiative: the higher DEX scores, else opposed rolls at Start
    s = session(campaign(fighter("x", dex=14), fighter("p", "b", dex=14)))
    run(s, "setup")
    teams = teams_at_start(s.state.futurepath)
    assert tie_note(s.state.futurepath, teams, 0) == "tied: opposed rolls at Start"
    s = session(campaign(fighter("x", dex=15, wis=8), fighter("p", "b", dex=13, wis=10)))
    run(s, "setup")
    teams = teams_at_start(s.state.futurepath)
    assert [t.team for t in teams] == ["a", "b"]
    assert tie_note(s.state.futurepath, teams, 1) == "tied: DEX scores decide"
    assert tie_note(s.state.futurepath, teams, 0) == "tied: DEX scores decide"


def test_after_start_a_rolled_tie_shows_its_rolls():
    # ref: R9 — the opposed d20s that broke the tie
    s = session(campaign(fighter("x", dex=14), fighter("p", "b", dex=14)))
    s.dice.force([15, 3])
    run(s, "setup", "start")
    teams = fight(s).teams
    assert tie_note(s.state.futurepath, teams, 0) == "tie broken by opposed d20 15"
    assert tie_note(s.state.futurepath, teams, 1) == "tie broken by opposed d20 3"


def test_no_preview_outside_setup():
    s = session(campaign(fighter("x"), fighter("p", "b")))
    with pytest.raises(CommandRejected):
        teams_at_start(s.state.futurepath)


def test_cancel_closes_setup_without_a_fight_and_undo_reopens_it():
    s = session(campaign(fighter("x"), fighter("p", "b")))
    run(s, "setup", "absent X")
    lines = run(s, "cancel")
    assert s.state.futurepath.fight is None
    assert lines == ["Ground combat setup is closed without a fight."]
    s.undo()
    assert fight(s).stage == "setup" and fight(s).present == ("p",)


def test_cancel_is_refused_outside_setup():
    s = session(campaign(fighter("x"), fighter("p", "b")))
    with pytest.raises(CommandRejected, match="setup is not open"):
        run(s, "cancel")
    run(s, "setup", "start")
    with pytest.raises(CommandRejected, match="setup is not open"):
        run(s, "cancel")
