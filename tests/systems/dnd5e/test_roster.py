"""Creatures made, edited, spawned and kept as templates (issue 13), through the text forms."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.core.text import format_command, parse
from combat_tui.systems.dnd5e.labels import labels
from tests.systems.dnd5e.helpers import session


def run(s, *lines):
    out = []
    for line in lines:
        out += run_line(s, line).lines
    return out


def test_a_creature_made_by_hand_has_its_fields_and_lands_on_the_party_tile(sample):
    s = session(sample)
    lines = run(s, 'creature add Ogre ac=11 max_hp=59 str=19 cr=2 "weapons=Greatclub 2d8 bludgeoning simple" resistances=cold')
    ogre = next(c for c in s.state.creatures if c.name == "Ogre")
    assert (ogre.ac, ogre.hp, ogre.max_hp, ogre.abilities.strength, ogre.challenge) == (11, 59, 59, 19, "2")
    assert ogre.weapons[0].damage == "2d8" and ogre.weapons[0].damage_type == "bludgeoning"
    assert ogre.resistances == ("cold",)
    assert ogre.tile == s.state.party_tile
    assert lines and "Ogre appears" in lines[0]


@pytest.mark.parametrize(
    "pairs, named",
    [
        ("cr=3/7", "cr: '3/7' is not a challenge rating"),
        ("resistances=fyre", "resistances: 'fyre' is not a damage type"),
        ("max_hp=0", "max_hp: must be at least 1"),
        ("ac=lots", "ac: 'lots' is not a whole number"),
        ("acc=12", "'acc' is not a field of a creature"),
        ('"weapons=Club bludgeoning"', "weapons: 'Club bludgeoning' needs a name, then damage dice"),
        ("condition_immunities=sleepy", "condition_immunities: 'sleepy' is not a condition"),
        ("size=enormous", "size: 'enormous' is not one of"),
    ],
)
def test_the_creature_form_refuses_bad_fields_by_name_and_changes_nothing(sample, pairs, named):
    s = session(sample)
    before = s.state
    with pytest.raises(CommandRejected) as error:
        run(s, f'edit "Goblin Boss" {pairs}')
    assert named in str(error.value)
    assert s.state is before


def test_one_refusal_names_every_bad_field(sample):
    s = session(sample)
    with pytest.raises(CommandRejected) as error:
        run(s, 'edit "Goblin Boss" cr=99 ac=x')
    assert "cr:" in str(error.value) and "ac:" in str(error.value)


def test_an_edit_is_one_undo_step(sample):
    s = session(sample)
    start = s.state
    lines = run(s, 'edit "Goblin Boss" ac=19 hp=10 immunities=poison pack_tactics=yes')
    boss = s.state.actor("goblin-boss")
    assert (boss.ac, boss.hp, boss.immunities, boss.pack_tactics) == (19, 10, ("poison",), True)
    assert lines == ["Goblin Boss is edited: AC, HP, Pack Tactics, Damage immunities."] or "edited" in lines[0]
    run(s, "undo")
    assert s.state == start


def test_a_template_keeps_the_actions_and_spawns_numbered_copies(sample):
    s = session(sample)
    run(s, 'creature-action "Goblin Boss" add "Cold Breath" dex 13 4d8 cold recharge 5 half')
    run(s, 'template save "Goblin Boss" as "Frost Boss"')
    assert [t.name for t in s.state.templates] == ["Frost Boss"]
    lines = run(s, 'spawn "Frost Boss" 2 at 3 4')
    made = [c for c in s.state.creatures if c.name == "Frost Boss"]
    assert len(made) == 2 and all(c.actions[0].name == "Cold Breath" for c in made)
    assert all(c.tile.x == 3 and c.tile.y == 4 for c in made)
    assert sorted(labels(s.state)[c.id] for c in made) == ["Frost Boss 1", "Frost Boss 2"]
    assert "Frost Boss 1 and Frost Boss 2 appear" in lines[0]


def test_templates_are_edited_and_deleted(sample):
    s = session(sample)
    run(s, 'template save Goblin 1 as Sneak', 'template edit Sneak ac=16 "notes=waits in trees"')
    sneak = s.state.templates[0]
    assert (sneak.ac, sneak.notes) == (16, "waits in trees")
    run(s, "template delete sneak")
    assert s.state.templates == ()
    with pytest.raises(CommandRejected, match="no template called 'Sneak'"):
        run(s, "template delete Sneak")


def test_rolled_hp_come_from_the_hit_dice(sample):
    s = session(sample)
    run(s, 'creature add Brute max_hp=11 hit_dice=2d8+2', "template save Brute")
    s.dice.force([1, 1, 8, 8])
    lines = run(s, "spawn Brute 2 rolled")
    hp = sorted(c.max_hp for c in s.state.creatures if c.name == "Brute" and c.source == "" and c.hp != 11)
    assert hp == [4, 18]
    assert any("rolls HP 2d8+2: 1 + 1 + 2 = 4" in line for line in lines)


def test_a_spawn_in_a_running_fight_joins_it_and_rolls_initiative(sample):
    s = session(sample)
    run(s, "start")
    run(s, 'template save "Goblin 1" as Runt')
    size = len(s.state.fight.combatants)
    s.dice.force([17])
    lines = run(s, "spawn Runt")
    runt = next(c for c in s.state.creatures if c.name == "Runt")
    assert s.state.fight.find(runt.id) is not None and len(s.state.fight.combatants) == size + 1
    assert s.state.fight.find(runt.id).initiative == 17 + 2
    assert "Runt joins the fight." in lines and any("Runt 19" in line for line in lines)


@pytest.mark.parametrize(
    "line, reason",
    [
        ("spawn Nobody", "No library creature or template is called 'Nobody'"),
        ("spawn Runt 21", "A spawn makes 1 to 20 creatures"),
        ("spawn Runt at 999 999", "off the map"),
        ("spawn Runt rolled", "has no hit dice"),
        ("spawn Runt at 1", "'at' reads X Y [MAP]"),
    ],
)
def test_bad_spawns_are_refused(sample, line, reason):
    s = session(sample)
    run(s, 'template save "Goblin 1" as Runt')
    before = s.state
    with pytest.raises(CommandRejected) as error:
        run(s, line)
    assert reason in str(error.value)
    assert s.state is before


@pytest.mark.parametrize(
    "line",
    [
        'creature add Ogre at 3 4 ac=11 "weapons=Greatclub 2d8 bludgeoning simple"',
        'edit "Goblin Boss" ac=19 "senses=darkvision 60 ft."',
        'template save "Goblin Boss" as "Big Boss"',
        "levelup Ser Aldric",
        "levelup Mirelle Cleric Life",
    ],
)
def test_each_form_writes_back_as_a_line_that_parses_the_same(sample, line):
    command = parse(line, sample).command
    assert parse(format_command(command, sample), sample).command == command


def test_every_form_of_the_own_table_is_documented_with_examples_that_parse(sample):
    # ref: DESIGN.md §5 — every command is in docs/commands.md with an example
    import re
    from pathlib import Path

    from combat_tui.systems.dnd5e.verbs_build import BUILD_USAGE

    text = Path(__file__).resolve().parents[3].joinpath("docs", "commands.md").read_text()
    section = text.split("## Your own table (dnd5e)")[1].split("\n## ")[0]
    rows = [row for row in section.splitlines() if row.startswith("| `")]
    for verb in BUILD_USAGE:
        assert any(row.startswith(f"| `{verb} ") for row in rows), verb
    s = session(sample)
    run(s, 'template save "Goblin Boss" as "Frost Boss"')
    for row in rows:
        for example in re.findall(r"`([^`]+)`", row.rsplit(" | ", 1)[1]):
            if example.split()[0] in ("spawn", "template", "creature", "edit") and "Brom" not in example:
                assert parse(example, s.state).command is not None, example
