"""SVG snapshots of the character sheet at 80x24 and 160x48: a dying character with a death-save
tracker (1 success, 2 failures), chips and exhaustion 2, after a Wisdom save.

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e.model import Chip

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


def dying_mirelle() -> CombatApp:
    """Mirelle at 0 HP with one success and two failures, three chips and exhaustion 2."""
    state = goblin_ambush()
    mirelle = evolve(
        state.actor("mirelle"), hp=0, death_successes=1, death_failures=2, exhaustion=2,
        chips=(Chip("Unconscious"), Chip("Prone"), Chip("Poisoned", 3)),
    )  # fmt: skip
    return CombatApp(session=Session(state.with_actor(mirelle), dice=Dice(1)))


async def roll_a_wisdom_save(pilot) -> None:
    """Open Mirelle's sheet from the party list and roll her Wisdom save (d20 12)."""
    await pilot.press("down", "c")
    await pilot.pause()
    pilot.app.session.dice.force([12])
    await pilot.press("down", "down", "down", "down", "right", "r")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_sheet_of_a_dying_character(snap_compare, size):
    assert snap_compare(dying_mirelle(), run_before=roll_a_wisdom_save, terminal_size=size)
