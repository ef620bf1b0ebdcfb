"""The attack dialog driven by keys (ref: Attack dialog; ref: Attack rolls; ref: Conditions;
ref: Advantage and disadvantage): the terms it shows before the roll, the Roll mode that overrides
the automatic one, the throw, long range and two-handed toggles, the result it keeps on show after
a roll, and a refusal with its reason.

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle,
Goblin Boss.
"""

from __future__ import annotations

from textual.widgets import Static

from combat_tui.screens.dnd5e.attack_dialog import AttackDialog
from combat_tui.screens.dnd5e.combat import CombatScreen
from tests.screens.helpers import actor, record_notes, start_fight, type_line

NEXT = "right_square_bracket"


def row(app, name: str) -> str:
    """The text of one row of the dialog, or "" when the row is hidden."""
    if not app.screen.query_one(f"#row-{name}").display:
        return ""
    return str(app.screen.query_one(f"#attack-{name}", Static).content)


def result(app) -> list[str]:
    box = app.screen.query_one("#attack-result")
    if not box.display:
        return []
    return [str(line.query_one(".result-text", Static).content) for line in box.query(".result-line") if line.display]


async def open_dialog(pilot, *keys: str) -> AttackDialog:
    await pilot.press(*keys, "a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, AttackDialog)
    return pilot.app.screen


async def test_the_preview_of_a_poisoned_archer_at_long_range_on_a_prone_goblin(app):
    # ref: Attack rolls — "A shot at long range takes disadvantage, which combines with the
    # condition chips." ref: Conditions — Poisoned; Prone: a ranged attack has disadvantage, a
    # melee attack within 5 feet advantage. ref: Advantage and disadvantage — both cancel.
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "chip Ayla +Poisoned")
        await type_line(pilot, "chip 'Goblin 1' +Prone")
        dialog = await open_dialog(pilot, NEXT, NEXT, NEXT, NEXT)  # the inspected card, Goblin 1
        box = dialog.query_one("#attack-box")
        assert (box.border_title, box.border_subtitle) == ("Attack with Rapier", "Ayla")
        assert row(app, "target").startswith("Goblin 1  7/7 HP")
        assert row(app, "hit") == "d20 + 4 DEX + 3 proficiency = +7 vs AC 15 (stat block)"
        assert row(app, "d20") == (
            "Advantage and disadvantage cancel, a normal roll: Poisoned disadvantage, Prone target advantage"
        )
        assert row(app, "damage") == "1d8 + 4 piercing"
        assert row(app, "options") == ""  # a rapier is neither thrown, shot nor versatile
        assert dialog.check_action("long_range", ()) is False

        await pilot.press("w", "l")  # the shortbow, at long range
        await pilot.pause()
        assert box.border_title == "Attack with Shortbow"
        assert row(app, "options") == "[x] l Long range"
        assert row(app, "d20") == (
            "Rolls at disadvantage: Poisoned disadvantage, long range disadvantage, Prone target disadvantage"
        )
        assert row(app, "damage") == "1d6 + 4 piercing"
        assert row(app, "problem") == ""

        app.session.dice.force([15, 12, 6])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-4] == (
            "Ayla attacks Goblin 1 with Shortbow (long range): d20 12 (at disadvantage (dropped 15), Poisoned"
            " disadvantage, long range disadvantage, Prone target disadvantage) + 4 DEX + 3 proficiency = 19 vs"
            " AC 15, hit."
        )


async def test_the_ac_names_the_armor_and_shield(app):
    # ref: Attack rolls — "against the AC of the defender"; a creature is always proficient.
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "n")  # Goblin 2's turn
        await open_dialog(pilot, NEXT, NEXT, NEXT, NEXT, NEXT, NEXT)  # Ser Aldric
        assert row(app, "target").startswith("Ser Aldric  49/49 HP")
        assert row(app, "hit") == "d20 + 2 DEX + 2 proficiency = +4 vs AC 18 (Chain mail 16 + Shield 2)"
        assert row(app, "d20") == "Normal roll"


async def test_the_roll_mode_overrides_the_automatic_one(app):
    # ref: Attack rolls — "A Roll value other than Auto still overrides it."
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "chip Ayla +Poisoned")
        dialog = await open_dialog(pilot)
        assert dialog.target == "goblin-2"  # nothing inspected: the first foe in the turn order
        assert row(app, "mode").startswith("◉ Auto   ○ Advantage")
        assert row(app, "d20") == "Rolls at disadvantage: Poisoned disadvantage"
        await pilot.press("v")
        await pilot.pause()
        assert row(app, "mode").startswith("○ Auto   ◉ Advantage")
        assert row(app, "d20") == "Roll mode Advantage overrides: Poisoned disadvantage"
        await pilot.press("v", "v")
        await pilot.pause()
        assert row(app, "d20") == "Roll mode Normal overrides: Poisoned disadvantage"

        app.session.dice.force([9, 1])
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.log[-3] == (
            "Ayla attacks Goblin 2 with Rapier: d20 9 (normal roll by choice, over Poisoned disadvantage)"
            " + 4 DEX + 3 proficiency = 16 vs AC 15, hit."
        )
        assert dialog.mode == "normal"  # the settings stay for the next swing
        await pilot.press("v")
        await pilot.pause()
        assert row(app, "d20") == "Rolls at disadvantage: Poisoned disadvantage"


async def test_a_thrown_handaxe_is_a_ranged_attack_on_a_prone_target(app):
    # ref: Attack rolls — "The throws count as ranged attacks. So a prone defender is harder to hit
    # with a throw and easier to hit with a melee swing."
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "chip 'Goblin 1' +Prone")
        await pilot.press("n")  # Ser Aldric's turn
        dialog = await open_dialog(pilot, NEXT, NEXT, NEXT)  # Goblin 1
        assert dialog.weapon == "Longsword"
        assert dialog.check_action("throw", ()) is False
        assert row(app, "options") == "[ ] 2 Two-handed"
        await pilot.press("h")  # no throw for a longsword: nothing changes
        await pilot.press("w")  # the handaxe
        await pilot.pause()
        assert row(app, "options") == "[ ] h Throw"
        assert row(app, "d20") == "Rolls at advantage: Prone target advantage"
        await pilot.press("h")
        await pilot.pause()
        assert row(app, "options") == "[x] h Throw   [ ] l Long range"
        assert row(app, "d20") == "Rolls at disadvantage: Prone target disadvantage"
        app.session.dice.force([12, 3])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1] == (
            "Ser Aldric attacks Goblin 1 with Handaxe (thrown): d20 3 (at disadvantage (dropped 12), Prone"
            " target disadvantage) + 4 STR + 3 proficiency = 10 vs AC 15, miss."
        )
        await pilot.press("h")  # back to a swing: long range goes with the throw
        await pilot.pause()
        assert row(app, "options") == "[ ] h Throw"
        assert dialog.check_action("long_range", ()) is False


async def test_two_handed_takes_the_versatile_die(app):
    # ref: Attack rolls — a versatile weapon in two hands uses its larger damage die.
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n")  # Ser Aldric
        await open_dialog(pilot)
        assert row(app, "damage") == "1d8 + 4 slashing"
        await pilot.press("2")
        await pilot.pause()
        assert row(app, "options") == "[x] 2 Two-handed"
        assert row(app, "damage") == "1d10 + 4 slashing"
        app.session.dice.force([12, 3])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-3] == "Damage: 1d10 3 + 4 STR = 7 slashing."


async def test_the_result_stays_on_show_and_r_swings_again(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        dialog = await open_dialog(pilot, NEXT, NEXT, NEXT, NEXT)  # Goblin 1
        assert result(app) == []
        app.session.dice.force([15, 6])
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is dialog  # it stays open for the table to read
        assert actor(app, "goblin-1").hp == 0
        lines = list(app.session.history.peek_undo().lines)
        assert result(app) == lines
        assert lines[0] == "Ayla attacks Goblin 1 with Rapier: d20 15 + 4 DEX + 3 proficiency = 22 vs AC 15, hit."
        assert lines[-1] == "Goblin 1 is defeated."
        assert dialog.query_one("#attack-result").border_title == "Last roll"
        assert row(app, "problem") == "Goblin 1 is defeated: t picks another target."

        await pilot.press("t")  # the defeated goblin is out of the cycle: Goblin 2 is first
        await pilot.pause()
        assert dialog.target == "goblin-2"
        assert row(app, "problem") == ""
        app.session.dice.force([2])
        await pilot.press("i", "r")  # Ayla's Action is spent: Ignore action cost (ref: Action, bonus action, and reaction)
        await pilot.pause()
        assert result(app) == ["Ayla attacks Goblin 2 with Rapier: d20 2 + 4 DEX + 3 proficiency = 9 vs AC 15, miss."]

        await pilot.press("u")  # undo reaches the app from the dialog
        await pilot.pause()
        assert dialog.query_one("#attack-result").border_title == "Last roll (undone)"
        await pilot.press("U")
        await pilot.pause()
        assert dialog.query_one("#attack-result").border_title == "Last roll"

        await pilot.press("w", "c")  # close with the shortbow chosen
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        dialog = await open_dialog(pilot)
        assert dialog.weapon == "Shortbow"  # `a` opens with the weapon last used
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)


async def test_t_cycles_the_other_side_first_and_skips_the_defeated(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage 'Goblin 1' 7")
        dialog = await open_dialog(pilot)
        seen = [dialog.target]
        for _ in range(6):
            await pilot.press("t")
            seen.append(dialog.target)
        assert seen == ["goblin-2", "goblin-3", "goblin-boss", "ser-aldric", "bren", "mirelle", "goblin-2"]


async def test_a_refused_attack_shows_the_reason(app):
    # ref: Conditions — a Stunned creature cannot act.
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "chip Ayla +Stunned")
        await open_dialog(pilot)
        assert row(app, "problem") == "Ayla is Stunned and cannot act."
        before = app.session.state
        await pilot.press("r")
        await pilot.pause()
        assert app.session.state is before
        assert notes[-1].startswith("Ayla is Stunned and cannot act.")
        assert result(app) == []


async def test_a_weapon_button_opens_the_dialog_with_that_weapon(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        buttons = app.screen.query(".attack-weapon")
        assert [str(b.label) for b in buttons] == ["Rapier +7 1d8 piercing", "Shortbow +7 1d6 piercing"]
        buttons[1].focus()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        assert app.screen.weapon == "Shortbow"


async def test_a_melee_hit_on_a_paralyzed_target_is_noted_as_critical(app):
    # ref: Conditions — Paralyzed: attacks have advantage, and a hit from within 5 feet is critical.
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "chip 'Goblin 2' +Paralyzed")
        await open_dialog(pilot)
        assert row(app, "d20") == "Rolls at advantage: Paralyzed target advantage"
        assert row(app, "note") == "Paralyzed target: a melee hit is a critical hit."
        await pilot.press("w")  # the shortbow: no critical
        await pilot.pause()
        assert row(app, "note") == ""


def test_the_to_hit_and_d20_texts():
    # ref: Attack rolls — "Otherwise, the roll takes the ability modifier alone, and the log says
    # 'not proficient'." ref: Advantage and disadvantage — "A roll that no chip affects uses the d20
    # mode of the dice tray."
    from attrs import evolve

    from combat_tui.library.goblin_ambush import goblin_ambush
    from combat_tui.screens.dnd5e.attack_dialog import d20_text, to_hit_text
    from combat_tui.systems.dnd5e.advantage import Slant, resolve
    from combat_tui.systems.dnd5e.attack import preview
    from combat_tui.systems.dnd5e.commands import Attack

    state = goblin_ambush()
    shown = preview(state, Attack("bren", "goblin-1", "Quarterstaff"))
    assert to_hit_text(shown) == "d20 - 1 STR + 3 proficiency = +2"
    assert to_hit_text(evolve(shown, proficient=False, proficiency=0, bonus=-1)) == "d20 - 1 STR (not proficient) = -1"
    poisoned = (Slant("dis", "Poisoned"),)
    assert d20_text(resolve((), "", "normal")) == "Normal roll"
    assert d20_text(resolve((), "", "adv")) == "Rolls at advantage: the dice tray's mode"
    assert d20_text(resolve(poisoned, "", "adv")) == "Rolls at disadvantage: Poisoned disadvantage"
    assert d20_text(resolve((), "dis")) == "Rolls at disadvantage: Roll mode Disadvantage"
    assert d20_text(resolve((), "normal")) == "Normal roll: Roll mode Normal"
    assert d20_text(resolve(poisoned, "normal")) == "Roll mode Normal overrides: Poisoned disadvantage"


async def test_a_result_of_more_than_four_lines_shows_them_all(app):
    # A critical hit on a dying character: the attack, the damage, the HP, two failures, the death.
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage Bren 32")
        await type_line(pilot, "damage Bren 1")
        await open_dialog(pilot, NEXT, NEXT)  # Ayla's rapier on Bren
        app.session.dice.force([20, 8, 8])
        await pilot.press("r")
        await pilot.pause()
        lines = list(app.session.history.peek_undo().lines)
        assert len(lines) == 5 and lines[-1] == "Bren dies after three failed death saves."
        assert result(app) == lines
