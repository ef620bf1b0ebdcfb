"""The FuturePath editors, driven by keys: the combatant form (a, E, d, x on the campaign screen)
with its weapon form, and the ship form (n on the campaign screen; n, e, r in ship setup) with its
hard point, bay and crew forms. Each save is one command (one undo step); a refusal names the
field, keeps the form open and changes nothing; every form closes with a letter too."""

from __future__ import annotations

from textual.widgets import DataTable, Input, OptionList, Static

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.futurepath.combatant_editor import CombatantEditor
from combat_tui.screens.futurepath.confirm_dialog import FPConfirmDialog
from combat_tui.screens.futurepath.editor_form import EntryForm
from combat_tui.screens.futurepath.ship_editor import ShipEditor
from combat_tui.screens.futurepath.ship_setup import ShipSetupScreen
from tests.screens.fp_helpers import actor, fp, make_fp_app


def error(app) -> str:
    return str(app.screen.query_one(".fp-form-error", Static).render())


def field(app, ident: str) -> Input:
    return app.screen.query_one(f"#{ident}", Input)


def ship(app, ref: str):
    return next((s for s in fp(app).ships if s.id == ref), None)


async def test_a_adds_a_combatant_in_a_few_keys():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down", "down", "a")  # on Space Bear 1: the new one joins its team
        await pilot.pause()
        assert isinstance(app.screen, CombatantEditor)
        assert app.focused is field(app, "fp-edit-name") and field(app, "fp-edit-team").value == "The Space Bears"
        await pilot.press(*"Zed", "tab", *"12", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        zed = actor(app, "zed")
        assert (zed.name, zed.team, zed.max_hp, zed.hp) == ("Zed", "bears", 12, 12)
        assert app.session.log[-1] == "Zed is added to The Space Bears: HP 12, AC 10, Initiative +0, no weapons."
        app.session.undo()
        assert actor(app, "zed") is None and not app.session.can_undo


async def test_a_bad_value_is_refused_with_its_field_and_the_form_stays():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.session.state
        await pilot.press("a", *"Zed", "tab", "0", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatantEditor) and error(app) == "HP: 0 is below 1."
        assert app.focused is field(app, "fp-edit-hp") and field(app, "fp-edit-name").value == "Zed"  # kept as typed
        await pilot.press("9", "tab", "tab", *"Nobody", "enter")  # HP 9 now, and a team that is not one
        await pilot.pause()
        assert error(app).startswith("Team: no team is called 'Nobody'.") and app.focused is field(app, "fp-edit-team")
        assert app.session.state is start
        app.screen.query_one("#fp-edit-hp").focus()
        await pilot.press("c")  # a letter closes from a number field
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen) and app.session.state is start


async def test_E_edits_a_weapon_in_its_own_form_and_saves_one_command():
    # ref: notes §2.3 — a crit range within the d20, and its multiplier
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.session.state
        await pilot.press("down", "down", "down", "E")
        await pilot.pause()
        assert isinstance(app.screen, CombatantEditor)
        assert str(app.screen.query_one("#fp-edit-preview", Static).render()).startswith("AC 13 (touch 9, flat-footed 13)")
        await pilot.press("shift+tab", "enter")  # the weapon list, its first weapon
        await pilot.pause()
        assert isinstance(app.screen, EntryForm)
        await pilot.press("tab", "tab", "tab", "tab", *"21-20", "enter")
        await pilot.pause()
        assert isinstance(app.screen, EntryForm) and error(app).startswith("Weapon 1 crit range: '21-20' is outside the d20")
        field(app, "fp-entry-crit").value = "18-20"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatantEditor) and app.session.state is start  # not saved yet
        assert "18-20/x2" in str(app.screen.query_one("#fp-edit-weapons", OptionList).get_option_at_index(0).prompt)
        app.screen.query_one("#fp-edit-armor").focus()
        await pilot.pause()
        await pilot.press("6", "s")  # s saves from a number field
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        katie = actor(app, "katie")
        assert (katie.weapons[0].crit_from, katie.ac.armor) == (18, 6)
        assert app.session.log[-1] == "Katie is edited: Armor 4 -> 6; Helix Blade crit range 19-20 -> 18-20."
        app.session.undo()
        assert app.session.state == start


async def test_w_adds_a_weapon_and_x_removes_one():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down", "E", "shift+tab", "w")
        await pilot.pause()
        assert isinstance(app.screen, EntryForm)
        await pilot.press(*"Knife", "tab", *"1d4", "tab", *"slashing", "enter")
        await pilot.pause()
        weapons = app.screen.query_one("#fp-edit-weapons", OptionList)
        assert weapons.option_count == 2 and weapons.highlighted == 1
        await pilot.press("up", "x", "ctrl+s")  # the Helix Blade goes
        await pilot.pause()
        assert [w.name for w in actor(app, "katie").weapons] == ["Knife"]


async def test_d_copies_a_combatant_and_x_removes_one_after_a_question():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*["down"] * 7, "d")
        await pilot.pause()
        assert isinstance(app.screen, CombatantEditor) and field(app, "fp-edit-name").value == "Space Bear"
        await pilot.press("ctrl+s")
        await pilot.pause()
        copy = actor(app, "space-bear")
        assert copy is not None and (copy.max_hp, copy.weapons) == (30, actor(app, "bear-4").weapons)
        await pilot.press("x")  # the cursor stayed on Space Bear 4
        await pilot.pause()
        assert isinstance(app.screen, FPConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert actor(app, "bear-4") is not None
        await pilot.press("x", "y")
        await pilot.pause()
        assert actor(app, "bear-4") is None and app.session.log[-1] == "Space Bear 4 is removed from the campaign."


async def test_n_adds_a_ship_and_a_hard_point_the_hull_lacks_is_refused():
    # ref: notes §2.8 — a diminutive military hull has 3 hard points
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        start = app.session.state
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ShipEditor)
        await pilot.press(*"Wasp", "tab", *"pirates", "tab", *"diminutive", "tab")  # on Military: letters act
        for weapon in ("laser", "laser", "kinetic", "rocket"):
            await pilot.press("p", "tab", *weapon, "enter")
            await pilot.pause()
        assert app.screen.query_one("#fp-ship-points", OptionList).option_count == 4
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ShipEditor)
        assert error(app).startswith("Hard point 4: a diminutive military hull has 3 hard points")
        assert app.focused is app.screen.query_one("#fp-ship-points") and app.session.state is start
        await pilot.press("x")  # the highlighted one, the fourth
        await pilot.press("tab", "tab", "down", "down", "enter")  # the crew list: the Helm
        await pilot.pause()
        await pilot.press(*"Raider 5", "tab", "1", "enter")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        wasp = ship(app, "wasp")
        assert (wasp.side, wasp.size, [p.weapon for p in wasp.hard_points]) == ("pirates", "diminutive", ["laser", "laser", "kinetic"])
        assert wasp.post("helm").name == "Raider 5" and wasp.post("helm").bonus == 1
        app.session.undo()
        assert app.session.state == start


async def test_ship_setup_edits_adds_and_removes_ships():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, ShipSetupScreen)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, ShipEditor) and field(app, "fp-ship-name").value == "Bearclaw"
        app.screen.query_one("#fp-ship-engines").focus()
        await pilot.pause()
        await pilot.press(*"14", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ShipSetupScreen) and ship(app, "bearclaw").attributes.engines == 14
        await pilot.press("n")
        await pilot.pause()
        await pilot.press(*"Moth", "tab", *"party", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ShipSetupScreen) and ship(app, "moth").side == "party"
        in_fight = app.screen.query_one("#ship-setup-ships", DataTable).get_cell("moth", "In")
        assert str(in_fight) == "[x]"  # a new ship comes in marked In
        await pilot.press(*["down"] * 6, "r", "y")
        await pilot.pause()
        assert ship(app, "moth") is None
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("tab", "tab", "tab", "q")  # on a tick box, a letter closes the form as well as Esc
        await pilot.pause()
        assert isinstance(app.screen, ShipSetupScreen)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_the_campaign_screen_shows_the_keys():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)):
        keys = {binding.binding.key: binding.binding.description for binding in app.screen.active_bindings.values()}
        assert {keys[k] for k in ("a", "E", "d", "x", "n")} == {"Add", "Edit", "Copy", "Remove", "New ship"}
        assert "a add · E edit" in app.screen.query_one("#fp-roster").border_title
