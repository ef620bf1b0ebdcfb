"""The seat server and client over a real Unix socket in tmp_path."""

from __future__ import annotations

import asyncio

from combat_tui.seats.client import SeatClient
from tests.seats.helpers import Gm, seat, until
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def _session():
    state = campaign(character("brom", "Brom", hp=20, ac=16), character("mira", "Mira"),
                     creature("wolf", "Wolf", hp=11, ac=13))  # fmt: skip
    return running(state, initiative=[20, 10, 5])  # Brom, Mira, Wolf


def _gm(tmp_path) -> Gm:
    return Gm(tmp_path, _session())


async def test_a_seat_gets_its_view_and_every_change(tmp_path):
    gm = _gm(tmp_path)
    await gm.server.start()
    client, got, task = await seat(tmp_path, "Brom")
    assert got[0] == {"t": "welcome", "me": "brom", "label": "Brom", "locked": False}
    view = got[1]["view"]
    assert view["me"] == "brom" and view["my_turn"] and [f["health"] for f in view["foes"]] == ["unhurt"]
    assert "hp" not in view["foes"][0]
    gm.session.dice.force([15, 8])
    client.send_line("attack Brom Wolf Longsword")
    await until(lambda: len(got) > 2)
    assert gm.ran == [("attack Brom Wolf Longsword", "Brom")]
    last = got[-1]
    assert last["view"]["foes"][0]["health"] in ("wounded", "bloodied")
    assert any("attacks Wolf" in line and "AC" not in line for line in last["log"])
    assert not any("→" in line for line in last["log"] if line.startswith("Wolf"))
    task.cancel()
    gm.server.stop()


async def test_a_refusal_goes_back_to_that_seat_only(tmp_path):
    gm = _gm(tmp_path)
    await gm.server.start()
    mira, mira_got, mira_task = await seat(tmp_path, "Mira")
    _, brom_got, brom_task = await seat(tmp_path, "Brom")
    mira.send_line("attack Mira Wolf Longsword")  # Brom's turn
    await until(lambda: mira_got[-1]["t"] == "refusal")
    assert mira_got[-1]["reason"] == "It is not your turn."
    mira.send_line("damage Wolf 5")
    await until(lambda: "cannot run 'damage'" in mira_got[-1].get("reason", ""))
    await asyncio.sleep(0.05)
    assert all(m["t"] != "refusal" for m in brom_got) and gm.ran == []
    for task in (mira_task, brom_task):
        task.cancel()
    gm.server.stop()


async def test_locked_seats_only_look(tmp_path):
    gm = _gm(tmp_path)
    await gm.server.start()
    brom, got, task = await seat(tmp_path, "Brom")
    gm.server.set_locked(True)
    await until(lambda: got[-1] == {"t": "lock", "locked": True})
    brom.send_line("next")
    await until(lambda: got[-1]["t"] == "refusal")
    assert got[-1]["reason"] == "The GM has locked the seats." and gm.ran == []
    task.cancel()
    gm.server.stop()


async def test_an_unknown_character_is_told_and_not_retried(tmp_path):
    gm = _gm(tmp_path)
    await gm.server.start()
    got: list[dict] = []
    client = SeatClient(tmp_path, "Nobody", got.append)
    await asyncio.wait_for(client.run(), 3)
    assert got[-1]["t"] == "bye" and "Nobody" in got[-1]["reason"] and gm.server.seats == []
    gm.server.stop()


async def test_a_seat_reconnects_when_the_gm_comes_back(tmp_path):
    gm = _gm(tmp_path)
    await gm.server.start()
    statuses: list[str] = []
    got: list[dict] = []
    client = SeatClient(tmp_path, None, got.append, statuses.append)
    task = asyncio.create_task(client.run())
    await until(lambda: len(got) == 2)
    gm.server.stop()
    await until(lambda: statuses[-1] == "reconnecting…")
    await gm.server.start()
    await until(lambda: len(got) >= 5, timeout=4)  # bye, then a new welcome and view
    assert statuses[-1] == "connected" and got[-1]["reset"] is True
    task.cancel()
    gm.server.stop()


async def test_an_unchanged_view_is_not_sent_again(tmp_path):
    gm = _gm(tmp_path)
    await gm.server.start()
    _, got, task = await seat(tmp_path, None)
    before = len(got)
    gm.server.publish()
    await asyncio.sleep(0.05)
    assert len(got) == before
    task.cancel()
    gm.server.stop()
