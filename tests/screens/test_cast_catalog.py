"""The cast dialog on the whole spell catalog, driven by keys (ref: Cast dialog; ref: Creature
actions): a spell found by typing its name, its casting time and range from the record, an area
whose targets are ticked all at once (one save each), darts and rays that each get a target,
upcasting, a cantrip by character level, what the GM applies by hand, and a creature's save
action beside its spells.

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle,
Goblin Boss. Bren is a wizard 5 with slots 4, 3, 2.
"""

from __future__ import annotations

from attrs import evolve
from textual.widgets import Static

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.screens.dnd5e.cast_dialog import CastDialog
from combat_tui.screens.dnd5e.name_picker import NamePicker
from combat_tui.systems.dnd5e.commands import Cast, UseCreatureAction
from combat_tui.systems.dnd5e.formats import format_command
from combat_tui.systems.dnd5e.model import CreatureAction
from tests.screens.helpers import actor, record_notes, start_fight

GOBLINS = ["goblin-2", "goblin-1", "goblin-3", "goblin-boss"]


def row(app, name: str) -> str:
    if not app.screen.query_one(f"#cast-row-{name}").display:
        return ""
    return str(app.screen.query_one(f"#cast-{name}", Static).content)


def label(app, name: str) -> str:
    return str(app.screen.query_one(f"#cast-row-{name} .cast-label", Static).content)


def app_with(ref: str, **changes) -> CombatApp:
    state = goblin_ambush()
    return CombatApp(session=Session(state.with_actor(evolve(state.actor(ref), **changes)), dice=Dice(1)))


async def open_cast(pilot, turns: int = 2, *then: str) -> CastDialog:
    await start_fight(pilot)
    await pilot.press(*["n"] * turns, "C")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, CastDialog)
    if then:
        await pilot.press(*then)
        await pilot.pause()
    return dialog


async def test_fireball_found_by_name_on_every_goblin_one_save_each(app):
    # Issue 15: "areas that pick several targets with one save each (Fireball, Burning Hands)".
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_cast(pilot, 2, "f")
        assert isinstance(app.screen, NamePicker)
        await pilot.press(*"fireb", "enter")
        await pilot.pause()
        assert app.screen is dialog and dialog.spell == "Fireball"
        assert row(app, "about") == "1 action · 150 feet, 20-foot sphere · Instantaneous"
        assert row(app, "slot") == "◉ 3rd  2 left"
        assert dialog.targets == ["goblin-2"]
        await pilot.press("a")  # every foe standing
        await pilot.pause()
        assert dialog.targets == GOBLINS
        assert row(app, "d20") == "Goblin 2, Goblin 1, Goblin 3, Goblin Boss: Normal roll"
        await pilot.press("a")  # again: none
        await pilot.pause()
        assert dialog.targets == [] and row(app, "problem") == "No target: t moves the cursor, space picks."
        await pilot.press("slash", *"boss", "enter")  # find a target by its name: the cursor and a tick
        await pilot.pause()
        assert (dialog.cursor, dialog.targets) == ("goblin-boss", ["goblin-boss"])
        await pilot.press("a")
        await pilot.pause()
        assert dialog.targets == GOBLINS

        app.session.dice.force([6] * 8 + [2, 3, 4, 18])  # 48 fire; the Goblin Boss saves
        await pilot.press("r")
        await pilot.pause()
        entry = app.session.history.peek_undo()
        command = entry.commands[0]
        assert format_command(command, app.session.state) == (
            "cast Bren Fireball on Goblin 2, Goblin 1, Goblin 3, Goblin Boss"
        )  # the core rolls one save each
        saves = [line for line in entry.lines if "Dexterity save against Fireball" in line]
        assert len(saves) == 4
        assert saves[-1].startswith("Goblin Boss succeeds")
        assert actor(app, "bren").slots == (4, 3, 1)
        assert row(app, "problem") == (
            "Goblin 2, Goblin 1, Goblin 3 and Goblin Boss are defeated: space on each takes it off, a ticks the ones"
            " standing."
        )


async def test_magic_missile_gives_each_dart_its_target_and_a_higher_slot_one_more():
    # Issue 15: "Magic Missile darts split between targets"; DESIGN §5 `on A, A, B`.
    app = app_with("bren", spells=("Magic Missile",))
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_cast(pilot)
        assert (label(app, "dice"), row(app, "dice")) == ("Darts", "3 darts of 1d4+1 force: 3 on Goblin 2")
        assert row(app, "spell") == "Magic Missile  1st level, a target per dart"
        await pilot.press("space", "t", "space")  # a second dart on Goblin 2, the third on Goblin 1
        await pilot.pause()
        assert dialog.targets == ["goblin-2", "goblin-2", "goblin-1"]
        assert row(app, "targets").startswith("[2] Goblin 2  [1] Goblin 1  [ ] Goblin 3")
        assert row(app, "cursor") == "▸ Goblin 1  7/7 HP   1 of 3 darts on it"
        await pilot.press("t", "space")  # all three have a target
        await pilot.pause()
        assert notes[-1] == "All 3 darts have a target: - takes one off the target under the cursor."
        await pilot.press("l", "space")  # a 2nd-level slot: a fourth dart, on Goblin 3
        await pilot.pause()
        assert dialog.targets == ["goblin-2", "goblin-2", "goblin-1", "goblin-3"]
        assert row(app, "dice") == "4 darts of 1d4+1 force: 2 on Goblin 2, 1 on Goblin 1, 1 on Goblin 3"
        await pilot.press("T", "T", "minus")  # one dart off Goblin 2
        await pilot.pause()
        assert dialog.targets == ["goblin-2", "goblin-1", "goblin-3"]
        await pilot.press("l", "l")  # round to 1st level: three darts hold three targets
        await pilot.pause()
        assert dialog.slot() == 1 and dialog.targets == ["goblin-2", "goblin-1", "goblin-3"]

        app.session.dice.force([1, 1, 1])
        await pilot.press("r")
        await pilot.pause()
        command = app.session.history.peek_undo().commands[0]
        assert isinstance(command, Cast) and command.targets == ("goblin-2", "goblin-1", "goblin-3")
        typed = format_command(command, app.session.state)
        assert typed == "cast Bren 'Magic Missile' at 1 on Goblin 2, Goblin 1, Goblin 3"
        assert [actor(app, ref).hp for ref in ("goblin-2", "goblin-1", "goblin-3")] == [5, 5, 5]


async def test_eldritch_blast_scales_with_the_character_and_a_utility_spell_says_what_to_apply():
    # Issue 15: "damage dice ... by character level"; "a spell the data cannot express fully is cast
    # with what is known and says what the GM must apply by hand".
    app = app_with("bren", spells=("Eldritch Blast", "Misty Step", "Command"))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_cast(pilot)
        assert dialog.spell == "Eldritch Blast"
        assert (label(app, "roll"), row(app, "roll")) == ("Attack", "Spell attack +7, a roll per ray")
        assert row(app, "d20") == "Goblin 2: AC 15 (stat block), Normal roll"
        assert (label(app, "dice"), row(app, "dice")) == ("Rays", "2 rays of 1d10 force: 2 on Goblin 2")  # level 5
        assert dialog.check_action("mode", ()) is True

        await pilot.press("s")  # Misty Step: a bonus action, applied by hand, no target needed
        await pilot.pause()
        assert row(app, "about") == "1 bonus action · Self · Instantaneous"
        assert row(app, "roll") == "The GM applies it by hand"
        assert row(app, "note").startswith("Its effect (Briefly surrounded by silvery mist, you teleport")
        assert dialog.targets == [] and dialog.command() is not None
        await pilot.press("r")
        await pilot.pause()
        assert app.session.history.peek_undo().lines[0].startswith("Bren casts Misty Step")
        assert actor(app, "bren").slots == (4, 2, 2)

        await pilot.press("s", "l")  # Command at 2nd level: two targets
        await pilot.pause()
        assert dialog.spell == "Command" and dialog.slot() == 2
        assert row(app, "spell").startswith("Command  1st level, up to 2 targets")
        await pilot.press("t", "space")
        await pilot.pause()
        assert dialog.targets == ["goblin-2", "goblin-1"]
        assert row(app, "cursor").endswith("2 of 2 chosen")


async def test_a_creatures_save_action_is_cast_from_the_dialog_and_leaves_it_while_it_recharges():
    # ref: Creature actions — "each action shows in the spell list of the creature, beside its
    # spells. It opens the cast dialog with the DC of the action, spends no slot, and costs the
    # Action." "An action with a recharge face ... is spent after one use and leaves the spell list."
    breath = CreatureAction("Fire Breath", "dexterity", 13, "4d6", "fire", recharge=5)
    app = app_with("goblin-boss", actions=(breath,))
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_cast(pilot, 7)  # the Goblin Boss's turn
        assert dialog.spell == "Fire Breath"
        assert row(app, "spell").startswith("Fire Breath  creature action, recharge 5–6, any number of targets")
        assert row(app, "slot") == "None: a creature action spends no slot"
        assert row(app, "roll") == "DC 13 Dexterity save"
        await pilot.press("a")  # the party, the Goblin Boss's foes
        await pilot.pause()
        assert dialog.targets == ["ayla", "ser-aldric", "bren", "mirelle"]
        app.session.dice.force([1, 1, 1, 1, 2, 2, 2, 2])
        await pilot.press("r")
        await pilot.pause()
        command = app.session.history.peek_undo().commands[0]
        assert isinstance(command, UseCreatureAction) and command.targets == ("ayla", "ser-aldric", "bren", "mirelle")
        assert actor(app, "ser-aldric").hp == 49 - 4
        assert dialog.spell != "Fire Breath"  # spent: it left the list
