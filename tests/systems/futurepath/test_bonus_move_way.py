"""The Bonus Move goes the Standard Move's way: after a swim named on the `move` line, the Bonus
Move is at swim speed, not at Run speed."""

from __future__ import annotations

from combat_tui.systems.futurepath.movement import _mode_of
from tests.lines import refused
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session


def mover():
    s = session(campaign(fighter("m", dex=14), fighter("f", "b")))
    run(s, "setup", "start", "next")
    assert fight(s).turns[fight(s).turn].team == "a"
    return s


def test_a_bonus_move_after_a_swim_is_at_swim_speed():
    # ref: Combat page, "Standard Move Actions": "A Standard Move action grants a Bonus Move Action that
    # allows the Character to move at the same speed that they were able to move using their Standard
    # Action. ... This is possible with normal movement as well as climbing, swimming, or crawling."
    s = mover()
    run(s, "declare M move", "declare M bonus-move", "move M 15 swim")
    assert refused(s, "move M 30") == "M can swim 15 ft with this move (swimming: half speed), not 30 ft."
    assert run(s, "move M 15")[0] == "M swims 15 ft of 15 (swimming: half speed) as a Bonus Move, sprinting: 30 ft in all."


def test_the_way_is_read_back_from_a_resolved_move():
    # ref: Combat page, "Standard Move Actions": "Climb, Crawl, Swim (Half Speed)"
    assert [_mode_of(text) for text in ("swam 15 ft", "crawled 10 ft", "climbed 5 ft", "ran 30 ft")] == [
        "swim", "crawl", "climb", "run"]  # fmt: skip
    assert _mode_of("failed: swam 10 ft") == "swim"
    assert _mode_of("swim") == "swim" and _mode_of("move") == "run"
