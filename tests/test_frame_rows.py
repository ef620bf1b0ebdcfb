"""What the terminal gets when a dialog opens and closes (issue 17): Textual paints a pushed
screen whole twice, and the screen under a closed dialog twice again (about 9 KB each at
120 x 40, over SSH); the second of each is the first again and is not sent. Outside tests/screens,
whose frames are dropped unread; the headless driver is made to write."""

from __future__ import annotations

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush


def whole(data: str) -> bool:
    return "Goblin Ambush" in data and "Fighter 5" in data  # the title and the party table: every row


async def settled(pilot, app) -> None:
    for _ in range(100):
        if app._warmed:
            break
        await pilot.pause(0.02)
    await pilot.pause(0.2)


async def opened_and_closed(pilot, app, written, key: str, dialog: str) -> tuple[list[str], list[str]]:
    """What the terminal got when `key` opened `dialog`, and when Esc closed it."""
    await settled(pilot, app)
    written.clear()
    await pilot.press(key)
    await pilot.pause(0.2)
    assert type(app.screen).__name__ == dialog
    opened = list(written)
    written.clear()
    await pilot.press("escape")
    await pilot.pause(0.2)
    return opened, list(written)


async def test_a_dialog_opens_and_closes_with_one_whole_screen_each(written):
    app = CombatApp(session=Session(goblin_ambush(), dice=Dice(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        opened, closed = await opened_and_closed(pilot, app, written, "e", "CreatureDialog")
        assert sum(whole(data) for data in opened) == 1
        assert sum(whole(data) for data in closed) == 1
        size = sum(map(len, closed))
        written.clear()
        await pilot.press("ctrl+l")  # a redraw writes every row again
        await pilot.pause(0.2)
        assert sum(whole(data) for data in written) == 1 and sum(map(len, written)) >= 0.8 * size


async def test_the_prompt_opens_and_closes_with_its_own_rows_only(written):
    """It leaves the screen under it as it was (see-through): only the rows it covers are sent,
    however Textual cut and styled the rows under it (test_frame_looks)."""
    app = CombatApp(session=Session(goblin_ambush(), dice=Dice(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        opened, closed = await opened_and_closed(pilot, app, written, "colon", "CommandPrompt")
        assert not any(whole(data) for data in opened) and "Enter runs it" in "".join(opened)
        assert "Fighter 5" not in "".join(opened) and len("".join(opened)) < 2500  # no party table
        assert not any(whole(data) for data in closed) and "Set up" in "".join(closed)  # the footer it covered
        assert "Fighter 5" not in "".join(closed) and len("".join(closed)) < 2500
