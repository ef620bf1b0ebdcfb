"""Issue 6's commands go through the journal and come back equal (a crash loses nothing)."""

from __future__ import annotations

import json

import pytest

from combat_tui.storage.converter import command_from_data, command_to_data
from combat_tui.systems.dnd5e import commands as cmd


@pytest.mark.parametrize(
    "command",
    [
        cmd.PreserveLife("mirelle", (("ayla", 3), ("bren", 2))),
        cmd.TurnUndead("mirelle", ("zombie",), ("zombie",)),
        cmd.UseCreatureAction("winter-wolf", "Cold Breath", ("ayla",), "adv", True, ("ayla",)),
        cmd.Attack("ayla", "goblin-1", "Rapier", use="opportunity", cover=2, sneak=True, pack=False, redirect="goblin-2"),
        cmd.Cast("bren", "Fire Bolt", targets=("goblin-boss",), resist=("goblin-boss",), redirect="goblin-2", repeat=False),
        cmd.TogglePip("ayla", "bonus", True),
        cmd.TakeAction("ayla", "Dash", True),
        cmd.TakeRest("long"),
        cmd.SecondWind("ser-aldric"),
        cmd.ActionSurge("ser-aldric"),
        cmd.Rage("korg"),
    ],
)
def test_a_command_survives_the_journal(command):
    data = json.loads(json.dumps(command_to_data(command)))
    assert command_from_data(data, "dnd5e") == command
