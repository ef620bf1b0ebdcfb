"""A turn renders the cells of the rows it changed, and no others (issue 17: every cell update
invalidated every cached cell, so when the table scrolled at a round's end each row on show was
rendered afresh). Counted, not timed; outside tests/screens, whose partial frames are not drawn."""

from __future__ import annotations

from textual.cache import LRUCache

from combat_tui.widgets.dnd5e.combatant_table import CombatantTable
from tests.screens.helpers import make_app, start_fight


async def test_a_turn_renders_the_cells_of_its_two_rows_only_once_every_row_was_drawn():
    app = make_app()
    async with app.run_test(size=(100, 18)) as pilot:  # short: the table scrolls as turns go by
        await start_fight(pilot)
        table = app.screen.query_one(CombatantTable)
        rendered: list[object] = []

        class Counted(LRUCache):
            """DataTable's cache of rendered cells, noting each cell rendered (a miss)."""

            def set(self, key, value) -> None:
                rendered.append(key[:2])
                super().set(key, value)

            __setitem__ = set

        table._cell_render_cache = Counted(800)
        combatants = len(app.session.state.fight.combatants)
        for _ in range(combatants):  # the first round draws every row once
            await pilot.press("n")
            await pilot.pause()
        columns = len(table.columns)
        tops, worst = {table.scroll_y}, 0
        for _ in range(combatants):
            rendered.clear()
            await pilot.press("n")
            await pilot.pause()
            worst = max(worst, len(rendered))
            tops.add(table.scroll_y)
        assert len(tops) > 1  # the rows on show moved in this round (the wrap goes back to the top)
        # The old and the new turn's rows, and at most one more: a row that changed while it
        # was scrolled out of view is drawn afresh when it comes back. Not every row on show.
        assert worst <= 3 * columns < table.size.height * columns, f"{worst} cells rendered by one turn, {columns} a row"
