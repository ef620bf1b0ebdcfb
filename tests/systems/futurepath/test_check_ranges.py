"""Ranges on load (issue 14): every number the FuturePath rules read, ground and space, is checked
when a campaign opens, each refusal naming its field; the GM's options are refused by the
`option` rules with the same ranges, so `option extra_damage_step 0` cannot set up a division
by zero in the next attack."""

from __future__ import annotations

from pathlib import Path
from typing import get_args, get_type_hints

import attrs
import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import MapInfo
from combat_tui.core.registry import get_system
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.library.space_bears import space_bears
from combat_tui.storage import sample_dir
from combat_tui.systems.futurepath.check import BOUNDS as GROUND
from combat_tui.systems.futurepath.model import Campaign, FPOptions
from combat_tui.systems.futurepath.space.check import BOUNDS as SPACE
from combat_tui.systems.futurepath.space.model import SpaceFight, SpaceOptions

BOUNDS = {**GROUND, **SPACE}


def _records(cls: type, found: dict | None = None) -> dict[type, dict[str, object]]:
    found = {} if found is None else found
    if attrs.has(cls) and cls not in found:
        found[cls] = get_type_hints(cls)
        for hint in found[cls].values():
            _records(hint, found)
    for arg in get_args(cls):
        _records(arg, found)
    return found


def _has_int(hint) -> bool:
    return hint is int or any(_has_int(arg) for arg in get_args(hint))


def test_every_whole_number_of_every_record_has_a_range():
    missing = [f"{cls.__name__}.{field.name}" for cls, hints in _records(Campaign).items() for field in attrs.fields(cls)
               if _has_int(hints[field.name]) and field.name not in BOUNDS.get(cls, {})]  # fmt: skip
    assert not missing, "add a range to the BOUNDS of check.py or space/check.py for " + ", ".join(missing)


def check(state: Campaign) -> dict[str, str]:
    return dict(get_system("futurepath").check(state))


@pytest.mark.parametrize("script", ["example-encounter.txt", "example-space-fight.txt"])
def test_the_examples_stay_in_range_at_every_line(script):
    """What the rules make, ground and space, passes the load check at every step."""
    session = Session(space_bears(), dice=Dice(7))
    assert check(session.state) == {}
    lines = (sample_dir() / "space-bears" / script).read_text().splitlines()
    for number, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith("#"):
            run_line(session, line)
            assert check(session.state) == {}, f"{script} line {number}: {line}"


def _actor(state: Campaign, **changes) -> Campaign:
    fp = state.futurepath
    return evolve(state, futurepath=evolve(fp, actors=(evolve(fp.actors[0], **changes), *fp.actors[1:])))


def _weapon(state: Campaign, **changes) -> Campaign:
    weapon = state.futurepath.actors[0].weapons[0]
    return _actor(state, weapons=(evolve(weapon, **changes),))


A = "futurepath.actors[0]"


@pytest.mark.parametrize(
    "make, where, problem",
    [
        (lambda s: _actor(s, max_hp=0, hp=0), f"{A}.max_hp", "0 is not an HP value from 1 to 9999"),
        (lambda s: _actor(s, hp=s.futurepath.actors[0].max_hp + 1), f"{A}.hp", "is above max_hp"),
        (lambda s: _actor(s, level=0), f"{A}.level", "0 is not a level from 1 to 20"),
        (lambda s: _actor(s, abilities=evolve(s.futurepath.actors[0].abilities, dexterity=51)),
         f"{A}.abilities.dexterity", "51 is not an ability score from 1 to 50"),
        (lambda s: _actor(s, extra_damage=11), f"{A}.extra_damage", "11 is not an Extra Damage count from 0 to 10"),
        (lambda s: _actor(s, advantage_die="1000d6"), f"{A}.advantage_die", "'1000d6' is more dice than a table rolls."),
        (lambda s: _weapon(s, damage="999999d999999"), f"{A}.weapons[0].damage", "'999999d999999' is more dice"),
        (lambda s: _weapon(s, crit_from=1), f"{A}.weapons[0].crit_from", "1 is not the start of a crit range from 2 to 20"),
        (lambda s: _weapon(s, crit_multiplier=0), f"{A}.weapons[0].crit_multiplier", "0 is not a multiplier from 1 to 10"),
        (lambda s: evolve(s, maps=(MapInfo("den", "The Den", 0, 12),)), "maps[0].width", "0 is not a map size from 1 to 500"),
        (lambda s: evolve(s, maps=(MapInfo("den", "The Den", 4, 4),)), "party_tile", "is off the map 'The Den'"),
    ],
)  # fmt: skip
def test_a_ground_number_out_of_range_names_its_field(make, where, problem):
    assert problem in check(make(space_bears()))[where]


def test_the_options_are_in_range_on_load():
    state = space_bears()
    fp = state.futurepath
    bad = evolve(fp, options=FPOptions(extra_damage_step=0, advantage_cap=-1),
                 space=SpaceFight(stage="ended", options=SpaceOptions(crit_scan_rerolls=10, ram_both_above=101)))  # fmt: skip
    problems = check(evolve(state, futurepath=bad))
    assert problems["futurepath.options.extra_damage_step"] == "0 is not a step from 1 to 20"
    assert problems["futurepath.options.advantage_cap"] == "-1 is not a cap of dice from 0 to 20"
    assert problems["futurepath.space.options.crit_scan_rerolls"] == "10 is not a d10 face from 0 to 9"
    assert problems["futurepath.space.options.ram_both_above"] == "101 is not a d% roll from 0 to 100"


def test_the_option_rules_refuse_what_the_load_check_would():
    session = Session(space_bears(), dice=Dice(1))
    for line, reason in [("option extra_damage_step 0", "Option extra_damage_step: 0 is not a step from 1 to 20."),
                         ("option advantage_cap 21", "Option advantage_cap: 21 is not a cap of dice from 0 to 20."),
                         ("space option crit_scan_rerolls 10",
                          "Space option crit_scan_rerolls: 10 is not a d10 face from 0 to 9.")]:  # fmt: skip
        with pytest.raises(CommandRejected) as refused:
            run_line(session, line)
        assert refused.value.reason == reason
    run_line(session, "option extra_damage_step 1")
    assert session.state.futurepath.options.extra_damage_step == 1
    assert check(session.state) == {}


def test_ships_out_of_range_name_their_field():
    state = space_bears()
    fp = state.futurepath
    ship = fp.ships[0]
    odd = evolve(ship, tech_level=5, attributes=evolve(ship.attributes, shields=31),
                 crew=(evolve(ship.crew[0], bonus=21),) + ship.crew[1:])  # fmt: skip
    problems = check(evolve(state, futurepath=evolve(fp, ships=(odd, *fp.ships[1:]))))
    assert problems["futurepath.ships[0].tech_level"] == "5 is not a tech level from 1 to 4"
    assert problems["futurepath.ships[0].attributes.shields"] == "31 is not an attribute score from 1 to 30"
    assert problems["futurepath.ships[0].crew[0].bonus"] == "21 is not a bonus from -10 to 20"


def test_the_sample_file_on_disk_passes():
    from combat_tui.storage import read_snapshot

    campaign, _ = read_snapshot(Path(sample_dir() / "space-bears"))
    assert check(campaign) == {}
