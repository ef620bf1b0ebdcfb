"""FuturePath round screen, traps and mines by keys: `p` opens the traps of the area, where a
form places one, and the cursor's combatant spots, searches, disarms or sets it, and it goes off
on the ticked combatants (R85-R94, A39, A40)."""

from __future__ import annotations

from textual.widgets import OptionList, SelectionList

from combat_tui.screens.futurepath.round import FPRoundScreen
from combat_tui.screens.futurepath.trap_dialog import FPTrapsDialog
from combat_tui.screens.futurepath.trap_form import FPTrapForm
from tests.screens.fp_helpers import actor, actor_turn, fp, last_line, make_fp_app, panel
from tests.screens.helpers import record_notes


def traps_shown(app) -> list[str]:
    traps = app.screen.query_one("#fp-traps-list", OptionList)
    return [str(traps.get_option_at_index(i).prompt) for i in range(traps.option_count)]


async def place_by_form(pilot, name: str, *fields: str | tuple[str, ...]) -> None:
    """`a`, the name, then each field after a Tab (an empty string skips one, a tuple is keys), ctrl+s."""
    await pilot.press("a")
    await pilot.pause()
    assert isinstance(pilot.app.screen, FPTrapForm)
    await pilot.press(*name)
    for text in fields:
        await pilot.press("tab", *text)
    await pilot.press("ctrl+s")
    await pilot.pause()


async def test_a_trap_placed_by_the_form_is_spotted_and_goes_off_on_the_ticked():
    # ref: Combat page, "Traps/Mines": "Passive Perception: Used as a default as characters move
    # through an area"; "Reflex Save: Targets usually receive a Reflex saving throw to take half
    # damage. The DC is 10 + Trap Level."
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await actor_turn(pilot)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, FPTrapsDialog)
        assert traps_shown(app) == ["No traps yet: a puts one in the area"]
        await place_by_form(pilot, "Mine", "", "", "2d6", "thermal")  # trigger and level stay
        assert isinstance(app.screen, FPTrapsDialog)
        assert last_line(app) == "trap Mine damage=2d6 type=thermal"
        assert traps_shown(app) == ["Mine: contact · DC 10 to detect · save DC 11 · 2d6 thermal · 5 ft · armed · not found"]
        await pilot.press("s")  # Brandon, the round's highlighted row: Passive Perception 12
        await pilot.pause()
        assert last_line(app) == "spot Brandon Mine"
        assert traps_shown(app)[0].endswith("armed · found by Brandon")
        assert "Brandon looks for the Mine: Passive Perception 12 vs DC 10, finds it." in str(
            app.screen.query_one("#fp-traps-last").render())
        await pilot.press("down", "down", "down", "space", "down", "space")  # Space Bear 1 and 2
        assert app.screen.query_one("#fp-traps-who", SelectionList).selected == ["bear-1", "bear-2"]
        app.session.dice.force([3, 4, 5, 15])  # 7 damage; Bear 1 saves 5+2, Bear 2 15+2 against DC 11
        await pilot.press("t")
        await pilot.pause()
        assert last_line(app) == "trigger Mine on 'Space Bear 1', 'Space Bear 2'"
        assert (actor(app, "bear-1").hp, actor(app, "bear-2").hp) == (30 - 6, 30 - 2)  # DR 1; half on a save
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)
        assert "Traps (p): 1 gone off or disarmed" in panel(app)


async def test_a_trap_set_for_a_team_is_disarmed_and_refusals_are_messages():
    # ref: Combat page, "Traps/Mines": "Setting Check: Connecting a detonator uses either an
    # Intellegence check or a Demolitions check (DC 5)"; "Once a trap is detected, it can be ...
    # disabled"; "In Combat: ... the check is made with Disadvantage"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await actor_turn(pilot)
        await pilot.press("p")
        await pilot.pause()
        await place_by_form(pilot, "Wire", "tripwire")
        await pilot.press("t")
        assert notes[-1] == "Who is in the Wire's area? Tick them (space), then t."
        app.session.dice.force([12])
        await pilot.press("p")  # Brandon sets it: d20 12 + INT +1 = 13, the DC to find it
        await pilot.pause()
        assert last_line(app) == "placetrap Brandon Wire"
        assert fp(app).traps[0].team == "party" and fp(app).traps[0].detection_dc == 13
        assert traps_shown(app)[0].endswith("armed by The Party · not found")
        await pilot.press("down", "down", "down", "s")  # Space Bear 1: Passive Perception 11
        await pilot.pause()
        assert fp(app).traps[0].spotted == ()
        before = app.session.history.pointer
        await pilot.press("d")  # Space Bear 1 has not found it
        await pilot.pause()
        assert notes[-1].startswith("Space Bear 1 has not found the Wire.")  # the label, as the GM types it
        assert app.session.history.pointer == before
        await pilot.press("up", "up", "up", "3")  # Brandon, with +3
        app.session.dice.force([15, 1])  # d20 15, less a disadvantage die (in combat) of 1
        await pilot.press("d")
        await pilot.pause()
        assert last_line(app) == "disarm Brandon Wire +3", notes
        assert fp(app).traps[0].status == "disarmed"
        await pilot.press("s")
        await pilot.pause()
        assert notes[-1].startswith("The Wire has already been disarmed.")


async def test_the_form_refuses_a_bad_field_and_keeps_what_was_typed():
    # ref: Combat page, "Traps/Mines": "Traps are activated by their Detonator type"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await actor_turn(pilot)
        await pilot.press("p")
        await pilot.pause()
        await place_by_form(pilot, "Odd", "laser")
        assert isinstance(app.screen, FPTrapForm)
        assert notes[-1].startswith("Trigger: 'laser' is not a detonator.")
        assert app.focused.id == "fp-trap-trigger" and app.focused.value == "laser"
        assert fp(app).traps == ()
        await pilot.press("escape", "q")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)


async def test_a_search_finds_a_cloaked_mine_and_a_remote_one_is_fired_by_the_cursors_combatant():
    # ref: Combat page, "Traps/Mines": "Active Perception: Requires a Standard Action to carefully
    # scan a 10ft area"; "Clocked-Mines (+5 DC)"; "Remote: Triggered by an operator as a Standard
    # Action (Use Item)"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await actor_turn(pilot)
        await pilot.press("p")
        await pilot.pause()
        await place_by_form(pilot, "Claymore", "remote", "", "1d6", "", "", "", "", "", "", ("space",))  # Clocked: yes
        assert last_line(app) == "trap Claymore trigger=remote damage=1d6 cloaked=yes"
        assert "DC 15 to detect" in traps_shown(app)[0]
        app.session.dice.force([14])  # d20 14 + Perception bonus 2 (Passive 12) = 16 against DC 15
        await pilot.press("S")
        await pilot.pause()
        assert last_line(app) == "spot Brandon Claymore search"
        assert fp(app).traps[0].spotted == ("brandon",)
        await pilot.press("down", "down", "down", "space")  # Space Bear 1 in the blast; Brandon fires it
        await pilot.press("up", "up", "up")
        app.session.dice.force([4, 1])
        await pilot.press("t")
        await pilot.pause()
        assert last_line(app) == "trigger Claymore on 'Space Bear 1' by Brandon"
        assert actor(app, "bear-1").hp == 30 - 3  # 4 damage, DR 1
