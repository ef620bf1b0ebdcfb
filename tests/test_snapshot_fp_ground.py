"""SVG snapshots of the FuturePath ground-combat screens at 80x24 and 160x48: the initiative
screen before Start, and the round screen in the middle of the example encounter's Round 1.

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.fp_helpers import make_fp_app

from combat_tui.core.runner import run_line

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]

EXAMPLE_SETUP = ("absent Katie", "unaware James", "unaware Art", "unaware 'Space Bear 1'", "unaware 'Space Bear 2'",
                 "unaware 'Space Bear 3'", "unaware 'Space Bear 4'", "chip Brandon +Shaken 1", "chip James +Shaken 1",
                 "chip Art +Shaken 1", "chip 'Space Bear 1' +Stunned 1")  # fmt: skip


async def example_setup(pilot) -> None:
    """The example encounter's setup, opened with `s` and filled in."""
    await pilot.press("s")
    await pilot.pause()
    for line in EXAMPLE_SETUP:
        run_line(pilot.app.session, line)
    await pilot.pause()


async def initiative_screen(pilot) -> None:
    await example_setup(pilot)
    await pilot.press("t")
    await pilot.pause()


async def round_one_under_way(pilot) -> None:
    """Round 0 by keys, then Round 1: the party's Vanguard has declared and committed, and
    James's Shock has been resolved; Brandon's hide waits at the head of the queue."""
    await example_setup(pilot)
    await pilot.press("s")
    await pilot.pause()
    for line in ("declare Brandon attack on 'Space Bear 1' with 'Silenced Pistol'", "commit", "dice 5",
                 "attack Brandon 'Space Bear 1' 'Silenced Pistol'", "next", "next", "next", "declare Brandon hide",
                 "declare James technique Shock on 'Space Bear 3'"):  # fmt: skip
        run_line(pilot.app.session, line)
    pilot.app.state_changed.publish(pilot.app.session)  # the lines ran outside the keys
    await pilot.press("c", "r")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestFPInitiativeScreen:
    def test_initiative(self, snap_compare, size):
        assert snap_compare(make_fp_app(), run_before=initiative_screen, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestFPRoundScreen:
    def test_round(self, snap_compare, size):
        assert snap_compare(make_fp_app(), run_before=round_one_under_way, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestFPSetupScreen:
    def test_team_setup(self, snap_compare, size):
        async def filled_in(pilot) -> None:
            await example_setup(pilot)
            pilot.app.state_changed.publish(pilot.app.session)  # the lines ran outside the keys
            await pilot.pause()

        assert snap_compare(make_fp_app(), run_before=filled_in, terminal_size=size)
