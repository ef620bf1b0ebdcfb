"""SVG snapshots of the creature library at 80x24 and 160x48: opened with `l` from the campaign
screen and "owl" typed (the owls and the owlbear listed, the first one's stat block shown).

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.helpers import make_app

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def owl_typed(pilot) -> None:
    await pilot.press("l")
    await pilot.pause()
    await pilot.press(*"owl")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestLibrary:
    def test_library_with_owl_typed(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=owl_typed, terminal_size=size)
