"""A key repaints what changed: the rows of the old and new turn, not the whole combatant table
(issue 17: the table's border subtitle, set again after every command, repainted all of it)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from combat_tui.screens.in_place import set_border, update_static
from combat_tui.widgets.dnd5e.combatant_table import CombatantTable
from tests.screens.helpers import make_app, start_fight


async def test_next_turn_repaints_two_rows_of_the_table_and_never_all_of_it():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        table = app.screen.query_one(CombatantTable)
        calls: list[tuple] = []
        refresh = table.refresh

        def spy(*regions, **options):
            calls.append(regions)
            return refresh(*regions, **options)

        table.refresh = spy
        await pilot.press("n")
        await pilot.pause()
        assert calls, "the turn's rows were not repainted"
        assert all(regions for regions in calls), "a bare refresh repaints the whole table"
        assert {region.height for regions in calls for region in regions} == {1}


async def test_the_same_title_or_text_again_touches_nothing():
    class One(App):
        def compose(self):
            yield Static("", id="box")

    app = One()
    async with app.run_test() as pilot:
        box = app.query_one("#box", Static)
        refreshed: list[bool] = []
        refresh = box.refresh
        box.refresh = lambda *a, **k: refreshed.append(True) or refresh(*a, **k)
        set_border(box, title="Log", subtitle="x")
        update_static(box, "Round 1")
        await pilot.pause()
        assert refreshed and box.border_title == "Log" and box.border_subtitle == "x"
        assert str(box.render()) == "Round 1"
        refreshed.clear()
        set_border(box, title="Log", subtitle="x")
        update_static(box, "Round 1")
        assert not refreshed
        set_border(box, subtitle="y")
        update_static(box, "Round 2")
        assert box.border_title == "Log" and box.border_subtitle == "y" and str(box.render()) == "Round 2"


async def test_a_screens_footer_shows_its_keys_in_the_screens_first_frame_and_follows_them():
    """The key bar is one widget drawn from the screen's bindings when it renders (Textual's
    Footer built its keys after the first refresh, a frame after the screen's content); the
    combat screen's keys, which depend on the fight it loads when mounted, follow it."""
    from combat_tui.widgets.key_footer import KeyFooter

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        assert "Set up" in str(footer.render()) and not footer.children
        await start_fight(pilot)
        footer = app.screen.query_one(KeyFooter)
        assert "Next turn" in str(footer.render())
