"""The save and check dialog (`S` on the fight's screen) and the death save's route through it, with
the faces a player rolled at the table typed in its Dice row.

ref: Issue "Fast at the table", item 3 — "Physical dice everywhere: a field in the attack, cast,
save, check and death-save dialogs to type the faces a player rolled, instead of `:dice` first."
ref: Death saves — "The save is 1d20 against DC 10, with no ability modifier and no proficiency."

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle,
Goblin Boss. A goblin's DEX save is +2; Ayla's Stealth +10 (DEX +4, proficiency 3, expertise).
"""

from __future__ import annotations

from textual.widgets import Static

from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.roll_check_dialog import RollCheckDialog
from combat_tui.widgets.dice_field import DiceField
from tests.screens.helpers import actor, record_notes, start_fight, type_line

NEXT = "right_square_bracket"


def row(app, name: str) -> str:
    if not app.screen.query_one(f"#check-row-{name}").display:
        return ""
    return str(app.screen.query_one(f"#check-{name}", Static).content)


async def open_dialog(pilot, *keys: str) -> RollCheckDialog:
    await pilot.press(*keys, "S")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RollCheckDialog)
    return pilot.app.screen


async def test_a_save_of_the_inspected_combatant_rolls_the_typed_d20(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        dialog = await open_dialog(pilot, NEXT, NEXT, NEXT, NEXT)  # Goblin 1 inspected
        box = dialog.query_one("#check-box")
        assert (box.border_title, box.border_subtitle) == ("Saving throw", "Goblin 1")
        assert row(app, "what") == "Dexterity"
        assert row(app, "bonus") == "+2"
        assert row(app, "d20") == "Normal roll"
        await pilot.press("d", "1", "7")
        await pilot.pause()
        assert dialog.query_one(DiceField).shown == ("d20 for the save", "Rolls d20 17")
        await pilot.press("enter", "r")
        await pilot.pause()
        assert app.session.log[-1] == "Goblin 1 rolls a Dexterity save: d20 17 + 2 = 19."
        assert app.screen is dialog  # it stays open for the table to read
        assert app.session.dice.forced == ()


async def test_a_check_found_by_name_at_advantage_takes_two_typed_d20s(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        dialog = await open_dialog(pilot)  # nothing inspected: Ayla, whose turn it is
        await pilot.press("k", "slash", *"stealth", "enter")
        await pilot.pause()
        assert (dialog.kind, dialog.what) == ("check", "stealth")
        await pilot.press("v")  # Advantage
        await pilot.pause()
        await pilot.press("d", "4", "space", "1", "1", "r")
        await pilot.pause()
        assert app.session.log[-1] == (
            "Ayla rolls a Stealth check: d20 11 (at advantage (dropped 4), by choice) + 10 = 21."
        )


async def test_the_ability_and_the_kind_cycle(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        dialog = await open_dialog(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert row(app, "what") == "Constitution"
        assert dialog.kinds() == ["save", "check"]  # Ayla is not dying: no death save
        await pilot.press("k", "k")
        await pilot.pause()
        assert dialog.kind == "save"


async def test_a_save_that_fails_without_a_roll_says_so(app):
    # ref: Conditions — "A save that fails at once never reaches the dice"
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "chip 'Goblin 1' +Paralyzed")
        dialog = await open_dialog(pilot, NEXT, NEXT, NEXT, NEXT)
        assert row(app, "d20") == "Fails automatically (Paralyzed), no roll"
        await pilot.press("d", "9")
        await pilot.pause()
        assert dialog.query_one(DiceField).shown == ("No roll: the save fails automatically",
                                                     "The roll reaches none of them; not reached, dropped after the roll: 9")  # fmt: skip


async def bren_dying_on_his_turn(pilot) -> None:
    await start_fight(pilot)
    await pilot.press(NEXT, NEXT, "3", "2", "d", "n", "n")  # Bren at 0 HP, then his turn
    await pilot.pause()
    assert actor(pilot.app, "bren").dying


async def test_the_death_save_route_is_s_the_face_and_enter(app):
    # ref: Issue "Fast at the table" — 'a key that opens a small death-save dialog with the field
    # focused: type "14", Enter'. ref: Death saves — 1d20 against DC 10.
    async with app.run_test(size=(80, 24)) as pilot:
        await bren_dying_on_his_turn(pilot)
        dialog = await open_dialog(pilot)
        await pilot.pause()
        assert dialog.kind == "death" and dialog.query_one(DiceField).has_focus_within
        assert dialog.query_one(DiceField).shown[0] == "d20 for the death save: type it, Enter rolls"
        await pilot.press("1", "4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)  # rolled once a turn: the dialog closes
        assert app.session.log[-1] == "Bren rolls a death save: d20 14, a success (successes 1, failures 0)."
        assert app.session.dice.forced == ()


async def test_a_death_save_face_off_the_d20_is_refused(app):
    # ref: Issue "Fast at the table" — "A face out of range (21 on a d20) is refused with a message,
    # nothing posted."
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await bren_dying_on_his_turn(pilot)
        dialog = await open_dialog(pilot)
        await pilot.pause()
        log = list(app.session.log)
        await pilot.press("2", "1", "enter")
        await pilot.pause()
        assert app.screen is dialog and dialog.query_one(DiceField).problem == "The 1st face, 21, is not on a d20."
        await pilot.press("r")
        await pilot.pause()
        assert notes[-1] == "Not rolled The 1st face, 21, is not on a d20."
        assert app.session.log == log and actor(app, "bren").death_successes == 0


async def test_r_on_the_fight_stays_a_one_key_death_save(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await bren_dying_on_his_turn(pilot)
        app.session.dice.force([12])
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen) and actor(app, "bren").death_successes == 1
