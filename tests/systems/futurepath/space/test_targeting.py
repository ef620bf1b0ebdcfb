"""Swarm, combined and specified targeting, distance bands, silent running and hacking (§2.13)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.stats import detection_dc, reflectors, tracking_dc
from tests.systems.futurepath.space.helpers import do, event, events, run, session, ship, space, status, to_phase, two


def swarm_fight(**kwargs):
    fighters = [ship(f"f{i}", "b", size="diminutive", points=1, positions=("helm",), **kwargs) for i in range(1, 5)]
    fighters = [evolve(f, swarm="Wasps") for f in fighters]
    s = session(ship("a", sensors=14), *fighters)
    run(s, "space start")
    to_phase(s, "action")
    return s


def test_four_ships_more_than_two_sizes_smaller_fly_as_a_swarm():
    # ref: §2.13 Swarm — at least 4
    s = swarm_fight()
    assert space(s).swarms[0].ships == ("f1", "f2", "f3", "f4")
    s = session(ship("a"), *[evolve(ship(f"f{i}", "b"), swarm="Duo") for i in (1, 2)])
    assert "Duo has 2 ships; a swarm needs at least 4." in run(s, "space start")


def test_a_swarm_rolls_one_battle_pool_with_one_reroll_per_ship():
    # ref: §2.13 — one shared pool, size penalty, rerolls = number of ships
    s = swarm_fight()
    entry = do(s, "space fire Wasps a", 4, 4, 4, 1, 4, 4, 4, 4)
    fired = event(entry, ev.FireRolled)
    assert fired.ship == "wasps" and fired.needed == 4 + 3  # three sizes smaller
    assert len(fired.dice) == 8 and fired.successes == 7 and "rerolls 4" in fired.reasons
    assert {status(s, f"f{i}").acted for i in range(1, 5)} == {("weapons",)}


def test_a_swarm_gets_the_sensor_bonus_only_if_half_of_it_scanned():
    # ref: §2.13 — the sensor bonus applies only if at least half of them scanned successfully
    s = swarm_fight(sensors=14)
    do(s, "space scan f1 a", 9, 9)
    fired = event(do(s, "space fire Wasps a", 1, 1, 1, 1), ev.FireRolled)
    assert [d.bonus for d in fired.dice] == [0, 0, 0, 0]
    s = swarm_fight(sensors=14)
    do(s, "space scan f1 a", 9, 9)
    do(s, "space scan f2 a", 9, 9)
    fired = event(do(s, "space fire Wasps a", 1, 1, 1, 1), ev.FireRolled)
    assert [d.bonus for d in fired.dice] == [2, 2, 2, 2]


def test_successes_against_a_swarm_go_to_the_easiest_bd_dc_first_and_carry_on():
    # ref: §2.13 — attacking a swarm: easiest BD-DC first, leftovers carry on
    s = swarm_fight()
    run(s, "space distance a f1 medium")
    entry = do(s, "space fire a Wasps", 7, 7, 7, 1, 1, 2, 2, 3, 3)
    fired = event(entry, ev.FireRolled)
    assert fired.needed == 1 and fired.successes == 3
    assert [d.ship for d in events(entry, ev.DamageRolled)] == ["f1", "f2", "f3"]


def test_combined_targeting_pools_short_successes_smaller_ships_paying_their_size():
    # ref: §2.13 Combined targeting — the largest adds normally; a smaller gives up one a size step
    s = session(ship("a", points=3), ship("c", size="large", points=3), ship("b", "b", size="large"))
    run(s, "space start")
    to_phase(s, "action")
    do(s, "space fire c b combined", 4, 4, 4)
    do(s, "space fire a b combined", 4, 4, 4)
    lines = run(s, "dice 3 4", "space next")
    assert "Combined fire on B: 5 successes of 4 needed." in lines
    assert "B takes the Battle Damage (Ruptured valve): 1 of 3." in lines


def test_specified_targeting_damages_one_system_point_by_success():
    # ref: §2.13 — Structure and size ignored, Shields apply, the sensor bonus automatic; 1 point a success
    s = two(a={"sensors": 12}, b={"structure": 18, "size": "colossal", "sensors": 14})
    to_phase(s, "action")
    fired = event(do(s, "space fire a b at sensors", 3, 3, 3, 2), ev.FireRolled)
    assert (fired.threshold, fired.successes, fired.system) == (4, 3, "sensors")
    lines = run(s, "space next")
    assert "B's sensors takes 3 point(s) (3 in all): score 11." in lines
    assert status(s, "b").systems[0].dc == 12


def test_specified_targeting_is_capped_at_5_points_a_turn_and_disables_at_5():
    # ref: §2.13 — max 5 per system per turn; a CSA is disabled at 5, destroyed at 0
    s = two(a={"points": 6})
    to_phase(s, "action")
    fired = event(do(s, "space fire a b at engines", 9, 9, 9, 9, 9, 9), ev.FireRolled)
    assert fired.result == "5 point(s) of damage to engines (cap 5)"
    assert "B's engines takes 5 point(s) (5 in all): disabled." in run(s, "space next")


def test_a_hard_point_has_8_hp_and_fires_no_more_when_disabled():
    # ref: §2.13 — hard points and bays have 8 HP, disabled at 0
    s = two(a={"points": 6})
    run(s, "space damage a 7")  # keeps the fight going
    to_phase(s, "action")
    do(s, "space fire a b at 'Gun 1'", 9, 9, 9, 9, 9, 9)
    to_phase(s, "response")
    to_phase(s, "action")
    do(s, "space fire a b at 'Gun 1'", 9, 9, 9, 9, 9, 9)
    run(s, "space next")
    to_phase(s, "action")
    assert len(event(do(s, "space fire b a", 1, 1, 1), ev.FireRolled).dice) == 3


def test_structure_cannot_be_a_specified_target():
    # ref: §2.13
    s = two()
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="Structure cannot be a specified target"):
        do(s, "space fire a b at structure")


@pytest.mark.parametrize(("band", "bonus"), [("long", 0), ("huge", 2), ("vast", 5), ("astronomical", 9)])
def test_far_distance_bands_raise_detection_and_tracking_dc(band, bonus):
    # ref: §2.13 Distance bands — Huge, Vast, Astronomical: +2 / +5 / +9
    from combat_tui.systems.futurepath.space.stats import band_bonus

    s = two()
    run(s, f"space distance a b {band}")
    extra = band_bonus(space(s), "a", "b")
    assert extra == bonus
    assert detection_dc(ship("b", "b"), None, 1, extra) == 9 + bonus
    assert tracking_dc(ship("b", "b"), None, 1, extra) == 10 + bonus


def test_silent_running_drops_shields_and_forbids_scans_and_engine_functions():
    # ref: §2.13 Silent running — Stealth DC = Detection DC + Electronics mod; 1 round to restore shields
    s = two(a={"shields": 14, "electronics": 14})
    assert reflectors(ship("a", shields=14), status(s, "a"), 1) == 6
    run(s, "space silent a")
    assert reflectors(ship("a", shields=14), status(s, "a"), 1) == 4
    assert detection_dc(ship("a", shields=14, electronics=14), status(s, "a"), 1) == 9 + 2
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="no scans"):
        do(s, "space scan a b")
    with pytest.raises(CommandRejected, match="no Engine-based functions"):
        do(s, "space fly a evasive")
    assert run(s, "space silent a off") == ["A stops running silent; its shields are back in round 2."]
    assert reflectors(ship("a", shields=14), status(s, "a"), 1) == 4
    assert reflectors(ship("a", shields=14), status(s, "a"), 2) == 6


def hack_fight(**a):
    s = two(a={"electronics": 14, "sensors": 12, **a}, b={"electronics": 12})
    return s


def test_hack_access_against_10_plus_target_electronics_and_sensors():
    # ref: §2.13 Hacking stage 1 — adding our Electronics and Sensors
    s = hack_fight()
    rolled = event(do(s, "space hack a b access", 5, 5), ev.Rolled)
    assert (rolled.dc, rolled.roll.total, rolled.result) == (11, 13, "access gained")


def test_failing_access_by_more_than_5_alerts_and_stacks_disadvantage_up_to_3():
    # ref: §2.13 — cumulative disadvantage; at 3 the hacker cannot try again
    s = hack_fight(electronics=10, sensors=10)
    for round_ in range(3):
        faces = (1, 2) + (1,) * round_
        rolled = event(do(s, "space hack a b access", *faces), ev.Rolled)
        assert "is alerted" in rolled.result and rolled.roll.net == -round_
        to_phase(s, "response")
        to_phase(s, "support")
    with pytest.raises(CommandRejected, match="cannot try to hack B again"):
        do(s, "space hack a b access")


def test_inside_info_and_disrupt_dcs_rise_each_round():
    # ref: §2.13 Stage 2 — disrupt: -2 CSA points, -1 more per point over, for 1 round
    s = hack_fight()
    do(s, "space hack a b access", 5, 5)
    to_phase(s, "response")
    to_phase(s, "support")
    rolled = event(do(s, "space hack a b disrupt shields", 7, 7), ev.Rolled)
    assert rolled.dc == 10 + 1 + 0 + 1 and rolled.result == "Shields -6 points for 1 round"  # 2 + 4 over
    assert "B's Shields mod -3 until the end of round 3." in run(s, "space next")


def test_harm_takes_3_rounds_for_one_battle_damage_a_combat():
    # ref: §2.13 Stage 3 — limited to 1 per combat, takes 3 rounds, chart with no repair bonus
    s = hack_fight(electronics=20)
    do(s, "space hack a b access", 5, 5)
    for n in range(3):
        to_phase(s, "response")
        to_phase(s, "support")
        faces = (9, 9) if n < 2 else (9, 9, 3, 4)
        entry = do(s, "space hack a b harm", *faces)
    assert event(entry, ev.Rolled).result == "the hack deals a Battle Damage"
    assert event(entry, ev.DamageRolled).damage.dc == 7
    to_phase(s, "response")
    to_phase(s, "support")
    with pytest.raises(CommandRejected, match="at most 1 Battle Damage a combat"):
        do(s, "space hack a b harm")


def test_a_counter_hack_beats_the_exposed_hackers_last_roll():
    # ref: §2.13 Counter-hack — opposed to the hacker's last roll
    s = hack_fight()
    do(s, "space hack a b access", 5, 5)
    to_phase(s, "response")
    to_phase(s, "support")
    with pytest.raises(CommandRejected, match="No exposed hack"):
        do(s, "space counterhack b a")
    do(s, "space hack a b info", 1, 2)  # a failure inside alerts the crew
    rolled = event(do(s, "space counterhack b science a", 4, 4), ev.Rolled)
    assert rolled.dc == 1 + 2 + 2 and rolled.success  # the hacker's last roll, exposed this round
    assert status(s, "a").hacks == ()


def test_point_defence_meets_rockets_highest_against_highest_once_a_round():
    # ref: §2.13 Point defence — meeting or beating destroys both missiles; otherwise it hits; once a round
    s = two(a={"weapon": "rocket"})
    assert run(s, "space pointdefence b") == ["B readies point defence: 3 d10 against the next rockets this round."]
    to_phase(s, "action")
    fired = event(do(s, "space fire a b", 8, 6, 2, 9, 6, 5, 4), ev.FireRolled)  # the defence rolls first
    assert [d.kind for d in fired.dice] == ["hard point", "shot down", "hard point", "hard point"]  # 9>8, 6=6, 5>2
    assert fired.successes == 3 and "point defence 8 6 2" in fired.reasons
    assert status(s, "b").point_defence == 0
    with pytest.raises(CommandRejected, match="once a round"):
        do(s, "space pointdefence b")


def test_a_band_that_does_not_exist_is_refused_with_the_bands():
    # bad input gets a message naming what is wrong (DESIGN.md §7)
    s = two()
    with pytest.raises(CommandRejected, match="'warp' is not a distance band.") as refused:
        do(s, "space distance a b warp")
    assert "short, medium, long, huge, vast, astronomical" in refused.value.detail


def test_concentrated_fire_counts_9s_and_10s_double_with_a_cap_of_7():
    # ref: §2.12 Weapons Officer, Concentrated Fire — in specified targeting
    s = two(a={"points": 6})
    to_phase(s, "action")
    with pytest.raises(CommandRejected, match="for specified targeting"):
        do(s, "space fire a b concentrated")
    fired = event(do(s, "space fire a b at engines concentrated", 9, 10, 9, 5, 1, 1), ev.FireRolled)
    assert fired.successes == 7 and fired.result == "7 point(s) of damage to engines"


def test_a_pilot_may_treat_a_swarm_as_one_opponent():
    # ref: §2.13 — pilots may treat the swarm as a single opponent
    s = swarm_fight()
    rolled = event(do(s, "space fly a offensive Wasps", 7, 7), ev.Rolled)
    assert rolled.dc == 12 and rolled.target == "wasps"
    fired = event(do(s, "space fire a Wasps", 1, 1, 1, 1), ev.FireRolled)
    assert "flying offensively -1" in fired.reasons
