"""Ships and a space fight save and load unchanged; space commands round-trip through the journal
converter (storage/converter.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat_tui.core.maps import Tile
from combat_tui.library.space_bears import space_bears
from combat_tui.storage import read_snapshot, write_snapshot
from combat_tui.storage.converter import campaign_from_data, campaign_to_data, command_from_data, command_to_data
from combat_tui.systems.futurepath.model import Campaign, FuturePath, Team
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space.model import (  # fmt: skip
    ATTRIBUTES,
    POSITIONS,
    BattleDamage,
    Bay,
    CrewCondition,
    CrewPost,
    FirePool,
    HardPoint,
    Intrusion,
    Pending,
    PoolDie,
    Ship,
    ShipAttributes,
    ShipStatus,
    SpaceFight,
    SpaceOptions,
    Swarm,
    SystemDamage,
    TakenAction,
)
from tests.systems.futurepath.space.helpers import run


def test_a_fight_in_progress_saves_and_loads_equal(tmp_path: Path):
    from combat_tui.core.dice import Dice
    from combat_tui.core.session import Session

    s = Session(space_bears(), dice=Dice(3))
    run(s, "space start", "dice 6 7 8 3 4 9 3 6", "space fire Marauder Bearclaw", "space next")
    write_snapshot(tmp_path, s.state, 4)
    assert read_snapshot(tmp_path) == (s.state, 4)


@pytest.mark.parametrize(
    "command",
    [sc.SpaceStart(("a", "b")), sc.SpaceNext(), sc.SpaceEnd(), sc.SetCrew("a", "helm", "art", "", 2),
     sc.CrewOut("a", "helm", False), sc.SetDistance("a", "b", "long"), sc.SilentRunning("a", False),
     sc.Surrender("a", True), sc.HoldForAction("a", "engineer"), sc.GiveCommand("a", "weapons", 1),
     sc.Encourage("a", -1), sc.Boost("a", "science", "shields", 2), sc.Fly("a", "close", "b", 0), sc.Ram("a", "b"),
     sc.Scan("a", "b", 1), sc.Fire("a", (("b", 2), ("c", 0)), "sensors", False, True), sc.Repair("a", "side 2", 0),
     sc.Treat("a", "helm", 2), sc.Hack("a", "sensors", "b", "disrupt", "shields", 1), sc.CounterHack("a", "engineer", "b"),
     sc.DealDamage("a", 7), sc.SpaceOption("reroll", "literal"), sc.Overclock("a", 1), sc.Grapple("a", "b", -1),
     sc.PointDefence("a", 4), sc.ChangePosition("a", "helm", "science", True, 1)],
)  # fmt: skip
def test_every_space_command_round_trips_through_the_journal_converter(command):
    data = command_to_data(command)
    assert data["kind"].startswith("fp-space-")
    assert command_from_data(data, "futurepath") == command


_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8)
_small = st.integers(0, 9)


@st.composite
def _campaigns(draw):
    ships = []
    for i in range(draw(st.integers(1, 4))):
        crew = tuple(
            CrewPost(p, "", draw(st.sampled_from(["", "Ursa"])), draw(st.integers(-2, 4)),
                     draw(st.integers(-2, 3)), draw(st.booleans()))  # fmt: skip
            for p in draw(st.lists(st.sampled_from(POSITIONS), unique=True, max_size=7))
        )
        ships.append(Ship(
            f"s{i}", draw(_text), draw(st.sampled_from(["a", "b"])),
            draw(st.sampled_from(["colossal", "medium", "small", "diminutive", "fine"])), draw(st.booleans()),
            draw(st.builds(ShipAttributes, *[st.integers(3, 20)] * 6)),
            tuple(draw(st.lists(st.builds(HardPoint, _text, st.sampled_from(["laser", "plasma", "kinetic", "rocket"])), max_size=4))),
            tuple(draw(st.lists(st.builds(Bay, _text, st.booleans()), max_size=2))), crew, draw(st.integers(1, 4)),
            draw(st.integers(0, 4)), draw(st.sampled_from(["", "Raiders"])), draw(st.booleans()),
        ))  # fmt: skip
    damage = st.builds(BattleDamage, st.integers(2, 12), st.integers(0, 30), _text, _small, st.sampled_from(["", "s0", "ram"]),
                       st.booleans(), st.booleans(), _small, st.integers(0, 2), st.sampled_from(["", "helm"]), _small)  # fmt: skip
    statuses = tuple(
        ShipStatus(
            s.id, tuple(draw(st.lists(damage, max_size=3))),
            tuple(draw(st.lists(st.builds(SystemDamage, st.sampled_from(ATTRIBUTES), _small, _small), max_size=2))),
            tuple(draw(st.lists(st.builds(CrewCondition, st.sampled_from(POSITIONS), st.just("Shaken"), _small), max_size=2))),
            draw(_small), draw(st.booleans()), draw(_small), draw(st.booleans()), draw(st.booleans()),
            tuple(draw(st.lists(st.sampled_from(POSITIONS), unique=True, max_size=3))), (), ("s0",), (), (),
            draw(st.sampled_from(["", "offensive", "feint"])), "", (("s0", 1),), (("helm", 2, "bonus"),),
            draw(st.booleans()), (("engines", 1, 2),), draw(_small), draw(_small), draw(_small), (1,), draw(st.integers(-1, 2)),
            draw(st.booleans()), draw(_small), tuple(draw(st.lists(st.builds(Intrusion, st.just("s0"), _small, _small, _small, st.booleans(), _small, _small), max_size=1))),
            draw(st.booleans()),
        )
        for s in ships
    )  # fmt: skip
    pending = tuple(draw(st.lists(st.builds(Pending, st.sampled_from(["damage", "repair", "boost"]), st.just("s0"), _text,
                                            st.just("engineer"), _small, _text, _small, st.none() | damage), max_size=3)))  # fmt: skip
    space = draw(st.none() | st.just(SpaceFight(
        draw(st.sampled_from(["running", "ended"])), draw(_small), draw(st.sampled_from(["surprise", "support", "action", "response"])),
        tuple(s.id for s in ships), statuses, ("s0",), pending,
        tuple(draw(st.lists(st.builds(TakenAction, st.just("s0"), st.sampled_from(POSITIONS), st.just("action"), _text, _text, _text), max_size=2))),
        (("s0", "s1", "long", 1),), (Swarm("raiders", "Raiders", ("s0",)),),
        SpaceOptions(draw(st.sampled_from(["extra", "literal"])), draw(st.integers(1, 2))),
        (FirePool("s0", "s1", (PoolDie((1, 4), 1, True, "hard point"), PoolDie((7,))), 4, 4, 1, "no Battle Damage",
                  (("s1", "2d6 3+4 = 7 Ruptured valve, repair DC 7"),)),),
    )))  # fmt: skip
    fp = FuturePath(teams=(Team("a", "A"), Team("b", "B")), ships=tuple(ships), space=space)
    return Campaign(name="P", system="futurepath", party_tile=Tile("m", 0, 0), futurepath=fp)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_campaigns())
def test_any_ships_and_space_fight_round_trip(campaign):
    # the TOML converter loses nothing: every field of every ship and status comes back
    assert campaign_from_data(campaign_to_data(campaign)) == campaign


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(_campaigns())
def test_any_ships_save_as_toml_and_load_equal(tmp_path_factory, campaign):
    folder = tmp_path_factory.mktemp("ships")
    write_snapshot(folder, campaign, 1)
    assert read_snapshot(folder) == (campaign, 1)
