"""Faces rolled at the table, typed in the attack and cast dialogs' Dice row (`d`), rolled instead of
`:dice` first; the Reaction dialogs ask about the roll those faces make.

ref: Issue "Fast at the table", item 3 — "Physical dice everywhere: a field in the attack, cast,
save, check and death-save dialogs to type the faces a player rolled, instead of `:dice` first."
ref: DESIGN.md §5 — `dice N [N ...]`: "the next dice rolled come out as these faces, in order".

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle,
Goblin Boss. Ayla's rapier: +7, 1d8 + 4; a goblin's AC 15, 7 HP, DEX save +2; Bren's AC 12.
"""

from __future__ import annotations

import copy

from textual.widgets import Static

from combat_tui.core.dice import Dice
from combat_tui.screens.dnd5e.attack_dialog import AttackDialog
from combat_tui.screens.dnd5e.cast_dialog import CastDialog
from combat_tui.screens.dnd5e.reaction_dialog import ReactionDialog
from combat_tui.widgets.dice_field import DiceField
from tests.screens.helpers import record_notes, start_fight

NEXT = "right_square_bracket"


def field(app) -> DiceField:
    return app.screen.query_one(DiceField)


def shown(app) -> tuple[str, str]:
    """(which rolls the faces go to, where the typed ones land) as the Dice row shows them."""
    return field(app).shown


def row_shown(app) -> bool:
    return field(app).parent.display


async def open_attack(pilot, *keys: str) -> AttackDialog:
    await pilot.press(*keys, "a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, AttackDialog)
    return pilot.app.screen


async def type_faces(pilot, *keys: str) -> None:
    await pilot.press("d", *keys)
    await pilot.pause()


def twin_of(dice: Dice) -> Dice:
    """Dice on the same generator state, with no face queued."""
    twin = copy.deepcopy(dice)
    twin.clear_forced()
    return twin


async def test_the_attack_dialog_rolls_the_typed_d20_then_the_damage(app):
    # ref: Issue "Fast at the table" — 'the dialog shows which roll the faces will go to ("d20 for
    # the attack, then 1d6+2 damage"), and rolling uses them'
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        dialog = await open_attack(pilot)
        assert not row_shown(app)  # hidden until `d`
        await type_faces(pilot, "1", "7", "space", "5")
        assert row_shown(app) and field(app).has_focus_within
        assert shown(app) == ("d20 for the attack, then 1d8 + 4 piercing on a hit", "Rolls d20 17, d8 5")
        await pilot.press("enter")  # keeps the faces, the keys go back to the dialog
        await pilot.pause()
        assert app.screen.focused is None and field(app).faces == (17, 5)
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is dialog
        assert app.session.log[-4:-2] == [
            "Ayla attacks Goblin 2 with Rapier: d20 17 + 4 DEX + 3 proficiency = 24 vs AC 15, hit.",
            "Damage: 1d8 5 + 4 DEX = 9 piercing.",
        ]
        assert field(app).text == "" and not row_shown(app)  # the faces are spent: the next roll is the app's
        assert app.session.dice.forced == ()


async def test_a_letter_typed_in_the_field_is_the_dialogs_key(app):
    # `r` straight from the field rolls: the field takes digits, spaces and commas only.
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await open_attack(pilot)
        await type_faces(pilot, "2", "0", "v")  # v: the Roll mode, not a letter in the field
        assert field(app).text == "20" and app.screen.mode == "adv"
        assert shown(app)[0] == "2 d20 (advantage) for the attack, then 1d8 + 4 piercing on a hit"
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-4].startswith("Ayla attacks Goblin 2 with Rapier: d20 20 (at advantage")


async def test_a_face_its_die_does_not_have_is_refused_and_nothing_is_posted(app):
    # ref: Issue "Fast at the table" — "A face out of range (21 on a d20) is refused with a message,
    # nothing posted."
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await open_attack(pilot)
        await type_faces(pilot, "2", "1")
        assert shown(app)[1] == "The 1st face, 21, is not on a d20."
        await pilot.press("enter")  # refused: the field keeps the keys
        await pilot.pause()
        assert field(app).has_focus_within
        log, entries = list(app.session.log), len(app.session.history.entries)
        await pilot.press("r")
        await pilot.pause()
        assert notes[-1] == "Not rolled The 1st face, 21, is not on a d20."
        assert app.session.log == log and len(app.session.history.entries) == entries
        await pilot.press("backspace", "backspace", "1", "5", "space", "9")  # a 9 on the rapier's d8
        await pilot.pause()
        assert shown(app)[1] == "The 2nd face, 9, is not on a d8."


async def test_esc_in_the_field_puts_back_the_faces_kept_before(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        dialog = await open_attack(pilot)
        await type_faces(pilot, "1", "2", "enter")
        await type_faces(pilot, "space", "3", "escape")
        assert app.screen is dialog and field(app).text == "12" and app.screen.focused is None


async def test_faces_the_roll_does_not_reach_are_not_used_by_the_next_command(app):
    # ref: Issue "Fast at the table" — "the faces must not leak into a later command if the roll
    # uses fewer"
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await open_attack(pilot)
        await type_faces(pilot, "3", "space", "6", "enter")  # a 3 misses: the 6 is never rolled
        assert shown(app)[1] == "Rolls d20 3; not reached, dropped after the roll: 6"
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1].startswith("Ayla attacks Goblin 2 with Rapier: d20 3 ")
        assert app.session.dice.forced == ()
        twin = twin_of(app.session.dice)
        await pilot.press("c", "colon", *"save Ayla dex", "enter")  # the next roll: the app's, not the 6
        await pilot.pause()
        assert app.session.history.peek_undo().faces == (twin.d20(),)


async def test_faces_typed_in_the_cast_dialog_go_to_the_targets_saves_in_order(app):
    # ref: Issue "Fast at the table" — "Faces for the cast dialog's saving throws go to the targets
    # in order, say so in the dialog." The rules roll the area's damage once, before the saves.
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "C")  # Bren's turn
        await pilot.pause()
        assert isinstance(app.screen, CastDialog)
        await pilot.press("s", "t", "space")  # Burning Hands on Goblin 2 and Goblin 1
        await pilot.pause()
        await type_faces(pilot, "4", "space", "1", "6")
        assert shown(app) == ("The saves' d20s, in target order: Goblin 2, Goblin 1; the app rolls 3d6 fire",
                              "Rolls d20 4, d20 16")  # fmt: skip
        await pilot.press("r")
        await pilot.pause()
        lines = list(app.session.history.peek_undo().lines)
        assert lines[1].startswith("Damage: 3d6 ")
        assert "Goblin 2 fails the Dexterity save against Burning Hands: d20 4 + 2 = 6 vs DC 15." in lines
        assert "Goblin 1 succeeds the Dexterity save against Burning Hands: d20 16 + 2 = 18 vs DC 15." in lines
        assert app.session.dice.forced == ()


async def test_a_spell_attack_takes_the_d20_then_the_damage(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "C")  # Bren: Fire Bolt on Goblin 2
        await pilot.pause()
        await type_faces(pilot, "1", "5", "space", "7")
        assert shown(app) == ("d20 for the spell attack, then 2d10 fire on a hit", "Rolls d20 15, d10 7")
        await pilot.press("r")
        await pilot.pause()
        lines = list(app.session.history.peek_undo().lines)
        assert lines[1].startswith("Fire Bolt (spell attack) on Goblin 2: d20 15 ")
        assert lines[2].startswith("Damage: 2d10 7+")


async def goblin_types_at_bren(pilot, *keys: str) -> None:
    await start_fight(pilot)
    await pilot.press("n", "n", "n")  # Goblin 2's turn
    await open_attack(pilot, *[NEXT] * 7)  # Bren inspected: the attack dialog's target
    await type_faces(pilot, *keys, "enter")
    await pilot.press("r")
    await pilot.pause()


async def test_the_reaction_dialog_asks_about_the_typed_roll(app):
    # ref: Shield against a hit — "The dialog opens only when the higher AC would turn the hit into
    # a miss": the dry run that finds the question rolls the typed faces, as the posted line does.
    async with app.run_test(size=(80, 24)) as pilot:
        await goblin_types_at_bren(pilot, "1", "0")  # 10 + 4 = 14 hits AC 12, misses 17
        assert isinstance(app.screen, ReactionDialog)
        happened = str(app.screen.query_one("#reaction-happened", Static).content)
        assert happened == "Goblin 2's Scimitar rolls 14 against Bren's AC 12: a hit."
        await pilot.press("c")  # Cast Shield
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert app.session.log[-1] == (
            "Goblin 2 attacks Bren with Scimitar: d20 10 + 2 DEX + 2 proficiency = 14 vs AC 17 (Shield +5), miss."
        )
        assert app.session.dice.forced == ()


async def test_no_reaction_dialog_when_the_typed_roll_beats_the_shield(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await goblin_types_at_bren(pilot, "1", "5", "space", "3")  # 19 hits AC 17 too
        assert isinstance(app.screen, AttackDialog)
        assert app.session.log[-3].startswith("Goblin 2 attacks Bren with Scimitar: d20 15 ")
        assert app.session.log[-2].startswith("Damage: 1d6 3 ")
