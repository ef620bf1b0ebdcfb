"""MapPanel: what each tile shows, and the view that follows the party over a larger map."""

from __future__ import annotations

from attrs import evolve

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.widgets.dnd5e.map_panel import MapPanel, _pick, _window


def test_a_tile_shows_the_party_then_a_character_then_the_creature_that_matters_most():
    state = goblin_ambush()
    goblin, oswin, ayla = state.actor("goblin-1"), state.actor("brother-oswin"), state.actor("ayla")
    dead = evolve(goblin, hp=0)
    assert _pick((goblin,), party=True) == ("@", "party")
    assert _pick((oswin, ayla), party=False) == ("A", "character")
    assert _pick((oswin, goblin), party=False) == ("g", "hostile")  # hostile before neutral
    assert _pick((dead, oswin), party=False) == ("b", "neutral")  # the defeated last
    assert _pick((dead,), party=False) == ("%", "defeated")
    assert _pick((), party=False) == ("·", "ground")


def test_the_view_centres_on_the_party_and_stays_inside_the_map():
    info = MapInfo("m", "M", 40, 30)
    assert _window(Tile("m", 20, 15), info, 20, 12) == (10, 9)
    assert _window(Tile("m", 1, 1), info, 20, 12) == (0, 0)
    assert _window(Tile("m", 39, 29), info, 20, 12) == (20, 18)
    assert _window(Tile("m", 5, 5), MapInfo("m", "M", 10, 8), 20, 12) == (0, 0)  # all of a small map


async def test_the_panel_draws_the_sample_around_the_party():
    app = CombatApp(session=Session(goblin_ambush(), dice=Dice(1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = str(app.screen.query_one(MapPanel).render()).splitlines()
        assert len(rows) == 12 and all(len(row) == 20 for row in rows)
        assert rows[5][5:10] == "@g··w"  # the party, the goblins beside it, the wolves' den
        assert rows[3][3] == "b"  # Brother Oswin, neutral
        assert rows[9][13] == "w"  # the second pack


async def test_a_wide_panel_gives_each_tile_two_columns_with_the_number_of_creatures():
    app = CombatApp(session=Session(goblin_ambush(), dice=Dice(1)))
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        rows = str(app.screen.query_one(MapPanel).render()).splitlines()
        assert rows[5][10:20] == "@ g4· · w2"
        assert rows[-2].startswith("@ party")  # the legend


async def test_a_run_of_tiles_of_one_style_is_one_span():
    # The map is drawn as few spans as its styles allow: a span a tile made it the dearest widget
    # of the first frame (each span is a segment Rich and Textual carry through every step).
    app = CombatApp(session=Session(goblin_ambush(), dice=Dice(1)))
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        text = app.screen.query_one(MapPanel).render()
        rows = str(text).splitlines()
        changes = sum(1 + sum(a != b for a, b in zip(row, row[1:])) for row in rows)  # runs of one glyph
        assert len(text.spans) <= changes
        assert len(text.spans) < sum(len(row) for row in rows) // 4
