"""SVG snapshots of the attack dialog (seeded dice, forced initiative and rolls).

A poisoned Ayla shoots her shortbow at a prone Goblin 1 at long range, and the dialog shows the
terms, the reasons for the disadvantage, and the result of the roll. Review the report before
`--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from screens.helpers import SETUP_FACES, make_app

from tests.screens.helpers import type_line

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


async def poisoned_archer(pilot) -> None:
    """Start the fight, poison Ayla, knock Goblin 1 prone, open the dialog on it with the bow."""
    pilot.app.session.dice.force(SETUP_FACES)
    await pilot.press("s", "s")
    await pilot.pause()
    await type_line(pilot, "chip Ayla +Poisoned")
    await type_line(pilot, "chip 'Goblin 1' +Prone")
    await pilot.press(*["right_square_bracket"] * 4, "a", "w", "l")
    await pilot.pause()


async def poisoned_archer_rolled(pilot) -> None:
    await poisoned_archer(pilot)
    pilot.app.session.dice.force([15, 12, 6])
    await pilot.press("r")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestAttackDialog:
    def test_attack_dialog(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=poisoned_archer, terminal_size=size)

    def test_attack_dialog_after_a_roll(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=poisoned_archer_rolled, terminal_size=size)
