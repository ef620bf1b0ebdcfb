"""SVG snapshots of the campaign screen with its map, the Encounter! dialog and the creature dialog.

The party walks one tile west (the map focused), Ayla splits off to (2, 1), and the Nearby list
highlights Wolf 1; then the party walks back beside the goblins (Encounter!); and the creature
dialog of Brother Oswin. Review the report before `--snapshot-update`.
"""

from __future__ import annotations

import pytest
from screens.helpers import make_app

from tests.screens.helpers import type_line

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def walked_and_split(pilot) -> None:
    await type_line(pilot, "split Ayla 2 1")
    await pilot.press("tab", *["down"] * 5, "m", "left")  # Wolf 1 highlighted, then the walk
    await pilot.pause()


async def encounter(pilot) -> None:
    await walked_and_split(pilot)
    await pilot.press("right")
    await pilot.pause()


async def creature_dialog(pilot) -> None:
    await pilot.press("tab", *["down"] * 4, "enter")  # Brother Oswin
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestCampaignMap:
    def test_map_after_a_walk_and_a_split(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=walked_and_split, terminal_size=size)

    def test_encounter_dialog(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=encounter, terminal_size=size)

    def test_creature_dialog(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=creature_dialog, terminal_size=size)
