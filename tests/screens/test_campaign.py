"""The campaign screen: `s` opens setup, `o` the picker, `c` or Enter a sheet; undo brings the
campaign screen back."""

from __future__ import annotations

from attrs import evolve

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library import armor
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.setup import SetupScreen
from combat_tui.screens.dnd5e.sheet import SheetScreen
from combat_tui.screens.picker import CampaignPickerScreen
from tests.screens.helpers import record_notes


async def test_s_opens_setup_with_the_default_lists(app):
    async with app.run_test(size=(100, 30)) as pilot:
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("s")
        await pilot.pause()
        fight = app.session.state.fight
        assert fight.stage == "setup"
        assert [c.ref for c in fight.combatants] == [
            "ser-aldric", "mirelle", "ayla", "bren", "goblin-1", "goblin-2", "goblin-3", "goblin-boss",
        ]  # fmt: skip
        assert isinstance(app.screen, SetupScreen)
        assert app.session.log[-1].startswith("Initiative rolled:")


async def test_undo_of_setup_returns_to_the_campaign_screen_and_redo_reopens_it(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("s", "u")
        await pilot.pause()
        assert app.session.state.fight is None
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("U")
        await pilot.pause()
        assert app.session.state.fight.stage == "setup"
        assert isinstance(app.screen, SetupScreen)


async def test_o_opens_the_picker_and_b_comes_back(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, CampaignPickerScreen)
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert app.session.state.fight is None


async def test_a_refused_command_changes_nothing_and_says_why(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")  # no fight: the campaign screen has no Next turn at all
        await pilot.press("colon", *"next", "enter")
        await pilot.pause()
        assert app.session.state.fight is None
        assert any(note.startswith("No fight is running.") for note in notes)


async def test_c_and_enter_open_the_highlighted_character_s_sheet_and_b_comes_back(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("down", "down", "c")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.ref == "ayla"
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, SheetScreen) and app.screen.ref == "bren"


async def test_a_change_on_the_sheet_shows_on_the_party_list_when_it_comes_back(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c", "9", "d", "b")
        await pilot.pause()
        assert str(app.screen.query_one("#party-table").get_row("ser-aldric")[2]) == "40/49"


async def test_the_party_list_shows_the_ac_that_the_armor_makes():
    # ref: Armor class — the AC comes from the armor worn, not a stored number.
    state = goblin_ambush()
    state = state.with_actor(evolve(state.actor("ser-aldric"), armor=armor.PLATE))
    app = CombatApp(session=Session(state, dice=Dice(1)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#party-table")
        assert str(table.get_row("ser-aldric")[3]) == "20"  # Plate 18 + Shield 2
        assert str(table.get_row("ayla")[3]) == "15"  # Leather 11 + DEX 4
        assert str(table.get_row("bren")[3]) == "12"  # no armor: the sheet's number


async def test_a_long_travelogue_opens_on_its_newest_line():
    """The campaign screen's log starts scrolled to its end (issue 17: with the footer's keys built
    in the first frame, the deferred scroll landed before the height settled and the log opened
    at its oldest line)."""
    lines = [f"Line {n} of the journal." for n in range(400)]
    app = CombatApp(session=Session(goblin_ambush(), dice=Dice(1), log=lines))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#travelogue")
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y
        await pilot.press("s", "u")  # a fight set up and undone: back at the end
        await pilot.pause()
        log = app.screen.query_one("#travelogue")
        assert log.scroll_y == log.max_scroll_y



async def test_a_long_nearby_list_shows_a_screenful_first_and_the_rest_at_the_same_widths(monkeypatch):
    """Issue 17 (big tables drawn lazily): the first fill adds the rows a screen can show, the rest
    after the first frame; the columns already have the widths of the whole list."""
    from combat_tui.library.goblin_ambush import goblin
    from combat_tui.screens.dnd5e.campaign import Dnd5eCampaignScreen
    from combat_tui.systems.dnd5e.campaign_view import nearby_creatures

    before: list[tuple[int, list[int]]] = []
    add_nearby = Dnd5eCampaignScreen._add_nearby

    def recorded(screen, rows):
        table = screen.query_one("#nearby-table")
        before.append((table.row_count, [column.content_width for column in table.ordered_columns]))
        add_nearby(screen, rows)

    monkeypatch.setattr(Dnd5eCampaignScreen, "_add_nearby", recorded)
    state = goblin_ambush()
    many = tuple(evolve(goblin(0, state.party_tile), id=f"goblin-x{n}", name=f"Goblin x{n}") for n in range(296))
    state = evolve(state, creatures=state.creatures + many)
    app = CombatApp(session=Session(state, dice=Dice(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#nearby-table")
        widths = [column.content_width for column in table.ordered_columns]
        total = len(nearby_creatures(state))
        assert total > 296 and table.row_count == total
        assert [(count <= 40, early) for count, early in before] == [(True, widths)]
        table.move_cursor(row=5)
        app.screen.paint_body(app.session)  # a refill with a cursor to keep: every row at once
        assert table.row_count == total and table.cursor_row == 5
        table.clear()
        app.screen.paint_body(app.session)  # none to keep: a screenful, the rest to come
        late = app.screen._nearby_to_come
        assert late and table.row_count + len(late) == total
        app.screen.paint_body(app.session)  # ... replaced by a fill that keeps the cursor
        add_nearby(app.screen, late)  # the first fill's rows, come late: dropped
        await pilot.pause()
        assert table.row_count == total and len(set(table.rows)) == total
        assert [column.content_width for column in table.ordered_columns] == widths
