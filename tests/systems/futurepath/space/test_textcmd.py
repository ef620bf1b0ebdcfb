"""The text forms of space commands (docs/commands.md, "Space combat"): every one parses, writes
back in the same form, and is documented with an example that parses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.library.space_bears import space_bears
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space.verbs import SUBVERBS

STATE = space_bears()
DOCS = Path(__file__).resolve().parents[4].joinpath("docs", "commands.md").read_text()


@pytest.mark.parametrize(
    ("line", "command"),
    [("space start", sc.SpaceStart()), ("space start Bearclaw Marauder", sc.SpaceStart(("bearclaw", "marauder"))),
     ("space next", sc.SpaceNext()), ("space end", sc.SpaceEnd()),
     ("space crew Bearclaw science James +2", sc.SetCrew("bearclaw", "science", "james", "", 2)),
     ('space crew Bearclaw medical "Nurse Panda"', sc.SetCrew("bearclaw", "medical", "", "Nurse Panda")),
     ("space crew Bearclaw medical none", sc.SetCrew("bearclaw", "medical")),
     ("space out Marauder captain", sc.CrewOut("marauder", "captain")),
     ("space bonus Bearclaw medical 0", sc.CrewBonus("bearclaw", "medical", 0)),
     ("space bonus Bearclaw medical +3", sc.CrewBonus("bearclaw", "medical", 3)),
     ("space back Marauder pilot", sc.CrewOut("marauder", "helm", False)),
     ("space hold Bearclaw engineer", sc.HoldForAction("bearclaw", "engineer")),
     ("space command Bearclaw sensors adv", sc.GiveCommand("bearclaw", "sensors", 1)),
     ("space encourage Bearclaw dis2", sc.Encourage("bearclaw", -2)),
     ("space boost Bearclaw shields", sc.Boost("bearclaw", "science", "shields")),
     ("space boost Bearclaw engineer engines", sc.Boost("bearclaw", "engineer", "engines")),
     ("space fly Bearclaw offensive Marauder", sc.Fly("bearclaw", "offensive", "marauder")),
     ("space fly Marauder evasive", sc.Fly("marauder", "evasive")),
     ('space fly Bearclaw close "Fighter 2"', sc.Fly("bearclaw", "close", "fighter-2")),
     ("space ram Bearclaw Marauder", sc.Ram("bearclaw", "marauder")),
     ("space scan Bearclaw Marauder", sc.Scan("bearclaw", "marauder")),
     ("space fire Bearclaw Marauder", sc.Fire("bearclaw", (("marauder", 0),))),
     ("space fire Bearclaw Marauder 3, Raiders 1", sc.Fire("bearclaw", (("marauder", 3), ("raiders", 1)))),
     ("space fire Bearclaw Fighter 2", sc.Fire("bearclaw", (("fighter-2", 0),))),
     ("space fire Bearclaw Marauder at sensors combined", sc.Fire("bearclaw", (("marauder", 0),), "sensors", False, True)),
     ("space fire Raiders Bearclaw", sc.Fire("raiders", (("bearclaw", 0),))),
     ("space fire Bearclaw Marauder at engines concentrated", sc.Fire("bearclaw", (("marauder", 0),), "engines", concentrated=True)),
     ("space bombard Bearclaw Marauder", sc.Fire("bearclaw", (("marauder", 0),), bombard=True)),
     ("space repair Bearclaw", sc.Repair("bearclaw", "1")), ("space repair Bearclaw side 2", sc.Repair("bearclaw", "side 2")),
     ("space treat Marauder captain +2", sc.Treat("marauder", "captain", 2)),
     ("space hack Marauder Bearclaw access", sc.Hack("marauder", "science", "bearclaw", "access")),
     ("space hack Marauder sensors Bearclaw disrupt shields adv", sc.Hack("marauder", "sensors", "bearclaw", "disrupt", "shields", 1)),
     ("space counterhack Bearclaw engineer Marauder", sc.CounterHack("bearclaw", "engineer", "marauder")),
     ("space distance Bearclaw Marauder long", sc.SetDistance("bearclaw", "marauder", "long")),
     ("space silent Marauder", sc.SilentRunning("marauder")), ("space silent Marauder off", sc.SilentRunning("marauder", False)),
     ("space surrender Raiders", sc.Surrender("raiders")), ("space surrender Marauder back", sc.Surrender("marauder", True)),
     ("space overclock Bearclaw adv", sc.Overclock("bearclaw", 1)),
     ("space move Marauder engineer to science rush +2", sc.ChangePosition("marauder", "engineer", "science", True, 2)),
     ("space move Bearclaw captain medical", sc.ChangePosition("bearclaw", "captain", "medical")),
     ("space pointdefence Bearclaw", sc.PointDefence("bearclaw")), ("space pointdefence Bearclaw 5", sc.PointDefence("bearclaw", 5)),
     ("space grapple Bearclaw Marauder", sc.Grapple("bearclaw", "marauder")),
     ("space damage Marauder 7", sc.DealDamage("marauder", 7)), ("space option reroll literal", sc.SpaceOption("reroll", "literal"))],
)  # fmt: skip
def test_every_form_parses_and_writes_back_the_same(line, command):
    # ref: DESIGN.md §5 — every command has a one-line text form
    assert parse(line, STATE).command == command
    assert parse(format_command(command, STATE), STATE).command == command


def test_show_asks_the_rules_for_a_summary():
    assert parse("space show", STATE).ref == "space"
    assert parse("space show Bearclaw", STATE).ref == "ship:bearclaw"


@pytest.mark.parametrize(
    ("line", "reason"),
    [("space", "needs a subcommand"), ("space warp Bearclaw", "Unknown space command 'warp'"),
     ("space fire Enterprise Marauder", "No ship is called 'Enterprise'"),
     ("space command Bearclaw janitor", "'janitor' is not a crew position"),
     ("space next now", "does not understand 'now'")],
)  # fmt: skip
def test_bad_input_gets_a_readable_reason(line, reason):
    with pytest.raises(CommandRejected, match=reason):
        parse(line, STATE)


def test_every_subcommand_is_documented_with_an_example_that_parses():
    # ref: DESIGN.md §5 — every command in docs/commands.md with an example
    section = DOCS.split("## Space combat (futurepath)", 1)[1]
    rows = [row for row in section.splitlines() if row.startswith("| `space")]
    examples = [re.findall(r"`([^`]+)`", row.rsplit("|", 2)[-2])[0] for row in rows]
    subverbs = {line.split()[1] for line in examples}
    assert subverbs | {"back"} >= set(SUBVERBS) | {"show"}
    for line in examples:
        parse(line, STATE)
