"""The space round (R95, R97-R106, R108) and surprise by Passive Sensors (R102, A56)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.space import events as ev
from tests.systems.futurepath.space.helpers import do, event, run, session, ship, space, status, to_phase, two


def test_each_player_holds_a_position_and_a_round_has_three_phases():
    # ref: R95 — Support, Action, Response; all ships at once in each
    s = two()
    lines = run(s, "space next", "space next", "space next")
    assert lines == [
        "Round 1, Action Phase. A: Helm Officer, Sensor Officer, Weapons Officer; B: Helm Officer, Sensor Officer, Weapons Officer.",
        "Round 1, Response Phase. A: Chief Engineer, Medical Officer; B: Chief Engineer, Medical Officer.",
        "Round 2, Support Phase. A: Captain, Science Officer; B: Captain, Science Officer.",
    ]


def test_results_apply_after_all_rolls_of_the_phase():
    # ref: R95 — a Boost rolled in the Support Phase applies when the phase ends
    s = two(a={"electronics": 14})
    do(s, "space boost a shields", 6, 6)
    assert status(s, "a").boosts == ()
    assert "A's Shields mod +2 until the end of round 1." in run(s, "space next")


def test_the_captain_acts_only_in_the_support_phase():
    # ref: R97
    s = two()
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="does not act in the Action Phase"):
        do(s, "space command a helm")


def test_the_helm_sensors_and_weapons_act_only_in_the_action_phase():
    # ref: R98 — the Weapons Officer acts only in this phase
    s = two()
    with pytest.raises(CommandRejected, match="fires only in the Action Phase"):
        do(s, "space fire a b")
    with pytest.raises(CommandRejected, match="Sensor Officer does not act in the Support Phase"):
        do(s, "space scan a b")


def test_the_science_officer_or_engineer_may_act_in_the_action_phase_if_declared_first():
    # ref: R99 — declared at the start of the Action Phase, before any roll or outcome
    s = two()
    run(s, "space damage a 7")
    to_phase(s, "action")
    lines = run(s, "space hold a engineer", "space hold a science")
    assert lines == ["A's Chief Engineer will act in the Action Phase instead of the Response Phase.",
                     "A's Science Officer will act in the Action Phase."]  # fmt: skip
    do(s, "space fly b defensive a", 5, 5)
    with pytest.raises(CommandRejected, match="declare before any roll"):
        do(s, "space hold b science")
    assert event(do(s, "space repair a 1", 5, 5), ev.Rolled).position == "engineer"
    to_phase(s, "response")
    with pytest.raises(CommandRejected, match="does not act in the Response Phase"):
        do(s, "space repair a 1")


def test_a_science_officer_who_acted_in_support_cannot_also_act_in_action():
    # ref: R99, R105
    s = two(a={"electronics": 14})
    do(s, "space boost a shields", 6, 6)
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="acted in the Support Phase already"):
        do(s, "space hold a science")


def test_the_medical_officer_and_engineer_act_in_the_response_phase():
    # ref: R100
    s = two()
    with pytest.raises(CommandRejected, match="Medical Officer does not act in the Support Phase"):
        do(s, "space treat a helm")
    run(s, "space damage a 7")
    to_phase(s, "response")
    assert event(do(s, "space repair a 1", 5, 5), ev.Rolled).success
    with pytest.raises(CommandRejected, match="has no condition to treat"):
        do(s, "space treat a helm")


def test_positions_are_listed_in_the_suggested_order():
    # ref: R101 — 1 Captain ... 7 Chief Engineer; the same position on every ship at once
    s = two()
    began = event(do(s, "space next"), ev.PhaseBegan)
    assert began.acting == (("a", ("helm", "sensors", "weapons")), ("b", ("helm", "sensors", "weapons")))


def test_an_undetected_ship_gets_a_surprise_action_phase():
    # ref: R102, A56 — the enemy is not within our Passive Sensors: it acts first, Action Phase only
    s = session(ship("a"), ship("b", "b", electronics=14))
    run(s, "space start")
    assert space(s).phase == "support"  # both seen: no surprise
    s = session(ship("a"), ship("b", "b", size="diminutive"))
    lines = run(s, "space start")
    assert "B is not detected (Detection DC 11, best Passive Sensors 10): it acts in a surprise Action Phase." in lines
    assert lines[-1] == "Surprise round, Action Phase. B: Helm Officer, Sensor Officer, Weapons Officer."
    with pytest.raises(CommandRejected, match="does not act in the surprise Action Phase"):
        do(s, "space fly a evasive")
    assert run(s, "space next")[-1].startswith("Round 1, Support Phase.")


def test_a_detected_enemy_is_only_a_warning():
    # ref: R102 — if the enemy is within our Passive Sensors we are warned
    s = session(ship("a"), ship("b", "b"))
    assert "B is detected by A (Passive Sensors 10 vs Detection DC 9)." in run(s, "space start")


def test_one_action_per_crew_member_per_round():
    # ref: R103 — one person in two posts acts once
    from attrs import evolve

    from combat_tui.systems.futurepath.space.model import CrewPost

    a = ship("a", positions=("captain", "science", "helm", "weapons", "engineer"))
    a = evolve(a, crew=a.crew + (CrewPost("sensors", name="A Helm"),))
    s = session(a, ship("b", "b"))
    run(s, "space start")
    to_phase(s, "action")
    do(s, "space fly a evasive", 9, 9)
    with pytest.raises(CommandRejected, match="A Helm has already acted this round as Helm Officer"):
        do(s, "space scan a b")
    with pytest.raises(CommandRejected, match="Helm Officer has already acted this round"):
        do(s, "space fly a evasive")


def test_empty_or_out_positions_are_skipped():
    # ref: R104
    s = session(ship("a", positions=("helm", "sensors", "weapons", "engineer", "medical", "captain")), ship("b", "b"))
    run(s, "space start")
    lines = run(s, "space out b captain", "space next", "space next", "space next")
    assert lines[-1] == ("Round 2, Support Phase. A: Captain; B: Science Officer. Skipped (empty or out of action): "
                         "A's Science Officer, B's Captain.")  # fmt: skip
    with pytest.raises(CommandRejected, match="B's Captain is out of action"):
        do(s, "space command b helm")
    with pytest.raises(CommandRejected, match="A has no Science Officer"):
        do(s, "space boost a shields")


def test_the_science_officer_may_roll_alongside_the_captain():
    # ref: R105
    s = two(a={"electronics": 14})
    do(s, "space command a helm", 5, 5)
    assert event(do(s, "space boost a engines", 6, 6), ev.Rolled).success


def test_a_phase_starts_only_when_the_last_one_is_done():
    # ref: R106 — the results land, then the next phase begins
    s = two()
    to_phase(s, "action")
    do(s, "space fire a b", 4, 4, 4, 4, 3, 4)
    entry = do(s, "space next")
    kinds = [type(e).__name__ for e in entry.events]
    assert kinds == ["DamageApplied", "PhaseBegan"]
    assert space(s).pending == ()


def test_combat_ends_when_every_enemy_surrendered_or_is_adrift():
    # ref: R108
    s = two(more=(ship("c", "b"),))
    assert run(s, "space surrender b") == ["B surrenders."]
    assert run(s, "space surrender c") == ["C surrenders.", "Space combat is over: Side A hold the field."]
    assert space(s).stage == "ended"
    with pytest.raises(CommandRejected, match="over"):
        do(s, "space next")


def test_the_gm_can_end_it_and_undo_brings_it_back():
    s = two()
    assert run(s, "space end") == ["The GM ends the space combat."]
    run(s, "undo")
    assert space(s).stage == "running"


def test_surprise_preview_matches_what_space_start_decides():
    # ref: R102 — ship setup's preview: the silent Marauder's Stealth DC 12 beats the Bearclaw's
    # Passive Sensors 11 (it gets the surprise phase); the fighters' Detection DC does not
    from combat_tui.core.session import Session
    from combat_tui.library.space_bears import space_bears
    from combat_tui.systems.futurepath.space.detect import surprise_preview

    s = Session(space_bears())
    refs = tuple(x.id for x in s.state.futurepath.ships)
    preview = surprise_preview(s.state, refs)
    assert preview["marauder"] == ("bearclaw", 11, 12)
    unseen = tuple(r for r, (_, value, dc) in preview.items() if value < dc)
    run(s, "space start")
    assert unseen == space(s).surprise == ("marauder",)
