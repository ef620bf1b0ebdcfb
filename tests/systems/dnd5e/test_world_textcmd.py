"""The text forms of the world commands: move, disposition, place, hp, delete, split, rejoin."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.core.text import format_command, parse
from combat_tui.systems.dnd5e import commands as cmd
from tests.systems.dnd5e.helpers import session


@pytest.mark.parametrize(
    "line, command",
    [
        ("move e", cmd.MoveParty(1, 0)),
        ("move NW 3", cmd.MoveParty(-1, -1, 3)),
        ("move south 2", cmd.MoveParty(0, 1, 2)),
        ("move 8 5", cmd.MovePartyTo(8, 5)),
        ('disposition "Wolf 1" neutral', cmd.SetDisposition("wolf-1", "neutral")),
        ("disposition Goblin Boss friendly", cmd.SetDisposition("goblin-boss", "friendly")),
        ("place Goblin 2 3 4", cmd.PlaceCreature("goblin-2", 3, 4)),
        ('place "Goblin Boss" 3 4 "The Greenway"', cmd.PlaceCreature("goblin-boss", 3, 4, "greenway")),
        ("hp Goblin 3 2", cmd.SetCreatureHp("goblin-3", 2)),
        ("delete Wolf 2", cmd.DeleteCreature("wolf-2")),
        ("split Ayla 8 2", cmd.SplitCharacter("ayla", 8, 2)),
        ("split Ayla 8 2 greenway", cmd.SplitCharacter("ayla", 8, 2, "greenway")),
        ("rejoin Ayla", cmd.RejoinParty("ayla")),
    ],
)
def test_each_form_parses_and_writes_back_as_a_line_that_parses_the_same(sample, line, command):
    assert parse(line, sample).command == command
    assert parse(format_command(command, sample), sample).command == command


@pytest.mark.parametrize(
    "line, reason",
    [
        ("move", "Cannot read 'move '"),
        ("move up", "Cannot read 'move up'"),
        ("move e x", "'x' is not a whole number"),
        ("disposition Wolf 1 grumpy", "ends with hostile, neutral or friendly"),
        ("place Ayla 3", "needs a name, then X and Y"),
        ("place Wolf 1 3 4 Mordor", "No map is called 'Mordor'"),
        ("hp Goblin 3", "could mean more than one: Goblin 1, Goblin 2, Goblin 3"),
        ("delete Nobody", "No one here is called 'Nobody'"),
    ],
)
def test_bad_lines_say_what_is_wrong(sample, line, reason):
    with pytest.raises(CommandRejected) as caught:
        parse(line, sample)
    assert reason in str(caught.value)


def test_each_line_undoes(sample):
    s = session(sample)
    seen = []
    for line in ("move w 2", "disposition Wolf 1 neutral", "place Wolf 2 12 3", "hp Goblin 3 4",
                 "delete Goblin 3", "split Ayla 0 0", "rejoin Ayla"):  # fmt: skip
        seen.append(s.state)
        run_line(s, line)
        assert s.state is not seen[-1]
    while seen:
        run_line(s, "undo")
        assert s.state is seen.pop()


def test_the_docs_examples_of_the_world_commands_parse(sample):
    import re
    from pathlib import Path

    text = Path(__file__).resolve().parents[3].joinpath("docs", "commands.md").read_text()
    dnd5e = text.split("## Commands (dnd5e)")[1].split("\n## ")[0]
    verbs = ("move", "disposition", "place", "hp", "delete", "split", "rejoin")
    rows = [row for row in dnd5e.splitlines() if row.startswith(tuple(f"| `{verb} " for verb in verbs))]
    assert len(rows) == 8
    for row in rows:
        examples = re.findall(r"`([^`]+)`", row.rsplit(" | ", 1)[1])
        assert examples
        for example in examples:
            assert parse(example, sample).command is not None, example
