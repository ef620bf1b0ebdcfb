"""Battle Damage (notes §2.11, R107-R111, R118, A46-A50): every chart row with its repair DC and
side effect, the timing of damage and side effects, repair, adrift and exploding."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import advantage
from combat_tui.systems.futurepath.space.stats import passive_sensors, tracking_dc
from tests.systems.futurepath.space.helpers import do, event, events, run, session, ship, space, status, to_phase, two

CHART = [(2, 27, "Plasma containment failure"), (3, 22, "Short in secondary power distribution"),
         (4, 18, "Life support damaged"), (5, 14, "Rocked ship"), (6, 11, "Punctured hull"), (7, 7, "Ruptured valve"),
         (8, 10, "Blown capacitor"), (9, 13, "Misaligned actuator"), (10, 17, "EPS conduit exploded"),
         (11, 21, "Main sensor array damaged"), (12, 0, "Engine core malfunction")]  # fmt: skip


def chart_faces(roll: int) -> tuple[int, int]:
    return (1, roll - 1) if roll <= 7 else (6, roll - 6)


def hit(roll: int, **kwargs):
    """Ship a (Weapons 14: +2, two rerolls) deals ship b a Battle Damage of this chart roll."""
    s = two(a={"weapons": 14}, **kwargs)
    to_phase(s, "action")
    entry = do(s, "space fire a b", 4, 4, 4, 4, 1, 1, *chart_faces(roll))
    return s, entry


@pytest.mark.parametrize(("roll", "base", "name"), CHART)
def test_every_chart_row_with_its_repair_dc(roll, base, name):
    # ref: R118, §2.11 — 2d6 on the chart: the repair DC adds the attacker's Weapons mod and its
    # Weapons Officer's WIS/DEX mod (A51); 12 needs no roll
    s, entry = hit(roll)
    dealt = event(entry, ev.DamageRolled)
    assert (dealt.damage.roll, dealt.damage.name) == (roll, name)
    assert dealt.damage.dc == (base + 2 if base else 0)


def test_the_weapons_officer_adds_wis_or_dex_mod_to_the_repair_dc():
    # ref: §2.11, A51 — the modifier, not the score
    from attrs import evolve

    from combat_tui.systems.futurepath.space.model import CrewPost

    a = ship("a")
    a = evolve(a, crew=tuple(CrewPost("weapons", name="Gunner", wis_dex=3) if p.position == "weapons" else p for p in a.crew))
    s = session(a, ship("b", "b"))
    run(s, "space start")
    to_phase(s, "action")
    entry = do(s, "space fire a b", 4, 4, 4, 4, 3, 4)
    assert event(entry, ev.DamageRolled).damage.dc == 7 + 3
    assert "repair DC 10 = 7 + 3 Weapons Officer" in entry.lines[1]


def test_damage_lands_when_the_action_phase_ends_and_takes_effect_in_the_response_phase():
    # ref: R95, R107, A46 — dealt in the Action Phase, it lands when the phase ends; the side
    # effect takes hold after the Response Phase and lasts until the next round's Response end
    s, _ = hit(9)
    assert status(s, "b").damage == ()
    lines = run(s, "space next")
    assert lines[0] == "B takes the Battle Damage (Misaligned actuator): 1 of 3."
    assert status(s, "b").damage[0].armed is False
    lines = run(s, "space next")
    assert "B: Misaligned actuator takes effect: the Pilot has disadvantage; until the end of round 2's Response Phase." in lines
    to_phase(s, "response")
    assert "B: the side effect of Misaligned actuator is over." in run(s, "space next")
    assert len(status(s, "b").damage) == 1  # the damage itself stays until repaired


def test_the_target_still_acts_in_the_phase_it_is_hit():
    # ref: R95 — all actions in a phase are simultaneous
    s, _ = hit(7)
    assert event(do(s, "space fire b a", 4, 4, 4, 4, 1, 1), ev.FireRolled).result.startswith("Battle Damage")


def test_a_side_effect_repaired_in_the_response_phase_never_takes_effect():
    # ref: §2.11, A46 — the Engineer can repair it first, at DC 15
    s, _ = hit(9)
    to_phase(s, "response")
    rolled = event(do(s, "space repair b side 1", 8, 7), ev.Rolled)
    assert rolled.dc == 15 and rolled.success
    lines = run(s, "space next")
    assert "B: the side effect of Misaligned actuator is repaired." in lines
    assert not any("takes effect" in line for line in lines)
    assert len(status(s, "b").damage) == 1


def test_repair_takes_two_successful_response_rounds_not_necessarily_in_a_row():
    # ref: §2.11 — two successful Response-Phase rounds; they need not be consecutive
    s, _ = hit(7)
    to_phase(s, "response")
    do(s, "space repair b 1", 5, 5)
    assert "B's Ruptured valve: 1 of 2 rounds of repair." in run(s, "space next")
    to_phase(s, "response")
    assert not event(do(s, "space repair b 1", 1, 2), ev.Rolled).success
    run(s, "space next")
    to_phase(s, "response")
    do(s, "space repair b 1", 5, 5)
    assert "B's Ruptured valve is repaired (2 of 2 rounds); its side effect is gone." in run(s, "space next")
    assert status(s, "b").damage == ()


def test_switching_to_other_work_resets_repair_progress():
    # ref: §2.11 — switching to other work resets progress
    s, _ = hit(7)
    to_phase(s, "response")
    do(s, "space repair b 1", 5, 5)
    run(s, "space next")
    to_phase(s, "response")
    do(s, "space boost b engineer engines", 5, 5)
    assert status(s, "b").damage[0].progress == 0


@pytest.mark.parametrize("roll", [2, 4, 6])
def test_rows_whose_side_effect_is_for_the_gm_are_told_in_the_log(roll):
    # ref: §2.11 — plasma containment (2), life support (4), punctured hull (6)
    s, _ = hit(roll)
    to_phase(s, "response")
    lines = run(s, "space next")
    text = {2: "the Engineer must drop everything", 4: "gravity out", 6: "requires a spacesuit"}[roll]
    assert any("takes effect" in line and text in line for line in lines)


def test_row_3_gives_disadvantage_on_electronics_rolls():
    # ref: §2.11 row 3 — disadvantage on any roll that uses Electronics (2 if beaten by 4)
    s, _ = hit(3)
    to_phase(s, "response")
    run(s, "space next")
    st = status(s, "b")
    assert advantage(ship("b", "b"), st, "science", 2, electronics=True)[0] == -1
    assert advantage(ship("b", "b"), st, "science", 2)[0] == 0


def test_row_5_rocks_the_crew_who_fail_a_dex_save():
    # ref: §2.11 row 5 — DEX save DC 15 + successes beyond the threshold or Shaken for 1 round
    s = two(a={"weapons": 14, "points": 5})
    to_phase(s, "action")
    do(s, "space fire a b", 4, 4, 4, 4, 4, 1, 1, 1, 4)
    assert status(s, "b").damage == ()
    to_phase(s, "response")
    lines = run(s, "space next", "dice 15 16 17 18 19 20 10")
    assert "dice" not in lines[0]
    # seven crew rolled; the successes beyond the 4 needed made it DC 16: the 15 fails
    lines = run(s, "undo", "dice 15 16 17 18 19 20 10", "space next")
    shaken = [c.position for c in status(s, "b").conditions]
    assert shaken == ["captain", "medical"]
    assert any("DEX save 15+0 vs DC 16" in line for line in lines)


def test_row_8_blows_a_console_picked_by_d6():
    # ref: §2.11 row 8 — d6 picks a console (1 Captain ... 6 Engineer): X hit dice Electric, Shaken
    s, _ = hit(8)
    to_phase(s, "response")
    lines = run(s, "dice 3 4", "space next")
    assert any("(d6 3: the Helm Officer's console)" in line for line in lines)
    assert "B's Helm Officer is Shaken (blown capacitor: 4 Electric damage)." in lines
    assert advantage(ship("b", "b"), status(s, "b"), "helm", 2)[0] == -1


def test_row_9_gives_the_pilot_disadvantage():
    # ref: §2.11 row 9
    s, _ = hit(9)
    to_phase(s, "response")
    run(s, "space next")
    assert advantage(ship("b", "b"), status(s, "b"), "helm", 2) == (-1, ["Misaligned actuator -1"])


def test_row_10_loses_the_engines_bonus_and_blows_the_pilot_console():
    # ref: §2.11 row 10
    s, _ = hit(10, b={"engines": 14})
    before = tracking_dc(ship("b", "b", engines=14), status(s, "b"), 1)
    to_phase(s, "response")
    lines = run(s, "dice 2", "space next")
    assert tracking_dc(ship("b", "b", engines=14), status(s, "b"), 2) == before - 2
    assert "B's Helm Officer is Shaken (EPS conduit: 2 Electric damage)." in lines


def test_row_11_costs_the_weapons_officer_a_die_and_1_a_die_and_the_sensors_2_disadvantage():
    # ref: §2.11 row 11
    s, _ = hit(11)
    to_phase(s, "response")
    run(s, "space next")
    assert advantage(ship("b", "b"), status(s, "b"), "sensors", 2)[0] == -2
    to_phase(s, "action")
    fired = event(do(s, "space fire b a", 5, 5, 5), ev.FireRolled)
    assert len(fired.dice) == 3 and all(d.bonus == -1 for d in fired.dice)
    assert passive_sensors(ship("b", "b", sensors=6), status(s, "b"), 2) == 8  # damaged: no minimum of 9


def test_row_12_needs_no_roll_but_stops_everything_else():
    # ref: §2.11 row 12 — the Engineer must stop everything to prevent a meltdown; no roll
    s, _ = hit(12)
    run(s, "space damage b 7")
    to_phase(s, "response")
    run(s, "space next")
    to_phase(s, "response")
    with pytest.raises(CommandRejected, match="stop everything"):
        do(s, "space repair b 2")
    assert event(do(s, "space repair b 1", 1, 2), ev.Rolled).success


def test_at_the_maximum_the_ship_goes_adrift_unless_repaired_in_time_under_the_old_rule():
    # ref: R110, R111, A47 — the old rule, an option: at max, the effect waits for the next
    # round's Response end (the default is in test_max_battle_damage_timing.py)
    s = two(b={"size": "small"}, a={"weapons": 14}, more=(ship("c", "b"),))
    run(s, "space option max_bd_adrift round-after")
    run(s, "space damage b 7")
    to_phase(s, "action")
    do(s, "space fire a b", 4, 4, 4, 4, 1, 1, 3, 4)
    lines = run(s, "space next")
    assert "B is at its maximum Battle Damage: it goes adrift at the end of round 2's Response Phase unless repaired below it." in lines
    run(s, "space next")  # round 1 Response end: not yet
    assert not status(s, "b").adrift
    to_phase(s, "response")
    assert "B is adrift and helpless." in run(s, "space next")
    with pytest.raises(CommandRejected, match="adrift"):
        do(s, "space command b helm")


def test_a_ship_at_its_maximum_is_saved_by_a_finished_repair():
    # ref: R111, A47 — under the old rule (an option) earlier repair progress on that damage counts
    s = two(b={"size": "small"})
    run(s, "space option max_bd_adrift round-after")
    run(s, "space damage b 7", "space damage b 7")
    to_phase(s, "response")
    do(s, "space repair b 1", 5, 5)
    run(s, "space next")
    to_phase(s, "response")
    do(s, "space repair b 1", 5, 5)
    lines = run(s, "space next")
    assert "B is below its maximum Battle Damage again: still in the fight." in lines
    assert not status(s, "b").adrift


def test_more_battle_damage_than_the_maximum_explodes_the_ship_a_round_later():
    # ref: R110, A48 — it explodes at the end of the following round (C keeps the fight going
    # once B is adrift)
    s = two(b={"size": "diminutive"}, a={"sensors": 14}, more=(ship("c", "b"),))
    run(s, "space damage b 7", "space damage b 7")
    lines = run(s, "space next")
    assert "B took Battle Damage beyond its maximum: it explodes at the end of round 2 unless its Engineer repairs it first." in lines
    to_phase(s, "response")
    run(s, "space next")
    assert not status(s, "b").exploded
    to_phase(s, "response")
    assert "B explodes." in run(s, "space next")


def test_the_engineer_can_stop_the_explosion():
    # ref: R111 — the Engineer's chance first (under the old rule, which leaves it two rounds)
    s = two(b={"size": "diminutive"}, a={"sensors": 14})
    run(s, "space option max_bd_adrift round-after")
    run(s, "space damage b 7", "space damage b 7")
    to_phase(s, "response")
    do(s, "space repair b 1", 5, 5)
    run(s, "space next")
    to_phase(s, "response")
    do(s, "space repair b 1", 5, 5)
    assert "B explodes." not in run(s, "space next")
    assert not status(s, "b").exploded


def test_a_ship_that_holds_no_battle_damage_is_destroyed_by_the_first():
    # ref: A50, R109 — capacity 0
    s = two(b={"size": "fine"})
    run(s, "space damage b 7")
    assert "B explodes." in run(s, "space next")
    assert space(s).stage == "ended"


def test_gm_damage_rolls_the_chart_when_no_roll_is_given():
    # ref: R118
    s = two()
    entry = do(s, "space damage b", 5, 6)
    assert event(entry, ev.DamageRolled).damage.name == "Main sensor array damaged"
    assert events(entry, ev.DamageRolled)[0].damage.dc == 21
