"""Bad input at the `:` line is refused with a message naming it (DESIGN.md §7, issue 14 item 5):
numbers beyond their bounds, odd digits, control characters, lone surrogates, overlong lines."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.core.text import LIMIT, MAX_LINE, bad_character, printable, readable, whole
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.library.space_bears import space_bears

HUGE = "9" * 5000


def refused(session: Session, line: str) -> CommandRejected:
    before, log = session.state, list(session.log)
    with pytest.raises(CommandRejected) as caught:
        run_line(session, line)
    assert session.state is before and session.log == log
    return caught.value


# -- numbers -------------------------------------------------------------------------------------


def test_a_5000_digit_number_is_refused_by_name_without_reaching_int():
    with pytest.raises(CommandRejected) as caught:
        whole(HUGE, "an amount")
    assert caught.value.reason == (
        "'99999999999999999999… (5000 characters)' is too large for an amount (-100000 to 100000)."
    )


@pytest.mark.parametrize(
    ("word", "value"), [("0", 0), ("12", 12), ("+3", 3), ("-3", -3), ("000007", 7), (str(LIMIT), LIMIT)]
)
def test_an_ascii_whole_number_within_the_bound_is_read(word, value):
    assert whole(word, "a number") == value


@pytest.mark.parametrize("word", ["²", "٣", "①", "𝟗", "1_000", "0x10", "1e5", "1.5", "+", "-", "", "5-6", "½"])
def test_odd_digits_and_what_int_would_read_are_not_whole_numbers(word):
    # int() reads '٣' and '1_000', and raises on '²': none of them is a number a GM types
    with pytest.raises(CommandRejected, match="is not a whole number"):
        whole(word, "a number")


@pytest.mark.parametrize(("word", "reason"), [
    (str(LIMIT + 1), "100001 is out of range for a number (-100000 to 100000)."),
    ("-" + HUGE, "is too large for a number (-100000 to 100000)."),
    ("0" * 4000 + "1000000", "is too large for a number"),
])  # fmt: skip
def test_a_number_out_of_its_bound_is_refused_with_the_bound(word, reason):
    with pytest.raises(CommandRejected) as caught:
        whole(word, "a number")
    assert reason in caught.value.reason


# -- text -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "reason"), [
    ("next\x00", "The line holds a control character (U+0000) at character 5."),
    ("chip Ayla +\x1b[2JBlind", "The line holds a control character (U+001B) at character 12."),
    ("show Ayla\udcff", "The line holds a lone surrogate (U+DCFF, from pasted bytes that are not UTF-8) at character 10."),
    ("show Ayla\ufffd", "The line holds a character that cannot be shown (U+FFFD: a control character or bytes that "
                        "are not UTF-8) at character 10."),
    ("show \u202eAyla", "The line holds a text direction mark (U+202E) at character 6."),
    ("heal Ayla 1\x7f", "The line holds a control character (U+007F) at character 12."),
])  # fmt: skip
def test_a_line_holding_what_is_not_text_is_refused_at_its_position(line, reason):
    with pytest.raises(CommandRejected) as caught:
        readable(line)
    assert caught.value.reason == reason
    assert bad_character(caught.value.reason + caught.value.detail) is None  # the message itself can be shown


def test_tabs_and_line_breaks_are_spaces():
    assert readable("damage\tAyla 3\r\n") == "damage Ayla 3  "


def test_an_overlong_line_is_refused_before_it_is_read():
    with pytest.raises(CommandRejected, match=f"a line has at most {MAX_LINE}"):
        readable("next " + "x" * MAX_LINE)


def test_the_prompt_shows_each_bad_character_as_one_mark():
    # one for one, so a cursor position in the field stays where it was
    assert printable("a\x00b\udcffc\x1b[2J\td") == "a\ufffdb\ufffdc\ufffd[2J d"
    assert printable("Goblin 2") == "Goblin 2"


# -- through the verbs of both systems --------------------------------------------------------


@pytest.mark.parametrize(("line", "reason"), [
    (f"damage Ayla {HUGE}", "'99999999999999999999… (5000 characters)' is too large for an amount"),
    ("heal Ayla 99999999999", "'99999999999' is too large for an amount"),
    ("init Ayla 101", "101 is out of range for an initiative value (-100 to 100)."),
    ("dice 20 ²", "'²' is not a die face."),
    ("dice 1001", "'1001' is not a die face."),
    (f"dice {HUGE}", "'99999999999999999999… (5000 characters)' is not a die face."),
    ("chip Ayla +Poisoned 1001", "1001 is out of range for a number of rounds"),
    ("chip Ayla +Poisoned -3", "A timed chip lasts at least 1 round."),
    ("cast Bren 'Magic Missile' at 0 on 'Goblin 1'", "0 is out of range for a slot level (1 to 9)."),
    ("cast Bren 'Magic Missile' at 99999999 on 'Goblin 1'", "'99999999' is too large for a slot level (1 to 9)."),
    ("end award 10000001", "out of range for an XP amount"),
    ("move 5 99999999", "'99999999' is too large for the y of a tile (0 to 11)."),
    ("move 20 5", "20 is out of range for the x of a tile (0 to 19)."),
    (f"place 'Goblin 1' {HUGE} 2", "is too large for the x of a tile"),
    (f"spawn Wolf {HUGE}", "is too large for a count"),
    (f"spawn Wolf at 1 {HUGE}", "is too large for the y of a tile"),
    ("preserve Mirelle Ayla ²", "Cannot read the share 'Ayla ²'."),
    (f"creature-action 'Winter Wolf' edit {HUGE} Zap con 12 1d6", "is too large for an action number"),
    ("creature-action 'Winter Wolf' add Zap con ٣ 1d6", "An action needs a name, a save, a DC and its damage dice."),
    ("creature-action 'Winter Wolf' add Zap con 13 999999d999999 cold", "'999999d999999' is more dice than a table rolls."),
    ("edit Ayla ac=" + HUGE, "ac: '99999999999999999999… (5000 characters)' is too large"),
    ("edit Ayla 'weapons=Club 9999d6 bludgeoning'", "needs a name, then damage dice"),
    ("edit Ayla 'weapons=Bow 1d6 piercing range 99999/2'", "a range reads NORMAL/LONG"),
], ids=lambda value: value[:40])  # fmt: skip
def test_5e_numbers_are_bounded_where_they_are_read(line, reason):
    session = Session(goblin_ambush(), dice=Dice(0))
    assert reason in refused(session, line).reason


def test_a_far_walk_is_refused_at_once_instead_of_walking_tile_by_tile():
    session = Session(goblin_ambush(), dice=Dice(0))
    refused(session, "move 99999999 99999999")  # the walk used to be built step by step first


@pytest.mark.parametrize(("line", "reason"), [
    ("show area radius 100000", "'100000' is too large for a length in feet (0 to 1000)."),
    ("show area blob 10", "'blob' is not an area: radius, cone or line."),
    ("init Brandon " + HUGE, "is too large for an Initiative score or auto"),
    ("chip Brandon +Shaken -3", "-3 is out of range for a number of rounds (0 to 1000)."),
    ("env Dark " + HUGE, "is too large for a number of dice"),
    ("disarm Brandon 101", "101 is out of range for a DC (0 to 100)."),
    ("placetrap Brandon +²", "'placetrap' takes no arguments, but got '+²'."),
    ("check Art dex 20 -" + "9" * 40, "is too large for a bonus"),
    ("attack Brandon 'Space Bear 1' +99flank", "99 is out of range for a number of dice (0 to 20)."),
    ("option extra_damage_step " + HUGE, "is too large for option extra_damage_step"),
    ("space bonus Bearclaw helm +" + HUGE, "is too large for a bonus"),
    ("space pointdefence Bearclaw 100000", "'100000' is too large for a number of dice (0 to 100)."),
    ("space damage Bearclaw " + HUGE, "is too large for a chart roll"),
    ("space fire Bearclaw Marauder " + HUGE, "is too large for a number of hard points"),
    ("space option ram_both_above " + HUGE, "is too large for space option ram_both_above"),
    ("add Zed team=party hp=" + HUGE, "HP: '99999999999999999999… (5000 characters)' is too large."),
    ("add Zed team=party hp=²", "HP: '²' is not a whole number."),
], ids=lambda value: value[:40])  # fmt: skip
def test_futurepath_numbers_are_bounded_where_they_are_read(line, reason):
    session = Session(space_bears(), dice=Dice(0))
    error = refused(session, line)
    assert reason in error.reason, error.reason
    assert len(error.reason) < 300  # a 5,000-digit number is never echoed whole
