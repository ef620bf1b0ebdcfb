"""The turn table renders the rows the next turns bring into view while the GM pauses (issue 17:
the key that turned the table's page drew a page of rows never drawn, and was the run's p99).
Counted, not timed; outside tests/screens, whose partial frames are not drawn."""

from __future__ import annotations

import asyncio

from textual.cache import LRUCache

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.systems.dnd5e.commands_fight import ApplyDamage
from combat_tui.widgets.dnd5e.combatant_table import CombatantTable, RowFreeRows
from tests.screens.helpers import actor
from tests.test_perf_lookups import fight_of


class Counted(LRUCache):
    """DataTable's cache of rendered cells, noting each cell rendered (a miss) while `counting`:
    while the table draws a frame (`_count_frames`), not while it walks ahead."""

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self.rendered: list[object] = []
        self.counting = False

    def set(self, key, value) -> None:
        if self.counting:
            self.rendered.append(key[:2])
        super().set(key, value)

    __setitem__ = set


def _count_frames(table: CombatantTable, cells: Counted) -> None:
    render_lines = table.render_lines

    def counted(crop):
        cells.counting = True
        try:
            return render_lines(crop)
        finally:
            cells.counting = False

    table.render_lines = counted


async def _pause(pilot) -> None:
    """The key's frame, then the loop turns the walk ahead takes (a row each)."""
    await pilot.pause()
    await asyncio.sleep(0.15)


def _lines(table: CombatantTable) -> list[list[tuple]]:
    return [[(s.text, s.style) for s in table.render_line(y)] for y in range(table.size.height)]


def _fresh_lines(table: CombatantTable) -> list[list[tuple]]:
    """The lines rendered from empty caches, the table's own left as they were."""
    names = ("_cell_render_cache", "_row_render_cache", "_row_renderable_cache", "_line_cache")
    kept = [getattr(table, name) for name in names]
    for name in names:
        setattr(table, name, RowFreeRows(1000) if name == "_row_render_cache" else LRUCache(1000))
    try:
        return _lines(table)
    finally:
        for name, cache in zip(names, kept, strict=True):
            setattr(table, name, cache)


async def test_the_key_that_turns_the_page_finds_the_new_rows_drawn():
    app = CombatApp(session=Session(fight_of(60), dice=Dice(1)))
    async with app.run_test(size=(100, 24)) as pilot:
        await _pause(pilot)
        table = app.screen.query_one(CombatantTable)
        cells = table._cell_render_cache = Counted(640)
        _count_frames(table, cells)
        table._drop_stale_renders()  # every render in the new cache from here on
        table.refresh()
        await _pause(pilot)
        columns = len(table.columns)
        tops, worst = [round(table.scroll_y)], 0
        for _ in range(70):  # the round of 60 and ten turns into the next: pages turn, the turn wraps
            cells.rendered.clear()
            await pilot.press("n")
            await pilot.pause()
            worst = max(worst, len(cells.rendered))
            if round(table.scroll_y) != tops[-1]:
                tops.append(round(table.scroll_y))
            await asyncio.sleep(0.15)
        assert len(tops) >= 4 and 0 in tops[1:], f"the view moved {tops}: no page turned or no wrap"
        # The old and the new turn's rows: not the page of rows a turned page shows.
        assert worst <= 2 * columns, f"{worst} cells rendered by one turn, {columns} a row"


async def test_rows_drawn_ahead_show_what_a_fresh_render_shows_after_turns_and_damage():
    app = CombatApp(session=Session(fight_of(40), dice=Dice(1)))
    async with app.run_test(size=(100, 24)) as pilot:
        await _pause(pilot)
        table = app.screen.query_one(CombatantTable)
        for turn in range(45):
            await pilot.press("n")
            await _pause(pilot)
            if turn in (5, 20, 30):  # a row ahead of the view changes after it was drawn ahead
                below = table.rows_ahead()[len(table.rows_ahead()) // 2][0]
                ref = app.session.state.fight.combatants[below].ref
                hp = actor(app, ref).hp
                assert app.execute(ApplyDamage(ref, 3)) is None  # as the Damage box does, the cursor left alone
                await _pause(pilot)
                assert actor(app, ref).hp == hp - 3 and below in dict(table.rows_ahead())
            assert _lines(table) == _fresh_lines(table), f"turn {turn}: a row drawn ahead differs from a fresh render"
