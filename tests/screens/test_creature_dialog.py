"""The creature dialog (from the Nearby list: `e` or Enter): disposition, tile and HP, each one
command that undoes; `x` deletes after a question. The split dialog (`p`) and `j` on the party list."""

from __future__ import annotations

from combat_tui.core.maps import Tile
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.creature_dialog import CreatureDialog
from combat_tui.screens.dnd5e.sheet import ConfirmDialog
from combat_tui.screens.dnd5e.split_dialog import SplitDialog
from combat_tui.systems.dnd5e import commands as cmd
from tests.screens.helpers import actor, record_notes
from tests.screens.test_map_walk import posted


async def test_e_opens_the_dialog_of_the_highlighted_nearby_row_and_h_n_f_set_the_disposition(app):
    # ref: Ending a fight — "set its disposition back to hostile in the creature dialog"
    seen: list = []
    async with app.run_test(size=(100, 30), message_hook=seen.append) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and app.screen.ref == "goblin-1"
        await pilot.press("n")
        await pilot.pause()
        assert actor(app, "goblin-1").disposition == "neutral"
        await pilot.press("f", "h")
        await pilot.pause()
        assert posted(seen) == [cmd.SetDisposition("goblin-1", d) for d in ("neutral", "friendly", "hostile")]
        assert actor(app, "goblin-1").disposition == "hostile"
        await pilot.press("ctrl+z")  # the app's undo, from the dialog: one change at a time
        await pilot.pause()
        assert actor(app, "goblin-1").disposition == "friendly"


async def test_enter_on_the_nearby_list_opens_the_dialog_of_that_row(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("tab", "down", "down", "down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and app.screen.ref == "brother-oswin"
        assert "Brother Oswin · NPC · CR 1/4 · AC 10 · 2 tiles from the party" in str(
            app.screen.query_one("#creature-facts").render()
        )
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_the_hp_and_tile_fields_apply_on_enter(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("e", "backspace", "3", "enter")
        await pilot.pause()
        assert actor(app, "goblin-1").hp == 3
        assert app.session.log[-1] == "Goblin 1's HP set to 3 (was 7)."
        await pilot.press("shift+tab", "backspace", "2", "enter")  # the Y field
        await pilot.pause()
        assert actor(app, "goblin-1").tile == Tile("greenway", 6, 2)
        assert isinstance(app.screen, CreatureDialog)  # it stays open for the next change


async def test_a_refused_value_says_why_and_changes_nothing(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("e", "backspace", "9", "9", "enter")
        await pilot.pause()
        assert actor(app, "goblin-1").hp == 7
        assert any("HP can be 0 to 7, not 99" in note for note in notes)


async def test_x_deletes_the_creature_after_the_question_and_the_dialog_closes(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("e", "x")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")  # no: nothing happens
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and actor(app, "goblin-1") is not None
        await pilot.press("x", "y")
        await pilot.pause()
        assert actor(app, "goblin-1") is None
        assert isinstance(app.screen, CampaignScreen)
        assert app.session.log[-1] == "Goblin 1 is deleted from the campaign."
        await pilot.press("u")
        await pilot.pause()
        assert actor(app, "goblin-1") is not None


async def test_p_splits_the_highlighted_character_off_and_j_brings_it_back(app):
    seen: list = []
    async with app.run_test(size=(100, 30), message_hook=seen.append) as pilot:
        await pilot.press("down", "down", "p")  # Ayla
        await pilot.pause()
        assert isinstance(app.screen, SplitDialog)
        await pilot.press("backspace", "2", "tab", "backspace", "1", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert actor(app, "ayla").tile == Tile("greenway", 2, 1)
        assert "Ayla (2, 1)" in str(app.screen.query_one("#party-table").get_row("ayla")[0])
        await pilot.press("j")
        await pilot.pause()
        assert actor(app, "ayla").tile == app.session.state.party_tile
        assert posted(seen) == [cmd.SplitCharacter("ayla", 2, 1), cmd.RejoinParty("ayla")]


async def test_m_in_the_split_dialog_picks_another_map_and_j_does_nothing_for_one_with_the_party(app):
    seen: list = []
    async with app.run_test(size=(100, 30), message_hook=seen.append) as pilot:
        await pilot.press("j")  # Ser Aldric is with the party: Rejoin is off
        await pilot.press("down", "p", "m")  # Mirelle, to the next map
        await pilot.pause()
        assert "on The Dragon's Lair" in str(app.screen.query_one("#creature-map").render())
        await pilot.press("enter")
        await pilot.pause()
        assert actor(app, "mirelle").tile == Tile("lair", 5, 5)
        assert posted(seen) == [cmd.SplitCharacter("mirelle", 5, 5, "lair")]
        assert "Mirelle (other map)" in str(app.screen.query_one("#party-table").get_row("mirelle")[0])


async def test_e_in_the_dialog_opens_the_creature_form_of_that_creature(app):
    from combat_tui.screens.dnd5e.creature_form import CreatureForm

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("e", "e")
        await pilot.pause()
        assert isinstance(app.screen, CreatureForm) and app.screen.ref == "goblin-1"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog)


async def test_t_saves_the_creature_as_a_template_that_keeps_its_save_actions(app):
    # ref: Creature actions — "A template that you save from a creature keeps its actions"
    from attrs import evolve

    from combat_tui.screens.dnd5e.creature_dialog import TemplateNameDialog
    from combat_tui.systems.dnd5e.model import CreatureAction

    roar = CreatureAction("Rallying Roar", "wisdom", 11, "1d6", "psychic", recharge=6, half=False)
    state = app.session.state
    app.session.state = state.with_actor(evolve(state.actor("goblin-boss"), actions=(roar,)))
    seen: list = []
    async with app.run_test(size=(100, 30), message_hook=seen.append) as pilot:
        await pilot.press("tab", "down", "down", "down", "e", "t")
        await pilot.pause()
        assert isinstance(app.screen, TemplateNameDialog)
        await pilot.press("escape")  # cancel: nothing saved
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog) and app.session.state.templates == ()
        await pilot.press("t", "enter")  # the creature's own name, as offered
        await pilot.pause()
        await pilot.press("t", *"Warchief", "enter")  # typing replaces the offered name
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog)
        assert posted(seen) == [cmd.SaveTemplate("goblin-boss", "Goblin Boss"), cmd.SaveTemplate("goblin-boss", "Warchief")]
        assert [(t.name, t.actions) for t in app.session.state.templates] == [("Goblin Boss", (roar,)), ("Warchief", (roar,))]
        assert app.session.log[-1] == "Goblin Boss is saved as the template Warchief."
