"""SVG snapshots of the main screens at 80x24 and 160x48 (seeded dice, forced initiative).

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.helpers import SETUP_FACES, make_app

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def force_setup(pilot) -> None:
    pilot.app.session.dice.force(SETUP_FACES)


async def fight_under_way(pilot) -> None:
    """Start the fight, hurt Goblin 2 and Mirelle, and inspect Goblin 2."""
    pilot.app.session.dice.force(SETUP_FACES)
    await pilot.press("s", "s")
    await pilot.pause()
    pilot.app.session.dice.force([15, 6])
    await pilot.press(*["right_square_bracket"] * 4, "a", "r", "c")  # Ayla drops Goblin 1
    await pilot.press("left_square_bracket", "4", "d")  # the GM hurts Goblin 2
    await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
    await pilot.press("3", "0", "d")  # and Mirelle
    await pilot.press("c", "right_square_bracket", "right_square_bracket", "right_square_bracket")  # Goblin 2
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestCampaignScreen:
    def test_campaign(self, snap_compare, size):
        assert snap_compare(make_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestSetupScreen:
    def test_setup(self, snap_compare, size):
        assert snap_compare(make_app(), press=["s"], run_before=force_setup, terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestCombatScreen:
    def test_combat(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=fight_under_way, terminal_size=size)

    def test_end_combat_dialog(self, snap_compare, size):
        assert snap_compare(make_app(), press=["e"], run_before=fight_under_way, terminal_size=size)


class TestMiddleSize:
    """The campaign and combat screens at 120x40 too: the size the benchmarks and tryouts use,
    where the Nearby HP column and the combat footer were once cut."""

    def test_campaign_120x40(self, snap_compare):
        assert snap_compare(make_app(), terminal_size=(120, 40))

    def test_combat_120x40(self, snap_compare):
        assert snap_compare(make_app(), run_before=fight_under_way, terminal_size=(120, 40))
