"""A refusal names the combatant by the label the app shows ("Goblin 3"), never the stored name
("Goblin"), so the GM knows which one (issue 18: "the attack dialog's cost row says 'Goblin's
Action is spent' for Goblin 3")."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.dnd5e import commands as cmd
from tests.systems.dnd5e.helpers import current, running


def test_a_spent_action_names_the_label(sample):
    s = running(sample)
    while s.state.actor(current(s)).name != "Goblin":
        s.execute(cmd.NextTurn())
    ref = current(s)
    s.execute(cmd.TogglePip(ref, "action", True))
    label = s.system.labels(s.state)[ref]
    assert label.startswith("Goblin ")
    with pytest.raises(CommandRejected, match=f"^{label}'s Action is spent"):
        s.execute(cmd.Attack(ref, "ayla", "Scimitar"))
    with pytest.raises(CommandRejected, match=f"^{label}'s Action is already used"):
        s.execute(cmd.TogglePip(ref, "action", True))
