"""A FuturePath campaign saves and loads unchanged, mid-fight too, and its commands round-trip
through the journal's converter."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_tui.core.rules.futurepath import commands as fc
from combat_tui.library.space_bears import space_bears
from combat_tui.storage import read_snapshot, write_snapshot
from combat_tui.storage.converter import command_from_data, command_to_data
from tests.core.futurepath.helpers import run, session


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
    assert command_from_data(data) == command
