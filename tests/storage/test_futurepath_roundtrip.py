"""A FuturePath campaign saves and loads unchanged, mid-fight too, and its commands round-trip
through the journal's converter."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_tui.library.space_bears import space_bears
from combat_tui.storage import read_snapshot, write_snapshot
from combat_tui.storage.converter import command_from_data, command_to_data
from combat_tui.systems.futurepath import commands as fc
from tests.systems.futurepath.helpers import run, session


def test_the_sample_saves_and_loads_equal(tmp_path: Path):
    write_snapshot(tmp_path, space_bears(), 3)
    assert read_snapshot(tmp_path) == (space_bears(), 3)


def test_a_running_fight_with_overrides_saves_and_loads_equal(tmp_path: Path):
    s = session(space_bears())
    run(s, "setup", "absent Katie", "unaware James", "chip Art +Shaken 1", "init Art 3", "group Art vanguard",
        "start", "teaminit 'The Space Bears' 1", "option odd_member rearguard", "env Fog -1 ranged", "join Katie",
        "declare Brandon grenade", "declare Art technique Shock on 'Space Bear 2'", "commit", "dice 5 6",
        "throw Brandon")  # fmt: skip
    write_snapshot(tmp_path, s.state, 9)
    assert read_snapshot(tmp_path) == (s.state, 9)


@pytest.mark.parametrize(
    "command",
    [
        fc.OpenGroundSetup(), fc.SetPresent("a", False), fc.SetAware("a", True), fc.SetInitiative("a", None),
        fc.SetInitiative("a", -2), fc.SetGroup("a", "rearguard"), fc.SetTeamInitiative("t", 4), fc.StartGround(),
        fc.NextStep(), fc.Join("k", True), fc.AddCondition("a", "Shaken", 1, "gm"), fc.RemoveCondition("a", "Prone"),
        fc.SetOption("odd_member", "vanguard"), fc.OpposedInitiative(("a", "b")), fc.SetEnvironment("Fog", -1, "ranged"),
        fc.MarkOut("a", "fled"), fc.EndGround(), fc.Declare("a", "technique", "Shock", "b", "", True), fc.Withdraw("a"),
        fc.Commit(), fc.Resolve("a", "failed"), fc.FPAttack("a", "b", "Pistol", (("flank", 1),), True, True, True),
        fc.FPDamage("a", 3, "thermal", True), fc.FPHeal("a", 2), fc.ThrowGrenade("a", True), fc.Disarm("a", 12, 2),
        fc.PlaceTrap("a", 1), fc.Leftover("a", "Burning", True),
    ],
)  # fmt: skip
def test_every_command_round_trips_through_the_journal_converter(command):
    data = command_to_data(command)
    assert data["kind"].startswith("fp-")
    assert command_from_data(data, "futurepath") == command


def _campaigns():
    from hypothesis import strategies as st

    from combat_tui.core.maps import Tile
    from combat_tui.systems.futurepath.model import (  # fmt: skip
        ArmorParts,
        Campaign,
        DamageReduction,
        FPAbilities,
        FPActor,
        FPCondition,
        FPOptions,
        FPWeapon,
        FuturePath,
        Team,
    )

    text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=10)
    weapons = st.builds(FPWeapon, text, st.sampled_from(["1d8", "2d6+1", "1d2"]), st.sampled_from(["", "thermal"]),
                        st.integers(-2, 3), st.integers(17, 20), st.integers(2, 4), st.integers(0, 8), st.booleans(),
                        st.booleans(), st.integers(0, 3), st.lists(st.sampled_from(["light", "heavy"]), max_size=2).map(tuple))  # fmt: skip
    conditions = st.builds(FPCondition, st.sampled_from(["Shaken", "Stunned", "Burning", "Odd"]), st.integers(0, 5),
                           st.booleans(), st.sampled_from(["", "brandon"]))  # fmt: skip

    @st.composite
    def build(draw):
        actors = []
        for i in range(draw(st.integers(1, 5))):
            max_hp = draw(st.integers(1, 60))
            actors.append(FPActor(
                f"a{i}", draw(text), draw(st.sampled_from(["t1", "t2"])), max_hp, draw(st.integers(0, max_hp)),
                draw(st.builds(FPAbilities, *[st.integers(1, 25)] * 6)), draw(st.sampled_from(["", "Tracer"])),
                draw(st.integers(1, 20)), draw(st.integers(-2, 3)), draw(st.sampled_from(["", "1d6"])),
                draw(st.integers(0, 20)), draw(st.builds(ArmorParts, *[st.integers(-1, 6)] * 4)),
                tuple(draw(st.lists(st.builds(DamageReduction, st.integers(1, 5), st.sampled_from(["all", "thermal"])), max_size=2))),
                tuple(draw(st.lists(weapons, max_size=2))), "", draw(st.none() | st.integers(0, 3)),
                tuple(draw(st.lists(conditions, max_size=3))), draw(st.booleans()),
            ))  # fmt: skip
        options = FPOptions(odd_member=draw(st.sampled_from(["nearest-mean", "vanguard", "rearguard"])),
                            advantage_cap=draw(st.integers(1, 3)), natural1_fails=draw(st.booleans()))  # fmt: skip
        fp = FuturePath(tuple(actors), (Team("t1", draw(text)), Team("t2", draw(text))), None, options)
        return Campaign(name=draw(text), system="futurepath", party_tile=Tile("m", 0, 0), futurepath=fp)

    return build()


def test_any_futurepath_campaign_saves_and_loads_equal():
    import tempfile

    from hypothesis import given, settings

    @settings(max_examples=60, deadline=None)
    @given(_campaigns())
    def check(campaign):
        with tempfile.TemporaryDirectory() as folder:
            write_snapshot(Path(folder), campaign, 1)
            assert read_snapshot(Path(folder)) == (campaign, 1)

    check()
