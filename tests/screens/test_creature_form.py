"""The creature form (`e` in the creature dialog): every field the rules read, saved as one command
with the changed fields only; a refusal stays in the form, naming the field, and changes nothing.
Also a new creature (onto the party's tile) and a template edited in the same form."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static, TextArea

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.creature_dialog import CreatureDialog
from combat_tui.screens.dnd5e.creature_form import CreatureForm
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.weapon_text import format_weapons
from tests.screens.helpers import actor

BOSS = ("tab", "down", "down", "down", "e")
"""From the campaign screen: the Goblin Boss (the fourth Nearby row) in the creature dialog."""


async def open_boss_form(pilot) -> CreatureForm:
    await pilot.press(*BOSS)
    await pilot.pause()
    assert isinstance(pilot.app.screen, CreatureDialog) and pilot.app.screen.ref == "goblin-boss"
    await pilot.press("e")
    await pilot.pause()
    form = pilot.app.screen
    assert isinstance(form, CreatureForm) and form.ref == "goblin-boss"
    return form


def error_text(form: CreatureForm) -> str:
    return str(form.query_one("#cf-error", Static).render())


async def test_ac_and_resistances_of_the_goblin_boss_save_as_one_edit_that_one_undo_takes_back(app):
    # ref: Damage and damage defenses — "A creature takes its three lists from the creature dialog."
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_boss_form(pilot)
        assert form.query_one("#cf-box").border_title == "Creature form · Goblin Boss"
        assert form.query_one("#cf-ac", Input).value == "17"
        await pilot.press("pagedown")  # Defense: its first field is AC, its text selected
        assert app.focused.id == "cf-ac"
        await pilot.press("1", "8", *["tab"] * 5, *"fire, cold")
        assert app.focused.id == "cf-resistances"
        assert form.command() == cmd.EditActor("goblin-boss", (("ac", "18"), ("resistances", "fire, cold")))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog)
        boss = actor(app, "goblin-boss")
        assert (boss.ac, boss.resistances) == (18, ("fire", "cold"))
        assert app.session.log[-1] == "Goblin Boss is edited: AC, Damage resistances."
        assert "AC 18" in str(app.screen.query_one("#creature-facts").render())
        await pilot.press("c", "u")  # `u` is the app's undo on the campaign screen (a dialog is modal)
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        boss = actor(app, "goblin-boss")
        assert (boss.ac, boss.resistances) == (17, ())
        assert not app.session.can_undo


async def test_enter_in_a_field_and_f2_save_and_esc_and_f3_cancel(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_boss_form(pilot)
        await pilot.press("pagedown", *"16", "f3")  # cancel: nothing changes
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and actor(app, "goblin-boss").ac == 17
        await pilot.press("e", "pagedown", *"16", "escape")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and actor(app, "goblin-boss").ac == 17
        await pilot.press("e", "pagedown", *"16", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and actor(app, "goblin-boss").ac == 16
        await pilot.press("e", "pagedown", *"15", "f2")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and actor(app, "goblin-boss").ac == 15


async def test_saving_an_unchanged_form_sends_nothing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_boss_form(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog)
        assert not app.session.can_undo


@pytest.mark.parametrize(
    ("keys", "field", "message"),
    [
        (("tab", "tab", "tab", *"1/3"), "cr", "cr: '1/3' is not a challenge rating"),
        (("pagedown", *["tab"] * 5, *"fire, frost"), "resistances", "resistances: 'frost' is not a damage type."),
        (("pagedown", "tab", "tab", "tab", "0"), "max_hp", "max_hp: must be at least 1, not 0."),
    ],
    ids=["bad-cr", "unknown-damage-type", "max-hp-0"],
)
async def test_a_refused_field_keeps_the_form_open_naming_it_and_changes_nothing(app, keys, field, message):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_boss_form(pilot)
        before = app.session.state
        await pilot.press("pagedown", *"19", "pageup", *keys, "ctrl+s")  # AC too: all or nothing
        await pilot.pause()
        assert app.screen is form
        assert message in error_text(form)
        bad = form.query_one(f"#cf-{field}", Input)
        assert bad.has_class("-refused") and app.focused is bad
        assert app.session.state is before and not app.session.can_undo
        assert form.query_one("#cf-ac", Input).value == "19"  # the typing is kept
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and actor(app, "goblin-boss").ac == 17


async def test_pageup_and_pagedown_walk_the_sections(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_boss_form(pilot)
        seen = [app.focused.id]
        for _ in range(4):
            await pilot.press("pagedown")
            seen.append(app.focused.id)
        assert seen == ["cf-name", "cf-ac", "cf-str", "cf-weapons", "cf-notes"]
        await pilot.press("pageup", "pageup")
        assert app.focused.id == "cf-str"


async def test_a_weapon_added_on_a_new_line_of_the_weapons_box(app):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_boss_form(pilot)
        assert form.query_one("#cf-weapons", TextArea).text.splitlines() == [
            "Scimitar 1d6 slashing martial finesse light",
            "Javelin 1d6 piercing simple thrown range 30/120",
        ]
        await pilot.press("pagedown", "pagedown", "pagedown", "down", "end", "enter", *"Dagger 1d4 piercing light")
        await pilot.press("ctrl+s")
        await pilot.pause()
        weapons = actor(app, "goblin-boss").weapons
        assert [w.name for w in weapons] == ["Scimitar", "Javelin", "Dagger"]
        assert format_weapons(weapons[2:]) == "Dagger 1d4 piercing simple light"


async def test_the_save_actions_are_listed_read_only(app):
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_boss_form(pilot)
        listed = str(form.query_one("#cf-actions").render())
        assert "Save actions" in listed and "a add, o open, r remove in the creature dialog" in listed


async def test_a_new_creature_from_the_form_appears_on_the_party_tile(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CreatureForm())
        await pilot.pause()
        form = app.screen
        assert form.query_one("#cf-box").border_title == "New creature · on the party's tile"
        await pilot.press("ctrl+s")  # no name yet: refused in the form
        await pilot.pause()
        assert app.screen is form and "name: a name cannot be empty." in error_text(form)
        assert not app.session.can_undo
        await pilot.press(*"Bandit Captain", "pagedown", *"15", "tab", "tab", "tab", *"65", "ctrl+s")
        await pilot.pause()
        assert app.screen is not form
        made = [c for c in app.session.state.creatures if c.name == "Bandit Captain"]
        assert len(made) == 1
        captain = made[0]
        assert captain.tile == app.session.state.party_tile
        assert (captain.ac, captain.max_hp, captain.hp) == (15, 65, 65)
        assert app.session.log[-1].startswith("Bandit Captain appears at")


async def test_a_template_is_edited_in_the_same_form(app):
    app.session.execute(cmd.SaveTemplate("goblin-boss", "Goblin Chief"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CreatureForm(template="Goblin Chief"))
        await pilot.pause()
        form = app.screen
        assert form.query_one("#cf-box").border_title == "Template · Goblin Chief"
        assert "kept from the creature" in str(form.query_one("#cf-actions").render())
        await pilot.press(*"Goblin Warlord", "pagedown", *"19", "ctrl+s")
        await pilot.pause()
        assert app.screen is not form
        (template,) = app.session.state.templates
        assert (template.name, template.ac) == ("Goblin Warlord", 19)
        assert actor(app, "goblin-boss").ac == 17  # the creature it came from is its own
        assert app.session.log[-1] == "The template Goblin Chief is edited: Name, AC."


async def test_a_form_for_a_template_that_is_gone_says_so(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(CreatureForm(template="Nobody"))
        await pilot.pause()
        assert "There is no template called 'Nobody'." in str(app.screen.query_one("#cf-missing").render())
        await pilot.press("ctrl+s", "f3")
        await pilot.pause()
        assert not isinstance(app.screen, CreatureForm) and not app.session.can_undo
