"""SVG snapshots of the FuturePath space phase screen at 80x24 and 160x48: Round 1's Action Phase
of the Space Bears' ship fight, after the Bearclaw's Helm, Sensor and Weapons Officers acted.

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.fp_helpers import make_fp_app

from combat_tui.core.runner import run_line
from combat_tui.screens.futurepath.space_phase import SpacePhaseScreen

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]

SURPRISE_AND_ROUND_1 = ("space start", "dice 6 7 8 3 4 9 3 6", "space fire Marauder Bearclaw", "space next",
                        "dice 6 7", "space command Bearclaw sensors", "space next")  # fmt: skip


async def action_phase(pilot) -> None:
    for line in SURPRISE_AND_ROUND_1:
        run_line(pilot.app.session, line)
    pilot.app.push_screen(SpacePhaseScreen())
    await pilot.pause()
    pilot.app.session.dice.force([8, 6, 7, 5, 5, 6, 7, 2, 8, 3, 4])
    await pilot.press("o", "s", "f")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_space_phase_screen(snap_compare, size):
    assert snap_compare(make_fp_app(), run_before=action_phase, terminal_size=size)
