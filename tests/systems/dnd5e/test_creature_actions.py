"""The creature dialog's action editor as commands: add, change and remove a creature's save actions."""

from __future__ import annotations

import json

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.session import Session
from combat_tui.core.text import format_command, parse
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.storage.converter import command_from_data, command_to_data
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import CreatureAction

BREATH = CreatureAction("Cold Breath", "constitution", 13, "4d8", "cold", recharge=5, half=True)


@pytest.fixture
def s() -> Session:
    return Session(goblin_ambush())


def test_adding_an_action_logs_it_and_undo_takes_it_away(s):
    # ref: Creature actions — "The action dialog asks for a name, the saving throw, the DC, one damage term (dice, die, and type), a Recharge face, and whether a save halves the damage."
    before = s.state.actor("goblin-1").actions
    lines = s.execute(cmd.SetCreatureAction("goblin-1", -1, BREATH)).lines
    assert lines == ("Goblin 1 gains Cold Breath (DC 13 CON, 4d8 cold, recharge 5-6, half on a save).",)
    assert s.state.actor("goblin-1").actions == (*before, BREATH)
    s.undo()
    assert s.state.actor("goblin-1").actions == before


def test_changing_an_action_keeps_a_spent_one_spent_and_logs_the_new_terms(s):
    # ref: Creature actions — "To change or remove an action, pick it in the list and click Open."
    s.execute(cmd.SetCreatureAction("goblin-1", -1, BREATH))
    index = len(s.state.actor("goblin-1").actions) - 1
    s.state = s.state.with_actor(evolve(s.state.actor("goblin-1"), actions=tuple(
        evolve(a, ready=False) if a.name == "Cold Breath" else a for a in s.state.actor("goblin-1").actions)))
    stronger = evolve(BREATH, dc=15, damage="6d8", recharge=6, half=False)
    lines = s.execute(cmd.SetCreatureAction("goblin-1", index, stronger)).lines
    assert lines == ("Goblin 1's Cold Breath is now DC 15 CON, 6d8 cold, recharge 6, none on a save.",)
    assert s.state.actor("goblin-1").actions[index] == evolve(stronger, ready=False)
    renamed = evolve(stronger, name="Frost Breath", recharge=0)  # no recharge: always ready
    line = s.execute(cmd.SetCreatureAction("goblin-1", index, renamed)).lines[0]
    assert line == "Goblin 1's Cold Breath is now Frost Breath (DC 15 CON, 6d8 cold, none on a save)."
    assert s.state.actor("goblin-1").actions[index].ready


def test_removing_an_action_logs_it_and_undo_brings_it_back(s):
    # ref: Creature actions — "Tick Remove this action to remove it."
    wolf = s.state.actor("winter-wolf")
    assert [a.name for a in wolf.actions] == ["Cold Breath"]
    assert s.execute(cmd.RemoveCreatureAction("winter-wolf", 0)).lines == ("Winter Wolf loses Cold Breath.",)
    assert s.state.actor("winter-wolf").actions == ()
    s.undo()
    assert s.state.actor("winter-wolf").actions == wolf.actions


@pytest.mark.parametrize(
    "action, reason",
    [
        (evolve(BREATH, name="  "), "An action needs a name."),
        (evolve(BREATH, save="luck"), "'luck' is not an ability."),
        (evolve(BREATH, dc=31), "The DC of Cold Breath can be 1 to 30, not 31."),
        (evolve(BREATH, dc=0), "The DC of Cold Breath can be 1 to 30, not 0."),
        (evolve(BREATH, damage="lots"), "'lots' is not a dice expression."),
        (evolve(BREATH, damage_type="ice"), "'ice' is not a damage type."),
        (evolve(BREATH, recharge=3), "Recharge 3 is not a face."),
    ],
)
def test_a_bad_action_is_refused_with_a_reason(s, action, reason):
    # ref: Creature actions — a save, a DC, one damage term and its type, a Recharge face of 6, 5-6 or 4-6
    with pytest.raises(CommandRejected) as caught:
        s.execute(cmd.SetCreatureAction("goblin-1", -1, action))
    assert caught.value.reason == reason


def test_a_second_action_of_the_same_name_a_missing_number_and_a_character_are_refused(s):
    # ref: Creature actions — "A creature can have save actions"
    with pytest.raises(CommandRejected, match="already has an action called Cold Breath"):
        s.execute(cmd.SetCreatureAction("winter-wolf", -1, evolve(BREATH, name="cold breath")))
    with pytest.raises(CommandRejected, match="has no action number 3"):
        s.execute(cmd.RemoveCreatureAction("winter-wolf", 2))
    with pytest.raises(CommandRejected, match="save actions belong to creatures"):
        s.execute(cmd.SetCreatureAction("ayla", -1, BREATH))


def test_an_added_action_can_be_used_at_once():
    # ref: Creature actions — "In a fight, each action shows in the spell list of the creature ... costs the Action."
    s = Session(goblin_ambush())
    s.execute(cmd.SetCreatureAction("goblin-1", -1, evolve(BREATH, damage="1d4", recharge=0)))
    s.dice.force([3, 20])
    lines = s.execute(cmd.UseCreatureAction("goblin-1", "Cold Breath", ("ayla",))).lines
    assert lines[:2] == ("Goblin 1 uses Cold Breath on Ayla.", "Damage: 1d4 3 = 3 cold.")


@pytest.mark.parametrize(
    "line, command",
    [
        ('creature-action Goblin 1 add "Cold Breath" con 13 4d8 cold recharge 5 half',
         cmd.SetCreatureAction("goblin-1", -1, BREATH)),
        ("creature-action Goblin 1 add Fire Spit dex 11 2d6+1 fire",
         cmd.SetCreatureAction("goblin-1", -1, CreatureAction("Fire Spit", "dexterity", 11, "2d6+1", "fire", 0, False))),
        ('creature-action Winter Wolf edit "Cold Breath" Cold Breath con 14 5d8 cold recharge 5-6 half',
         cmd.SetCreatureAction("winter-wolf", 0, evolve(BREATH, dc=14, damage="5d8"))),
        ("creature-action Winter Wolf edit 1 Gust str 10 1d6", cmd.SetCreatureAction(
            "winter-wolf", 0, CreatureAction("Gust", "strength", 10, "1d6", "", 0, False))),
        ('creature-action Winter Wolf remove "Cold Breath"', cmd.RemoveCreatureAction("winter-wolf", 0)),
        ("creature-action Winter Wolf remove 1", cmd.RemoveCreatureAction("winter-wolf", 0)),
    ],
)
def test_the_text_form_parses_and_formats_back(line, command):
    # ref: DESIGN.md §5 — every command has a one-line text form, and the journal writes it back
    state = goblin_ambush()
    assert parse(line, state).command == command
    assert parse(format_command(command, state), state).command == command


@pytest.mark.parametrize(
    "line, reason",
    [
        ("creature-action Goblin 1 Cold Breath", "'creature-action' needs a name, then add, edit or remove."),
        ("creature-action Goblin 1 add Cold Breath con 4d8", "An action needs a name, a save, a DC and its damage dice."),
        ("creature-action Winter Wolf remove Bite", "No action is called 'Bite'."),
        ("creature-action Goblin 1 add Zap con 12 1d6 recharge x", "'x' is not a recharge face."),
    ],
)
def test_a_bad_line_gets_a_reason(line, reason):
    with pytest.raises(CommandRejected) as caught:
        parse(line, goblin_ambush())
    assert caught.value.reason == reason


@pytest.mark.parametrize("command", [cmd.SetCreatureAction("goblin-1", -1, BREATH), cmd.RemoveCreatureAction("winter-wolf", 0)])
def test_the_commands_survive_the_journal(command):
    data = json.loads(json.dumps(command_to_data(command)))
    assert command_from_data(data, "dnd5e") == command


def test_the_docs_examples_parse():
    # ref: DESIGN.md §5 — every command is in docs/commands.md with an example
    import re
    from pathlib import Path

    text = Path(__file__).resolve().parents[3].joinpath("docs", "commands.md").read_text()
    rows = [row for row in text.splitlines() if row.startswith("| `creature-action ")]
    assert len(rows) == 1
    examples = re.findall(r"`([^`]+)`", rows[0].rsplit(" | ", 1)[1])
    assert len(examples) == 3
    for example in examples:
        assert parse(example, goblin_ambush()).command is not None, example
