"""The custom spells (`S` on the campaign screen) and the spell form, from the keyboard."""

from __future__ import annotations

from textual.widgets import Checkbox, DataTable, Input, Static

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.spell_form import SpellForm, SpellList
from combat_tui.systems.dnd5e.commands_build import SaveSpell
from combat_tui.systems.dnd5e.custom_spell import CustomSpell


async def test_a_new_spell_with_the_raises_the_dead_box_is_saved_edited_and_deleted(app):
    # ref: Death saves — "In a custom spell, the Raises the dead box of a heal gives the same rule."
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("S")
        await pilot.pause()
        assert isinstance(app.screen, SpellList)
        assert "No custom spells yet" in str(app.screen.query_one("#spell-empty", Static).render())
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SpellForm)
        await pilot.press(*"Second Dawn")
        form.query_one("#sf-level", Input).value = "3"
        form.query_one("#sf-kind", Input).value = "heal"
        form.query_one("#sf-raises_dead", Checkbox).focus()
        await pilot.press("space")  # ticks the box
        assert form.command() == SaveSpell("Second Dawn", (("level", "3"), ("kind", "heal"), ("raises_dead", "yes")))
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SpellList)
        assert app.session.state.custom_spells == (CustomSpell("Second Dawn", 3, "heal", raises_dead=True),)
        assert app.session.log[-1] == "The custom spell Second Dawn is saved."
        assert app.screen.query_one(DataTable).row_count == 1
        await pilot.press("e")  # the form opens with the spell's fields
        await pilot.pause()
        assert app.screen.query_one("#sf-raises_dead", Checkbox).value
        assert app.screen.query_one("#sf-level", Input).value == "3"
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("x", "y")  # asks first
        await pilot.pause()
        assert app.session.state.custom_spells == ()
        assert app.screen.query_one(DataTable).row_count == 0
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_a_refusal_stays_in_the_form_and_marks_the_field(app):
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("S", "n")
        await pilot.pause()
        form = app.screen
        await pilot.press(*"Bad Bolt")
        form.query_one("#sf-kind", Input).value = "damage"
        form.query_one("#sf-dice", Input).value = "2d6"
        form.query_one("#sf-type", Input).value = "sonic"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form
        assert "type: 'sonic' is not a damage type" in str(form.query_one("#sf-error", Static).render())
        assert form.query_one("#sf-type").has_class("-refused") and app.focused.id == "sf-type"
        assert app.session.state.custom_spells == ()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SpellList)
