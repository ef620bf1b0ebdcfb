"""Faces rolled at the table, typed on the FuturePath screens instead of `:dice` first: `g` on the
round screen opens a Dice dialog for the head of the queue's roll; `g` on the space phase screen
keeps faces for the next key that rolls.

ref: Issue "Fast at the table", item 3 — "Physical dice everywhere: a field in the attack, cast,
save, check and death-save dialogs (and the FuturePath and space ones) to type the faces a player
rolled, instead of `:dice` first."
ref: DESIGN.md §5 — `dice N [N ...]`: "the next dice rolled come out as these faces, in order".

Space Bears, ground: Brandon's Silenced Pistol (DEX +4, 1d8, proficient: one Advantage Die, his
1d2) against Space Bear 1's AC 14. Space: Round 1 of the ship fight, the Bearclaw's crew.
"""

from __future__ import annotations

import copy

from textual.widgets import Static

from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.screens.futurepath.dice_dialog import FPDiceDialog
from combat_tui.screens.futurepath.round import FPRoundScreen
from combat_tui.screens.futurepath.space_dice import SpaceDiceDialog
from combat_tui.screens.futurepath.space_phase import SpacePhaseScreen
from combat_tui.widgets.dice_field import DiceField
from tests.screens.fp_helpers import actor_turn, fight, make_fp_app
from tests.screens.helpers import record_notes
from tests.screens.helpers import type_line as typed

DECLARED = ('declare Brandon attack on "Space Bear 1"', 'declare James grenade on "Space Bear 2"')
ATTACK_GOES = ("Faces for: d20 for Brandon's attack, then d2 for Advantage, then d8 for damage on a hit; "
               "more damage on a Major Hit or a critical")  # fmt: skip
SPACE_ROUND_1 = ("space start", "dice 6 7 8 3 4 9 3 6", "space fire Marauder Bearclaw", "space next",
                 "dice 6 7", "space command Bearclaw sensors", "space next")  # fmt: skip
"""The surprise round's Fire, then Round 1's Support Phase: the Action Phase is next."""


def field(app) -> DiceField:
    return app.screen.query_one(DiceField)


def twin_of(dice: Dice) -> Dice:
    """Dice on the same generator state, with no face queued."""
    twin = copy.deepcopy(dice)
    twin.clear_forced()
    return twin


async def committed(pilot, *lines: str) -> None:
    """The party's Vanguard has declared Brandon's attack and James's grenade, and committed."""
    await actor_turn(pilot)
    for line in (*lines, *DECLARED, "commit"):
        await typed(pilot, line)
    assert isinstance(pilot.app.screen, FPRoundScreen) and fight(pilot.app).committed


async def open_dice(pilot, *faces: str) -> None:
    await pilot.press("g")
    await pilot.pause()
    assert isinstance(pilot.app.screen, (FPDiceDialog, SpaceDiceDialog))
    await pilot.press(*faces)
    await pilot.pause()


# -- the round screen ------------------------------------------------------------------------


async def test_g_rolls_the_head_attack_with_the_typed_faces_in_order():
    # ref: Combat page, "Accuracy Check Value": "Value = d20 + Advantage Die Roll + Dexterity
    # Modifier(Ranged) or Strength Modifier(Melee) + Weapon Accuracy Bonus" — the dialog says which
    # face goes to which of those dice, and rolling takes them in that order.
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await committed(pilot)
        await open_dice(pilot, "1", "5", "space", "2", "space", "6")
        assert str(app.screen.query_one("#fp-dice-what", Static).render()) == "Brandon attacks Space Bear 1"
        assert field(app).shown == (ATTACK_GOES, "Rolls d20 15 (Brandon's attack), d2 2 (Advantage), d8 6 (damage)")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)  # rolled: the dialog is gone with its faces
        assert app.session.log[-4].startswith(
            "Brandon attacks Space Bear 1 with Silenced Pistol: d20 15 + 1Ad (1d2: 2) + 4 DEX = 21 vs AC 14, Major Hit.")
        assert app.session.log[-3].startswith("Damage (major): 6+")
        assert fight(app).declarations[0].resolved and app.session.dice.forced == ()


async def test_a_face_its_die_does_not_have_is_refused_and_nothing_rolls():
    # ref: Issue "Fast at the table" — "A face out of range (21 on a d20) is refused with a message,
    # nothing posted."
    app = make_fp_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await committed(pilot, "edit Brandon advantage_die=1d6")
        log, entries = list(app.session.log), len(app.session.history.entries)
        await open_dice(pilot, "1", "2", "space", "7")
        assert field(app).shown[1] == "The 2nd face, 7, is not on a d6."
        await pilot.press("enter")  # refused: the field keeps the keys
        await pilot.pause()
        assert isinstance(app.screen, FPDiceDialog) and field(app).has_focus_within
        await pilot.press("r")
        await pilot.pause()
        assert notes[-1] == "Not rolled The 2nd face, 7, is not on a d6."
        assert isinstance(app.screen, FPDiceDialog)
        assert app.session.log == log and len(app.session.history.entries) == entries
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen) and not fight(app).declarations[0].resolved


async def test_faces_the_roll_does_not_reach_are_not_used_by_the_next_command():
    # ref: Issue "Fast at the table" — "the faces must not leak into a later command if the roll
    # uses fewer"; a 3 + 1 + 4 DEX = 8 misses AC 14 by more than 2: no damage roll.
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await committed(pilot)
        await open_dice(pilot, "3", "space", "1", "space", "6")
        assert field(app).shown[1] == "Rolls d20 3 (Brandon's attack), d2 1 (Advantage); not reached, dropped after the roll: 6"
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.log[-2].startswith("Brandon attacks Space Bear 1 with Silenced Pistol: d20 3 + 1Ad (1d2: 1)")
        assert app.session.dice.forced == ()
        twin = twin_of(app.session.dice)
        await typed(pilot, "check Brandon dex")  # the next roll: the app's, not the 6
        assert app.session.history.peek_undo().faces[0] == twin.d20()


async def test_the_grenade_at_the_head_takes_left_or_right_then_short_or_long():
    # ref: Combat page, "Throwing Grenades": "The first d10 determines left/right accuracy (4-7 is a
    # success). The second d10 determines if the throw was too short or too long (4-7 is a success)."
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await committed(pilot)
        app.session.dice.force([2])  # Brandon misses: James's grenade heads the queue
        await pilot.press("r")
        await pilot.pause()
        await open_dice(pilot, "5", "space", "9")
        assert field(app).shown == ("Faces for: d10 for left or right, then d10 for short or long",
                                    "Rolls d10 5 (left or right), d10 9 (short or long)")  # fmt: skip
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-2].startswith("James throws a grenade at Space Bear 2: 2d10 5 9, it lands 10 ft long")


async def test_g_says_why_there_is_no_roll_before_the_commit():
    # ref: R64 — "No one rolls until everyone in the group has committed": no dialog, the reason.
    app = make_fp_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await actor_turn(pilot)
        await typed(pilot, DECLARED[0])
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)
        assert notes[-1].startswith("No one rolls until everyone in the group has committed.")


# -- the space phase screen ------------------------------------------------------------------


async def space_round_1(pilot) -> None:
    for line in SPACE_ROUND_1:
        run_line(pilot.app.session, line)
    pilot.app.push_screen(SpacePhaseScreen())
    await pilot.pause()


def waiting(app) -> str:
    return app.screen.query_one("#space-pool").border_subtitle or ""


async def test_space_faces_go_to_the_next_key_that_rolls_and_only_to_it():
    # ref: notes §2.9 — "Roll 2d10 in place of 1d20"; the dialog lists each key's dice, the Helm's
    # manoeuvres first. The 9 is not reached by the Helm's roll: the Sensor Officer's scan after it
    # is the app's.
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await space_round_1(pilot)
        await open_dice(pilot)
        rolls = str(app.screen.query_one("#fp-dice-rolls", Static).render()).splitlines()
        assert rolls[0] == "o d v i k w: 2d10 for the Helm Officer; a 10 rolls one more d10"
        await pilot.press("7", "space", "3", "space", "9")
        await pilot.pause()
        rolls = str(app.screen.query_one("#fp-dice-rolls", Static).render()).splitlines()
        assert rolls[0] == "o d v i k w: Rolls d10 7, 3 (the Helm Officer); not reached, dropped after the roll: 9"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SpacePhaseScreen) and waiting(app) == "faces for the next roll: 7 3 9 (g)"
        await pilot.press("o")
        await pilot.pause()
        assert app.session.log[-1].startswith("Bearclaw's Helm Officer flies offensively at Marauder: 2d10 7, 3 +3 = 13")
        assert app.session.dice.forced == () and waiting(app) == ""
        twin = twin_of(app.session.dice)
        await pilot.press("s")
        await pilot.pause()
        assert app.session.history.peek_undo().faces[:2] == (twin.die(10), twin.die(10))


async def test_space_faces_wait_past_a_key_that_rolls_nothing():
    # `n` ends the Support Phase without a roll: the faces are still there for the Helm's 2d10.
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for line in SPACE_ROUND_1[:-1]:
            run_line(app.session, line)
        app.push_screen(SpacePhaseScreen())
        await pilot.pause()
        await open_dice(pilot, "8", "space", "4", "enter")
        await pilot.press("n")
        await pilot.pause()
        assert app.session.history.peek_undo().faces == () and waiting(app) == "faces for the next roll: 8 4 (g)"
        await pilot.press("o")
        await pilot.pause()
        assert "2d10 8, 4 " in app.session.log[-1]


async def test_a_space_face_no_roll_has_is_refused_and_nothing_waits():
    # ref: notes §2.9 — the crew functions roll d10s; a Fire's pool is d10s too (R112): no 12.
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await space_round_1(pilot)
        await open_dice(pilot, "1", "2")
        assert field(app).shown[1] == "The 1st face, 12, is not on a d10."
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SpaceDiceDialog)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, SpacePhaseScreen) and waiting(app) == ""
        entries = len(app.session.history.entries)
        await pilot.press("o")
        await pilot.pause()
        assert len(app.session.history.entries) == entries + 1 and app.session.dice.forced == ()
