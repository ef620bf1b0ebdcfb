"""SVG snapshots of the cast dialog (seeded dice, forced initiative and rolls).

On Bren's turn, Burning Hands at 2nd level on Goblin 2 and a Paralyzed Goblin 1: the dialog shows
the slots left, the targets with the cursor, the save DC, each target's save (Goblin 1 fails it
automatically), the dice at the chosen slot, and then the result of the cast. Review the report
before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.helpers import SETUP_FACES, make_app

from tests.screens.helpers import type_line

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def burning_hands(pilot) -> None:
    """Start the fight, paralyze Goblin 1, step to Bren's turn, preview Burning Hands at 2nd level
    on Goblin 2 and Goblin 1."""
    pilot.app.session.dice.force(SETUP_FACES)
    await pilot.press("s", "s")
    await pilot.pause()
    await type_line(pilot, "chip 'Goblin 1' +Paralyzed")
    await pilot.press("n", "n", "C")
    await pilot.pause()
    await pilot.press("s", "t", "space", "l")
    await pilot.pause()


async def burning_hands_cast(pilot) -> None:
    await burning_hands(pilot)
    pilot.app.session.dice.force([2, 5, 1, 3, 16])
    await pilot.press("r")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestCastDialog:
    def test_cast_dialog(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=burning_hands, terminal_size=size)

    def test_cast_dialog_after_a_cast(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=burning_hands_cast, terminal_size=size)
