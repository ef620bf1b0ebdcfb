"""FuturePath dialogs: declare (find by name or alias, target and weapon lists, Esc) and
conditions (find, rounds, remove), driven by keys; and undo across the fight's stages."""

from __future__ import annotations

from combat_tui.screens.futurepath.condition_dialog import FPConditionDialog
from combat_tui.screens.futurepath.declare_dialog import FPDeclareDialog
from combat_tui.screens.futurepath.round import FPRoundScreen
from combat_tui.screens.futurepath.setup import FPSetupScreen
from tests.screens.fp_helpers import action_phase, actor, fight, make_fp_app


async def test_an_alias_declares_under_its_own_name_and_esc_declares_nothing():
    # ref: R34 — `hide` is the menu's "use a skill"; its name stays "hide" in the log
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await action_phase(pilot)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, FPDeclareDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen) and fight(app).declarations == ()
        await pilot.press("d", *"hide", "enter")
        await pilot.pause()
        declared = fight(app).declarations[0]
        assert (declared.name, declared.slot, declared.category, declared.weapon) == ("hide", "standard", "item", "")


async def test_the_weapon_list_names_the_attack_weapon_and_a_refusal_is_shown():
    # ref: R37 — one Standard action: a second is refused with the core's reason
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await action_phase(pilot)
        await pilot.press("d", *"att", "tab", "tab", "tab", "enter")
        await pilot.pause()
        declared = fight(app).declarations[0]
        assert (declared.target, declared.weapon) == ("bear-1", "Silenced Pistol")
        await pilot.press("d", *"move", "enter")
        await pilot.pause()
        assert len(fight(app).declarations) == 1


async def test_the_condition_dialog_finds_adds_for_rounds_and_removes():
    # ref: notes §2.5 — Stunned 2 rounds; then removed with a leading minus
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await action_phase(pilot)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, FPConditionDialog)
        await pilot.press(*"stun 2", "enter")
        await pilot.pause()
        assert actor(app, "brandon").condition("Stunned").rounds == 2
        await pilot.press("x", "minus", "enter")
        await pilot.pause()
        assert actor(app, "brandon").conditions == ()
        await pilot.press("x", "escape")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)


async def test_undo_of_start_goes_back_to_setup():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s", "s")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)
        await pilot.press("u")
        await pilot.pause()
        assert fight(app).stage == "setup" and isinstance(app.screen, FPSetupScreen)
        await pilot.press("U")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)


async def test_v_states_an_environment_disadvantage_and_0_removes_it():
    # ref: R28 — the GM states the environment's advantages and disadvantages
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await action_phase(pilot)
        await pilot.press("v", *"smoke", "tab", "minus", "1", "tab", "down", "down", "down", "enter")
        await pilot.pause()
        entry = fight(app).environment[0]
        assert (entry.name, entry.dice, entry.rolls) == ("smoke", -1, "ranged")
        await pilot.press("v", *"smoke", "tab", "0", "enter")
        await pilot.pause()
        assert fight(app).environment == ()


async def test_o_marks_fled_then_surrendered_then_back():
    # ref: R70 — who fled or surrendered counts as out for the end check
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await action_phase(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert fight(app).out == (("brandon", "fled"),)
        assert "fled" in str(app.screen.query_one("#fp-roster").get_cell("brandon", "hp"))
        await pilot.press("o", "o")
        await pilot.pause()
        assert fight(app).out == ()


async def test_a_bonus_attack_starts_on_the_attacks_target_with_the_off_hand_weapon():
    # ref: notes §2.4 — the two-weapon Bonus Attack is the off-hand weapon's; a main-weapon one
    # follows the Standard Attack on the same target
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        from combat_tui.core.runner import run_line

        run_line(app.session, 'edit Brandon weapon2.name=Knife weapon2.damage=1d4 off_hand=Knife')
        await action_phase(pilot)
        run_line(app.session, 'declare Brandon attack on "Space Bear 2" with "Silenced Pistol"')
        await pilot.press("d", *"bonus att", "enter")
        await pilot.pause()
        declared = fight(app).declarations[-1]
        assert (declared.slot, declared.target, declared.weapon) == ("bonus", "bear-2", "Knife")
