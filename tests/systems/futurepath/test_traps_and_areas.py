"""Traps and mines (R85-R94, A39, A40), areas (R74-R77, A33-A35) and movement (R39, R43-R46, A28)."""

from __future__ import annotations

from combat_tui.systems.futurepath import areas, movement, traps
from tests.systems.futurepath.helpers import campaign, fighter, run, session


def test_trap_detection_dcs():
    # ref: R86
    assert traps.detection_dc() == 10
    assert traps.detection_dc(cloaked=True) == 15 and traps.detection_dc(stealth_mine=True) == 12


def test_perception_finds_a_trap_at_its_dc():
    # ref: R85 — passive while moving, or an active search (a Standard action on 10 ft)
    from combat_tui.systems.futurepath.tables import tables

    assert traps.detects(12, 12) and not traps.detects(11, 12)
    assert tables().action("search for traps").slot == "standard"


def test_trap_sense_of_engineers_and_electro_mancers():
    # ref: R87
    assert traps.trap_sense("Engineer", 20, False) == (2, 0) and traps.trap_sense("Engineer", 25, False) == (0, 0)
    assert traps.trap_sense("Electro-Mancer", 40, True) == (0, 1) and traps.trap_sense("Electro-Mancer", 5, False) == (0, 0)


def test_disarm_outcomes_at_the_margins():
    # ref: R90, A40 — failing by 5 or more triggers; by 4 or less, try again
    assert traps.disarm_outcome(10, 10) == "disarmed"
    assert traps.disarm_outcome(6, 10) == "retry"
    assert traps.disarm_outcome(5, 10) == "triggered"


def test_disarming_in_combat_is_rolled_with_disadvantage_against_dc_10():
    # ref: R88, R89 — default DC 10; disadvantage in combat
    s = session(campaign(fighter("a"), fighter("y", "b")))
    s.dice.force([12, 2])
    assert run(s, "disarm A +1") == ["A disarms a trap: d20 12 = 13 vs DC 10, disarmed."]
    run(s, "setup", "start")
    s.dice.force([12, 2])
    assert run(s, "disarm A 15 +1") == ["A disarms a trap: d20 12 - 1Ad (2) = 11 vs DC 15, failed; try again after 1 round."]


def test_the_gm_can_move_the_disarm_trigger_margin():
    # ref: A40 — the combat guide's ">5"
    s = session(campaign(fighter("a"), fighter("y", "b")))
    run(s, "option disarm_trigger_margin 6")
    s.dice.force([5])
    assert run(s, "disarm A")[0].endswith("failed; try again after 1 round.")


def test_placing_a_trap_sets_its_detection_dc():
    # ref: R93, R94 — INT or Demolitions DC 5; the result is the DC to find it; a natural 1 explodes
    s = session(campaign(fighter("a"), fighter("y", "b")))
    s.dice.force([9])
    assert run(s, "placetrap A +3") == ["A sets a trap: d20 9 = 12 vs DC 5, set; DC 12 to detect it."]
    s.dice.force([1])
    assert run(s, "placetrap A +9")[0].endswith("natural 1: it explodes in their hands.")
    from combat_tui.systems.futurepath.tables import tables

    assert tables().action("place trap").slot == "standard"


def test_trap_saves_and_triggers():
    # ref: R91, R92, A39 — DEX save, DC 10 + Trap Level; Chasing +5
    assert traps.save_dc(3) == 13 and traps.save_dc(3, chasing=True) == 18
    assert {"contact", "tripwire", "motion", "electronic", "gravity", "remote"} == set(traps.TRIGGERS)


def test_a_5_ft_radius_covers_4_squares_and_10_ft_covers_12():
    # ref: R74, R75, A33
    assert len(areas.radius(5)) == 4 and len(areas.radius(10)) == 12


def test_a_15_ft_cone_grows_by_two_squares_a_row():
    # ref: R76, A34 — rows 1, 3, 5: 9 squares
    squares = areas.cone(15)
    assert len(squares) == 9 and sorted(x for x, _ in squares).count(2) == 5


def test_a_line_covers_every_square_to_its_range():
    # ref: R77, A35 — 1 square wide
    assert areas.line(20, (1, 0)) == ((1, 0), (2, 0), (3, 0), (4, 0))
    assert areas.line(15, (2, 1)) == ((1, 0), (2, 1), (3, 2)) or len(areas.line(15, (2, 1))) == 3


def test_show_area_counts_squares():
    s = session(campaign(fighter("a"), fighter("y", "b")))
    assert run(s, "show area radius 10") == ["A 10-ft radius covers 12 squares."]


def test_movement_speeds_and_squares():
    # ref: R43 (run = 2 x walk), R44 (5-ft squares, diagonals 5 ft), R45 (half speed), R39, A28 (Sprint)
    assert movement.run_speed(15) == 30 and movement.sprint(15) == 60
    assert movement.slowed(30) == 15 and movement.slowed(15) == 5
    assert movement.squares(30) == 6 and movement.distance((0, 0), (3, 3)) == 15


def test_moving_needs_no_roll_unless_the_gm_asks():
    # ref: R46
    s = session(campaign(fighter("a", dex=14), fighter("y", "b")))
    run(s, "setup", "start", "next", "declare A move", "declare A sprint roll")
    declared = s.state.futurepath.fight.declarations
    assert [d.rolls for d in declared] == [False, True]
