"""The creature dialog's Actions section and its action editor (ref: Creature actions): `a` adds,
`o` or Enter opens the highlighted action, `r` removes it; the editor's Done posts one command."""

from __future__ import annotations

from combat_tui.screens.dnd5e.action_editor import ActionEditor
from combat_tui.screens.dnd5e.creature_dialog import CreatureDialog
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import CreatureAction
from tests.screens.helpers import actor
from tests.screens.test_map_walk import posted

BREATH = CreatureAction("Cold Breath", "constitution", 13, "4d8", "cold", 5, True)


def _rows(app) -> list[str]:
    listing = app.screen.query_one("#creature-actions")
    return [str(listing.get_option_at_index(i).prompt) for i in range(listing.option_count)]


async def _type(pilot, field: str, text: str) -> None:
    pilot.app.screen.query_one(f"#action-{field}").value = ""
    pilot.app.screen.query_one(f"#action-{field}").focus()
    await pilot.press(*text)


async def test_the_winter_wolf_lists_its_cold_breath(app):
    # ref: Creature actions — "A creature can have save actions, such as the Cold Breath of a winter wolf."
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CreatureDialog("winter-wolf"))
        await pilot.pause()
        assert _rows(app) == ["Cold Breath · DC 12 DEX, 4d8 cold, recharge 5-6, half on a save"]


async def test_a_adds_an_action_through_the_editor_and_undo_takes_it_away(app):
    # ref: Creature actions — "The action dialog asks for a name, the saving throw, the DC, one damage term (dice, die, and type), a Recharge face, and whether a save halves the damage."
    seen: list = []
    async with app.run_test(size=(80, 24), message_hook=seen.append) as pilot:
        await pilot.press("e")  # the Nearby list's first row: Goblin 1
        await pilot.pause()
        assert _rows(app) == ["No save actions (a: add one)."]
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, ActionEditor)
        await pilot.press(*"Fire Spit", "tab", *"dex", "tab", *"11", "tab", *"2d6", "tab", *"fire", "tab", "5")
        await pilot.press("tab", "space")  # Half: ticked by default, so this unticks it
        await pilot.pause()
        assert str(app.screen.query_one("#action-half").label) == "Half: a save takes no damage (no)"
        await pilot.press("shift+tab", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog)
        action = CreatureAction("Fire Spit", "dexterity", 11, "2d6", "fire", 5, False)
        assert posted(seen) == [cmd.SetCreatureAction("goblin-1", -1, action)]
        assert actor(app, "goblin-1").actions == (action,)
        assert app.session.log[-1] == "Goblin 1 gains Fire Spit (DC 11 DEX, 2d6 fire, recharge 5-6, none on a save)."
        assert _rows(app) == ["Fire Spit · DC 11 DEX, 2d6 fire, recharge 5-6, none on a save"]
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert actor(app, "goblin-1").actions == ()


async def test_a_bad_term_keeps_the_editor_open_with_the_reason_and_esc_cancels(app):
    # ref: Creature actions — the DC of the action, one damage term
    seen: list = []
    async with app.run_test(size=(80, 24), message_hook=seen.append) as pilot:
        await pilot.press("e", "a")
        await pilot.pause()
        await pilot.press(*"Zap", "tab", *"con", "tab", *"40", "tab", *"1d6", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionEditor)
        assert "The DC of Zap can be 1 to 30, not 40." in str(app.screen.query_one("#action-error").render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog)
        assert posted(seen) == [] and actor(app, "goblin-1").actions == ()


async def test_o_opens_the_highlighted_action_filled_in_and_done_changes_it(app):
    # ref: Creature actions — "To change or remove an action, pick it in the list and click Open ... Click Done to go back to the creature dialog"
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CreatureDialog("winter-wolf"))
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, ActionEditor)
        assert [editor.query_one(f"#action-{key}").value for key in ("name", "save", "dc", "damage", "type", "recharge")] == [
            "Cold Breath", "dex", "12", "4d8", "cold", "5"]  # fmt: skip
        await _type(pilot, "dc", "15")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CreatureDialog)
        assert actor(app, "winter-wolf").actions[0].dc == 15
        assert app.session.log[-1] == "Winter Wolf's Cold Breath is now DC 15 DEX, 4d8 cold, recharge 5-6, half on a save."


async def test_enter_on_the_list_opens_and_r_removes_the_highlighted_action(app):
    # ref: Creature actions — "Tick Remove this action to remove it."
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CreatureDialog("winter-wolf"))
        await pilot.pause()
        app.screen.query_one("#creature-actions").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ActionEditor)
        await pilot.press("escape", "r")
        await pilot.pause()
        assert actor(app, "winter-wolf").actions == ()
        assert app.session.log[-1] == "Winter Wolf loses Cold Breath."
        assert _rows(app) == ["No save actions (a: add one)."]
        await pilot.press("r")  # nothing highlighted: a bell, no command
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert _rows(app) == ["Cold Breath · DC 12 DEX, 4d8 cold, recharge 5-6, half on a save"]


async def test_a_spent_action_says_so_in_the_list(app):
    # ref: Creature actions — "An action with a recharge face (6, 5-6, or 4-6) is spent after one use"
    from attrs import evolve

    wolf = actor(app, "winter-wolf")
    app.session.state = app.session.state.with_actor(evolve(wolf, actions=(evolve(wolf.actions[0], ready=False),)))
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(CreatureDialog("winter-wolf"))
        await pilot.pause()
        assert _rows(app) == ["Cold Breath · DC 12 DEX, 4d8 cold, recharge 5-6, half on a save · spent"]
