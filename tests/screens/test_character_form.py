"""The sheet editor (CharacterForm), level up, equip and unequip, and the gear panel of the sheet.

A form submission is one command (`AddCharacter` or `EditActor`); the rules read, check and
derive, and a refusal keeps the form open with the fields it names marked.
"""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.character_form import CharacterForm
from combat_tui.screens.dnd5e.level_up_dialog import LevelUpDialog
from combat_tui.screens.dnd5e.name_picker import NamePicker
from combat_tui.screens.dnd5e.sheet import SheetScreen
from combat_tui.systems.dnd5e.commands import ApplyDamage, EditActor, EndFight
from combat_tui.systems.dnd5e.editing import CHARACTER_FIELDS
from combat_tui.systems.dnd5e.model import ClassLevel
from tests.screens.helpers import actor, start_fight

ROW = {"ser-aldric": 0, "mirelle": 1, "ayla": 2, "bren": 3}

NEW_FIGHTER = ["A", *"Tor", "tab", "D", "tab", "F", "tab", "1", "6", "tab", "tab", "1", "4", "ctrl+s"]
"""From the campaign screen: a new Fighter 1, a Dwarf with STR 16 and CON 14, in 16 keys: A, the
name (3), Tab, D (Dwarf is suggested; Tab takes it), Tab, F (Fighter 1), Tab, 16, Tab Tab, 14, ctrl+s."""


async def open_sheet(pilot, ref: str = "ser-aldric") -> SheetScreen:
    await pilot.press(*["down"] * ROW[ref], "c")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SheetScreen)
    return pilot.app.screen


async def open_form(pilot, ref: str = "ser-aldric") -> CharacterForm:
    await open_sheet(pilot, ref)
    await pilot.press("i")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CharacterForm)
    return pilot.app.screen


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


def value(app, key: str) -> str:
    return app.screen.query_one(f"#field-{key}").value


# -- a new character ------------------------------------------------------------------------


async def test_a_new_fighter_1_from_the_campaign_screen_gets_its_hp_from_the_rules(app):
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, CampaignScreen)
        before = len(app.session.state.characters)
        await pilot.press(*NEW_FIGHTER)
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)  # saved and closed
        state = app.session.state
        assert len(state.characters) == before + 1
        tor = state.characters[-1]
        assert (tor.name, tor.race, tor.classes) == ("Tor", "Dwarf", (ClassLevel("Fighter", 1),))
        assert (tor.abilities.strength, tor.abilities.dexterity, tor.abilities.constitution) == (16, 10, 14)
        assert tor.max_hp == tor.hp == 12  # d10 at first level + CON 2, derived by the rules
        assert tor.proficiency_bonus == 2
        assert set(tor.save_proficiencies) == {"strength", "constitution"}
        assert app.session.log[-1].startswith("Tor")
        assert len(NEW_FIGHTER) == 16


async def test_the_form_has_one_labelled_field_for_every_field_of_the_rules(app):
    async with app.run_test(size=(160, 48)) as pilot:
        app.push_screen(CharacterForm())
        await pilot.pause()
        for key in CHARACTER_FIELDS:
            assert app.screen.query_one(f"#field-{key}")
        assert app.screen.query_one("#form-box").border_title == "New character"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_f5_saves_a_new_character_and_stays_to_show_what_the_rules_derived(app):
    async with app.run_test(size=(160, 48)) as pilot:
        app.push_screen(CharacterForm())
        await pilot.pause()
        await pilot.press(*"Vex", "enter", *"Hill", "tab", *"Wiz", "enter", "f5")  # Enter moves on as Tab does
        await pilot.pause()
        form = app.screen
        assert isinstance(form, CharacterForm) and form.ref
        vex = actor(app, form.ref)
        assert vex.race == "Hill Dwarf" and vex.classes == (ClassLevel("Wizard", 1),)
        assert vex.max_hp == 7  # d6 + CON 0 + Dwarven Toughness 1
        derived = text(app, "#form-derived")
        assert "Level 1 · Prof +2" in derived and "Max HP 7 by hit dice" in derived
        assert value(app, "max_hp") == "7"  # the fields follow the record the rules made
        assert form.query_one("#form-box").border_title == "Edit · Vex"


async def test_a_name_the_party_has_already_is_refused_and_the_form_stays(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CharacterForm())
        await pilot.pause()
        before = app.session.state
        await pilot.press(*"Ayla", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm)
        assert app.session.state is before
        assert "The party has a Ayla already." in text(app, "#form-message")


# -- editing --------------------------------------------------------------------------------


async def test_a_field_edited_from_the_sheet_is_one_command_and_one_undo(app):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        assert value(app, "name") == "Ser Aldric" and value(app, "classes") == "Fighter 5 (Champion)"
        assert "Prof +3" in text(app, "#form-derived")
        await pilot.press("tab", "ctrl+u", *"Mountain Dwarf")
        assert form.changes() == (("race", "Mountain Dwarf"),)
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        aldric = actor(app, "ser-aldric")
        assert aldric.race == "Mountain Dwarf"
        assert aldric.speed == 25  # the rules follow the race
        assert "Mountain Dwarf" in text(app, "#sheet-top")
        assert isinstance(app.session.history.peek_undo().commands[0], EditActor)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert actor(app, "ser-aldric").race == "Human"


async def test_bad_fields_keep_the_form_open_naming_them_and_change_nothing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        before = app.session.state
        await pilot.press("tab", "tab", "ctrl+u", *"Fightr 3", "tab", "0", "ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert app.session.state is before
        message = text(app, "#form-message")
        assert message.startswith("Not saved:")
        assert "classes: 'Fightr' is not a class" in message
        assert "str: must be at least 1, not 0." in message
        assert form.query_one("#field-classes").has_class("-refused")
        assert form.query_one("#field-str").has_class("-refused")
        assert not form.query_one("#field-dex").has_class("-refused")
        assert app.focused is form.query_one("#field-classes")  # the first bad field
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert app.session.state is before


async def test_nothing_changed_closes_without_a_command(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_form(pilot)
        entries = app.session.history.peek_undo()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert app.session.history.peek_undo() is entries


async def test_f4_picks_a_spell_for_the_spell_list(app):
    async with app.run_test(size=(160, 48)) as pilot:
        form = await open_form(pilot, "bren")
        form.query_one("#field-spells").focus()
        await pilot.press("f4")
        await pilot.pause()
        assert isinstance(app.screen, NamePicker)
        await pilot.press(*"stoneskin", "enter")
        await pilot.pause()
        assert app.screen is form
        assert value(app, "spells").endswith(", Stoneskin")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "Stoneskin" in actor(app, "bren").spells


async def test_f4_on_the_weapons_adds_a_library_weapon_as_a_line_of_its_text_form(app):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        form.query_one("#field-weapons").focus()
        await pilot.press("f4")
        await pilot.pause()
        await pilot.press(*"dagger", "enter")
        await pilot.pause()
        lines = form.query_one("#field-weapons").text.splitlines()
        assert lines[0].startswith("Longsword 1d8") and lines[-1].startswith("Dagger 1d4 piercing simple finesse")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert [w.name for w in actor(app, "ser-aldric").weapons] == ["Longsword", "Handaxe", "Dagger"]


async def test_f4_on_a_field_without_a_list_says_so(app):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_form(pilot)
        await pilot.press("f4")  # the name has no list
        await pilot.pause()
        assert app.screen is form
        assert "This field has no list" in text(app, "#form-message")


async def test_the_form_follows_an_undo_that_changes_the_character(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.execute(EditActor("ser-aldric", (("xp", "300"),)))
        await open_form(pilot)
        assert value(app, "xp") == "300"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert value(app, "xp") == "0"


# -- level up, equip, unequip ---------------------------------------------------------------


async def test_l_levels_up_the_first_class_and_the_rules_raise_the_hp(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LevelUpDialog)
        assert app.screen.query_one("#level-class").value == "Fighter"
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        aldric = actor(app, "ser-aldric")
        assert aldric.classes == (ClassLevel("Fighter", 6, "Champion"),)
        assert aldric.max_hp == aldric.hp == 58  # 49 + 6 (d10 average) + CON 3
        assert "Fighter 6 (Champion)" in text(app, "#sheet-top")


async def test_level_up_is_refused_in_a_running_fight_and_the_dialog_says_so(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("s")  # the current combatant's sheet: Ayla
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.ref == "ayla"
        await pilot.press("L", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LevelUpDialog)
        assert "Level up between fights." in text(app, "#level-message")
        assert actor(app, "ayla").classes[0].level == 5
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)


async def test_w_equips_plate_from_the_library_and_shift_w_takes_it_off(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_sheet(pilot)
        assert "AC 18 (Chain mail 16 + Shield 2)" in text(app, "#sheet-top")
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, NamePicker)
        await pilot.press(*"plate", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        aldric = actor(app, "ser-aldric")
        assert aldric.armor.name == "Plate" and "Chain mail" in aldric.inventory
        assert "AC 20 (Plate 18 + Shield 2)" in text(app, "#sheet-top")
        assert "Chain mail" in text(app, "#sheet-gear")
        await pilot.press("W")
        await pilot.pause()
        await pilot.press(*"plate", "enter")
        await pilot.pause()
        aldric = actor(app, "ser-aldric")
        assert aldric.armor is None and "Plate" in aldric.inventory
        assert "AC 13" in text(app, "#sheet-top")  # 10 + DEX 1 + Shield 2


async def test_the_sample_s_loot_and_coins_show_on_the_sheet_and_loot_can_be_put_on(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        app.execute(ApplyDamage("goblin-2", 99))  # Scimitar, Shortbow, Leather, Shield; 7 gp
        app.execute(EndFight(loot=("goblin-2/weapons/0", "goblin-2/armor"), loot_to="ayla"))
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await open_sheet(pilot, "ayla")
        gear = text(app, "#sheet-gear")
        assert "1 gp 0 sp" in gear and "0 cp 0 pp" in gear
        assert "Scimitar" in gear and "Leather" in gear
        assert "Rapier" in gear  # what it wields
        await pilot.press("w")
        await pilot.pause()
        assert app.screen.query_one("#picker-names").get_option_at_index(1).prompt == "Scimitar"  # carried first
        await pilot.press("enter")
        await pilot.pause()
        ayla = actor(app, "ayla")
        assert "Scimitar" in [w.name for w in ayla.weapons] and ayla.inventory == ("Leather",)


async def test_a_creature_s_sheet_has_no_editor_or_level_up(app):
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SheetScreen("goblin-boss"))
        await pilot.pause()
        await pilot.press("i", "L")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen)
        assert "Goblin Boss" in text(app, "#sheet-top")
