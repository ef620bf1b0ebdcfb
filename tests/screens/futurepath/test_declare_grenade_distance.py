"""The declare dialog's distance of a grenade throw, driven by keys: the Combat page's "Thrown
Explosives" ("Max Range: 30ft + 5ft per Strength Modifier and Dexterity Modifier.")."""

from __future__ import annotations

from combat_tui.screens.futurepath.declare_dialog import FPDeclareDialog
from tests.screens.fp_helpers import action_phase, fight, make_fp_app
from tests.screens.helpers import record_notes


async def test_a_grenade_is_declared_with_its_distance_and_the_range_beside_it():
    # ref: Combat page, "Thrown Explosives": "Max Range: 30ft + 5ft per Strength Modifier and
    # Dexterity Modifier." (Brandon: STR 12, DEX 18 -> 30 + 5 x (1 + 4) = 55 ft)
    app = make_fp_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await action_phase(pilot)
        await pilot.press("d", *"move")
        await pilot.pause()
        row = app.screen.query_one("#fp-declare-feet-row")
        assert isinstance(app.screen, FPDeclareDialog) and not row.display  # a move takes no distance
        await pilot.press(*("backspace",) * 4, *"gren")
        await pilot.pause()
        assert row.display and "at most 55 ft" in str(row.query_one("Label").render())
        await pilot.press("tab", "tab", "tab", *"30", "enter")  # action, target (the first foe standing), distance
        await pilot.pause()
        declared = fight(app).declarations[0]
        assert (declared.name, declared.target, declared.feet, declared.grenade) == ("throw grenade", "bear-1", 30, True)


async def test_a_distance_past_the_range_is_refused_and_nothing_is_declared():
    # ref: Combat page, "Thrown Explosives": "Max Range: 30ft + 5ft per Strength Modifier and
    # Dexterity Modifier."
    app = make_fp_app()
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await action_phase(pilot)
        await pilot.press("d", *"gren", "tab", "tab", "tab", *"60", "enter")
        await pilot.pause()
        assert fight(app).declarations == ()
        assert any("Brandon can throw a grenade 55 ft at most" in note and "60 ft is too far" in note for note in notes)
        assert isinstance(app.screen, FPDeclareDialog)  # still open with what was typed: fix the distance
        await pilot.press("backspace", "backspace", *"50", "enter")
        await pilot.pause()
        assert fight(app).declarations[0].feet == 50 and not isinstance(app.screen, FPDeclareDialog)


async def test_a_declared_attack_takes_five_keys_on_the_first_enemy_standing():
    """d, a t t (find the attack), Enter: the likeliest target and the first weapon."""
    from tests.screens.fp_helpers import actor_turn, fight, make_fp_app

    app = make_fp_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await actor_turn(pilot)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("a", "t", "t", "enter")
        await pilot.pause()
        declared = [d for d in fight(app).declarations if d.actor == "brandon"]
        assert declared and declared[-1].name == "attack"
        assert declared[-1].target.startswith("bear") and declared[-1].weapon
