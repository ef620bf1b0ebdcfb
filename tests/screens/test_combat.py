"""The combat screen driven by keys (ref: Combat screen): turns, inspection, attacks, the GM's
Damage and Heal box, and End combat."""

from __future__ import annotations

from combat_tui.screens.dnd5e.attack_dialog import AttackDialog
from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.end_combat import EndCombatDialog
from tests.screens.helpers import actor, current, record_notes, start_fight


async def test_n_and_p_move_the_turn(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        assert current(app) == "ayla"
        await pilot.press("n", "n")
        await pilot.pause()
        assert current(app) == "bren"
        await pilot.press("p")
        await pilot.pause()
        assert current(app) == "ser-aldric"
        assert app.session.log[-1] == "Back to Ser Aldric's turn (round 1)."


async def test_damage_goes_to_the_inspected_combatant_and_the_amount_resets_to_1(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")  # Goblin 2
        await pilot.press("5", "d")
        await pilot.pause()
        assert actor(app, "goblin-2").hp == 2
        await pilot.press("d")  # a second press does not repeat the big hit
        await pilot.pause()
        assert actor(app, "goblin-2").hp == 1
        assert app.session.log[-1] == "Goblin 2 takes 1 damage (2 → 1 HP)."


async def test_heal_reaches_a_dying_ally_on_a_foes_turn(app):
    # ref: Combat screen — "A dying ally can be selected, so you can heal it on a foe's turn."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "n")  # Goblin 2's turn
        await pilot.pause()
        assert current(app) == "goblin-2"
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")  # Mirelle
        await pilot.press("4", "8", "d")
        await pilot.pause()
        assert actor(app, "mirelle").hp == 0
        await pilot.press("3", "h")
        await pilot.pause()
        assert actor(app, "mirelle").hp == 3


async def test_the_box_never_defaults_to_the_current_turn_and_does_nothing_without_a_target(app):
    # ref: Combat screen — "With neither, the select reads Choose a target, and Damage and Heal
    # stay disabled until you pick one. The box never defaults to the combatant whose turn it is."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        before = app.session.state
        await pilot.press("7", "d", "h")
        await pilot.pause()
        assert app.session.state is before
        await pilot.press("right_square_bracket", "left_square_bracket", "d")  # back on Ayla: no target
        await pilot.pause()
        assert app.session.state is before


async def test_an_amount_below_1_disables_damage_and_heal(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "0", "d")
        await pilot.pause()
        assert actor(app, "ser-aldric").hp == 49


async def test_next_turn_clears_the_inspection_and_the_target(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket", "n")  # inspect Bren, then Next turn
        await pilot.pause()
        before = app.session.state
        await pilot.press("3", "d")
        await pilot.pause()
        assert app.session.state is before  # no target any more


async def test_c_goes_back_to_the_current_turn(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "c", "3", "d")
        await pilot.pause()
        assert all(a.hp == a.max_hp for a in app.session.state.creatures + app.session.state.characters)


async def test_the_target_select_picks_a_target_without_inspecting(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("t", "enter", "down", "down", "enter")  # the select's first combatants
        await pilot.pause()
        await pilot.press("4", "d")
        await pilot.pause()
        assert actor(app, "ser-aldric").hp == 45


async def test_a_opens_the_attack_dialog_on_the_inspected_target(app):
    # ref: Attack rolls — d20 + DEX (finesse rapier) + proficiency against AC.
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for _ in range(4):
            await pilot.press("right_square_bracket")  # Goblin 1
        app.session.dice.force([15, 6])
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert (app.screen.attacker, app.screen.target, app.screen.weapon) == ("ayla", "goblin-1", "Rapier")
        await pilot.press("r")
        await pilot.pause()
        assert actor(app, "goblin-1").hp == 0
        assert app.session.log[-4].startswith("Ayla attacks Goblin 1 with Rapier: d20 15 + 4 DEX + 3 proficiency = 22")
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        app.session.dice.force([2, 1])
        await pilot.press("right_square_bracket", "a", "w", "v", "i", "r", "c")  # Goblin 3, Shortbow at advantage (i: the Action is spent)
        await pilot.pause()
        assert app.session.log[-1] == (
            "Ayla attacks Goblin 3 with Shortbow: d20 2 (at advantage (dropped 1), by choice) + 4 DEX + 3 proficiency"
            " = 9 vs AC 15, miss."
        )
        assert isinstance(app.screen, CombatScreen)


async def test_e_opens_end_combat_and_b_keeps_the_fight(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EndCombatDialog)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert app.session.state.fight.stage == "running"


async def test_next_turn_dims_damage_in_the_key_bar(app):
    from combat_tui.widgets.key_footer import KeyFooter

    def damage_dimmed(footer: KeyFooter) -> bool:
        text = footer.render()
        start = text.plain.index(" d ")
        return any(span.style.dim for span in text.spans if span.start <= start < span.end and span.style.dim)

    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket")  # inspecting makes a Damage target
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        assert not damage_dimmed(footer)
        await pilot.press("n")  # the new turn clears the target
        await pilot.pause()
        assert damage_dimmed(footer)


async def test_a_dying_character_rolls_its_death_save_with_r_on_its_turn_only(app):
    notes = record_notes(app)
    # ref: Death saves — "The Roll death save button shows only on that turn, and it goes away after
    # the roll" / "A dying character has no action bar" / "The GM sees Stabilize on any turn"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket")  # Bren
        await pilot.press("3", "2", "d")
        await pilot.pause()
        assert actor(app, "bren").dying
        await pilot.press("r")  # not Bren's turn: nothing happens
        await pilot.pause()
        assert actor(app, "bren").death_successes == 0
        await pilot.press("n", "n")  # Bren's turn
        await pilot.pause()
        assert current(app) == "bren"
        assert app.screen.check_action("attack", ()) is False
        await pilot.press("a")  # no attack dialog: a message says why
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert notes[-1] == "Bren is dying and cannot attack."
        app.session.dice.force([12])
        await pilot.press("r")
        await pilot.pause()
        assert actor(app, "bren").death_successes == 1
        assert app.screen.check_action("death_save", ()) is False
        await pilot.press("z")  # stabilize the current (dying) character
        await pilot.pause()
        assert actor(app, "bren").stable


async def test_quick_digits_make_one_amount_before_the_field_has_focus(app):
    # A fast "48d" used to lose the 4: the 8 arrived before the field took focus, and started over.
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket")
        box = app.screen.query_one("#amount")
        app.screen.action_amount_digit("4")
        app.screen.action_amount_digit("8")  # before focus lands
        assert box.value == "48"
        await pilot.press("d")
        await pilot.pause()
        assert app.session.log[-1] == "Ser Aldric takes 48 damage (49 → 1 HP)."


async def test_a_dying_turn_starts_with_a_toast_and_x_s_v_open_chips_sheet_and_tray(app):
    # ref: Death saves — "When its turn starts, the log and a toast say 'Mirelle is dying. Roll a death save.'"
    from combat_tui.screens.dnd5e.chip_dialog import ChipDialog
    from combat_tui.screens.dnd5e.sheet import SheetScreen

    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket")  # Bren
        await pilot.press("3", "2", "d", "n", "n")
        await pilot.pause()
        assert current(app) == "bren"
        assert "Bren is dying. Roll a death save." in notes
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ChipDialog) and app.screen.ref == "bren"
        await pilot.press("c", "s")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.ref == "bren"
        await pilot.press("b", "v")
        await pilot.pause()
        assert app.session.state.d20_mode == "adv"
        assert app.session.log[-1] == "Dice tray: d20 mode set to advantage (was normal)."
