"""The text forms of the turn's economy, class features and monster commands (issue 6, item 11)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.systems.dnd5e import commands as cmd
from tests.systems.dnd5e.helpers import running


@pytest.fixture
def fight(sample):
    return running(sample).state


@pytest.mark.parametrize(
    "line, command",
    [
        ("pip Ser Aldric bonus used", cmd.TogglePip("ser-aldric", "bonus", True)),
        ("pip Ayla reaction free", cmd.TogglePip("ayla", "reaction", False)),
        ("action Ser Aldric dash", cmd.TakeAction("ser-aldric", "Dash")),
        ("action Ayla hide cunning", cmd.TakeAction("ayla", "Hide", True)),
        ("action Bren use an object", cmd.TakeAction("bren", "Use an Object")),
        ("action Bren use", cmd.TakeAction("bren", "Use an Object")),
        ("secondwind Ser Aldric", cmd.SecondWind("ser-aldric")),
        ("surge Ser Aldric", cmd.ActionSurge("ser-aldric")),
        ("rage Ser Aldric", cmd.Rage("ser-aldric")),
        ("rest long", cmd.TakeRest("long")),
        ("turn-undead Mirelle on Goblin 1, Goblin 2 resist Goblin 2", cmd.TurnUndead("mirelle", ("goblin-1", "goblin-2"), ("goblin-2",))),
        ("preserve Mirelle Ayla 10, Bren 5", cmd.PreserveLife("mirelle", (("ayla", 10), ("bren", 5)))),
        ("use Goblin Boss Cold Breath on Ayla, Bren resist Ayla adv",
         cmd.UseCreatureAction("goblin-boss", "Cold Breath", ("ayla", "bren"), "adv", False, ("ayla",))),
        ("attack Ayla Goblin 1 Rapier sneak cover half", cmd.Attack("ayla", "goblin-1", "Rapier", cover=2, sneak=True)),
        ("attack Ayla Goblin 1 Rapier opportunity ignore-cost adv",
         cmd.Attack("ayla", "goblin-1", "Rapier", "adv", use="opportunity", ignore_cost=True)),
        ("attack Ayla Goblin 1 Rapier offhand", cmd.Attack("ayla", "goblin-1", "Rapier", use="offhand")),
        ("attack Wolf 1 Ayla Bite pack", cmd.Attack("wolf-1", "ayla", "Bite", pack=True)),
        ("attack Ser Aldric Goblin Boss Longsword redirect Goblin 2",
         cmd.Attack("ser-aldric", "goblin-boss", "Longsword", redirect="goblin-2")),
        ("attack Ser Aldric Goblin Boss Longsword cover three-quarters redirect Goblin 2 dis",
         cmd.Attack("ser-aldric", "goblin-boss", "Longsword", "dis", cover=5, redirect="goblin-2")),
        ("legendary Goblin Boss Ayla Scimitar", cmd.Attack("goblin-boss", "ayla", "Scimitar", use="legendary")),
        ("cast Bren Burning Hands on Goblin 1 resist Goblin 1", cmd.Cast("bren", "Burning Hands", targets=("goblin-1",), resist=("goblin-1",))),
        ("cast Mirelle Raise Dead on Ayla ignore-cost", cmd.Cast("mirelle", "Raise Dead", targets=("ayla",), ignore_cost=True)),
        ("cast Bren Fire Bolt on Goblin Boss redirect Goblin 2 ignore-cost",
         cmd.Cast("bren", "Fire Bolt", targets=("goblin-boss",), ignore_cost=True, redirect="goblin-2")),
        ("cast Bren \"Hunter's Mark\" on Wolf 1 repeat", cmd.Cast("bren", "Hunter's Mark", targets=("wolf-1",), repeat=True)),
    ],
)
def test_parse_and_format_round_trip(fight, line, command):
    # ref: DESIGN.md §5 — every command has a one-line text form, and the journal writes it back
    assert parse(line, fight).command == command
    assert parse(format_command(command, fight), fight).command == command


@pytest.mark.parametrize(
    "line, reason",
    [
        ("pip Ayla luck used", "'pip' needs a name, the pip (action, bonus, reaction) and used or free."),
        ("action Ayla nap", "'action' needs a name and a standard action."),
        ("rest forever", "'rest' takes short or long."),
        ("use Goblin Boss Cold Breath", "'use' needs its targets after 'on'."),
        ("attack Ayla Goblin 1 Rapier offhand opportunity", "One swing is paid one way, not offhand and opportunity."),
    ],
)
def test_bad_lines_get_a_reason(fight, line, reason):
    with pytest.raises(CommandRejected) as caught:
        parse(line, fight)
    assert caught.value.reason == reason


def test_the_fixed_attack_and_cast_forms_still_parse(fight):
    # ref: DESIGN.md §5 — "These forms are fixed, because outside tests rely on them"
    assert parse("attack Ayla Goblin 1 Shortbow dis", fight).command == cmd.Attack("ayla", "goblin-1", "Shortbow", "dis")
    assert parse("cast Bren Magic Missile at 2 on Goblin 1, Goblin 2", fight).command == cmd.Cast(
        "bren", "Magic Missile", 2, ("goblin-1", "goblin-2"))


def test_the_docs_examples_of_the_turn_commands_parse(sample):
    # ref: DESIGN.md §5 — every command is in docs/commands.md with an example
    import re
    from pathlib import Path

    state = sample
    text = Path(__file__).resolve().parents[3].joinpath("docs", "commands.md").read_text()
    dnd5e = text.split("## Commands (dnd5e)")[1].split("\n## ")[0]
    verbs = ("pip", "action", "secondwind", "surge", "rage", "rest", "attack ...", "legendary", "cast ...",
             "turn-undead", "preserve", "use")  # fmt: skip
    rows = [row for row in dnd5e.splitlines() if row.startswith(tuple(f"| `{verb} " for verb in verbs))]
    assert len(rows) == 12
    for row in rows:
        examples = re.findall(r"`([^`]+)`", row.rsplit(" | ", 1)[1])
        assert examples
        for example in examples:
            if example.startswith("turn-undead"):
                example += " on Goblin 1"  # outside a fight there is no undead list to default to
            assert parse(example, state).command is not None, example
