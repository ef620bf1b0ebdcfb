"""SVG snapshots of combat setup with a Both sides Stealth contest and a joined wolf, and of the End
combat dialog with fates, loot ticked, coins and a timed chip kept (seeded dice, forced rolls).

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.helpers import SETUP_FACES, make_app

from tests.screens.helpers import type_line

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def stealth_contest(pilot) -> None:
    """Setup, Both sides sneak with typed and rolled totals, Wolf 1 joins from the nearby list."""
    pilot.app.session.dice.force(SETUP_FACES)
    await pilot.press("s")
    await pilot.pause()
    await pilot.press("w", "w", "w")
    await pilot.pause()
    await type_line(pilot, "stealth Ayla 16")
    await type_line(pilot, "stealth Bren 11")
    pilot.app.session.dice.force([3, 9, 4, 2, 15, 8, 12, 17])
    await pilot.press("r")
    await pilot.pause()
    pilot.app.session.dice.force([14])
    await pilot.press("tab", "down", "j")
    await pilot.pause()


async def end_with_loot(pilot) -> None:
    """Goblin 2 and the Goblin Boss fall; Goblin 1 flees, the boss's loot goes to Ayla; Ayla's
    Bless is kept, Goblin 1's Poisoned ends."""
    pilot.app.session.dice.force(SETUP_FACES)
    await pilot.press("s", "s")
    await pilot.pause()
    await type_line(pilot, "damage 'Goblin 2' 99")
    await type_line(pilot, "damage 'Goblin Boss' 99")
    await type_line(pilot, "chip Ayla +Bless 7")
    await type_line(pilot, "chip 'Goblin 1' +Poisoned 10")
    await pilot.press("e")
    await pilot.pause()
    await pilot.press("tab", "f", "tab", "space", "down", "space", "g", "g", "k")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestSetupAndEnd:
    def test_setup_with_a_stealth_contest(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=stealth_contest, terminal_size=size)

    def test_end_combat_with_loot(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=end_with_loot, terminal_size=size)
