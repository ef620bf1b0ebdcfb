"""SVG snapshots of the creature form at 80x24 and 160x48: the Goblin Boss's form, opened with `e`
from its creature dialog, its first section in view.

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.helpers import make_app

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def boss_form(pilot) -> None:
    await pilot.press("tab", "down", "down", "down", "e", "e")  # the Goblin Boss, then its form
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestCreatureForm:
    def test_creature_form(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=boss_form, terminal_size=size)
