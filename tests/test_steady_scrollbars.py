"""A layout repaints a scrolling widget's scrollbar only when the bar changes (issue 17: each key
that grew the log laid the screen out, and Textual repainted the combatant table's scrollbar,
every row of it, though the table had not moved)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import DataTable, Log

from combat_tui.widgets.steady_scrollbars import SteadyScrollbars
from tests.screens.helpers import make_app


class SteadyTable(SteadyScrollbars, DataTable):
    pass


class Screenful(App):
    CSS = "DataTable { height: 10; }  Log { height: 5; }"

    def compose(self):
        yield SteadyTable(id="steady")
        yield Log(id="log")

    def on_mount(self) -> None:
        table = self.query_one(SteadyTable)
        table.add_column("Name")
        for row in range(50):
            table.add_row(f"row {row}")


def _count_refreshes(widget) -> list[int]:
    calls: list[int] = []
    refresh = widget.refresh
    widget.refresh = lambda *a, **k: calls.append(1) or refresh(*a, **k)
    return calls


async def test_a_layout_elsewhere_leaves_the_bar_alone_and_a_change_of_its_own_repaints_it():
    app = Screenful()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        table = app.query_one(SteadyTable)
        bar = table.vertical_scrollbar
        assert table.show_vertical_scrollbar and bar.window_virtual_size == 51  # the header and 50 rows
        calls = _count_refreshes(bar)
        for line in range(8):  # the log grows past its height: each line lays the screen out
            app.query_one(Log).write_line(f"line {line}")
            await pilot.pause()
        assert not calls, "a layout that did not touch the table repainted its scrollbar"

        for row in range(50, 60):
            table.add_row(f"row {row}")
        await pilot.pause()
        assert bar.window_virtual_size == 61 and calls

        calls.clear()
        table.scroll_to(y=20, animate=False, immediate=True)
        await pilot.pause()
        assert bar.position == 20 and calls


async def test_the_tables_of_the_campaign_and_setup_screens_keep_their_scrollbars_steady():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert {table.id for table in app.screen.query(DataTable)} == {"party-table", "nearby-table"}
        assert all(isinstance(table, SteadyScrollbars) for table in app.screen.query(DataTable))
        await pilot.press("s")
        await pilot.pause()
        assert {"setup-table", "join-table"} <= {table.id for table in app.screen.query(DataTable)}
        assert all(isinstance(table, SteadyScrollbars) for table in app.screen.query(DataTable))
