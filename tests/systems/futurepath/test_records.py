"""FuturePath records, sheet numbers and the data tables (notes §2.1, §2.2, §2.5, §2.7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_tui.core.registry import get_system, system_ids
from combat_tui.systems.futurepath import stats
from combat_tui.systems.futurepath.model import ArmorParts, FPCondition
from combat_tui.systems.futurepath.tables import DATA, TableError, load_tables, tables
from tests.systems.futurepath.helpers import fighter


def test_futurepath_is_in_the_registry():
    assert "futurepath" in system_ids()
    assert get_system("futurepath").name.startswith("FuturePath")


def test_ability_modifier_is_half_the_score_less_five():
    # ref: notes §2.7 — floor(score / 2) - 5
    assert [stats.modifier(s) for s in (1, 8, 9, 10, 11, 12, 18, 19)] == [-5, -1, -1, 0, 0, 1, 4, 4]


def test_ac_touch_and_flat_footed_are_derived_from_the_parts():
    # ref: notes §2.2 — AC = 10 + armor + DEX + size + natural + misc; touch drops armor and
    # natural armor; flat-footed drops DEX.
    who = fighter("x", dex=16, ac=ArmorParts(armor=4, natural=2, size=-1, misc=1))
    assert stats.armor_class(who) == 10 + 4 + 3 - 1 + 2 + 1
    assert stats.armor_class(who, touch=True) == 10 + 3 - 1 + 1
    assert stats.armor_class(who, flat_footed=True) == 10 + 4 - 1 + 2 + 1


def test_a_low_dex_keeps_its_penalty_when_flat_footed():
    # ref: R26 — flat-footed loses the DEX *bonus*; a penalty stays.
    who = fighter("x", dex=8, ac=ArmorParts(armor=2))
    assert stats.armor_class(who, flat_footed=True) == stats.armor_class(who) == 11


def test_a_condition_that_loses_dex_gives_flat_footed_ac():
    # ref: notes §2.5 — Flat-Footed, Stunned: no DEX bonus to AC
    stunned = fighter("x", dex=16, conditions=(FPCondition("Stunned", 1),))
    assert stats.armor_class(stunned) == 10


def test_a_helpless_target_has_ac_5_plus_size():
    # ref: notes §2.5 — Helpless: effective AC = 5 + size mod
    who = fighter("x", dex=16, ac=ArmorParts(armor=4, size=1), conditions=(FPCondition("Unconscious"),))
    assert stats.armor_class(who) == 6


def test_advantage_die_by_path_level_die_level_or_expression():
    # ref: A1 — a dice expression with a die level; the Path table gives it by character level.
    assert stats.advantage_die(fighter("x", level=1)) == "1d2"
    assert stats.advantage_die(fighter("x", level=5)) == "1d4+2"
    assert stats.advantage_die(fighter("x", level=18)) == "2d6+7"
    assert stats.advantage_die(fighter("x", advantage_die_level=1)) == "1d2-1"
    assert stats.advantage_die(fighter("x", advantage_die_level=20)) == "2d12+10"
    assert stats.advantage_die(fighter("x", advantage_die="1d6")) == "1d6"


def test_extra_damage_is_earned_at_path_levels_5_11_and_17():
    # ref: A23, notes §2.2 — ED at Path levels 5, 11 and 17
    assert [stats.extra_damage(fighter("x", level=n)) for n in (1, 4, 5, 10, 11, 16, 17, 20)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert stats.extra_damage(fighter("x", level=1, extra_damage=2)) == 2


def test_the_condition_catalogue_has_the_tracks_of_section_2_5():
    table = tables()
    assert [r.name for r in table.track("shaken")] == ["Shaken", "Dazed", "Stunned", "Paralyzed"]
    assert [r.name for r in table.track("fear")] == ["Frightened", "Cowering", "Panicked"]
    assert [r.name for r in table.track("fatigue")] == ["Winded", "Fatigued", "Exhausted"]
    assert [r.name for r in table.track("grapple")] == ["Grappled", "Pinned"]
    assert [r.name for r in table.track("nausea")] == ["Nauseated", "Sickened"]
    assert dict(table.condition("shaken").dice) == {"attack": -1, "save": -1, "skill": -1}


def test_shocked_and_the_pages_misspellings_are_aliases():
    # ref: A12 — Shocked maps onto Stunned; A41 — "Shackened" is Shaken
    assert tables().condition("Shocked").name == "Stunned"
    assert tables().condition("shackened").name == "Shaken"


def test_the_tables_are_data_a_gm_can_edit(tmp_path: Path):
    for file in DATA.glob("*.toml"):
        (tmp_path / file.name).write_text(file.read_text())
    edited = (tmp_path / "advantage_die.toml").read_text().replace('2 = "1d2"', '2 = "1d3"')
    (tmp_path / "advantage_die.toml").write_text(edited)
    assert load_tables(tmp_path).advantage_die[2] == "1d3"


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("advantage_die.toml", '3 = "1d2+1"', '3 = "banana"', "levels.3: 'banana' is not a dice expression"),
        ("conditions.toml", 'dice = { attack = -1, save = -1, skill = -1 }', 'dice = { atack = -1 }',
         "Shaken: dice.atack: not a roll kind"),
        ("paths.toml", "extra_damage_levels = [5, 11, 17]\n", "extra_damage_levels = [50]\n", "extra_damage_levels"),
    ],
)  # fmt: skip
def test_a_bad_table_is_refused_with_file_entry_and_problem(tmp_path: Path, file, old, new, message):
    for source in DATA.glob("*.toml"):
        (tmp_path / source.name).write_text(source.read_text())
    text = (tmp_path / file).read_text()
    assert old in text
    (tmp_path / file).write_text(text.replace(old, new, 1))
    with pytest.raises(TableError) as error:
        load_tables(tmp_path)
    assert file in str(error.value) and message in str(error.value)


def test_the_load_check_names_the_field_and_the_problem():
    from attrs import evolve

    from combat_tui.core.maps import Tile
    from combat_tui.systems.futurepath.model import Campaign, FuturePath, Team

    bad = fighter("x", team="nowhere", level=30, off_hand="Sword")
    state = Campaign("T", "futurepath", Tile("m", 0, 0), futurepath=FuturePath((bad,), (Team("a", "A"),)))
    problems = dict(get_system("futurepath").check(state))
    assert problems["futurepath.actors[0].team"] == "'nowhere' is not a team"
    assert problems["futurepath.actors[0].level"] == "30 is not a level from 1 to 20"
    assert problems["futurepath.actors[0].off_hand"] == "'Sword' is not one of its weapons"
    assert get_system("futurepath").check(evolve(state, futurepath=None)) == [
        ("futurepath", "a FuturePath campaign needs a [futurepath] table")
    ]
