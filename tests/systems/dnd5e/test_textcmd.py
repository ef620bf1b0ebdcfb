"""The one-line text form of commands (DESIGN.md §5): parse, names, rejections, format."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import Parsed, format_command, parse, resolve
from combat_tui.systems.dnd5e import commands as cmd
from tests.systems.dnd5e.helpers import running


@pytest.fixture
def fight(sample):
    return running(sample).state


@pytest.mark.parametrize(
    "line, command",
    [
        ("setup", cmd.OpenSetup()),
        ("cancel", cmd.CancelSetup()),
        ("start", cmd.StartFight()),
        ("next", cmd.NextTurn()),
        ("PREV", cmd.PrevTurn()),
        ("end", cmd.EndFight()),
        ("end award 120", cmd.EndFight(120)),
        ("init Bren 14", cmd.SetInitiative("bren", 14)),
        ("init 'Goblin Boss' -2", cmd.SetInitiative("goblin-boss", -2)),
        ("init goblin boss 3", cmd.SetInitiative("goblin-boss", 3)),
        ("heal Mirelle 8", cmd.Heal("mirelle", 8)),
        ("damage Goblin 2 5", cmd.ApplyDamage("goblin-2", 5)),
        ('damage "goblin 3" 5 fire', cmd.ApplyDamage("goblin-3", 5, "fire")),
        ("damage Ser Aldric 4 Slashing", cmd.ApplyDamage("ser-aldric", 4, "slashing")),
        ("attack Ayla Goblin 1 Rapier", cmd.Attack("ayla", "goblin-1", "Rapier", "")),
        ("attack ayla goblin 1 shortbow ADV", cmd.Attack("ayla", "goblin-1", "shortbow", "adv")),
        ('attack "Ser Aldric" "Goblin Boss" Longsword dis', cmd.Attack("ser-aldric", "goblin-boss", "Longsword", "dis")),
        ("attack Goblin 3 Ser Aldric Scimitar", cmd.Attack("goblin-3", "ser-aldric", "Scimitar", "")),
        ("attack goblin-1 bren Shortbow", cmd.Attack("goblin-1", "bren", "Shortbow", "")),
        ("next  # a comment", cmd.NextTurn()),
        ("attack Ser Aldric Goblin 1 Longsword two-handed", cmd.Attack("ser-aldric", "goblin-1", "Longsword", "", two_handed=True)),
        ("attack Ser Aldric Goblin 1 Handaxe thrown long dis", cmd.Attack("ser-aldric", "goblin-1", "Handaxe", "dis", True, True)),
        ("attack Ayla Goblin 1 Shortbow long normal", cmd.Attack("ayla", "goblin-1", "Shortbow", "normal", long_range=True)),
        ("chip Goblin 1 +Poisoned 3", cmd.AddChip("goblin-1", "Poisoned", 3)),
        ("chip 'Ser Aldric' +prone", cmd.AddChip("ser-aldric", "prone")),
        ("chip Ser Aldric +Blinded next", cmd.AddChip("ser-aldric", "Blinded", 0, "ayla")),
        ("chip Bren \"+Hunter's Mark\"", cmd.AddChip("bren", "Hunter's Mark")),
        ("chip Bren -Poisoned", cmd.RemoveChip("bren", "Poisoned")),
        ("exhaustion Goblin 2 6", cmd.SetExhaustion("goblin-2", 6)),
        ("save Ayla dex", cmd.RollSave("ayla", "dexterity")),
        ("save Ayla Wisdom adv", cmd.RollSave("ayla", "wisdom", "adv")),
        ("check Ayla sleight of hand normal", cmd.RollCheck("ayla", "sleight of hand", "normal")),
        ("check Goblin Boss str", cmd.RollCheck("goblin-boss", "strength")),
        ("tray dis", cmd.SetTrayMode("dis")),
    ],
)
def test_parse(fight, line, command):
    parsed = parse(line, fight)
    assert parsed.command == command
    assert parsed.verb == line.split()[0].casefold()


def test_session_verbs(fight):
    assert parse("undo", fight) == Parsed("undo")
    assert parse("redo", fight) == Parsed("redo")
    assert parse("show Goblin Boss", fight) == Parsed("show", ref="goblin-boss")
    assert parse("dice 20 3 4", fight) == Parsed("dice", faces=(20, 3, 4))


def test_a_lone_name_and_a_number_after_it(sample):
    # One wolf next to the party reads "Wolf", the other, farther off, "Wolf 2".
    wolf = sample.creatures[4]
    moved = evolve(wolf, tile=evolve(sample.party_tile, x=sample.party_tile.x - 1))
    state = evolve(sample, creatures=sample.creatures[:4] + (moved,) + sample.creatures[5:])
    assert parse("damage Wolf 2", state).command == cmd.ApplyDamage("wolf-1", 2)
    assert parse("damage Wolf 2 3", state).command == cmd.ApplyDamage("wolf-2", 3)


def rejected(line, state):
    with pytest.raises(CommandRejected) as refused:
        parse(line, state)
    return refused.value


def test_an_unknown_verb_is_rejected_with_the_known_ones(fight):
    refused = rejected("fireball Goblin", fight)
    assert refused.reason == "Unknown command 'fireball'."
    assert "attack" in refused.detail and "undo" in refused.detail


def test_an_unknown_name_is_rejected(fight):
    assert rejected("damage Gandalf 5", fight).reason == "No one here is called 'Gandalf'."


def test_an_ambiguous_name_is_rejected_with_the_choices(fight):
    refused = rejected("damage Goblin 5", fight)
    assert refused.reason == "'Goblin' could mean more than one: Goblin 1, Goblin 2, Goblin 3."
    assert refused.detail == "Use the numbered label."


@pytest.mark.parametrize(
    "line, reason",
    [
        ("damage Bren five", "'five' is not a whole number (an amount)."),
        ("heal Bren 2.5", "'2.5' is not a whole number (an amount)."),
        ("init Bren x", "'x' is not a whole number (an initiative value)."),
        ("end award lots", "'lots' is not a whole number (an XP amount)."),
        ("end award -5", "The XP award cannot be negative."),
        ("end 100", "Cannot read 'end 100'."),
        ("heal Bren", "'heal' needs a name here."),
        ("heal", "'heal' needs a name here."),
        ("next 2", "'next' takes no arguments, but got '2'."),
        ("heal Bren 3 4", "'heal' takes no arguments, but got '4'."),
        ("dice", "'dice' needs at least one face."),
        ("dice 3 0", "'0' is not a die face."),
        ("dice 3 x", "'x' is not a die face."),
        ("", "The line is empty."),
        ("   # only a comment", "The line is empty."),
        ("chip Bren Poisoned", "'chip' needs +CONDITION or -CONDITION after the name."),
        ("chip Bren +Poisoned 0", "A timed chip lasts at least 1 round."),
        ("chip Bren +", "The chip needs a name after the sign."),
        ("tray up", "'tray' takes one mode: normal, adv or dis."),
        ("exhaustion Bren many", "'many' is not a whole number (a level from 0 to 6)."),
        ("save Bren luck", "'luck' is not an ability."),
        ("check Bren juggling", "'juggling' is neither a skill nor an ability."),
    ],
)
def test_bad_input_gets_a_readable_reason(fight, line, reason):
    assert rejected(line, fight).reason == reason


def test_an_unclosed_quote_is_rejected(fight):
    assert rejected('damage "Goblin 1 5', fight).reason.startswith("Cannot read that line:")


def test_resolve_by_label_name_or_id(fight):
    from combat_tui.systems.dnd5e.labels import labels

    names = labels(fight)
    assert resolve("GOBLIN BOSS", fight, names) == "goblin-boss"
    assert resolve("ser aldric", fight, names) == "ser-aldric"
    assert resolve("goblin-2", fight, names) == "goblin-2"
    assert resolve("Goblin", fight, names, strict=False) == ""


@pytest.mark.parametrize(
    "command, text",
    [
        (cmd.OpenSetup(), "setup"),
        (cmd.CancelSetup(), "cancel"),
        (cmd.StartFight(), "start"),
        (cmd.NextTurn(), "next"),
        (cmd.PrevTurn(), "prev"),
        (cmd.SetInitiative("goblin-boss", 7), "init 'Goblin Boss' 7"),
        (cmd.Attack("ser-aldric", "goblin-2", "Longsword", "adv"), "attack 'Ser Aldric' 'Goblin 2' Longsword adv"),
        (cmd.Attack("ayla", "goblin-1", "Rapier"), "attack Ayla 'Goblin 1' Rapier"),
        (cmd.ApplyDamage("bren", 4), "damage Bren 4"),
        (cmd.ApplyDamage("bren", 4, "fire"), "damage Bren 4 fire"),
        (cmd.Heal("mirelle", 9), "heal Mirelle 9"),
        (cmd.EndFight(), "end"),
        (cmd.EndFight(0), "end award 0"),
        (cmd.Attack("ser-aldric", "goblin-2", "Handaxe", "normal", True, True), "attack 'Ser Aldric' 'Goblin 2' Handaxe thrown long normal"),
        (cmd.Attack("ser-aldric", "goblin-2", "Longsword", two_handed=True), "attack 'Ser Aldric' 'Goblin 2' Longsword two-handed"),
        (cmd.AddChip("goblin-1", "Poisoned", 3), "chip 'Goblin 1' +Poisoned 3"),
        (cmd.AddChip("bren", "Hunter's Mark"), "chip Bren \"+Hunter's Mark\""),
        (cmd.AddChip("bren", "Blinded", 0, "ayla"), "chip Bren +Blinded next"),
        (cmd.RemoveChip("bren", "Prone"), "chip Bren -Prone"),
        (cmd.SetExhaustion("goblin-boss", 3), "exhaustion 'Goblin Boss' 3"),
        (cmd.RollSave("ayla", "dexterity", "adv"), "save Ayla dex adv"),
        (cmd.RollCheck("ayla", "sleight of hand"), "check Ayla 'sleight of hand'"),
        (cmd.SetTrayMode("adv"), "tray adv"),
    ],
)
def test_format_command_writes_the_text_form_that_parses_back(fight, command, text):
    assert format_command(command, fight) == text
    assert parse(text, fight).command == command


def test_a_repeated_command_is_written_once_per_labels(fight, monkeypatch):
    """Counted: the history writes every command, and a script repeats the same ones."""
    from combat_tui.systems.dnd5e import formats

    written = []
    real = formats._format
    monkeypatch.setattr(formats, "_format", lambda c, s, labels: written.append(c) or real(c, s, labels))
    monkeypatch.setattr(formats, "_texts", {})
    heal = cmd.Heal("goblin-boss", 3)
    hurt = evolve(fight, creatures=tuple(evolve(c, hp=1) for c in fight.creatures))  # the same names
    assert {format_command(heal, state) for state in (fight, hurt, fight)} == {"heal 'Goblin Boss' 3"}
    assert written == [heal]
    renamed = evolve(fight, creatures=tuple(evolve(c, name="Chief") if c.id == "goblin-boss" else c
                                            for c in fight.creatures))  # fmt: skip
    assert format_command(heal, renamed) == "heal Chief 3" and len(written) == 2
