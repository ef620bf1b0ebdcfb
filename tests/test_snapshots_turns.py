"""SVG snapshots of the combat screen's turn economy (issue 6) at 80x24 and 160x48: the pips with
a spent Action and Extra Attack's swings, and an inspected Goblin Boss card with its Reaction row
and a Legendary action row.

Review the report before `--snapshot-update`: a changed snapshot is a changed screen.
"""

from __future__ import annotations

import pytest
from attrs import evolve
from screens.helpers import SETUP_FACES, make_app

SIZES = [(80, 24), (160, 48)]
SIZE_IDS = ["80x24", "160x48"]


def legendary_app():
    """The sample app with a Goblin Boss that takes 3 legendary actions (as set in its creature form)."""
    app = make_app()
    state = app.session.state
    app.session.state = state.with_actor(evolve(state.actor("goblin-boss"), legendary_actions=3))
    return app


async def fighter_swings(pilot) -> None:
    """Start the fight; at Ser Aldric's turn he swings once (one swing of two left) and uses his bonus action."""
    pilot.app.session.dice.force(SETUP_FACES)
    await pilot.press("s", "s")
    await pilot.pause()
    pilot.app.session.dice.force([2])
    await pilot.press("n", "a", "r", "c", "at")
    await pilot.pause()


async def inspect_the_boss(pilot) -> None:
    """Start the fight and inspect the Goblin Boss: pips, Reaction row, Legendary action row."""
    pilot.app.session.dice.force(SETUP_FACES)
    await pilot.press("s", "s")
    await pilot.pause()
    await pilot.press(*["left_square_bracket"])
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
class TestTurnEconomy:
    def test_pips_with_a_spent_action(self, snap_compare, size):
        assert snap_compare(make_app(), run_before=fighter_swings, terminal_size=size)

    def test_reaction_and_legendary_rows(self, snap_compare, size):
        assert snap_compare(legendary_app(), run_before=inspect_the_boss, terminal_size=size)
