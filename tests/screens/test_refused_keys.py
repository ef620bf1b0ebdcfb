"""No key fails silently (issue "Fast at the table", item 4): on every screen, each key that its
screen refuses now (check_action False or None) shows a message with the reason when pressed, in
plain words, and changes nothing. The keys are found by walking the bindings the pressed key
would meet, so a new binding is covered without a new test."""

from __future__ import annotations

import re

from textual.widgets import DataTable

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.registry import get_system
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.screens.refusals import fallback
from tests.screens.fp_helpers import actor_turn, make_fp_app
from tests.screens.helpers import current, make_app, record_notes, start_fight

RULE_NUMBER = re.compile(r"\b[RA]\d+\b|§")
"""An internal rule number (R116, A32, §2.13): never in what a player reads."""


def refused_keys(app) -> dict[str, tuple]:
    """Every key of the top screen whose bindings are all refused now: key -> (node, binding) of
    its first. The space phase's speaking twins (`refused(...)`) only say why, so they count as
    refused too."""
    seen: dict[str, list[tuple[bool, object, object]]] = {}
    for node, bindings in app.screen._modal_binding_chain:
        for key, found in bindings.key_to_bindings.items():
            for binding in found:
                target, name, parameters = app._parse_action(binding.action, node)
                runs = name != "refused" and bool(target.check_action(name, parameters))
                seen.setdefault(key, []).append((runs, target, binding))
    refused = {key: entries for key, entries in seen.items() if not any(runs for runs, *_ in entries)}
    return {key: (entries[0][1], entries[0][2]) for key, entries in refused.items()}


async def each_refused_key_says_why(pilot, notes: list[str], *expected: str) -> dict[str, str]:
    """Press every refused key of the top screen; each shows a message (not the bare fallback,
    no rule number), keeps the screen and changes nothing. The actions `expected` must be among
    them. Returns key -> the message."""
    app = pilot.app
    screen = app.screen
    state = app.session.state if getattr(app, "session", None) is not None else None
    keys = refused_keys(app)
    actions = {binding.action.split("(")[0].removeprefix("app.") for _, binding in keys.values()}
    assert set(expected) <= actions, (sorted(actions), expected)
    said: dict[str, str] = {}
    for key, (_, binding) in keys.items():
        before = len(notes)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen, f"{key} ({binding.action}) left the screen"
        assert len(notes) > before, f"{key} ({binding.action}) on {type(screen).__name__} said nothing"
        text = notes[-1]
        assert text != fallback(binding), f"{key} ({binding.action}) has no reason of its own"
        assert not RULE_NUMBER.search(text), text
        said[key] = text
    if state is not None:
        assert app.session.state is state
    return said


# -- the campaign and the picker -------------------------------------------------------------


async def test_the_picker_with_no_campaign_says_back_and_the_app_keys_need_a_campaign(tmp_path, monkeypatch):
    from combat_tui.screens.picker import CampaignPickerScreen

    monkeypatch.setenv("COMBAT_TUI_HOME", str(tmp_path))
    app = CombatApp(tmp_path / "nowhere")
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignPickerScreen)
        said = await each_refused_key_says_why(pilot, notes, "back", "undo", "redo", "prompt")
        assert said["b"] == "No campaign is open to go back to: open one from the list (o or Enter)."
        assert said["u"].startswith("Open a campaign first")


async def test_the_campaign_screen_with_nothing_to_open_says_so():
    empty = get_system("dnd5e").empty("Empty")
    app = CombatApp(session=Session(empty, dice=Dice(1)))
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = await each_refused_key_says_why(pilot, notes, "edit_creature", "rejoin", "undo", "redo")
        assert said["u"] == "Nothing to undo."
        assert said["e"].startswith("No creature is nearby to open")
        for key in ("c", "p"):  # keys that stay lit but find no character
            await pilot.press(key)
            await pilot.pause()
            assert notes[-1] == "The party has no characters yet: A makes one."


async def test_the_futurepath_campaign_screen_with_an_empty_roster():
    empty = get_system("futurepath").empty("Empty")
    app = CombatApp(session=Session(empty, dice=Dice(1)))
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = await each_refused_key_says_why(pilot, notes, "edit", "copy", "remove")
        assert said["E"] == "The roster is empty: a adds a combatant."


# -- the 5e fight ----------------------------------------------------------------------------


async def test_the_combat_screen_with_no_damage_target_and_on_the_current_turn():
    app = make_app()
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        said = await each_refused_key_says_why(pilot, notes, "damage", "heal", "death_save", "stabilize",
                                               "back_to_current")  # fmt: skip
        assert said["d"].startswith("No one to damage: t chooses the target")
        # ref: Death saves — "The Roll death save button shows only on that turn" (of the dying)
        assert said["r"] == "Ayla is not dying."
        assert said["c"].startswith("The column shows the current turn already (Ayla)")


async def test_the_combat_screen_on_a_dying_current_combatant():
    app = make_app()
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket", "3", "2", "d", "n", "n")  # Bren
        await pilot.pause()
        assert current(app) == "bren" and app.session.state.actor("bren").dying
        said = await each_refused_key_says_why(pilot, notes, "attack", "cast")
        # ref: Death saves — a dying character has no action bar
        assert said["a"] == "Bren is dying and cannot attack."
        assert said["C"] == "Bren is dying and cannot cast."


async def test_the_attack_and_cast_dialogs_say_why_a_setting_is_off():
    app = make_app()
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("a")  # Ayla's attack dialog
        await pilot.pause()
        assert type(app.screen).__name__ == "AttackDialog"
        said = await each_refused_key_says_why(pilot, notes, "throw", "long_range", "two_handed", "pack")
        assert said["2"] == "The Rapier is not versatile: it has no two-handed grip."
        await pilot.press("c", "n", "n")  # Bren's turn: the cast dialog
        await pilot.pause()
        await pilot.press("C")
        await pilot.pause()
        assert type(app.screen).__name__ == "CastDialog"
        said = await each_refused_key_says_why(pilot, notes, "slot", "dart_off", "all_targets", "ignore_armor",
                                               "option")  # fmt: skip
        assert said["l"] == "Fire Bolt is a cantrip: it takes no slot."


async def test_the_chip_dialog_with_no_chip_and_the_sheet_outside_a_fight():
    app = make_app()
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")  # the first character's sheet
        await pilot.pause()
        assert type(app.screen).__name__ == "SheetScreen"
        said = await each_refused_key_says_why(pilot, notes, "stabilize", "exhaustion")
        assert said["z"].endswith("is not dying.")
        await pilot.press("p")  # the chip dialog, out of a fight
        await pilot.pause()
        assert type(app.screen).__name__ == "ChipDialog"
        said = await each_refused_key_says_why(pilot, notes, "toggle_next_turn", "remove")
        assert said["n"] == "A chip ends on a combatant's next turn only in a running fight."


async def test_the_sheet_of_a_creature_and_the_death_save_dialog():
    app = make_app()
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket", "s")  # Goblin 2
        await pilot.pause()
        assert type(app.screen).__name__ == "SheetScreen"
        said = await each_refused_key_says_why(pilot, notes, "edit", "level_up")
        assert said["i"].startswith("Goblin 2 is a creature")
        await pilot.press("b", "c", "right_square_bracket", "right_square_bracket", "3", "2", "d", "n", "n", "S")
        await pilot.pause()
        assert type(app.screen).__name__ == "RollCheckDialog" and app.screen.kind == "death"
        app.screen.set_focus(None)  # the Dice field lets letters through anyway; the keys are the dialog's
        said = await each_refused_key_says_why(pilot, notes, "what", "mode")
        assert said["v"].startswith("A death save is a plain d20")


async def test_the_dice_tray_mode_shows_on_the_combat_screen_only_when_it_is_not_normal():
    # ref: Advantage and disadvantage — the dice tray's mode "changes only when you click it";
    # the issue: "the dice tray's mode shows on the combat screen when it is not Normal"
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        cards = app.screen.query_one("#cards", DataTable)
        assert cards.border_subtitle == ""
        await pilot.press("v")
        await pilot.pause()
        assert "Dice tray: Advantage" in cards.border_subtitle
        await pilot.press("v")
        await pilot.pause()
        assert "Dice tray: Disadvantage" in cards.border_subtitle
        await pilot.press("v")
        await pilot.pause()
        assert cards.border_subtitle == ""
        app._run_line("tray adv")  # typed at the `:` prompt: it shows too
        await pilot.pause()
        assert "Dice tray: Advantage" in cards.border_subtitle


# -- FuturePath ------------------------------------------------------------------------------


async def test_the_round_screen_before_the_action_phase_and_with_nothing_declared():
    app = make_fp_app()
    notes = record_notes(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        run_line(app.session, "absent Katie")
        await pilot.press("s")
        await pilot.pause()
        assert type(app.screen).__name__ == "FPRoundScreen"
        # ref: Combat page, "Each Round of Combat": "Action: ... Characters commit to doing certain actions"
        said = await each_refused_key_says_why(pilot, notes, "declare", "withdraw", "commit", "resolve", "fail")
        assert said["d"] == "Actions are declared in the Action phase. Go on with 'next'."
        await pilot.press("n")
        await pilot.pause()
        said = await each_refused_key_says_why(pilot, notes, "commit", "resolve", "fail")
        assert said["r"].startswith("No declared action is waiting.")


async def test_the_initiative_screen_in_a_fight():
    app = make_fp_app()
    notes = record_notes(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await actor_turn(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert type(app.screen).__name__ == "FPInitiativeScreen"
        said = await each_refused_key_says_why(pilot, notes, "start")
        assert said["s"] == "The fight has started already."


async def test_ship_setup_on_an_empty_post_and_the_space_phase_in_the_surprise_round():
    from combat_tui.screens.futurepath.space_phase import SpacePhaseScreen

    app = make_fp_app()
    notes = record_notes(app)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("S")
        await pilot.pause()
        assert type(app.screen).__name__ == "ShipSetupScreen"
        run_line(app.session, "space crew Bearclaw medical none")
        await pilot.pause()
        crew = app.screen.query_one("#ship-setup-crew", DataTable)
        crew.focus()
        crew.move_cursor(row=6)  # the Medical Officer's post, now empty
        await pilot.pause()
        said = await each_refused_key_says_why(pilot, notes, "empty", "out", "bonus")
        assert said["x"] == "No one holds the highlighted position: a puts someone in it."
        await pilot.press("b")
        await pilot.pause()
        run_line(app.session, "space start")  # the Marauder, unseen, has the surprise round
        app.push_screen(SpacePhaseScreen())
        await pilot.pause()
        said = await each_refused_key_says_why(pilot, notes, "fire")
        assert said["f"]


# -- the player's seat -----------------------------------------------------------------------


async def test_a_watching_seat_says_why_its_keys_do_nothing():
    from combat_tui.seats.app import SeatApp

    app = SeatApp("/nowhere", None, connect=False)
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        said = await each_refused_key_says_why(pilot, notes, "attack", "cast", "deathsave", "next")
        assert said["a"].startswith("This seat only watches")
