"""A dry run on the app's dice (core/table_dice.py `dry_run`, `Recording`): the dice a command takes,
found without rolling it, for the dialogs that say which die each typed face goes to.

ref: Issue "Fast at the table", item 3 — the FuturePath dialogs say "which dice the roll takes"
before the faces rolled at the table are typed; DESIGN.md §2: the dice "can also be fed forced
faces (for tests, for replays, and for a GM or player who rolls physical dice and types the result)".
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.table_dice import Recording, dry_run


def attack(dice: Dice) -> list[int]:
    """A d20, a d6 Advantage Die, then 1d8 damage when the d20 is 10 or more."""
    faces = [dice.d20(), dice.die(6)]
    if faces[0] >= 10:
        faces += dice.roll(1, 8).faces
    return faces


def test_recording_notes_each_die_s_sides_in_order():
    inner = Dice(4)
    inner.force([12, 3, 5])
    recording = Recording(inner)
    assert attack(recording) == [12, 3, 5] and recording.sides == [20, 6, 8] and recording.used == [12, 3, 5]


def test_a_dry_run_finds_the_dice_and_leaves_the_dice_as_they_were():
    source, twin = Dice(7), Dice(7)
    source.force([2])  # queued with `dice` before: not the dry run's, and still queued after it
    dry = dry_run(attack, source, first=(15,))
    assert dry.sides == (20, 6, 8) and dry.result[0] == 15 and dry.refusal is None
    assert source.forced == (2,)
    source.clear_forced()
    assert [source.die(6) for _ in range(4)] == [twin.die(6) for _ in range(4)]


def test_a_refused_dry_run_keeps_the_refusal():
    def refused(dice: Dice) -> None:
        dice.d20()
        raise CommandRejected("Stunned.")

    dry = dry_run(refused, Dice(1))
    assert dry.sides == (20,) and dry.result is None and dry.refusal.reason == "Stunned."


def test_a_first_face_its_die_does_not_have_is_a_refusal():
    assert dry_run(attack, Dice(1), first=(21,)).refusal is not None
