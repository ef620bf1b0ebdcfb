"""What the round screen shows of movement and of a new team (round_view.py): the ways of a
declared move with the rules' distances, the feet moved this turn, who may join a new team."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.model import FPCondition
from combat_tui.systems.futurepath.round_view import (
    MoveChoice,
    declarer,
    head_movement,
    is_movement,
    joining,
    move_view,
    moved,
    mover,
    outsiders,
    team_named,
)
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session


def _acting(*actors, absent: tuple[str, ...] = ()):
    """A fight in its first group's turn (team a acts first: its Initiative is higher), with
    `absent` left out of the start."""
    s = session(campaign(*actors))
    run(s, "setup", *(f"absent {ref}" for ref in absent), "start", "next")
    return s


def test_each_way_shows_the_rules_distance_for_a_standard_move():
    # ref: Combat page, "Standard Move Actions": "Run speed is two times the walk or 30ft" and
    # "Climbing, swimming, or crawling all take half (round down) of movement speed"
    s = _acting(fighter("ann", "a", dex=16), fighter("bob", "b"))
    run(s, "declare Ann move")
    view = move_view(s.state, "ann")
    assert not view.bonus and view.mode == "run"
    assert view.choices == (MoveChoice("run", 30), MoveChoice("climb", 15, ("climbing: half speed",)),
                            MoveChoice("swim", 15, ("swimming: half speed",)),
                            MoveChoice("crawl", 15, ("crawling: half speed",)))  # fmt: skip


def test_the_declared_way_comes_first_and_a_condition_shortens_every_way():
    # ref: Combat page, "Standard Move Actions": climbing is half speed; notes §2.5: Fatigued half speed
    s = _acting(fighter("ann", "a", dex=16, conditions=(FPCondition("Fatigued"),)), fighter("bob", "b"))
    run(s, "declare Ann climb")
    view = move_view(s.state, "ann")
    assert view.mode == "climb"
    assert [(c.mode, c.feet) for c in view.choices] == [("run", 15), ("climb", 5), ("swim", 5), ("crawl", 5)]
    assert view.choices[0].why == ("Fatigued: half speed",)


def test_a_bonus_move_goes_the_standard_moves_way_again():
    # ref: Combat page, "Standard Move Actions": "a Bonus Move Action that allows the Character to
    # move at the same speed that they were able to move using their Standard Action"
    s = _acting(fighter("ann", "a", dex=16), fighter("bob", "b"))
    run(s, "declare Ann move", "declare Ann bonus move", "move Ann 30")
    view = move_view(s.state, "ann")
    assert view.bonus and view.first_feet == 30
    assert view.choices == (MoveChoice("run", 30),)
    assert moved(fight(s), "ann") == 30


def test_a_movement_that_cannot_resolve_now_gets_the_rules_reason():
    # ref: Combat page, "Standard Move Actions" — only a declared Move is resolved with feet
    s = _acting(fighter("ann", "a", dex=16), fighter("bob", "b"))
    with pytest.raises(CommandRejected, match="Ann has no Move declared"):
        move_view(s.state, "ann")


def test_moved_adds_the_feet_of_this_turns_resolved_moves():
    # ref: Combat page, "Standard Move Actions": a Bonus Move after the Standard Move (Sprinting)
    s = _acting(fighter("ann", "a", dex=16), fighter("bob", "b"))
    run(s, "declare Ann move", "declare Ann bonus move")
    assert moved(fight(s), "ann") == 0
    run(s, "move Ann 25", "move Ann 20")
    assert moved(fight(s), "ann") == 45


def test_only_moves_that_cover_ground_ask_for_feet():
    # ref: Combat page, "Standard Move Actions": reload and draw from a pack are Move actions too
    s = _acting(fighter("ann", "a", dex=16), fighter("bob", "b"), fighter("cy", "a", dex=14), fighter("dee", "a", dex=8),
                fighter("eve", "a", dex=8))  # Ann and Cy: the Vanguard
    run(s, "declare Ann reload", "declare Cy move")
    declared = fight(s).declarations
    assert [is_movement(d) for d in declared] == [False, True]
    assert head_movement(s.state.futurepath, fight(s)) is None  # Ann's reload resolves first (Initiative)
    assert mover(s.state.futurepath, fight(s), "ann") == "ann"  # no movement waiting: the rules say why
    assert mover(s.state.futurepath, fight(s), "cy") == "cy"
    run(s, "resolve")
    assert head_movement(s.state.futurepath, fight(s)) == "cy"
    assert mover(s.state.futurepath, fight(s), "ann") == "cy"


def test_outsiders_and_the_commands_that_bring_one_into_a_new_team():
    # ref: Combat page, "Joining a Battle": "multiple people joining combat as a new Team; their
    # team's initiative is compared with the other groups'"
    s = _acting(fighter("ann", "a", dex=16), fighter("bob", "b"), fighter("zed", "b"), absent=("zed",))
    fp = s.state.futurepath
    assert outsiders(fp) == ("zed",)
    run(s, "team Scavengers")
    fp = s.state.futurepath
    team = team_named(fp, "scavengers")
    assert team is not None and team_named(fp, team.id) is team and team_named(fp, "nobody") is None
    assert joining(fp, "zed", team.id) == (fc.EditCombatant("zed", (("team", team.id),)), fc.Join("zed"))
    assert joining(fp, "zed", "b") == (fc.Join("zed"),)  # already on that team
    for command in joining(fp, "zed", team.id):
        s.execute(command)
    assert outsiders(s.state.futurepath) == ()
    assert s.state.futurepath.actor("zed").team == team.id


def test_the_declare_key_goes_to_the_next_member_with_nothing_declared():
    # ref: Combat page, Actions: "players decide what their characters commit to doing each turn.
    # Players ... must declare to the GM what they choose" — each of the acting group in turn (Ann
    # and Cal, the Vanguard)
    s = _acting(*(fighter(ref, "a", dex=16) for ref in ("ann", "cal", "dan")), fighter("bob", "b"))
    fp = s.state.futurepath
    assert declarer(fp, fp.fight, "bob") == "ann"  # an enemy highlighted: the group's first
    assert declarer(fp, fp.fight, "cal") == "cal"  # a member highlighted: that member
    run(s, "declare Ann speak")
    fp = s.state.futurepath
    assert declarer(fp, fp.fight, "bob") == "cal" and declarer(fp, fp.fight, None) == "cal"
