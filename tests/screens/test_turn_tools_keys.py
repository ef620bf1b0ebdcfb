"""The combat screen's turn tools driven by keys: H holds, g resumes, F2 renames, w writes a note,
T shows the turn timer (issue "Fast at the table", item 5)."""

from __future__ import annotations

from textual.widgets import Input

from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.fight_text_dialog import NoteDialog, RenameDialog
from combat_tui.widgets.dnd5e.combatant_card import CombatantCard
from combat_tui.widgets.dnd5e.turn_clock import TurnClock, elapsed
from tests.screens.helpers import current, record_notes, start_fight


def card_text(app) -> str:
    return str(app.screen.query_one(CombatantCard).content)


async def test_h_holds_and_g_resumes_before_the_current_combatant(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        assert current(app) == "ayla"
        await pilot.press("H")
        await pilot.pause()
        assert current(app) == "ser-aldric" and app.session.state.fight.find("ayla").held
        await pilot.press("n")
        await pilot.pause()
        assert current(app) == "bren"
        await pilot.press("g")  # the only held one
        await pilot.pause()
        assert current(app) == "ayla"
        order = [c.ref for c in app.session.state.fight.combatants]
        assert order.index("ayla") == order.index("bren") - 1
        assert app.session.log[-2] == "Ayla resumes its held turn before Bren (initiative 11)."
        await pilot.press("u")  # undo puts it back on hold, on Bren's turn
        await pilot.pause()
        assert current(app) == "bren" and app.session.state.fight.find("ayla").held


async def test_the_card_shows_held_and_g_says_why_it_does_nothing(app):
    async with app.run_test(size=(100, 30)) as pilot:
        notes = record_notes(app)
        await start_fight(pilot)
        await pilot.press("g")
        await pilot.pause()
        assert notes[-1] == "No one is holding a turn."
        await pilot.press("H", "left_square_bracket")  # inspect Ayla, now held, before Ser Aldric
        await pilot.pause()
        assert " held  g resumes it" in card_text(app)


async def test_f2_renames_the_inspected_combatant_for_the_fight(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")  # Goblin 2
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, RenameDialog)
        field = app.screen.query_one(Input)
        assert field.value == "Goblin 2"
        field.value = "Grik"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert app.session.system.labels(app.session.state)["goblin-2"] == "Grik"
        assert "Grik (Goblin)" in card_text(app)


async def test_w_writes_a_note_on_the_card_and_f3_closes_without_a_change(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, NoteDialog)
        await pilot.press(*"flees")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.state.fight.find("ayla").note == "flees"
        assert "Note: flees" in card_text(app)
        before = app.session.state
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("x", "f3")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen) and app.session.state is before


async def test_t_shows_the_turn_timer_and_the_round_time(app):
    # ref: issue "Fast at the table" — "a turn timer and the round's elapsed time": the screen's
    # (rules never read the clock); a headless run starts with it hidden.
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        clock = app.screen.query_one(TurnClock)
        assert not clock.display
        now = [1000.0]
        clock.clock = lambda: now[0]
        clock.saw(0, None)  # restamp on the test's clock
        clock.saw(1, "first")
        now[0] += 75
        await pilot.press("T")
        await pilot.pause()
        assert clock.display and str(clock.content) == "Turn 1:15 · Round 1 1:15"
        await pilot.press("n")
        await pilot.pause()
        now[0] += 5
        clock.tick()
        assert str(clock.content) == "Turn 0:05 · Round 1 1:20"
        await pilot.press("T")
        await pilot.pause()
        assert not clock.display


def test_elapsed_reads_minutes_and_seconds():
    assert (elapsed(0), elapsed(59.9), elapsed(61), elapsed(3725)) == ("0:00", "0:59", "1:01", "1:02:05")


async def test_the_board_shows_a_rename_and_a_hold_at_once(app):
    from combat_tui.widgets.dnd5e.combatant_table import CombatantTable

    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        app._run_line('rename "Goblin 2" Grik')
        await pilot.press("H")
        await pilot.pause()
        table = app.screen.query_one(CombatantTable)
        names = [str(table.get_row_at(row)[0]) for row in range(table.row_count)]
        assert any(name.strip() == "Grik" for name in names) and "Goblin 2" not in " ".join(names)
        assert any(name.startswith("‖ Ayla") for name in names)
