"""The GM's app serves the seats: started with a campaign folder, a view after each change, the
seat list and the lock from the palette, a seat's line shown to the GM."""

from __future__ import annotations

import asyncio
import shutil

from combat_tui.app import CombatApp
from combat_tui.seats.client import SeatClient
from combat_tui.seats.seat_list import SeatList
from combat_tui.storage import prepare_sample
from tests.screens.helpers import warmed


async def _until(pilot, check, tries=300):
    for _ in range(tries):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


async def test_the_gm_app_serves_a_seat_and_lists_it():
    folder = prepare_sample("goblin-ambush")
    app = CombatApp(folder, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await _until(pilot, lambda: (folder / ".seats.sock").exists())
        got: list[dict] = []
        client = SeatClient(folder, "Mirelle", got.append)
        task = asyncio.create_task(client.run())
        await _until(pilot, lambda: any(m["t"] == "view" for m in got))
        seen = len(got)
        await pilot.press("s")  # setup: a change, so the seat gets a view
        await _until(pilot, lambda: len(got) > seen)
        assert got[-1]["view"]["stage"] == "setup"
        app.action_seat_list()
        await pilot.pause()
        assert isinstance(app.screen, SeatList)
        assert app.screen.query_one("DataTable").get_row_at(0)[1] == "as Mirelle"
        await pilot.press("l")
        await _until(pilot, lambda: got[-1] == {"t": "lock", "locked": True})
        assert app.seats.locked
        names = [command.title for command in app.get_system_commands(app.screen)]
        assert "Seats" in names and "Unlock seats" in names
        task.cancel()
        await pilot.press("c", "q")
    assert not (folder / ".seats.sock").exists()


async def test_a_seats_line_runs_the_prompts_way_and_tells_the_gm():
    folder = prepare_sample("goblin-ambush")
    app = CombatApp(folder, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.run_seat_line("heal Mirelle 1", "Mirelle") is None
        assert app.session.can_undo
        await pilot.pause()
        assert any("(Mirelle's seat)" in (n.title or "") for n in app._notifications)
        refused = app.run_seat_line("heal Nobody 3", "Mirelle")
        assert refused is not None


async def test_a_seat_server_that_cannot_start_is_told_once_and_the_gm_plays_on(tmp_path):
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    deep.mkdir(parents=True)
    folder = deep / "camp"
    shutil.copytree(prepare_sample("goblin-ambush"), folder)
    assert len(str(folder / ".seats.sock").encode()) > 108
    app = CombatApp(folder, seed=1)
    told: list[tuple[str, str]] = []
    notify = app.notify
    app.notify = lambda message, **kw: told.append((kw.get("title", ""), message)) or notify(message, **kw)
    async with app.run_test(size=(100, 30)) as pilot:
        await warmed(pilot)  # the seats start with the warm-up
        await _until(pilot, lambda: any(title == "Seats off" for title, _ in told))
        off = [message for title, message in told if title == "Seats off"]
        assert len(off) == 1 and "too long" in off[0]
        await pilot.press("s")  # the GM's app keeps working
        await pilot.pause()
        assert app.session.state.fight is not None
