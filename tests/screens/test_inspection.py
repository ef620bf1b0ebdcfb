"""Inspecting a combatant and the Damage and Heal box's target (ref: Combat screen)."""

from __future__ import annotations

from textual.widgets import Input

from combat_tui.widgets.dnd5e.damage_heal_box import DamageHealBox
from tests.screens.helpers import actor, start_fight

# The order after start_fight: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle, Goblin Boss.


def inspected(app) -> str | None:
    return app.screen._inspected


async def test_the_four_ways_back_to_the_current_turn(app):
    # ref: Combat screen — "A click on the link, on the chip of the current turn, or on the
    # inspected chip again returns the column to whoever's turn it is. The next turn and the end of
    # the fight also return it."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket")
        assert inspected(app) == "ser-aldric"
        await pilot.press("c")  # the Back to current turn link
        assert inspected(app) is None
        await pilot.press("right_square_bracket", "left_square_bracket")  # onto the current turn's card
        assert inspected(app) is None
        await pilot.press("right_square_bracket", "right_square_bracket", "enter")  # the inspected card again
        await pilot.pause()
        assert inspected(app) is None
        await pilot.press("right_square_bracket", "n")  # the next turn
        await pilot.pause()
        assert inspected(app) is None


async def test_the_target_defaults_to_the_inspected_combatant_and_a_new_inspection_resets_it(app):
    # ref: Combat screen — "The target defaults to the inspected combatant ... A new selection on
    # the board or a new inspection resets the target."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        box = app.screen.query_one(DamageHealBox)
        await pilot.press("right_square_bracket")
        assert box.target == "ser-aldric"
        await pilot.press("t", "enter", "down", "down", "enter")  # the select picks Mirelle ...
        await pilot.pause()
        assert box.target != "ser-aldric"
        await pilot.press("escape", "right_square_bracket")  # ... and a new inspection resets it
        await pilot.pause()
        assert box.target == inspected(app) == "bren"


async def test_the_amount_field_selects_its_number_on_focus_so_typing_replaces_it(app):
    # ref: Combat screen — "A click in the field selects its number, so you can type the next amount
    # over it."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "m")  # m focuses the Amount field
        await pilot.pause()
        field = app.screen.query_one("#amount", Input)
        assert field.has_focus and field.selection.start != field.selection.end
        await pilot.press("6", "d")
        await pilot.pause()
        assert actor(app, "ser-aldric").hp == 43
        assert field.value == "1"  # "each Damage or Heal press sets it back to 1"
