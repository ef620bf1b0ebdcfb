"""Fire (notes §2.10, R112-R117, A43-A45, A49): one d10 per hard point against the BD-DC, rerolls,
the scan bonus, weapon types, helm modifiers, size, the cap, the critical scan and Bombard."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.space import events as ev
from tests.systems.futurepath.space.helpers import do, event, events, run, space, status, to_phase, two


def action(**kwargs):
    s = two(**kwargs)
    to_phase(s, "action")
    return s


def test_one_d10_per_hard_point():
    # ref: R112
    s = action(a={"points": 3})
    fired = event(do(s, "space fire a b", 5, 5, 5), ev.FireRolled)
    assert len(fired.dice) == 3 and fired.successes == 3 and fired.result == "no Battle Damage"


def test_the_default_bd_dc_is_4_dice_of_4_or_more():
    # ref: R113 — BD-DC (4, 4)
    s = action()
    fired = event(do(s, "space fire a b", 4, 4, 4, 4, 3, 4), ev.FireRolled)
    assert (fired.needed, fired.threshold, fired.successes) == (4, 4, 4)
    assert "Battle Damage to B" in fired.result
    assert event(do(s, "space fire b a", 4, 4, 4, 3), ev.FireRolled).result == "no Battle Damage"


def test_structure_adds_to_the_count_and_shields_to_the_threshold():
    # ref: R114, A42 — Armor (Structure) +2 -> 6,4; Shields +3 -> 6,7
    s = action(b={"structure": 14, "shields": 16}, a={"points": 6})
    fired = event(do(s, "space fire a b", 7, 7, 7, 7, 7, 6), ev.FireRolled)
    assert (fired.needed, fired.threshold, fired.successes) == (6, 7, 5)


def test_the_weapons_mod_rerolls_successful_dice_for_more_successes():
    # ref: R115, A43 — +3 gives 3 rerolls while a successful die is available; a successful
    # reroll counts and can be rerolled; a failed one cannot
    s = action(a={"weapons": 16})
    fired = event(do(s, "space fire a b", 5, 1, 1, 1, 6, 2), ev.FireRolled)
    assert [d.kind for d in fired.dice] == ["hard point"] * 4 + ["reroll"] * 2
    assert fired.successes == 2  # 5, then the reroll 6; its reroll 2 fails and ends the chain


def test_rerolls_stop_when_no_successful_die_is_left():
    # ref: R115 — "as long as there is a successful d10 available to re-roll"
    s = action(a={"weapons": 16})
    fired = event(do(s, "space fire a b", 1, 2, 3, 1), ev.FireRolled)
    assert len(fired.dice) == 4 and fired.successes == 0


def test_literal_rerolls_put_the_success_at_risk_when_chosen():
    # ref: A43 — the option "literal reroll (success at risk)"
    s = action(a={"weapons": 12})
    run(s, "space option reroll literal")
    fired = event(do(s, "space fire a b", 5, 1, 1, 1, 2), ev.FireRolled)
    assert fired.successes == 0 and len(fired.dice) == 4


def test_no_accuracy_check_against_a_ship_passive_sensors_detect():
    # ref: R116 — detectable by Passive Sensors: available to hit without a scan
    s = action()
    assert event(do(s, "space fire a b", 4, 4, 4, 4, 1, 1), ev.FireRolled).successes == 4


def test_an_undetected_ship_cannot_be_fired_on_until_a_scan_finds_it():
    # ref: R116, §2.12 — the scan must also beat its Detection DC
    s = action(b={"electronics": 16})
    run(s, "space silent b")
    with pytest.raises(CommandRejected, match="not detected: scan it first"):
        do(s, "space fire a b")
    scan = event(do(s, "space scan a b", 6, 6), ev.Rolled)
    assert scan.success and scan.dc == 12 and "found through its stealth" in scan.result
    assert event(do(s, "space fire a b", 4, 4, 4, 4), ev.FireRolled).successes == 4


def test_a_successful_scan_adds_the_sensor_mod_to_every_die():
    # ref: R117, A44 — +2 on each die, rerolls too
    s = action(a={"sensors": 14, "weapons": 12})
    do(s, "space scan a b", 6, 6)
    fired = event(do(s, "space fire a b", 2, 2, 1, 1, 2), ev.FireRolled)
    assert [d.bonus for d in fired.dice] == [2] * 5
    assert fired.successes == 3  # 2+2, 2+2, and the one reroll 2+2


def test_the_scan_bonus_only_helps_against_the_scanned_ship():
    # ref: §2.10 — the sensor bonus applies to the one scanned target only
    from tests.systems.futurepath.space.helpers import session, ship

    s = session(ship("a", sensors=14), ship("b", "b"), ship("c", "b"))
    run(s, "space start")
    to_phase(s, "action")
    do(s, "space scan a b", 6, 6)
    fired = event(do(s, "space fire a c", 2, 2, 2, 2), ev.FireRolled)
    assert fired.successes == 0


def test_weapon_types_laser_plus_1_and_plasma_rerolls_ones():
    # ref: §2.10 — Laser +1 on its die; Plasma rerolls 1s
    s = action(a={"weapon": "laser"})
    assert event(do(s, "space fire a b", 3, 3, 3, 3, 5, 5), ev.FireRolled).successes == 4
    s = action(a={"weapon": "plasma"})
    run(s, "space distance a b short")
    fired = event(do(s, "space fire a b", 1, 4, 1, 3, 4, 4), ev.FireRolled)
    assert fired.dice[0].faces == (1, 4) and fired.successes == 3


def test_weapon_range_by_distance_band():
    # ref: §2.10 — Plasma short range, Laser up to Long, Kinetic unlimited
    s = action(a={"weapon": "plasma"})
    entry = do(s, "space fire a b")
    assert "4 hard point(s) cannot reach at Medium range." in entry.lines


@pytest.mark.parametrize(
    ("line", "who", "change"),
    [("space fly a offensive b", "a", -1), ("space fly b defensive a", "b", 1), ("space fly b feint a", "b", 2),
     ("space fly b evasive", "b", 2)],
)  # fmt: skip
def test_helm_modifiers_change_the_successes_needed(line, who, change):
    # ref: §2.10 — offensive -1, defensive +1, feint +2, evasive thrusters (DC 15) +2
    s = action()
    rolled = event(do(s, line, 9, 9), ev.Rolled)
    assert rolled.success
    assert event(do(s, "space fire a b", 1, 1, 1, 1), ev.FireRolled).needed == 4 + change


def test_fly_offensively_never_needs_fewer_than_1():
    # ref: §2.10 — minimum 1
    s = action(b={"structure": 4})
    do(s, "space fly a offensive b", 9, 9)
    assert event(do(s, "space fire a b", 1, 1, 1, 1), ev.FireRolled).needed == 1


def test_size_steps_change_the_successes_needed():
    # ref: §2.10 — fewer against smaller targets, more against larger
    s = action(b={"size": "small"})
    assert event(do(s, "space fire a b", 1, 1, 1, 1), ev.FireRolled).needed == 3
    assert event(do(s, "space fire b a", 1, 1, 1, 1), ev.FireRolled).needed == 5


def test_at_most_one_battle_damage_a_round():
    # ref: A49 — per ship per round across all attackers
    from tests.systems.futurepath.space.helpers import session, ship

    s = session(ship("a"), ship("c"), ship("b", "b"))
    run(s, "space start")
    to_phase(s, "action")
    do(s, "space fire a b", 4, 4, 4, 4, 3, 4)
    entry = do(s, "space fire c b", 4, 4, 4, 4)
    assert "already took its Battle Damage" in event(entry, ev.FireRolled).result
    assert "B has taken its 1 Battle Damage this round already." in entry.lines
    assert len(space(s).pending) == 1


def test_a_critical_scan_doubles_successes_and_rerolls_ones():
    # ref: §2.10, A52 — each success counts twice, 1s rerolled
    s = action(a={"points": 2})
    scan = event(do(s, "space scan a b", 10, 6, 5), ev.Rolled)
    assert scan.roll.critical == "success"
    fired = event(do(s, "space fire a b", 1, 5, 4, 4), ev.FireRolled)
    assert fired.dice[0].faces == (1, 5) and fired.successes == 4
    assert "Battle Damage to B" in fired.result


def test_a_critical_scan_with_2x_plus_1_successes_deals_a_second_battle_damage_at_chart_7():
    # ref: §2.10, A49 — 2 x BD-DC count + 1 successes: a second Battle Damage, chart 7, no repair bonus
    s = action(a={"points": 5, "weapons": 14})
    do(s, "space scan a b", 10, 6, 5)
    entry = do(s, "space fire a b", 5, 5, 5, 5, 5, 1, 2, 3)
    rolled = events(entry, ev.DamageRolled)
    assert len(rolled) == 2
    assert (rolled[1].damage.roll, rolled[1].damage.dc, rolled[1].faces) == (7, 7, ())
    assert "a second Battle Damage (critical scan)" in event(entry, ev.FireRolled).result


def test_bombard_adds_a_special_die_rerolls_a_7_and_cools_down():
    # ref: §2.10 — all weapons on one target plus a special d10 (success on 4+); the chart
    # rerolls 7s; then a 2-turn cooldown
    s = action()
    entry = do(s, "space bombard a b", 4, 4, 4, 1, 4, 3, 4, 6, 5)
    fired = event(entry, ev.FireRolled)
    assert fired.dice[-1].kind == "special" and fired.successes == 4
    assert event(entry, ev.DamageRolled).damage.roll == 11
    assert status(s, "a").bombard_cooldown == 3


def test_a_failed_bombard_die_makes_us_easier_to_hit_next_round():
    # ref: §2.10 — if the special die fails, the enemy needs 1 fewer success against us next round
    s = action()
    do(s, "space bombard a b", 1, 1, 1, 1, 3)
    to_phase(s, "response")
    to_phase(s, "action")
    assert event(do(s, "space fire b a", 1, 1, 1, 1), ev.FireRolled).needed == 3
    with pytest.raises(CommandRejected, match="Bombard again after round 3"):
        do(s, "space bombard a b")


def test_hard_points_can_be_split_between_targets_with_one_reroll_pool():
    # ref: §2.10, A45 — split hard points; one reroll pool per Weapons Officer
    from tests.systems.futurepath.space.helpers import session, ship

    s = session(ship("a", weapons=12), ship("b", "b"), ship("c", "b"))
    run(s, "space start")
    to_phase(s, "action")
    entry = do(s, "space fire a b 2, c 2", 5, 5, 9, 5, 5)
    fired = events(entry, ev.FireRolled)
    assert [len(f.dice) for f in fired] == [3, 2]  # the one reroll went to the first target


def test_the_rounds_fires_are_kept_for_the_phase_screen():
    # the pool, its successes and rerolls, and the chart result stay in the state until the round ends
    s = action(a={"weapons": 12})
    do(s, "space fire a b", 4, 4, 4, 1, 5, 3, 4)
    pool = space(s).pools[0]
    assert [(d.faces, d.success, d.kind) for d in pool.dice][-1] == ((5,), True, "reroll")
    assert (pool.successes, pool.needed, pool.charts) == (4, 4, (("b", "2d6 3+4 = 7 Ruptured valve, repair DC 8"),))
    to_phase(s, "response")
    to_phase(s, "support")
    assert space(s).pools == ()
