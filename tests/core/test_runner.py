"""One text line against a session: what the prompt, the palette and script mode share."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import LineResult, run_line
from tests.systems.dnd5e.helpers import session


def play(s, *lines):
    return [run_line(s, line) for line in lines]


def test_dice_forces_the_next_faces_and_says_so(sample):
    s = session(sample)
    result = run_line(s, "dice 20 3")
    assert result == LineResult("dice", output="Next dice: 20 3")
    assert run_line(s, "dice 4").output == "Next dice: 20 3 4"
    assert s.state is sample and not s.can_undo


def test_a_command_line_returns_its_travelogue_lines(sample):
    s = session(sample)
    result = play(s, "dice 10 10 10 10 10 10 10 10", "start")[-1]
    assert result.verb == "start" and result.changed
    assert result.lines == tuple(s.log)
    assert result.lines[-1] == "Round 1: Ayla's turn."


WHOLE_FIGHT = [
    "dice 2 10 19 5 9 8 7 3",
    "start",
    "dice 20 4 5",
    "attack Ayla 'Goblin 1' Rapier",
    "next",
    "dice 14 6",
    "attack 'Goblin 2' Mirelle Scimitar",
    "next",
    "dice 1",
    "attack Mirelle 'Goblin 2' Mace",
    "next",
    "next",
    "next",
    "dice 12 3",
    "attack 'Goblin Boss' Bren Javelin",
    "next",
    "dice 17 8",
    "attack 'Ser Aldric' 'Goblin Boss' Longsword",
    "end",
]


def test_a_whole_fight_of_the_sample_campaign(sample):
    # ref: Attack rolls
    s = session(sample)
    play(s, *WHOLE_FIGHT)
    assert s.log == [
        "Combat setup: Ser Aldric, Mirelle, Ayla and Bren against Goblin 1, Goblin 2, Goblin 3 and Goblin Boss.",
        "Initiative rolled: Ser Aldric 3, Mirelle 10, Ayla 23, Bren 7, Goblin 1 11, Goblin 2 10, Goblin 3 9, Goblin Boss 5",
        "The fight begins. Order: Ayla 23, Goblin 1 11, Goblin 2 10, Mirelle 10, Goblin 3 9, Bren 7, Goblin Boss 5, Ser Aldric 3.",
        "Round 1: Ayla's turn.",
        "Ayla attacks Goblin 1 with Rapier: d20 20 + 4 DEX + 3 proficiency = 27 vs AC 15, natural 20, a critical hit!",
        "Damage (critical hit: every die rolled twice): 2d8 4+5 + 4 DEX = 13 piercing.",
        "Goblin 1 takes 13 piercing damage (7 → 0 HP).",
        "Goblin 1 is defeated.",
        "Goblin 2's turn.",  # the defeated Goblin 1 is skipped
        "Goblin 2 attacks Mirelle with Scimitar: d20 14 + 2 DEX + 2 proficiency = 18 vs AC 18, hit.",
        "Damage: 1d6 6 + 2 DEX = 8 slashing.",
        "Mirelle takes 8 slashing damage (48 → 40 HP).",
        "Mirelle's turn.",
        "Mirelle attacks Goblin 2 with Mace: d20 1 + 2 STR + 3 proficiency = 6 vs AC 15, natural 1, a miss.",
        "Goblin 3's turn.",
        "Bren's turn.",
        "Goblin Boss's turn.",
        # The 2014 Goblin Boss: Javelin +2 to hit, 1d6 piercing (STR 10, a thrown melee weapon).
        "Goblin Boss attacks Bren with Javelin: d20 12 + 0 STR + 2 proficiency = 14 vs AC 12, hit.",
        "Damage: 1d6 3 = 3 piercing.",
        "Bren takes 3 piercing damage (32 → 29 HP).",
        "Ser Aldric's turn.",
        "Ser Aldric attacks Goblin Boss with Longsword: d20 17 + 4 STR + 3 proficiency = 24 vs AC 17, hit.",
        "Damage: 1d8 8 + 4 STR = 12 slashing.",
        "Goblin Boss takes 12 slashing damage (21 → 9 HP).",
        "The fight ends after 1 round.",
        "XP: 50 split among 4 characters, 12 each (Ser Aldric, Mirelle, Ayla and Bren); 2 XP left over.",
        "Fates: Goblin 2 still hostile, Goblin 3 still hostile, Goblin Boss still hostile.",
        "Coins: 4 gp split among 4 characters, 1 gp each (Ser Aldric, Mirelle, Ayla and Bren).",
    ]
    assert [c.xp for c in s.state.characters[:4]] == [12, 12, 12, 12]  # Korg is off scouting
    assert s.state.fight is None


def test_the_whole_fight_undoes_to_the_start_and_redoes_to_the_end(sample):
    s = session(sample)
    play(s, *WHOLE_FIGHT)
    end, log = s.state, list(s.log)
    while s.can_undo:
        run_line(s, "undo")
    assert s.state is sample and s.log == []
    while s.can_redo:
        run_line(s, "redo")
    assert s.state is end and s.log == log


def test_show_answers_one_line_and_changes_nothing(sample):
    s = session(sample)
    play(s, "dice 10 10 10 10 10 10 10 10", "start", "damage Bren 40")
    state = s.state
    result = run_line(s, "show bren")
    assert result == LineResult("show", output="Bren: HP 0/32, AC 12, initiative 12, party side, XP 0, dying, death saves 0 succeeded, 0 failed, chips Unconscious; Prone")
    assert run_line(s, "show Goblin 1").output == "Goblin 1: HP 7/7, AC 15, initiative 12, foe"
    assert run_line(s, "show Ayla").output == "Ayla: HP 38/38, AC 15, initiative 14, party side, current turn, XP 0"
    assert run_line(s, "show Wolf 2").output == "Wolf 2: HP 11/11, AC 13, hostile"
    assert s.state is state


def test_undo_and_redo_lines(sample):
    s = session(sample)
    play(s, "dice 10 10 10 10 10 10 10 10", "start")
    result = run_line(s, "damage 'Goblin 2' 3")
    undone = run_line(s, "undo")
    assert undone == LineResult("undo", output="Undone: damage 'Goblin 2' 3", changed=True)
    assert result.lines[0] not in s.log
    redone = run_line(s, "redo")
    assert redone == LineResult("redo", lines=result.lines, output="Redone: damage 'Goblin 2' 3", changed=True)
    assert s.log[-1] == result.lines[0]


@pytest.mark.parametrize(
    "line, reason",
    [
        ("damage Goblin 5", "'Goblin' could mean more than one: Goblin 1, Goblin 2, Goblin 3."),
        ("damage Nobody 5", "No one here is called 'Nobody'."),
        ("heal Bren zero", "'zero' is not a whole number (an amount)."),
        ("heal Bren 0", "The amount must be at least 1, not 0."),
        ("attack Bren 'Goblin 1' Longbow", "Bren has no weapon called 'Longbow'."),
        ("next", "No fight is running."),
        ("end", "No fight is running."),
        ("dance", "Unknown command 'dance'."),
        ("redo", "Nothing to redo."),
    ],
)
def test_bad_lines_are_refused_and_change_nothing(sample, line, reason):
    s = session(sample)
    if line.startswith("attack"):
        play(s, "start")
    s.dice.force([12, 3])
    state, log = s.state, list(s.log)
    with pytest.raises(CommandRejected) as refused:
        run_line(s, line)
    assert refused.value.reason == reason
    assert s.state is state and s.log == log and s.dice.forced == (12, 3)
