"""Faces rolled at the table, typed in a roll dialog: parsed, placed on the dice of one command by a
dry run, and loaded for it alone (combat_tui/core/table_dice.py).

ref: DESIGN.md §2 — the dice "can also be fed forced faces (for tests, for replays, and for a GM or
player who rolls physical dice and types the result)"; §5 — `dice N [N ...]`: "the next dice
rolled come out as these faces, in order". Issue "Fast at the table", item 3: "a field in the
attack, cast, save, check and death-save dialogs to type the faces a player rolled, instead of
`:dice` first."
"""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.table_dice import Placed, load_faces, ordinal, parse_faces, place_faces


def attack(dice: Dice) -> list[int]:
    """A roll shaped like a weapon attack: a d20, then 1d8 damage when it is 10 or more."""
    faces = [dice.d20()]
    if faces[0] >= 10:
        faces += dice.roll(1, 8).faces
    return faces


def area_save(dice: Dice) -> list[int]:
    """A roll shaped like an area spell: 2d6 damage once, then a d20 save and a d4 (Bless) for
    each of two targets."""
    faces = list(dice.roll(2, 6).faces)
    for _ in range(2):
        faces += [dice.d20(), dice.die(4)]
    return faces


@pytest.mark.parametrize("text, faces", [("17", (17,)), ("17 4 3", (17, 4, 3)), (" 17,4 ,, 3 ", (17, 4, 3)),
                                         ("", ())])  # fmt: skip
def test_faces_are_read_with_spaces_or_commas(text, faces):
    assert parse_faces(text) == faces


@pytest.mark.parametrize("word", ["0", "x", "1001", "3d6", "-2", "12345"])
def test_a_word_that_is_no_face_is_refused_by_name(word):
    with pytest.raises(CommandRejected) as refused:
        parse_faces(f"12 {word}")
    assert refused.value.reason == f"'{word}' is not a die face."


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]  # fmt: skip


def test_the_faces_land_on_the_dice_in_the_order_the_roll_rolls_them():
    # ref: DESIGN.md §5 — "the next dice rolled come out as these faces, in order"
    source = Dice(5)
    placed = place_faces(attack, (17, 4), source)
    assert placed == Placed(faces=(17, 4), landed=(20, 8))


def test_a_face_the_roll_does_not_reach_is_not_queued():
    # ref: Issue "Fast at the table" — the faces "must not leak into a later command"
    placed = place_faces(attack, (3, 6), Dice(5))  # a 3 misses: no damage die
    assert placed.faces == (3,) and placed.unused == (6,) and placed.landed == (20,)


def test_a_face_higher_than_its_die_is_refused_in_words_and_places_nothing():
    # ref: Issue "Fast at the table" — "A face out of range (21 on a d20) is refused with a message"
    assert place_faces(attack, (21,), Dice(5)).problem == "The 1st face, 21, is not on a d20."
    placed = place_faces(attack, (12, 9), Dice(5))
    assert placed.problem == "The 2nd face, 9, is not on a d8." and placed.faces == ()


def test_the_dry_run_leaves_the_source_dice_as_they_were():
    source, twin = Dice(9), Dice(9)
    source.force([7])
    twin.force([7])
    place_faces(area_save, (12, 5), source, d20s_only=True)
    assert source.forced == (7,)
    assert [source.die(20) for _ in range(5)] == [twin.die(20) for _ in range(5)]  # the 7, then the generator


def test_a_refusal_of_the_rules_ends_the_dry_run_quietly():
    def refused(dice: Dice) -> None:
        dice.d20()
        raise CommandRejected("Stunned.")

    placed = place_faces(refused, (15, 3), Dice(1))
    assert placed.faces == (15,) and placed.unused == (3,) and not placed.problem


def test_with_d20s_only_the_faces_go_to_the_saves_and_the_app_rolls_the_rest():
    # ref: Issue "Fast at the table" — "Faces for the cast dialog's saving throws go to the
    # targets in order"; the rules roll an area's damage once, before the saves.
    placed = place_faces(area_save, (12, 5), Dice(3), d20s_only=True)
    ref = Dice(3)  # the same generator: the 2d6 damage and the first target's d4 are the app's
    assert placed.faces == (ref.die(6), ref.die(6), 12, ref.die(4), 5)
    assert placed.app == (6, 6, 4) and placed.landed == (20, 20) and placed.unused == ()


def test_loaded_faces_roll_the_command_as_the_dry_run_did_and_nothing_is_left():
    # The dry run (a Reaction dialog's question) and the posted command roll the same dice.
    dice, twin = Dice(11), Dice(11)
    dice.force([19, 19])  # faces typed at `:dice` before: the dialog's take their place
    placed = place_faces(area_save, (12, 5), dice, d20s_only=True)
    load_faces(dice, placed)
    rolled = area_save(dice)
    damage = [twin.die(6), twin.die(6)]
    first_d4 = twin.die(4)
    assert rolled == [*damage, 12, first_d4, 5, twin.die(4)]  # the last d4: off the generator, not a repeat
    assert dice.forced == ()
    assert dice.die(6) == twin.die(6)


def test_no_faces_place_nothing():
    assert place_faces(attack, (), Dice(1)) == Placed()
