"""SVG snapshots of the FuturePath ship setup screen at 80x24 and 160x48: the Space Bears' ships,
opened with S from the campaign screen, the cursor on Fighter 1 (a crew of one: no Captain, its
pilot covers the stations) after Doc Kodiak was marked out of action aboard the Bearclaw.

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.fp_helpers import make_fp_app

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def ship_setup(pilot) -> None:
    await pilot.press("S")
    await pilot.pause()
    await pilot.press("tab", *["down"] * 6, "o", "shift+tab", "down", "down")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_ship_setup_screen(snap_compare, size):
    assert snap_compare(make_fp_app(), run_before=ship_setup, terminal_size=size)
