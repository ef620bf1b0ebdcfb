"""The cast dialog driven by keys (ref: Cast dialog; ref: Armor proficiency; ref: Conditions;
ref: Advantage and disadvantage): the spell and its slot, the targets and their limit, the preview
of the spell attack or of each target's save, the Ignore armor box, the caster's damage type, the
result it keeps on show after a cast, and undo from inside it.

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle,
Goblin Boss. Bren's spells: Fire Bolt, Burning Hands, Magic Missile, Sleep, Acid Arrow, Hold
Person, Protection from Energy, Shield, Absorb Elements, Fireball; slots 4, 3, 2.
"""

from __future__ import annotations

from attrs import evolve
from textual.widgets import Static

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library import armor as a
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.screens.dnd5e.cast_dialog import CastDialog
from combat_tui.screens.dnd5e.combat import CombatScreen
from tests.screens.helpers import SETUP_FACES, actor, record_notes, start_fight, type_line

NEXT = "right_square_bracket"


def row(app, name: str) -> str:
    """The text of one row of the dialog, or "" when the row is hidden."""
    if not app.screen.query_one(f"#cast-row-{name}").display:
        return ""
    return str(app.screen.query_one(f"#cast-{name}", Static).content)


def label(app, name: str) -> str:
    return str(app.screen.query_one(f"#cast-row-{name} .cast-label", Static).content)


def lit(app) -> list[str]:
    """The items of the target list shown reversed: the one under the cursor."""
    content = app.screen.query_one("#cast-targets", Static).content
    return [content.plain[span.start : span.end] for span in content.spans if "reverse" in str(span.style)]


def result(app) -> list[str]:
    box = app.screen.query_one("#cast-result")
    if not box.display:
        return []
    return [str(line.query_one(".result-text", Static).content) for line in box.query(".result-line") if line.display]


async def open_dialog(pilot, *keys: str, then: tuple[str, ...] = ()) -> CastDialog:
    """Press `keys` on the combat screen, `C`, then the dialog's keys `then`."""
    await pilot.press(*keys, "C")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CastDialog)
    if then:
        await pilot.press(*then)
        await pilot.pause()
    return pilot.app.screen


async def bren_dialog(pilot, *then: str, faces: list[int] = SETUP_FACES) -> CastDialog:
    """Start the fight, step to Bren's turn, open the dialog and press `then` in it."""
    await start_fight(pilot, faces)
    await pilot.press("n", "n")
    return await open_dialog(pilot, then=then)


async def test_burning_hands_on_two_goblins_at_2nd_level(app):
    # ref: Armor proficiency; 2014 PHB Burning Hands: 3d6 fire, +1d6 a slot level above 1st, a DEX
    # save for half. ref: Damage and damage defenses — "the save halves first".
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await bren_dialog(pilot)
        box = dialog.query_one("#cast-box")
        assert (box.border_title, box.border_subtitle) == ("Cast Fire Bolt", "Bren")
        await pilot.press("s")
        await pilot.pause()
        assert box.border_title == "Cast Burning Hands"
        assert row(app, "spell") == "Burning Hands  1st level, any number of targets   (2 of 10)"
        assert row(app, "about") == "1 action · Self, 15-foot cone · Instantaneous"
        assert row(app, "slot") == "◉ 1st  4 left   ○ 2nd  3 left   ○ 3rd  2 left"
        assert dialog.targets == ["goblin-2"]  # nothing inspected: the first foe
        assert row(app, "targets") == (
            "[x] Goblin 2  [ ] Goblin 1  [ ] Goblin 3  [ ] Goblin Boss\n[ ] Ayla  [ ] Ser Aldric  [ ] Bren  [ ] Mirelle"
        )
        assert lit(app) == ["[x] Goblin 2"]
        await pilot.press("t")
        await pilot.pause()
        assert lit(app) == ["[ ] Goblin 1"]  # the cursor moves on its own
        await pilot.press("space", "l")  # Goblin 1 too, at 2nd level
        await pilot.pause()
        assert dialog.targets == ["goblin-2", "goblin-1"]
        assert row(app, "cursor") == "▸ Goblin 1  7/7 HP   2 chosen"
        assert row(app, "slot") == "○ 1st  4 left   ◉ 2nd  3 left   ○ 3rd  2 left"
        assert (label(app, "roll"), row(app, "roll")) == ("Save", "DC 15 Dexterity save")
        assert (label(app, "d20"), row(app, "d20")) == ("Saves", "Goblin 2, Goblin 1: Normal roll")
        assert row(app, "dice") == "4d6 fire, half on a save"
        assert row(app, "problem") == ""

        app.session.dice.force([2, 5, 1, 3, 1, 16])
        await pilot.press("r")
        await pilot.pause()
        assert app.screen is dialog  # it stays open for the table to read
        assert actor(app, "bren").slots == (4, 2, 2)
        lines = list(app.session.history.peek_undo().lines)
        assert result(app) == lines
        assert lines[:4] == [
            "Bren casts Burning Hands at 2nd level on Goblin 2 and Goblin 1.",
            "Damage: 4d6 2+5+1+3 = 11 fire.",
            "Goblin 2 fails the Dexterity save against Burning Hands: d20 1 + 2 = 3 vs DC 15.",
            "Goblin 2 takes 11 fire damage (7 → 0 HP).",
        ]
        assert lines[-2:] == [
            "Goblin 1 succeeds the Dexterity save against Burning Hands: d20 16 + 2 = 18 vs DC 15.",
            "Goblin 1 takes 5 fire damage (7 → 2 HP).",
        ]
        assert dialog.query_one("#cast-result").border_title == "Last cast"
        assert row(app, "slot") == "○ 1st  4 left   ◉ 2nd  2 left   ○ 3rd  2 left"
        assert row(app, "problem") == "Goblin 2 is defeated: space on it takes it off."


async def test_a_long_result_shows_every_line(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await bren_dialog(pilot, "s")
        await pilot.press("t", "space", "t", "space", "t", "space")  # Burning Hands on all four goblins
        await pilot.pause()
        app.session.dice.force([6, 6, 6, 1, 1, 1, 1])
        await pilot.press("enter")
        await pilot.pause()
        lines = list(app.session.history.peek_undo().lines)
        assert len(lines) > 8  # more than the rows the dialog starts with
        assert result(app) == lines
        box = app.screen.query_one("#cast-box")
        assert box.scroll_y > 0  # at 80x24 the result shows first
        await pilot.press("S", "s")  # a change of spell scrolls its row back into view
        await pilot.pause()
        assert box.scroll_y == 0


async def test_fire_bolt_from_a_poisoned_caster_rolls_at_disadvantage(app):
    # ref: Conditions — Poisoned: disadvantage on attack rolls, a spell attack too.
    # ref: Attack rolls — "A Roll value other than Auto still overrides it."
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n")
        await type_line(pilot, "chip Bren +Poisoned")
        dialog = await open_dialog(pilot)
        assert row(app, "spell") == "Fire Bolt  cantrip, one target   (1 of 10)"
        assert row(app, "slot") == "None: a cantrip spends no slot"
        assert dialog.check_action("slot", ()) is False
        assert (label(app, "roll"), row(app, "roll")) == ("Attack", "Spell attack +7 vs AC 15 (stat block)")
        assert row(app, "d20") == "Rolls at disadvantage: Poisoned disadvantage"
        assert row(app, "dice") == "2d10 fire on a hit (caster level 5)"  # a 5th-level caster's cantrip: two dice
        await pilot.press("v")
        await pilot.pause()
        assert row(app, "d20") == "Roll mode Advantage overrides: Poisoned disadvantage"
        await pilot.press("v", "v", "v")  # back to Auto
        app.session.dice.force([15, 4])
        await pilot.press("r")
        await pilot.pause()
        assert result(app) == [
            "Bren casts Fire Bolt on Goblin 2.",
            "Fire Bolt (spell attack) on Goblin 2: d20 4 (at disadvantage (dropped 15), Poisoned disadvantage)"
            " + 7 = 11 vs AC 15, miss.",
        ]
        assert actor(app, "bren").slots == (4, 3, 2)  # a cantrip spends no slot


async def test_hold_person_and_the_saves_that_fail_automatically(app):
    # ref: Conditions — Stunned and Paralyzed fail STR and DEX saves automatically; a Wisdom save
    # still rolls. "A spell save" is one of the rolls the conditions apply to.
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n")
        await type_line(pilot, "chip 'Goblin 2' +Stunned")
        await type_line(pilot, "chip 'Goblin 1' +Paralyzed")
        dialog = await open_dialog(pilot, then=("s",) * 5)
        assert dialog.spell == "Hold Person"
        assert row(app, "spell") == "Hold Person  2nd level, one target   (6 of 10)"
        assert row(app, "slot") == "◉ 2nd  3 left   ○ 3rd  2 left"
        assert row(app, "roll") == "DC 15 Wisdom save"
        assert row(app, "d20") == "Goblin 2: Normal roll"  # Stunned: no automatic failure of Wisdom
        assert row(app, "dice") == ""
        assert row(app, "chip") == "Paralyzed for 10 rounds on a failed save; a new save at the end of each of its turns"

        await pilot.press("S", "S", "S", "S")  # back to Burning Hands: a DEX save
        await pilot.press("t", "space")
        await pilot.pause()
        assert dialog.spell == "Burning Hands"
        assert row(app, "d20") == (
            "Goblin 2: fails automatically (Stunned), no roll\nGoblin 1: fails automatically (Paralyzed), no roll"
        )
        app.session.dice.force([1, 1, 1])
        await pilot.press("r")
        await pilot.pause()
        assert "Goblin 1 fails the Dexterity save against Burning Hands automatically (Paralyzed); no roll." in result(app)


def armored_bren_app() -> CombatApp:
    """The sample campaign with Bren in chain mail, which a wizard is not trained for."""
    state = goblin_ambush()
    bren = evolve(state.actor("bren"), armor=a.CHAIN_MAIL)
    return CombatApp(session=Session(state.with_actor(bren), dice=Dice(1)))


async def test_untrained_armor_refuses_the_cast_until_ignore_armor_is_ticked():
    # ref: Armor proficiency — "The character cannot cast a spell. The refusal names the armor and
    # spends nothing. The cast dialog offers an Ignore armor box, which casts anyway." "A spell that
    # forces a STR or DEX save makes the wearer roll that save at disadvantage."
    app = armored_bren_app()
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        # untrained armor rolls Bren's initiative (a DEX check) at disadvantage: two 8s
        dialog = await bren_dialog(pilot, "s", "s", faces=[10, 5, 16, 8, 8, 4, 6, 3, 2])  # Magic Missile
        assert dialog.spell == "Magic Missile"
        assert row(app, "armor") == "[ ] i Ignore armor (Chain mail)"
        assert row(app, "problem") == (
            "Bren cannot cast a spell in armor it is not proficient with (Chain mail). i ticks Ignore armor to"
            " cast anyway."
        )
        before = app.session.state
        await pilot.press("r")
        await pilot.pause()
        assert app.session.state is before  # refused, nothing spent
        assert notes[-1].startswith("Bren cannot cast a spell in armor it is not proficient with (Chain mail).")
        assert result(app) == []

        await pilot.press("i")
        await pilot.pause()
        assert row(app, "armor") == "[x] i Ignore armor (Chain mail)"
        assert row(app, "problem") == ""
        assert row(app, "dice") == "3 darts of 1d4+1 force: 3 on Goblin 2"
        app.session.dice.force([1, 1, 1])
        await pilot.press("r")
        await pilot.pause()
        assert result(app)[0] == "Bren casts Magic Missile at 1st level on Goblin 2."
        assert actor(app, "bren").slots == (3, 3, 2)
        assert dialog.ignore_armor


async def test_no_ignore_armor_box_without_untrained_armor(app):
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await bren_dialog(pilot)
        assert row(app, "armor") == ""
        assert dialog.check_action("ignore_armor", ()) is False
        assert dialog.check_action("option", ()) is False  # only a spell whose caster picks a type


async def test_protection_from_energy_takes_the_type_the_caster_picks(app):
    # ref: Damage and damage defenses — "Protection from Energy resists the one type that the
    # caster picks at the cast."
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await bren_dialog(pilot, *["s"] * 6)
        assert dialog.spell == "Protection from Energy"
        assert dialog.targets == ["bren"]  # a helpful spell starts on the caster
        assert row(app, "slot") == "◉ 3rd  2 left"
        assert row(app, "option") == "◉ acid   ○ cold   ○ fire   ○ lightning   ○ thunder"
        assert row(app, "mode") == ""  # no d20 for a chip spell
        assert dialog.check_action("mode", ()) is False
        await pilot.press("o", "o")
        await pilot.pause()
        assert row(app, "option") == "○ acid   ○ cold   ◉ fire   ○ lightning   ○ thunder"
        assert (label(app, "roll"), row(app, "roll")) == ("Kind", "Chip spell")
        assert row(app, "chip") == "Protection from Energy (fire) for 600 rounds"
        await pilot.press("r")
        await pilot.pause()
        assert result(app) == [
            "Bren casts Protection from Energy (fire) at 3rd level on Bren.",
            "Bren gets the chip Protection from Energy (fire) for 600 rounds.",
            "Bren is concentrating on Protection from Energy.",
        ]
        assert actor(app, "bren").slots == (4, 3, 1)
        assert row(app, "about") == (  # a new concentration spell ends the old one
            "1 action · Touch · 1 hour, concentration\nEnds its concentration on Protection from Energy"
        )


async def test_the_targets_respect_the_spells_limit(app):
    # 2014 PHB Bless: up to three creatures; a one-target spell takes the one space picks.
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press(*["n"] * 6)  # Mirelle's turn
        dialog = await open_dialog(pilot, then=("s", "s"))
        assert dialog.spell == "Bless"
        assert dialog.targets == ["mirelle"]
        assert row(app, "spell") == "Bless  1st level, up to 3 targets   (3 of 8)"
        await pilot.press("t", "t", "t", "t", "t", "space", "t", "space")  # Ayla, Ser Aldric
        await pilot.pause()
        assert dialog.targets == ["mirelle", "ayla", "ser-aldric"]
        assert row(app, "cursor").endswith("3 of 3 chosen")
        await pilot.press("t", "space")  # Bren: one too many
        await pilot.pause()
        assert dialog.targets == ["mirelle", "ayla", "ser-aldric"]
        assert notes[-1] == "Bless takes at most 3 targets: space takes one off first."
        await pilot.press("t", "space")  # Mirelle off, then Bren on
        await pilot.press("T", "space")
        await pilot.pause()
        assert dialog.targets == ["ayla", "ser-aldric", "bren"]

        await pilot.press("S", "S")  # back to Sacred Flame: one target, a foe
        await pilot.pause()
        assert dialog.spell == "Sacred Flame"
        assert dialog.targets == ["goblin-2"]
        await pilot.press("t", "space")  # space on another picks it instead
        await pilot.pause()
        assert dialog.cursor == "goblin-1"
        assert dialog.targets == ["goblin-1"]
        assert row(app, "cursor") == "▸ Goblin 1  7/7 HP"


async def test_a_heal_starts_on_the_caster_and_names_the_modifier(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press(*["n"] * 6)  # Mirelle's turn
        dialog = await open_dialog(pilot, then=("s", "s", "s", "l"))
        assert dialog.spell == "Cure Wounds"
        assert dialog.targets == ["mirelle"]
        assert (label(app, "dice"), row(app, "dice")) == ("Healing", "2d8 + 4 WIS (none for a creature at 0 HP)")


async def test_the_inspected_card_is_the_first_target(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n")
        dialog = await open_dialog(pilot, NEXT, NEXT, NEXT)  # Goblin 3
        assert dialog.targets == ["goblin-3"]
        assert row(app, "cursor").startswith("▸ Goblin 3  7/7 HP")


async def test_undo_and_redo_from_the_dialog_and_close(app):
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await bren_dialog(pilot, "s", "s", "s")  # Sleep
        assert dialog.spell == "Sleep"
        assert row(app, "dice") == "5d8 hit points: the targets fall asleep lowest HP first while the pool lasts"
        assert row(app, "chip") == "Unconscious for 10 rounds, and Prone"
        app.session.dice.force([8, 8, 8, 8, 8])
        await pilot.press("r")
        await pilot.pause()
        assert actor(app, "bren").slots == (3, 3, 2)
        assert [c.name for c in actor(app, "goblin-2").chips] == ["Unconscious", "Prone"]
        await pilot.press("u")
        await pilot.pause()
        assert actor(app, "bren").slots == (4, 3, 2)
        assert actor(app, "goblin-2").chips == ()
        assert dialog.query_one("#cast-result").border_title == "Last cast (undone)"
        await pilot.press("U")
        await pilot.pause()
        assert actor(app, "bren").slots == (3, 3, 2)
        assert dialog.query_one("#cast-result").border_title == "Last cast"

        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        dialog = await open_dialog(pilot)
        assert dialog.spell == "Sleep"  # `C` opens with the spell last used
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)


async def test_no_slot_left_is_shown_and_refused(app):
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n")
        for _ in range(2):
            await type_line(pilot, "cast Bren 'Protection from Energy' on Bren fire ignore-cost")  # two casts in one turn
        await type_line(pilot, "pip Bren action free")  # so the slot is what refuses the next cast
        dialog = await open_dialog(pilot, then=("s",) * 6)
        assert dialog.spell == "Protection from Energy"
        assert row(app, "spell") == "Protection from Energy  3rd level, one target, no slot left   (7 of 10)"
        assert row(app, "slot") == "No slot left at 3rd level or higher"
        assert row(app, "problem") == "Bren has no spell slot left at level 3 or higher."
        await pilot.press("r")
        await pilot.pause()
        assert notes[-1].startswith("Bren has no spell slot left at level 3 or higher.")


async def test_a_dying_combatant_gets_a_message_instead(app):
    # ref: Death saves — a dying character has no action bar.
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage Bren 32")
        await pilot.press("n", "n", "C")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert notes[-1] == "Bren is dying and cannot cast."
