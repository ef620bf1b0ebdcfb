"""Fast at the table: targets by name, the likeliest target first, and whole damage in four keys,
each flow pressed key by key from the combat screen (the keys counted in the test's name).

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle,
Goblin Boss; the goblins stand next to the party, the wolves four tiles away.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Label, Select

from combat_tui.screens.dnd5e.attack_dialog import AttackDialog
from combat_tui.screens.dnd5e.cast_dialog import CastDialog
from combat_tui.screens.dnd5e.chip_dialog import ChipDialog
from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.target_finder import TargetFinder
from tests.screens.helpers import actor, start_fight, type_line


async def keys(pilot, *pressed: str) -> None:
    await pilot.press(*pressed)
    await pilot.pause()


def typed(app) -> str:
    shown = app.screen.query_one("#dh-typed", Label)
    return str(shown.render()) if shown.has_class("-shown") else ""


# -- the attack dialog ------------------------------------------------------------------------------


async def test_attacking_the_second_foe_is_a_t_r_3_keys_the_nearest_foes_first(app):
    # ref: issue "Fast at the table", done-when: "attacking the second foe in the order ≤ 4 keys";
    # item 1: "starts on the likeliest target (... else the nearest foe still standing)". The wolves
    # join at the top of the order, four tiles away: the goblins next to the party come first.
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "dice 20 20")
        await type_line(pilot, "join Wolf 1, Wolf 2")
        assert app.session.state.fight.combatants[0].ref == "wolf-1"
        app.session.dice.force([15, 6])
        await keys(pilot, "a", "t", "r")
        assert app.session.log[-4].startswith("Ayla attacks Goblin 1 with Rapier: d20 15")


async def test_slash_finds_the_target_by_g3_and_the_fallen_only_when_asked(app):
    # ref: issue "Fast at the table", item 1: "takes type-ahead on the label ... and leaves the
    # defeated and dead out unless asked"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage 'Goblin 1' 7")
        await keys(pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, AttackDialog) and "goblin-1" not in dialog._targets
        await keys(pilot, "slash", "g", "3", "enter")
        assert dialog.target == "goblin-3"
        await keys(pilot, "slash", "g")
        finder = app.screen
        assert isinstance(finder, TargetFinder)
        assert finder._names == ["Goblin 3", "Goblin 2", "Goblin Boss"]  # the target first, no Goblin 1
        await keys(pilot, "f2")
        assert finder._names == ["Goblin 3", "Goblin 2", "Goblin Boss", "Goblin 1"]
        await keys(pilot, "1", "enter")
        assert dialog.target == "goblin-1"


# -- whole damage from the combat screen ------------------------------------------------------------


async def test_7_damage_to_goblin_2_is_7_g_2_d_4_keys(app):
    # ref: issue "Fast at the table", item 1: "A number typed on the combat screen followed by a
    # label's initial and d/h is a whole damage or heal"; done-when "7 damage to Goblin 2 ≤ 4".
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await keys(pilot, "7", "g", "2")
        assert typed(app) == "Typed g2: Goblin 2"
        await keys(pilot, "d")
        assert app.session.log[-2:] == ["Goblin 2 takes 7 damage (7 → 0 HP).", "Goblin 2 is defeated."]
        assert typed(app) == ""
        assert app.screen.query_one("#amount").value == "1"


async def test_a_fast_7g2d_that_comes_before_the_focus_lands_still_hits_goblin_2(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for char in "7g2d":  # in one burst, as a quick typist's keys reach the screen
            app.post_message(events.Key(char, char))
        await pilot.pause()
        assert app.session.log[-2] == "Goblin 2 takes 7 damage (7 → 0 HP)."


async def test_an_initial_that_fits_several_goes_to_the_likeliest_and_says_so(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await keys(pilot, "3", "g")
        assert typed(app) == "Typed g: Goblin 2  (4 fit: type more)"  # the nearest foe standing
        await keys(pilot, "d")
        assert actor(app, "goblin-2").hp == 4
        for _ in range(5):  # inspect Goblin 3: it comes first
            await pilot.press("right_square_bracket")
        await keys(pilot, "2", "g", "d")
        assert actor(app, "goblin-3").hp == 5


async def test_a_heal_by_initial_and_the_box_keeps_the_typed_target(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage Bren 10")
        await keys(pilot, "4", "b", "h")
        assert app.session.log[-1] == "Bren regains 4 HP (22 → 26 HP)."
        assert app.screen.query_one("#dh-target", Select).value == "bren"  # now the box's target
        await keys(pilot, "2", "d")  # `N d` stays the box's target's, as before
        assert actor(app, "bren").hp == 24


async def test_a_key_that_fits_no_one_is_left_out_and_backspace_and_esc_drop_the_typed_target(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        before = app.session.state
        await keys(pilot, "7", "g", "9")  # no Goblin 9: the bell, and the 9 is not taken
        assert typed(app).startswith("Typed g:")
        await keys(pilot, "backspace")
        assert typed(app) == ""
        await keys(pilot, "g", "escape")
        assert typed(app) == "" and app.session.state is before
        await keys(pilot, "7", "d")  # no target typed or chosen: nothing, as before
        assert app.session.state is before
        await keys(pilot, "7", "n")  # no label starts with n: the letter keeps its key (Next turn)
        assert app.session.state.fight.current().ref == "ser-aldric"


async def test_the_box_lists_the_standing_and_the_inspected_even_fallen(app):
    # ref: issue "Fast at the table", item 1: "leaves the defeated and dead out unless asked"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage 'Goblin 1' 7")
        box = app.screen.query_one("#dh-target", Select)
        assert "goblin-1" not in [value for _, value in box._options]
        for _ in range(4):
            await pilot.press("right_square_bracket")  # inspecting Goblin 1 asks for it
        await pilot.pause()
        assert box.value == "goblin-1"


async def test_the_target_select_takes_type_ahead_then_enter_goes_on_to_the_amount(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await keys(pilot, "t", "g", "3")
        assert app.screen.query_one("#dh-target", Select).value == "goblin-3"
        await keys(pilot, "enter", "5", "d")
        assert actor(app, "goblin-3").hp == 2


# -- chips ------------------------------------------------------------------------------------------


async def test_poisoned_for_2_rounds_is_x_p_o_2_enter_5_keys(app):
    # ref: issue "Fast at the table", done-when: "Poisoned for 2 rounds ≤ 6"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await keys(pilot, "x", "p", "o", "2", "enter")
        assert app.session.log[-1] == "Ayla is Poisoned for 2 rounds."
        assert isinstance(app.screen, ChipDialog) and app.screen.focused.id == "chip-list"
        for key, char in (("b", "b"), ("l", "l"), ("3", "3"), ("enter", "\r")):  # a burst, before any focus lands
            app.post_message(events.Key(key, char))
        await pilot.pause()
        assert app.session.log[-1] == "Ayla is Blinded for 3 rounds."
        await keys(pilot, "a", *"Mark 2", "enter")  # no condition begins "Mark": a note keeps its digits
        assert [c.name for c in actor(app, "ayla").chips] == ["Poisoned", "Blinded", "Mark 2"]


async def test_the_chip_dialog_finds_whose_chips_by_name(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await keys(pilot, "x", "slash", "g", "b", "enter")
        dialog = app.screen
        assert isinstance(dialog, ChipDialog) and dialog.ref == "goblin-boss"
        assert dialog.query_one("#chips-box").border_title == "Chips · Goblin Boss"
        await keys(pilot, "p", "r", "enter")
        assert app.session.log[-1] == "Goblin Boss is Prone."


# -- the cast dialog --------------------------------------------------------------------------------


async def test_healing_word_on_any_ally_is_c_f_h_slash_b_enter_r_7_keys(app):
    # ref: issue "Fast at the table", done-when: "Healing Word on any ally ≤ 7"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage Ayla 10")
        await type_line(pilot, "damage Bren 5")
        await keys(pilot, *["n"] * 6)  # Mirelle's turn
        app.session.dice.force([3])
        await keys(pilot, "C", "f", "h", "slash", "b", "enter", "r")
        assert app.session.log[-3] == "Mirelle casts Healing Word at 1st level on Bren."


async def test_a_heal_starts_on_the_most_hurt_ally_c_f_h_enter_r_5_keys(app):
    # ref: issue "Fast at the table", item 2: "the nearest/most hurt ally for healing"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage Ayla 10")
        await keys(pilot, *["n"] * 6)
        app.session.dice.force([3])
        await keys(pilot, "C", "f", "h", "enter")
        assert isinstance(app.screen, CastDialog) and app.screen.targets == ["ayla"]
        await keys(pilot, "r")
        assert app.session.log[-3] == "Mirelle casts Healing Word at 1st level on Ayla."


async def test_the_cast_walk_leaves_out_the_fallen_and_a_raise_wants_them(app):
    # ref: issue "Fast at the table", item 1: "except where the spell wants them (Revivify etc. —
    # spells that raise the dead: the spell record says so)"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage 'Goblin 1' 7")
        await keys(pilot, *["n"] * 6, "C")
        dialog = app.screen
        assert isinstance(dialog, CastDialog) and "goblin-1" not in dialog._order
        await keys(pilot, "f", *"revi", "enter")
        assert dialog.spell == "Revivify" and "goblin-1" in dialog._order
        assert isinstance(app.screen, CastDialog)
        await keys(pilot, "c")
        assert isinstance(app.screen, CombatScreen)
