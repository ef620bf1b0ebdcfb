"""The character sheet: its numbers, the HP stepper, chips, death saves, exhaustion and the rolls.

ref: Conditions — "The app applies them to every roll that they affect: ... a save or a check
rolled from the character sheet." ref: Armor proficiency — "Every STR and DEX save or check from
the sheet rolls at disadvantage." ref: Exhaustion — "The top line of the character sheet also
names the level, beside AC and speed." "The sixth level kills."
"""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library import armor
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.chip_dialog import ChipDialog
from combat_tui.screens.dnd5e.sheet import ConfirmDialog, SheetScreen
from combat_tui.systems.dnd5e.commands import AddChip, ApplyDamage, SetExhaustion
from tests.screens.helpers import actor, record_notes

ROW = {"ser-aldric": 0, "mirelle": 1, "ayla": 2, "bren": 3}


def app_with(**changes) -> CombatApp:
    """The sample campaign with some characters changed: `bren={"armor": armor.CHAIN_MAIL}`."""
    state = goblin_ambush()
    for ref, fields in changes.items():
        state = state.with_actor(evolve(state.actor(ref.replace("_", "-")), **fields))
    return CombatApp(session=Session(state, dice=Dice(1)))


async def open_sheet(pilot, ref: str = "mirelle") -> SheetScreen:
    """From the campaign screen: highlight the character and press `c`."""
    await pilot.press(*["down"] * ROW[ref], "c")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SheetScreen)
    return pilot.app.screen


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def cell(app, table: str, row: str, column: str) -> str:
    return str(app.screen.query_one(table).get_cell(row, column)).strip()


# -- opening and the numbers ----------------------------------------------------------------


async def test_c_and_enter_on_the_party_list_open_the_highlighted_character_s_sheet(app):
    async with app.run_test(size=(80, 24)) as pilot:
        sheet = await open_sheet(pilot, "ayla")
        assert sheet.ref == "ayla"
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("enter")  # the cursor is still on Ayla
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.ref == "ayla"
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("c", "escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_the_top_line_names_the_character_its_ac_and_how_and_its_speed(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "ayla")
        top = text(app, "#sheet-top")
        assert top.startswith("Ayla · Lightfoot Halfling · Rogue 5 (Thief) · prof +3 · XP 0")
        assert "AC 15 (Leather 11 + DEX 4)" in top
        assert "Speed 25 ft" in top
        assert "Exhaustion" not in top
        assert "Armor Leather (light 11)" in text(app, "#sheet-armor")


async def test_an_unarmored_character_s_ac_is_the_number_on_its_sheet(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        assert "AC 12 (no armor: the number on the sheet) · Speed 30 ft" in text(app, "#sheet-top")
        assert text(app, "#sheet-armor") == "Armor none"


async def test_exhaustion_shows_on_the_top_line_and_halves_the_speed():
    # ref: Exhaustion — "The top line of the character sheet also names the level, beside AC and speed."
    app = app_with(ayla={"exhaustion": 2})
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "ayla")
        top = text(app, "#sheet-top")
        assert "Speed 12 ft (25 halved) · Exhaustion 2" in top
        pips = text(app, "#exhaustion")
        assert pips.startswith("Exhaustion ●1 ●2 ○3 ○4 ○5 ○6")
        assert pips.endswith("disadvantage on ability checks; speed halved")


async def test_heavy_armor_without_its_strength_costs_10_feet():
    app = app_with(bren={"armor": armor.CHAIN_MAIL})
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        assert "Speed 20 ft (30 - 10: Chain mail needs STR 13)" in text(app, "#sheet-top")


async def test_exhaustion_4_halves_the_hp_maximum_shown():
    app = app_with(bren={"exhaustion": 4, "hp": 16})
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        assert "16/16 (max 32 halved by exhaustion)" in text(app, "#hp")


async def test_abilities_saves_and_skills_show_bonuses_and_proficiency(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "ayla")
        assert cell(app, "#abilities", "dexterity", "ability") == "DEX 18"
        assert cell(app, "#abilities", "dexterity", "check") == "+4"
        assert cell(app, "#abilities", "dexterity", "save") == "●  +7"  # proficient
        assert cell(app, "#abilities", "strength", "save") == "-1"
        assert cell(app, "#skills", "stealth", "bonus") == "●● +10"  # expertise
        assert cell(app, "#skills", "acrobatics", "bonus") == "●  +7"
        assert cell(app, "#skills", "arcana", "bonus") == "+1"
        assert app.screen.query_one("#skills").row_count == 18


async def test_untrained_armor_is_named_and_slants_str_and_dex_rolls():
    # ref: Armor proficiency — "Every STR and DEX save or check from the sheet rolls at disadvantage."
    app = app_with(bren={"armor": armor.CHAIN_MAIL})
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        assert "not proficient: Chain mail" in text(app, "#sheet-armor")
        assert cell(app, "#abilities", "strength", "save") == "-1 dis"
        assert cell(app, "#abilities", "constitution", "save") == "+2"
        assert cell(app, "#skills", "stealth", "bonus") == "+2 dis"
        app.session.dice.force([15, 4])
        await pilot.press("r")  # the Strength check
        await pilot.pause()
        assert app.session.log[-1] == (
            "Bren rolls a Strength check: d20 4 (at disadvantage (dropped 15), "
            "not proficient with Chain mail disadvantage) - 1 = 3."
        )


# -- the HP stepper, death saves ------------------------------------------------------------


async def test_digits_plus_minus_and_backspace_set_the_amount_that_d_and_h_use(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        assert app.screen.query_one("#hp").amount == 1
        await pilot.press("1", "2", "plus", "plus", "minus")  # 12, 13, 14, 13
        assert app.screen.query_one("#hp").amount == 13
        await pilot.press("backspace")
        assert app.screen.query_one("#hp").amount == 1
        await pilot.press("backspace", "1", "5", "d")  # erasing the last digit starts a new amount
        await pilot.pause()
        assert actor(app, "bren").hp == 17
        assert "17/32" in text(app, "#hp")
        await pilot.press("4", "h")  # the first digit after a press starts a new amount
        await pilot.pause()
        assert actor(app, "bren").hp == 21
        await pilot.press("minus", "minus", "minus", "minus", "minus")  # never below 1
        assert app.screen.query_one("#hp").amount == 1


async def test_the_death_save_tracker_shows_at_0_hp_and_z_stabilizes(app):
    # ref: Death saves — "It gets a death-save tracker on the combat screen and on its sheet"
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        tracker = app.screen.query_one("#death-saves")
        assert not tracker.display
        assert "z" not in {key for key, b in app.screen.active_bindings.items() if b.enabled}
        await pilot.press("4", "0", "d")
        await pilot.pause()
        assert tracker.display
        assert "dying" in text(app, "#death-saves")
        assert "Unconscious · Prone" in text(app, "#sheet-chips")
        await pilot.press("1", "d")  # damage at 0 HP: a failed save
        await pilot.pause()
        assert "✗ ●○○ 1 failure" in text(app, "#death-saves")
        await pilot.press("z")
        await pilot.pause()
        assert actor(app, "bren").stable
        assert "stable" in text(app, "#death-saves")
        await pilot.press("5", "h")  # healing clears the tracker
        await pilot.pause()
        assert not tracker.display
        assert actor(app, "bren").hp == 5


# -- rolling --------------------------------------------------------------------------------


async def test_arrows_pick_a_check_or_save_and_r_or_enter_rolls_it(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "mirelle")
        assert "Strength check +2" in text(app, "#roll-bar")
        app.session.dice.force([11])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1] == "Mirelle rolls a Strength check: d20 11 + 2 = 13."
        assert text(app, "#roll-bar").endswith("Last roll Mirelle rolls a Strength check: d20 11 + 2 = 13.")
        await pilot.press("down", "down", "down", "down", "right")  # the Wisdom save
        assert "Wisdom save +7" in text(app, "#roll-bar")
        app.session.dice.force([9])
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.log[-1] == "Mirelle rolls a Wisdom save: d20 9 + 7 = 16."
        await pilot.press("left", "left", "left")  # the cursor rests on the Check column
        assert "Wisdom check +4" in text(app, "#roll-bar")


async def test_right_from_the_saves_goes_to_the_skills_and_left_comes_back(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "ayla")
        await pilot.press("right", "right")
        assert app.screen.focused.id == "skills"
        await pilot.press(*["down"] * 16)  # Stealth
        assert "Stealth check +10" in text(app, "#roll-bar")
        app.session.dice.force([7])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1] == "Ayla rolls a Stealth check: d20 7 + 10 = 17."
        await pilot.press("left")
        assert app.screen.focused.id == "abilities"
        await pilot.press("tab")
        assert app.screen.focused.id == "skills"


async def test_v_cycles_the_roll_mode_and_the_roll_uses_it(app):
    # ref: Attack rolls — "A Roll value other than Auto still overrides it."
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "ser-aldric")
        assert "(v) Auto: with one d20" in text(app, "#roll-bar")
        await pilot.press("v")
        assert "(v) Advantage: at advantage (by choice)" in text(app, "#roll-bar")
        app.session.dice.force([3, 17])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1] == (
            "Ser Aldric rolls a Strength check: d20 17 (at advantage (dropped 3), by choice) + 4 = 21."
        )
        await pilot.press("v")
        assert "(v) Disadvantage" in text(app, "#roll-bar")
        await pilot.press("v")
        assert "(v) Normal" in text(app, "#roll-bar")
        await pilot.press("v")
        assert "(v) Auto" in text(app, "#roll-bar")


async def test_a_poisoned_character_s_checks_roll_at_disadvantage(app):
    # ref: Conditions — the chips apply to "a save or a check rolled from the character sheet".
    app.session.execute(AddChip("mirelle", "Poisoned", 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "mirelle")
        assert cell(app, "#abilities", "wisdom", "check") == "+4 dis"
        assert cell(app, "#abilities", "wisdom", "save") == "●  +7"  # poison slants no save
        assert "at disadvantage (Poisoned disadvantage)" in text(app, "#roll-bar")
        app.session.dice.force([18, 6])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1] == (
            "Mirelle rolls a Strength check: d20 6 (at disadvantage (dropped 18), Poisoned disadvantage) + 2 = 8."
        )


async def test_a_save_that_a_condition_fails_shows_fails_and_rolls_no_dice(app):
    # ref: Conditions — "A save that fails at once never reaches the dice, and the log names the chip"
    app.session.execute(AddChip("ayla", "Paralyzed"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "ayla")
        assert cell(app, "#abilities", "dexterity", "save") == "●  +7 fails"
        await pilot.press("down", "right")
        assert ": fails without a roll (Paralyzed)" in text(app, "#roll-bar")
        app.session.dice.force([20])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1] == "Ayla fails the Dexterity save automatically (Paralyzed); no roll."
        assert app.session.dice.d20() == 20  # the forced face was not used


async def test_undoing_the_roll_takes_its_line_off_the_sheet(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "mirelle")
        app.session.dice.force([11])
        await pilot.press("r")
        await pilot.pause()
        assert "Strength check: d20 11" in text(app, "#roll-bar")
        await pilot.press("u")
        await pilot.pause()
        assert text(app, "#roll-bar").endswith("Last roll none yet")
        await pilot.press("U")
        await pilot.pause()
        assert "Strength check: d20 11" in text(app, "#roll-bar")


# -- chips and exhaustion -------------------------------------------------------------------


async def test_p_opens_the_chip_dialog_and_the_sheet_follows_its_changes(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        assert text(app, "#sheet-chips") == "Chips (p) none"
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ChipDialog) and app.screen.ref == "bren"
        await pilot.press("a", *"frigh", "tab", "2", "enter")
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert text(app, "#sheet-chips") == "Chips (p) Frightened 2"
        assert cell(app, "#abilities", "strength", "check") == "-1 dis"


async def test_e_raises_and_shift_e_lowers_the_exhaustion_level(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        await pilot.press("e", "e", "e")
        await pilot.pause()
        assert actor(app, "bren").exhaustion == 3
        assert "Exhaustion 3" in text(app, "#sheet-top")
        assert text(app, "#exhaustion").startswith("Exhaustion ●1 ●2 ●3 ○4")
        assert cell(app, "#abilities", "wisdom", "save") == "●  +4 dis"  # level 3: saves too
        await pilot.press("E")
        await pilot.pause()
        assert actor(app, "bren").exhaustion == 2
        await pilot.press("E", "E")
        await pilot.pause()
        assert actor(app, "bren").exhaustion == 0
        before = app.session.state
        await pilot.press("E")  # no level below 0
        await pilot.pause()
        assert app.session.state is before


async def test_exhaustion_6_asks_first_and_kills(app):
    # ref: Exhaustion — "The sixth level kills. A character gets three failed death saves and goes
    # unconscious ... The HP number stays where it was"
    app.session.execute(SetExhaustion("bren", 5))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        assert "Exhaustion 6 kills Bren" in str(app.screen.query_one("#confirm-question").render())
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert actor(app, "bren").exhaustion == 5
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        bren = actor(app, "bren")
        assert bren.exhaustion == 6 and bren.dead and bren.hp == 16  # level 4 halved the maximum
        assert "dead" in text(app, "#death-saves")
        assert "✗ ●●● 3 failures" in text(app, "#death-saves")
        assert app.session.log[-1] == "Bren dies of exhaustion (three failed death saves, HP unchanged)."


async def test_refusals_are_shown_and_change_nothing(app):
    notes = record_notes(app)
    app.session.execute(ApplyDamage("bren", 99))
    app.session.execute(SetExhaustion("bren", 6))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot, "bren")
        before = app.session.state
        await pilot.press("5", "h")  # the dead regain no HP: the log says so
        await pilot.pause()
        assert app.session.log[-1] == "Bren is dead and regains no HP."
        assert actor(app, "bren").hp == before.actor("bren").hp
        await pilot.press("z")  # not dying: the key is off
        await pilot.pause()
        assert not [note for note in notes if "stabil" in note.casefold()]


async def test_a_creature_s_sheet_reads_its_stat_block(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetScreen("goblin-boss"))
        await pilot.pause()
        assert "AC 17 (stat block)" in text(app, "#sheet-top")
        assert "a creature takes no armor penalties" in text(app, "#sheet-armor")
        app.session.dice.force([10])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1] == "Goblin Boss rolls a Strength check: d20 10 + 0 = 10."


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 48)])
async def test_the_sheet_fits_the_terminal(app, size):
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot, "mirelle")
        screen = app.screen
        for widget in ("#sheet-top", "#hp", "#sheet-chips", "#exhaustion", "#sheet-armor", "#abilities", "#roll-bar"):
            region = screen.query_one(widget).region
            assert region.right <= size[0] and region.bottom <= size[1] - 1, (widget, region)
        assert screen.query_one("#abilities").region.height == 9  # every ability shows
        assert screen.query_one("#skills").region.height >= 9


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 48)])
async def test_the_gear_panel_fits_and_shows_weapons_coins_and_inventory(size):
    app = app_with(ser_aldric={"inventory": ("Scimitar", "Rope"), "gold": 12, "silver": 3, "platinum": 1})
    async with app.run_test(size=size) as pilot:
        await open_sheet(pilot, "ser-aldric")
        gear = app.screen.query_one("#sheet-gear")
        assert gear.region.right <= size[0] and gear.region.bottom <= size[1] - 1
        shown = " ".join(text(app, "#sheet-gear").split())
        assert "12 gp 3 sp 0 cp 1 pp" in shown
        assert "Longsword" in shown and "Handaxe" in shown
        assert "Scimitar" in shown and "Rope" in shown
        assert app.screen.query_one("#abilities").region.height == 9  # the abilities keep every row
