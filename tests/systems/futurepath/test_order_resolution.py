"""The page's Order Resolution for actions taken after the Standard, and Free actions that may
repeat: the Combat page's "Order Resolution" and "Free Actions"."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.phases import queue
from tests.systems.futurepath.helpers import KNIFE, PISTOL, campaign, fight, fighter, run, session


def vanguard():
    """Brandon and James in Team A's Vanguard, whose turn is on; Y is the enemy."""
    s = session(campaign(fighter("brandon", dex=16, weapons=(PISTOL, KNIFE)), fighter("james", dex=14), fighter("y", "b")))
    run(s, "setup", "group James vanguard", "start", "next")
    return s


def order(s):
    f = fight(s)
    return [(f.declarations[i].actor, f.declarations[i].name) for i in queue(s.state.futurepath, f)]


def test_a_simple_action_after_the_standard_resolves_after_it_even_with_no_roll():
    # ref: Combat page, "Order Resolution": "If it is a Simple Action or Bonus Action that occurs
    # after the Character has taken a Standard Action, it is resolved last."
    s = vanguard()
    lines = run(s, "declare Brandon attack on Y", "declare Brandon 'draw weapon'", "declare James move", "commit")
    assert order(s) == [("james", "move"), ("brandon", "attack"), ("brandon", "draw weapon")]
    assert lines[-1] == "Everyone has committed. Resolution order: 1. James: move; 2. Brandon: attack; 3. Brandon: draw weapon."


def test_a_bonus_move_resolves_after_its_own_rolled_move():
    # ref: Combat page, "Order Resolution": "If it is a Simple Action or Bonus Action that occurs
    # after the Character has taken a Standard Action, it is resolved last." (the Move rolls for
    # difficult terrain; the Bonus Move does not)
    s = vanguard()
    run(s, "declare Brandon move roll", "declare Brandon 'bonus move'")
    assert order(s) == [("brandon", "move"), ("brandon", "bonus move")]


def test_with_bonus_actions_among_the_standards_a_bonus_move_still_follows_its_move():
    # ref: Combat page, "Bonus Actions": "Bonus Actions are provided through a Character doing a
    # Standard Action" (A30's option: Bonus actions by category with the Standards)
    s = vanguard()
    run(s, "option bonus_after_standards no", "declare Brandon move roll", "declare Brandon 'bonus move'",
        "declare James attack on Y")  # fmt: skip
    assert order(s) == [("brandon", "move"), ("brandon", "bonus move"), ("james", "attack")]


def test_no_roll_actions_before_the_standard_still_come_first():
    # ref: Combat page, "Order Resolution": "Any action that doesn't require rolling is resolved
    # first." and "If it is a Simple Action or Free Action, and it is done before the Standard
    # Action, then it goes before any Standard Action from any player in that group."
    s = vanguard()
    run(s, "declare Brandon attack on Y", "declare Brandon '5-ft step'", "declare James 'draw weapon'",
        "declare James technique Trip on Y")  # fmt: skip
    assert order(s) == [("james", "draw weapon"), ("brandon", "attack"), ("james", "Trip"), ("brandon", "5-ft step")]


def test_the_post_standard_action_cannot_be_resolved_before_the_standard():
    # ref: Combat page, "Order Resolution": "... it is resolved last."
    s = vanguard()
    run(s, "declare Brandon move roll", "declare Brandon 'bonus move'", "commit")
    lines = run(s, "resolve")
    assert lines == ["Brandon's move is resolved."]


def test_speaking_again_is_allowed():
    # ref: Combat page, "Free Actions": "The Character can do as many free actions as they
    # reasonably can in the given 3 seconds."
    s = vanguard()
    run(s, "declare Brandon speak", "declare Brandon speak", "declare Brandon shout")
    assert [d.name for d in fight(s).declarations] == ["speak", "speak", "shout"]


def test_the_same_object_cannot_be_dropped_twice_but_another_can():
    # ref: Combat page, "Free Actions": "For example, if they are holding only one object, they
    # can let go of it only once. If they go prone, they cannot go prone again."
    s = vanguard()
    run(s, "declare Brandon drop Pistol", "declare Brandon drop Knife", "declare Brandon 'drop prone'")
    with pytest.raises(CommandRejected, match="already did 'Pistol'"):
        run(s, "declare Brandon drop Pistol")
    with pytest.raises(CommandRejected, match="already did 'go prone'"):
        run(s, "declare Brandon 'go prone'")  # another name of the same change
