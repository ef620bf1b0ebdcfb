"""Ship records and the numbers read off them (notes §2.8): CSA modifiers, secondary attributes,
hull sizes with their maximum Battle Damage, hard points and bays; the tables are data files."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_tui.systems.futurepath.space import stats
from combat_tui.systems.futurepath.space.model import ShipStatus
from combat_tui.systems.futurepath.space.tables import SPACE, load_space_tables, space_tables
from combat_tui.systems.futurepath.tables import TableError
from tests.systems.futurepath.space.helpers import ship


@pytest.mark.parametrize(("score", "mod"), [(7, -2), (9, -1), (10, 0), (11, 0), (12, 1), (15, 2), (20, 5)])
def test_a_csa_modifier_is_half_the_score_over_10_rounded_down(score, mod):
    # ref: §2.8 — Modifier = floor((score - 10) / 2)
    assert stats.modifier(score) == mod


def test_secondary_attributes_of_a_plain_medium_ship():
    # ref: §2.8, R113 — BD-DC defaults to (4, 4); Passive Sensors 10 + Sensor mod
    plain = ship("a")
    assert (stats.resistance(plain), stats.reflectors(plain)) == (4, 4)
    assert stats.passive_sensors(plain) == 10
    assert stats.tracking_dc(plain) == 10
    assert stats.detection_dc(plain) == 9
    assert stats.initiative(plain) == 0
    assert stats.movement(plain) == 4


def test_secondary_attributes_follow_the_csa_modifiers():
    # ref: §2.8, R114 — Structure +2 and Shields +3 give BD-DC 6,7; Tracking DC 10 + TM + Shields - Structure
    armoured = ship("a", structure=14, shields=16, engines=14, sensors=8)
    assert (stats.resistance(armoured), stats.reflectors(armoured)) == (6, 7)
    assert stats.tracking_dc(armoured) == 10 + 2 + 3 - 2
    assert stats.passive_sensors(armoured) == 9  # 10 - 1, and never below 9
    assert stats.initiative(armoured) == 2 - 1 - 2
    assert stats.movement(armoured) == 6
    assert stats.detection_dc(armoured) == 9 - 1  # -1 per +2 Shield mod while shields are up


def test_tactical_mobility_is_capped_by_the_pilot_skill_die():
    # ref: §2.8 — Tactical Mobility comes from the Engines mod, capped by the Pilot skill-die level
    from attrs import evolve

    fast = ship("a", engines=18)
    assert stats.tactical_mobility(fast) == 4
    assert stats.tactical_mobility(evolve(fast, pilot_skill=2)) == 2


@pytest.mark.parametrize(
    ("size", "tracking", "detection", "maximum", "military"),
    [("colossal", 8, 6, 5, (10, 8)), ("gargantuan", 8, 7, 4, (9, 7)), ("huge", 9, 8, 4, (8, 5)),
     ("large", 9, 9, 3, (7, 4)), ("medium", 10, 9, 3, (6, 3)), ("small", 11, 9, 2, (6, 2)),
     ("tiny", 11, 10, 2, (5, 1)), ("diminutive", 12, 11, 1, (3, 0)), ("fine", 12, 12, 0, (2, 0))],
)  # fmt: skip
def test_every_hull_size_row(size, tracking, detection, maximum, military):
    # ref: §2.8, R109 — a ship can take between 0 and 5 Battle Damage, by size
    hull = space_tables().hull(size)
    assert (hull.tracking_dc, hull.detection_dc, hull.max_damage, hull.military) == (tracking, detection, maximum, military)
    assert stats.tracking_dc(ship("a", size=size)) == tracking
    assert stats.max_damage(ship("a", size=size)) == maximum


def test_specified_damage_lowers_the_score_and_boosts_move_the_modifier():
    # ref: §2.13 — a CSA's "HP" is its score; §2.12 — Boost moves modifier points
    from combat_tui.systems.futurepath.space.model import SystemDamage

    st = ShipStatus("a", systems=(SystemDamage("sensors", 4),), boosts=(("engines", 2, 1),))
    who = ship("a", sensors=14)
    assert stats.score(who, "sensors", st) == 10
    assert stats.mod(who, "engines", st, 1) == 2
    assert stats.mod(who, "engines", st, 2) == 0  # the Boost has lapsed


def test_the_tables_are_editable_data_files(tmp_path: Path):
    # ref: §3.3 — hull sizes and the chart are data a GM can edit
    for file in SPACE.iterdir():
        (tmp_path / file.name).write_text(file.read_text())
    chart = (tmp_path / "battle_damage.toml").read_text().replace('name = "Ruptured valve"', 'name = "Leaky valve"')
    (tmp_path / "battle_damage.toml").write_text(chart)
    assert load_space_tables(tmp_path).row(7).name == "Leaky valve"
    (tmp_path / "battle_damage.toml").write_text(chart.replace("roll = 12", "roll = 11"))
    with pytest.raises(TableError, match="one row for each roll 2 to 12"):
        load_space_tables(tmp_path)


def test_the_load_check_names_what_a_hand_edit_got_wrong():
    # a bad campaign file gets a message with the field path and the problem (DESIGN.md §7)
    from attrs import evolve

    from combat_tui.core.registry import get_system
    from combat_tui.systems.futurepath.space.model import CrewPost, HardPoint
    from tests.systems.futurepath.space.helpers import campaign

    bad = evolve(ship("a"), size="enormous", side="nobody", hard_points=(HardPoint("G", "phaser"),),
                 crew=(CrewPost("janitor"), CrewPost("helm", "ghost"), CrewPost("helm", name="X")))  # fmt: skip
    good = campaign(ship("b"), ship("a"))
    state = evolve(good, futurepath=evolve(good.futurepath, ships=(ship("b"), bad)))
    problems = dict(get_system("futurepath").check(state))
    assert problems["futurepath.ships[1].size"].startswith("'enormous' is not a hull size")
    assert problems["futurepath.ships[1].side"] == "'nobody' is not a team"
    assert problems["futurepath.ships[1].hard_points[0].weapon"] == "'phaser' is not a weapon type"
    assert problems["futurepath.ships[1].crew[0].position"] == "'janitor' is not a crew position"
    assert problems["futurepath.ships[1].crew[1].actor"] == "'ghost' is not a character"
    assert problems["futurepath.ships[1].crew[2].position"] == "'helm' is filled twice"
