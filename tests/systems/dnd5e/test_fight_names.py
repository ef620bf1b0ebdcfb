"""A combatant's name and note for the fight (issue "Fast at the table", item 5): `rename`, `note`."""

from __future__ import annotations

import pytest

from combat_tui.core.runner import run_line
from combat_tui.core.text import format_command, parse
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.labels import labels
from tests.lines import refused
from tests.systems.dnd5e.helpers import running


@pytest.fixture
def s(sample):
    return running(sample)


def test_a_rename_is_the_label_for_the_fight_and_the_stored_name_stays(s):
    # ref: issue "Fast at the table" — "rename a combatant for the fight"
    assert run_line(s, "rename Goblin 1 Grik").lines == ("Goblin 1 is called Grik for the rest of the fight.",)
    assert labels(s.state)["goblin-1"] == "Grik"
    assert s.state.actor("goblin-1").name == "Goblin"
    assert run_line(s, "damage Grik 2").changed  # the new name is the one typed
    assert run_line(s, "show Grik").output.startswith("Grik: HP")
    assert "renamed from Goblin" in run_line(s, "show Grik").output


def test_the_rename_ends_with_the_fight(s):
    run_line(s, "rename Goblin 1 Grik")
    run_line(s, "end")
    assert labels(s.state)["goblin-1"] == "Goblin 1"


def test_renaming_to_its_own_name_or_label_clears_it(s):
    run_line(s, "rename Goblin 1 Grik")
    assert run_line(s, "rename Grik Goblin 1").lines == ("Grik is Goblin 1 again.",)
    assert s.state.fight.find("goblin-1").alias == ""
    run_line(s, "rename Goblin 1 Grik")
    run_line(s, "rename Grik goblin")
    assert labels(s.state)["goblin-1"] == "Goblin 1"


@pytest.mark.parametrize(
    "line, reason",
    [
        # ref: labels.py — a label names one creature
        ("rename Goblin 1 Goblin 2", "Goblin 2 is already called that."),
        ("rename Goblin 1 ayla", "Ayla is already called that."),
        ("rename Goblin 1 Wolf", "'Wolf' is the name of another one here."),
        ("rename Goblin 1 Goblin 7", "'Goblin 7' is how a Goblin is numbered."),
        ("rename Goblin 1 'Grik, the Bold'", "A name cannot hold ,: the command line reads it otherwise."),
        ("rename Goblin 1 'Grik #2'", "A name cannot hold #: the command line reads it otherwise."),
        ("rename Goblin 1 12", "'12' reads as a number or a chip, not a name."),
        ("rename Goblin 1 'Grik +1'", "'Grik +1' reads as a number or a chip, not a name."),
        ("rename Goblin 1 " + "x" * 41, "A name has at most 40 characters; this one has 41."),
        ("rename Goblin 1 Goblin", "That changes nothing: Goblin 1 keeps its name."),
        ("rename Ayla", "'rename' needs a name, then the new name."),
        ("rename Nobody Grik", "No one here is called 'Nobody'."),
        ("rename Wolf 1 Fang", "Wolf 1 is not in this fight."),
    ],
)
def test_a_rename_is_refused_in_plain_words(s, line, reason):
    assert refused(s, line) == reason


def test_two_renames_cannot_share_a_name(s):
    run_line(s, "rename Goblin 1 Grik")
    assert refused(s, "rename Goblin 2 grik") == "Grik is already called that."


def test_a_newcomer_of_the_renamed_name_keeps_the_labels_apart(s):
    # ref: labels.py — a label names one creature: a creature that comes later under the fight
    # name (here by hand) takes it, and the renamed one shows its plain label again.
    from attrs import evolve

    run_line(s, "rename Goblin 1 Fang")
    fang = evolve(s.state.actor("wolf-1"), id="fang", name="Fang", number=0)
    state = evolve(s.state, creatures=(*s.state.creatures, fang))
    assert labels(state)["fang"] == "Fang" and labels(state)["goblin-1"] == "Goblin 1"


def test_a_rename_needs_a_fight(sample):
    s = running(sample)
    run_line(s, "end")
    assert refused(s, "rename Goblin 1 Grik") == "No fight is running."


def test_a_note_shows_in_show_and_clears_with_empty_text(s):
    # ref: issue "Fast at the table" — "a note on a combatant"
    assert run_line(s, "note Goblin 2 flees at half HP").lines == ("Goblin 2's note is set.",)
    assert run_line(s, "show Goblin 2").output.endswith("note: flees at half HP")
    assert run_line(s, "note Goblin 2").lines == ("Goblin 2's note is cleared.",)
    assert "note" not in run_line(s, "show Goblin 2").output
    assert refused(s, "note Goblin 2") == "Goblin 2 has no note to clear."
    assert refused(s, "note Goblin 2 " + "x" * 201) == "A note has at most 200 characters; this one has 201."


@pytest.mark.parametrize("text", ["flees", "3 arrows left", "Bless (Mirelle's)", 'says "yield"', "AC #2, \\o/", "it's a \"trap\""])
def test_a_note_round_trips_through_the_text_form(s, text):
    # ref: DESIGN.md §5 — every command has a one-line text form, and the journal writes it back
    command = cmd.SetNote("goblin-2", text)
    assert parse(format_command(command, s.state), s.state).command == command


@pytest.mark.parametrize(
    "line, command",
    [
        ("rename Goblin 1 Grik", cmd.RenameCombatant("goblin-1", "Grik")),
        ("rename Goblin 1 \"Grik the Bold\"", cmd.RenameCombatant("goblin-1", "Grik the Bold")),
        ("rename Ser Aldric \"Sir Al's\"", cmd.RenameCombatant("ser-aldric", "Sir Al's")),
        ("note Goblin 2 flees at half HP", cmd.SetNote("goblin-2", "flees at half HP")),
        ("note Goblin 2", cmd.SetNote("goblin-2", "")),
        ("hold Ayla", cmd.HoldTurn("ayla")),
        ("resume Ayla", cmd.ResumeTurn("ayla")),
    ],
)
def test_parse_and_format_round_trip(s, line, command):
    # ref: DESIGN.md §5 — every command has a one-line text form, and the journal writes it back
    assert parse(line, s.state).command == command
    assert parse(format_command(command, s.state), s.state).command == command


def test_a_name_and_a_note_survive_the_journal_and_the_snapshot(s, tmp_path):
    import json

    from combat_tui.storage import read_snapshot, write_snapshot
    from combat_tui.storage.converter import command_from_data, command_to_data

    for command in (cmd.RenameCombatant("goblin-1", "Grik"), cmd.SetNote("goblin-2", "flees"),
                    cmd.HoldTurn("ayla"), cmd.ResumeTurn("ayla")):  # fmt: skip
        assert command_from_data(json.loads(json.dumps(command_to_data(command))), "dnd5e") == command
    run_line(s, "rename Goblin 1 Grik")
    run_line(s, "note Goblin 2 'flees, #1'")
    write_snapshot(tmp_path, s.state, 2)
    assert read_snapshot(tmp_path) == (s.state, 2)


def test_undo_takes_a_rename_and_a_note_back(s):
    start = s.state
    run_line(s, "rename Goblin 1 Grik")
    run_line(s, "note Grik flees")
    run_line(s, "undo")
    run_line(s, "undo")
    assert s.state == start and labels(s.state)["goblin-1"] == "Goblin 1"
