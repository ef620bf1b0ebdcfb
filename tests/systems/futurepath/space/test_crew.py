"""The crew functions of §2.12 and the small-crew rules of §2.13."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.distance import band_of
from tests.systems.futurepath.space.helpers import do, event, events, run, session, ship, space, status, to_phase, two


def test_give_command_grants_1_plus_1_per_4_over_dc_10():
    # ref: §2.12 Give Command — DC 10; +1, plus +1 per 4 points over
    s = two()
    rolled = event(do(s, "space command a helm", 7, 7), ev.Rolled)
    assert (rolled.dc, rolled.result) == (10, "Helm Officer gets +2 this round")
    to_phase(s, "action")
    assert event(do(s, "space fly a evasive", 5, 5), ev.Rolled).roll.static == 2


def test_give_command_to_the_weapons_officer_gives_rerolls():
    # ref: §2.12 — rerolls: 1 + 1 per 3 points over the DC
    s = two()
    do(s, "space command a weapons", 8, 8)
    to_phase(s, "action")
    fired = event(do(s, "space fire a b", 5, 1, 1, 1, 5, 5, 5), ev.FireRolled)
    assert "rerolls 3" in fired.reasons and fired.successes == 4


def test_captain_dcs_rise_per_size_step_above_medium():
    # ref: §2.12 — function DCs are for Medium or smaller, +1 per step above
    s = two(a={"size": "huge"})
    assert event(do(s, "space command a helm", 5, 5), ev.Rolled).dc == 12


def test_a_huge_ship_without_a_captain_rolls_everything_at_disadvantage():
    # ref: §2.12 — a Captain is required on Huge or larger hulls
    s = two(a={"size": "huge", "positions": ("helm", "sensors", "weapons")})
    to_phase(s, "action")
    rolled = event(do(s, "space fly a evasive", 9, 9, 9), ev.Rolled)
    assert rolled.roll.net == -1


def test_encourage_crew_once_per_combat_for_everyone_but_weapons():
    # ref: §2.12 Encourage Crew — DC 12 + active officers + round; once per combat
    s = two()
    rolled = event(do(s, "space encourage a", 10, 9, 1), ev.Rolled)
    assert rolled.dc == 12 + 6 + 1 and rolled.success
    run(s, "space next")
    assert {p for p, _, _ in status(s, "a").commands} == {"science", "helm", "sensors", "engineer", "medical"}
    to_phase(s, "support")
    with pytest.raises(CommandRejected, match="once per combat"):
        do(s, "space encourage a")


def test_science_boost_moves_electronics_points_then_cools_down():
    # ref: §2.12 Boost — DC 10: 1 point, +1 per 3 over; one attribute per turn, 1-turn cooldown
    s = two(a={"electronics": 16})
    rolled = event(do(s, "space boost a weapons", 8, 8), ev.Rolled)
    assert rolled.result == "Weapons +3, Electronics -3"
    run(s, "space next")
    assert status(s, "a").boosts == (("weapons", 3, 1), ("electronics", -3, 1))
    to_phase(s, "support")
    with pytest.raises(CommandRejected, match="cooldown"):
        do(s, "space boost a weapons")


def test_engineer_boost_is_engines_only_until_the_next_response():
    # ref: §2.12 Chief Engineer — Boost (Engines only, lasts until the next Response Phase)
    s = two()
    to_phase(s, "response")
    with pytest.raises(CommandRejected, match="boosts engines"):
        do(s, "space boost a engineer shields")
    do(s, "space boost a engineer engines", 5, 5)
    assert "A's Engines mod +1 until the end of round 2." in run(s, "space next")


def test_close_and_widen_change_the_distance_band():
    # ref: §2.12, §2.13 — Short<->Medium 1 turn, Long<->Huge 2 turns
    s = two()
    to_phase(s, "action")
    do(s, "space fly a close b", 9, 9)
    assert "A and B are at Short range." in run(s, "space next")
    run(s, "space distance a b long")
    to_phase(s, "action")
    do(s, "space fly b widen a", 9, 9)
    assert "B and A: 1 of 2 rounds toward the next band (still Long)." in run(s, "space next")
    to_phase(s, "action")
    do(s, "space fly b widen a", 9, 9)
    run(s, "space next")
    assert band_of(space(s), "a", "b") == "huge"


def test_helm_manoeuvres_are_rolled_against_the_targets_tracking_dc():
    # ref: §2.12 — opposed Pilot checks; the tracker rolls them against the Tracking DC
    s = two(b={"engines": 14, "structure": 8})
    to_phase(s, "action")
    assert event(do(s, "space fly a offensive b", 5, 5), ev.Rolled).dc == 10 + 2 + 1


def test_ram_needs_short_range_and_an_intercept_last_round():
    # ref: §2.12 Ram
    s = two()
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="Short range"):
        do(s, "space ram a b")
    run(s, "space distance a b short")
    with pytest.raises(CommandRejected, match="intercept"):
        do(s, "space ram a b")


def ram_ready():
    s = two()
    run(s, "space distance a b short")
    to_phase(s, "action")
    do(s, "space fly a intercept b", 9, 9)
    to_phase(s, "response")
    to_phase(s, "action")
    return s


def test_a_ram_above_50_damages_both_ships_ours_at_repair_dc_7():
    # ref: §2.12 — above 50 both; the target's chart rerolls 7s; ours has a fixed repair DC 7
    s = ram_ready()
    entry = do(s, "space ram a b", 51, 3, 4, 5, 5)
    dealt = events(entry, ev.DamageRolled)
    assert [(d.ship, d.damage.roll) for d in dealt] == [("b", 10), ("a", 7)]
    assert dealt[1].damage.dc == 7
    run(s, "space next")
    assert (len(status(s, "a").damage), len(status(s, "b").damage)) == (1, 1)


def test_a_ram_of_50_or_less_damages_only_the_target():
    # ref: §2.12, §2.14 — "below 50" (50 itself read as not above)
    s = ram_ready()
    entry = do(s, "space ram a b", 50, 2, 2)
    assert [d.ship for d in events(entry, ev.DamageRolled)] == ["b"]


def test_a_scan_is_against_the_tracking_dc_plus_the_distance():
    # ref: §2.12 Scan, §2.13 — Huge range +2
    s = two(a={"sensors": 14})
    run(s, "space distance a b huge")
    to_phase(s, "action")
    rolled = event(do(s, "space scan a b", 5, 5), ev.Rolled)
    assert (rolled.dc, rolled.roll.total, rolled.success) == (12, 12, True)


def test_the_medical_officer_treats_crew_with_a_d20():
    # ref: §2.12 Medical Officer — normal d20 rules
    s = two(a={"weapons": 14})
    to_phase(s, "action")
    do(s, "space fire a b", 4, 4, 4, 4, 1, 1, 6, 2)
    to_phase(s, "response")
    run(s, "dice 1 2", "space next")  # the blown capacitor: d6 1, the Captain's console
    to_phase(s, "response")
    rolled = event(do(s, "space treat b captain +2", 13), ev.Rolled)
    assert rolled.d20 == (13, 15) and rolled.success
    assert "B's Captain is no longer Shaken." in run(s, "space next")


def test_a_small_crew_has_no_captain_and_the_pilot_fires_scans_and_flies():
    # ref: §2.13 small crews — the pilot may roll pilot, sensor and weapons together
    s = two(a={"positions": ("helm",)})
    lines = run(s, "space next")
    assert lines[-1].startswith("Round 1, Action Phase. A: Helm Officer, Sensor Officer, Weapons Officer;")
    do(s, "space fly a evasive", 9, 9)
    do(s, "space scan a b", 5, 5)
    do(s, "space fire a b", 1, 1, 1, 1)
    assert status(s, "a").acted == ("helm", "sensors", "weapons")


def test_a_small_crew_pilot_who_acted_as_science_officer_cannot_fly_that_round():
    # ref: §2.13 — the pilot picks one phase
    s = two(a={"positions": ("helm",), "electronics": 12})
    do(s, "space boost a engines", 5, 5)
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="already acted this round as Science Officer"):
        do(s, "space fly a evasive")



def test_may_act_says_what_check_may_act_lets_through():
    # ref: R103, §2.13 — one action per crew member a round: the pilot who boosted as Science
    # Officer is not offered the Helm, the Sensors or the Weapons (the phase screen's marks)
    from combat_tui.systems.futurepath.space.crew import may_act
    from combat_tui.systems.futurepath.space.stats import ship as ship_of

    s = two(a={"positions": ("helm",), "electronics": 12})
    a, b = ship_of(s.state, "a"), ship_of(s.state, "b")
    assert may_act(s.state, space(s), a, "science")
    do(s, "space boost a engines", 5, 5)
    to_phase(s, "action")
    a = ship_of(s.state, "a")
    assert [p for p in ("helm", "sensors", "weapons") if may_act(s.state, space(s), a, p)] == []
    assert may_act(s.state, space(s), b, "helm")


def test_crew_assignment_by_character_or_npc_name():
    # ref: §2.12 — the crew in the positions
    from combat_tui.library.space_bears import space_bears
    from tests.systems.futurepath.space.helpers import Session

    s = Session(space_bears())
    assert run(s, "space crew Bearclaw science James +2") == ["James is Bearclaw's Science Officer."]
    assert run(s, "space crew Bearclaw medical none") == ["Bearclaw's Medical Officer is empty."]
    assert run(s, 'space crew Bearclaw medical "Nurse Panda"') == ["Nurse Panda is Bearclaw's Medical Officer."]
    bearclaw = s.state.futurepath.ships[0]
    assert bearclaw.post("science").actor == "james" and bearclaw.post("science").bonus == 2


def test_overclock_core_raises_engines_and_weapons_or_lowers_them():
    # ref: §2.12 Overclock Core — DC 15 + core tech level: +2 Engines and Weapons; failing, -1 both
    s = two()
    to_phase(s, "response")
    rolled = event(do(s, "space overclock a", 8, 8), ev.Rolled)
    assert (rolled.dc, rolled.success) == (16, True)
    lines = run(s, "space next")
    assert "A's Engines mod +2 until the end of round 2." in lines and "A's Weapons mod +2 until the end of round 2." in lines
    to_phase(s, "response")
    assert not event(do(s, "space overclock a", 6, 6), ev.Rolled).success
    assert "A's Engines mod -1 until the end of round 3." in run(s, "space next")


def test_overclock_failing_by_5_rolls_the_chart_on_its_own_ship():
    # ref: §2.12 — failing by 5+ or a natural 1 means a Battle Damage Chart roll
    s = two()
    to_phase(s, "response")
    entry = do(s, "space overclock a", 1, 1, 3, 4)
    assert entry.events[0].roll.critical == "failure"
    assert event(entry, ev.DamageRolled).ship == "a"
    run(s, "space next")
    assert len(status(s, "a").damage) == 1


def test_grapple_takes_the_engines_bonus_and_opens_the_target_to_another_ships_ram():
    # ref: §2.12 Grapple, R99 — in the Action Phase; another ship's Ram needs no intercept, the grappler's is refused
    s = two(b={"engines": 14}, more=(ship("c"),))
    run(s, "space distance c b short", "space distance a b short")
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="does not act in the Action Phase"):
        do(s, "space grapple a b")
    run(s, "space hold a engineer")
    rolled = event(do(s, "space grapple a b", 9, 9), ev.Rolled)
    assert rolled.dc == 12 and rolled.success
    assert event(do(s, "space scan c b", 9, 9), ev.Rolled).dc == 10  # 12 without the grapple
    assert event(do(s, "space ram c b", 30, 2, 2), ev.Rolled).result == "d% 30: only B takes Battle Damage"
    with pytest.raises(CommandRejected, match="grappling B: it may not ram it"):
        do(s, "space ram a b")


def test_the_start_warns_of_a_missing_weapons_officer_or_captain():
    # ref: §2.12 — a Weapons Officer on every ship but Tiny and smaller; a Captain on Huge or larger
    s = session(ship("a", size="huge", positions=("helm", "sensors", "engineer")), ship("b", "b", size="tiny", positions=("helm",)))
    lines = run(s, "space start")
    assert "A has no Weapons Officer; every ship but Tiny and smaller needs one." in lines
    assert "A is Huge or larger and has no Captain: every position rolls at disadvantage." in lines
    assert not any(line.startswith("B ") and "needs one" in line for line in lines)


def test_changing_position_takes_the_round():
    # ref: §2.12 Change Position — takes one round
    s = two(a={"positions": ("captain", "helm", "sensors", "weapons", "engineer", "medical")})
    lines = run(s, "space move a medical to science")
    assert lines == ["A Medical moves from Medical Officer to Science Officer: it takes the round; A's Science Officer from the next."]
    assert ship_post(s, "a", "science").name == "A Medical" and ship_post(s, "a", "medical") is None
    with pytest.raises(CommandRejected, match="already acted this round"):
        do(s, "space boost a shields")
    to_phase(s, "response")
    to_phase(s, "support")
    assert event(do(s, "space boost a shields", 5, 5), ev.Rolled).position == "science"


def test_a_rushed_change_with_acrobatics_dc_10_acts_at_once_and_the_captain_needs_no_roll():
    # ref: §2.12 — rushed with Acrobatics DC 10+; the Captain can switch without a roll
    s = two(a={"positions": ("captain", "helm", "sensors", "weapons", "engineer", "medical")})
    assert run(s, "dice 9", "space move a medical to science rush +1")[-1] == (
        "A Medical moves from Medical Officer to Science Officer (Acrobatics d20 9 = 10 vs DC 10): now A's Science Officer.")
    assert event(do(s, "space boost a shields", 5, 5), ev.Rolled).success
    s = two(a={"positions": ("captain", "helm", "sensors", "weapons", "engineer")})
    run(s, "space next")
    assert run(s, "space move a captain to medical")[-1].endswith("now A's Medical Officer.")
    with pytest.raises(CommandRejected, match="post is taken"):
        do(s, "space move a helm to sensors")


def ship_post(s, ref, position):
    return next(x for x in s.state.futurepath.ships if x.id == ref).post(position)


def test_space_bonus_sets_a_crew_members_bonus_zero_included():
    # ref: §2.9 rule 7 — the static bonus a crew member adds to the position's rolls
    from combat_tui.library.space_bears import space_bears
    from tests.systems.futurepath.space.helpers import Session

    s = Session(space_bears())
    assert run(s, "space bonus Bearclaw medical 0") == ["Bearclaw's Medical Officer rolls with +0."]
    assert s.state.futurepath.ships[0].post("medical").bonus == 0
    run(s, "space bonus Bearclaw medical -1")
    assert s.state.futurepath.ships[0].post("medical").bonus == -1
    with pytest.raises(CommandRejected, match="has no one in that position"):
        run(s, "space crew Bearclaw medical none", "space bonus Bearclaw medical +1")
