"""The first frame the terminal gets is the whole first screen (issue 17): Textual renders it
inside the batch around the app's mount and drops it, and the title and the footer came a frame
later. Outside tests/screens, whose frames are dropped unread; the headless driver is made to
write, so what the terminal would get is read here."""

from __future__ import annotations

import shutil

from combat_tui.app import CombatApp
from combat_tui.storage import sample_dir


async def test_the_first_frame_with_content_is_the_whole_first_screen(tmp_path, written):
    folder = tmp_path / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    app = CombatApp(folder, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = next(data for data in written if "Ser Aldric" in data)
        assert "Goblin Ambush" in first and "Set up" in first  # the title and the footer with it
        assert not app._held


async def test_the_first_frame_places_the_scrollbars_the_tables_keep(tmp_path, written):
    """The party table's horizontal bar takes the row its last line needed, so its first layout
    gave it a vertical bar too, and the next one (its height grown by the bar) took it away: the
    first frame showed that bar over the AC column and a second frame drew the column."""
    folder = tmp_path / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", folder)
    app = CombatApp(folder, seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause(0.2)
        table = app.screen.query_one("#party-table")
        assert table.show_horizontal_scrollbar and not table.show_vertical_scrollbar  # the case above
        frames = [data for data in written if "Ser Aldric" in data]
        assert "HP     AC" in frames[0]
        assert len(frames) == 1  # no second frame redraws the table


async def test_the_first_frame_holds_the_travelogues_newest_lines(tmp_path, written):
    """Written as the first layout gives the log its width, not on the Resize a frame later."""
    from combat_tui.core.dice import Dice
    from combat_tui.core.session import Session
    from combat_tui.library.goblin_ambush import goblin_ambush

    log = [f"Goblin {n} attacks Ayla: a miss." for n in range(300)]
    app = CombatApp(session=Session(goblin_ambush(), dice=Dice(1), log=log))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = next(data for data in written if "Ser Aldric" in data).replace("\u00a0", " ")  # the log's glue
        assert "Goblin 299 attacks" in first and "Goblin 250 attacks" not in first  # the tail, scrolled to its end


async def test_rows_left_for_after_the_first_frame_come_after_it_is_written(written, monkeypatch):
    """`call_after_start`: the Nearby rows a long list leaves for later are added once the first
    screen is on the terminal with its content (the travelogue's lines with it), not inside the
    batch whose end writes the first frame, nor before the log's frame."""
    from attrs import evolve

    from combat_tui.core.dice import Dice
    from combat_tui.core.session import Session
    from combat_tui.library.goblin_ambush import goblin, goblin_ambush
    from combat_tui.screens.dnd5e.campaign import Dnd5eCampaignScreen

    add_nearby = Dnd5eCampaignScreen._add_nearby
    monkeypatch.setattr(Dnd5eCampaignScreen, "_add_nearby", lambda screen, rows: (written.append("ADD"), add_nearby(screen, rows)))
    state = goblin_ambush()
    many = tuple(evolve(goblin(0, state.party_tile), id=f"goblin-x{n}", name=f"Goblin x{n}") for n in range(200))
    app = CombatApp(session=Session(evolve(state, creatures=state.creatures + many), dice=Dice(1), log=["Goblin 3 attacks Ayla: a miss."]))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        first = next(index for index, data in enumerate(written) if "Ser Aldric" in data and "Goblin x1 " in data)
        logged = next(index for index, data in enumerate(written) if "Ayla" in data and "attacks" in data)
        assert written.index("ADD") > max(first, logged)
        assert app.screen.query_one("#nearby-table").row_count > 200
