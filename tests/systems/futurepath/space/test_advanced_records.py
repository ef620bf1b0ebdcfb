"""The advanced functions' commands and the ship status they leave go through the journal and the
campaign file unchanged (DESIGN.md §2: every command is journalled data)."""

from __future__ import annotations

import pytest

from combat_tui.storage.converter import campaign_from_data, campaign_to_data, command_from_data, command_to_data
from combat_tui.systems.futurepath.space import commands as sc
from tests.systems.futurepath.space.helpers import do, run, to_phase, two


@pytest.mark.parametrize(
    "command",
    [sc.Crypto("a", "b"), sc.Crypto("a", "b", "sensors", 1), sc.DirectAssistance("a", "helm", 1), sc.DirectAssistance("a", ""),
     sc.CommandingPresence("a"), sc.CommandingPresence("a", 14), sc.ShieldManipulation("a", "science", "b", -1),
     sc.WeaponsAssist("a", "helm", "b"), sc.WeaponsAssist("a", "helm", "b", 0, 1), sc.WeaponsAssist("a", "helm", "b", -2),
     sc.Fire("a", (), defend=-1), sc.Fire("a", (("b", 2),), defend=2), sc.Scan("a", "b", deep=True),
     sc.Spoof("a", "b", decoys=True), sc.Jam("a", "b", mode="missiles")],
)  # fmt: skip
def test_every_new_command_round_trips_through_the_journal_converter(command):
    data = command_to_data(command)
    assert data["kind"].startswith("fp-space-")
    assert command_from_data(data, "futurepath") == command


def test_a_fight_with_every_new_stance_round_trips_through_the_campaign_file():
    s = two(b={"weapon": "rocket"})
    run(s, "space presence a 13", "dice 6 5 1", "space assist a helm", "dice 9 9", "space manipulate b science a")
    to_phase(s, "action")
    run(s, "dice 6 6", "space scan a b deep", "space jam b a missiles", "space defend a 2", "dice 6 5",
        "space weaponsassist a helm b +1")
    do(s, "space option max_bd_adrift round-after")
    assert campaign_from_data(campaign_to_data(s.state)) == s.state
