"""The Captain's advanced functions (notes §2.12; the wiki's Captain page): Direct Assistance and
Commanding Presence."""

from __future__ import annotations

from combat_tui.core.text import parse
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.verbs import format_command
from tests.lines import refused
from tests.systems.futurepath.space.helpers import do, event, run, status, to_phase, two


def _next_round(s) -> None:
    to_phase(s, "response")
    run(s, "space next")


def test_direct_assistance_gives_the_officer_advantage_and_the_captain_an_extra_advantage():
    # ref: notes §2.12 — "Direct Assistance: one officer gets advantage on everything plus an
    # automatic Give Command with an extra advantage each round"
    s = two()
    entry = do(s, "space assist a helm", 6, 5, 1)
    assert entry.lines == ("A's Captain gives Direct Assistance to the Helm Officer: 2d10 6, 5, 1 (kept 6, 5) +2 adv = 13 "
                           "vs DC 10, success: the Helm Officer has advantage on every roll; Helm Officer gets +1 this "
                           "round.",)  # fmt: skip
    to_phase(s, "action")
    fly = event(do(s, "space fly a offensive b", 3, 4, 5), ev.Rolled)
    assert (fly.roll.net, fly.roll.static, fly.roll.total) == (1, 1, 12)  # the advantage, the command's +1
    _next_round(s)
    again = event(do(s, "space command a helm", 2, 2, 9), ev.Rolled)  # each round the roll has the extra advantage
    assert again.roll.net == 1 and again.success


def test_even_a_failed_roll_keeps_the_advantage_but_a_natural_2_loses_it():
    # ref: Direct Assistance — "Even if the Captain fails (unless it's a natural 2), the person
    # receiving the Direct Assistance still gains the advantage"
    s = two()
    assert not event(do(s, "space assist a helm", 2, 3, 1), ev.Rolled).success
    to_phase(s, "action")
    assert event(do(s, "space fly a offensive b", 3, 4, 5), ev.Rolled).roll.net == 1
    _next_round(s)
    entry = do(s, "space assist a helm", 1, 1, 1)
    assert "a natural 2: no Direct Assistance advantage this round" in entry.lines[0]
    to_phase(s, "action")
    assert event(do(s, "space fly a offensive b", 3, 4), ev.Rolled).roll.net == 0


def test_the_assisting_captain_does_nothing_else_and_returning_to_the_chair_takes_the_round():
    # ref: Direct Assistance — "they lose their Change Position ability and cannot do any other
    # action. If they choose to switch back, they must sacrifice one round"; "If a person is
    # receiving Direct Assistance, then they cannot be helped by anybody else"
    s = two()
    do(s, "space assist a weapons", 6, 5, 1)
    to_phase(s, "action")
    assert refused(s, "space weaponsassist a sensors b") == (
        "A's Weapons Officer has the Captain's Direct Assistance: no one else may help.")
    _next_round(s)
    assert refused(s, "space command a sensors") == (
        "A's Captain is giving Direct Assistance to the Weapons Officer, so cannot command the Sensor Officer.")
    assert "cannot encourage the crew" in refused(s, "space encourage a")
    run(s, "space crew a science none")
    assert "cannot change position" in refused(s, "space move a captain to science")
    assert refused(s, "space assist a helm") == "A's Captain is assisting the Weapons Officer already."
    assert run(s, "space assist a off") == [
        "A's Captain returns to the Captain's chair: back in the Captain's chair; the round is spent returning."]
    assert status(s, "a").assisting == "" and refused(s, "space command a sensors") == "A's Captain has already acted this round."


def test_commanding_presence_adds_half_the_charisma_score_to_the_crews_rolls_for_a_while():
    # ref: notes §2.12 — "Commanding Presence (feat): passive bonus of ½ CHA score (rounded up) to
    # non-command crew, for 1 + CHA mod rounds per day"
    s = two()
    assert run(s, "space presence a 13") == [
        "A's Captain uses Commanding Presence: +7 on every crew member's rolls but the Captain's, through round 2."]
    assert event(do(s, "space boost a shields", 1, 2), ev.Rolled).roll.static == 7
    assert event(do(s, "space command a helm", 2, 3), ev.Rolled).roll.static == 0  # not on the Captain
    _next_round(s)
    to_phase(s, "action")
    assert event(do(s, "space fly a offensive b", 2, 3), ev.Rolled).roll.static == 7
    _next_round(s)
    to_phase(s, "action")
    assert event(do(s, "space fly a offensive b", 2, 3), ev.Rolled).roll.static == 0  # round 3: over
    assert refused(s, "space presence a 13") == "A's Captain has used Commanding Presence today (once a day)."


def test_commanding_presence_needs_a_charisma_score_and_the_support_phase():
    s = two()
    assert refused(s, "space presence a") == "A's Captain has no Charisma score here."
    assert refused(s, "space presence a 9") == "A Charisma of 9 gives Commanding Presence no rounds (1 + Charisma mod)."
    to_phase(s, "action")
    assert refused(s, "space presence a 14") == "Commanding Presence starts in the Support Phase, when the Captain leads."


def test_a_critical_failure_may_lose_commanding_presence():
    # ref: Commanding Presence — "If the Captain critically fails an action, they must roll a
    # Charisma Check DC15 + (the amount they failed by) to see if they lose Commanding Presence"
    s = two()
    run(s, "space presence a 13")
    entry = do(s, "space command a helm", 1, 1, 5)  # a total of 2, 8 short: DC 23; d20 5 + 1
    assert entry.lines[0].endswith("failure: failed; Charisma d20 5 = 6 vs DC 23: Commanding Presence is lost.")
    assert status(s, "a").presence == 0
    assert event(do(s, "space boost a shields", 1, 2), ev.Rolled).roll.static == 0


def test_direct_assistance_negates_commanding_presence():
    # ref: Direct Assistance — "This also negates Commanding Presence"
    s = two()
    run(s, "space presence a 13")
    do(s, "space assist a science", 6, 5, 1)
    boost = event(do(s, "space boost a shields", 1, 2, 3), ev.Rolled).roll  # the command's +1 lands when the phase ends
    assert (boost.net, boost.static) == (1, 0)


def test_the_text_forms_read_back():
    s = two()
    for line in ("space assist a helm adv", "space assist a off", "space presence a 14", "space presence a"):
        command = parse(line, s.state).command
        assert format_command(command, lambda ref: ref) == line
    assert parse("space assist a off", s.state).command == sc.DirectAssistance("a", "")
