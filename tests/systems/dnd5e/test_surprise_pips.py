"""A surprised combatant's pips, and the GM's overrule by pressing one free (ref: Surprise)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.reactions import reaction_row
from tests.systems.dnd5e.helpers import campaign, character, creature, current, session


def _surprised_orc():
    """The hero goes first; the orc, surprised, second."""
    s = session(campaign(character("hero"), creature("orc")))
    s.dice.force([18, 2])
    s.execute(cmd.OpenSetup())
    s.execute(cmd.SetSurprised("orc", True))
    s.execute(cmd.StartFight())
    s.dice.clear_forced()
    return s


def test_until_its_first_turn_ends_the_reaction_is_spent_and_on_it_the_action_and_bonus_too():
    # ref: Surprise — "Until its first turn ends, its Reaction pip is spent. On that first turn, the
    # Action and Bonus action pips are spent too, so every button that needs them refuses."
    s = _surprised_orc()
    assert current(s) == "hero"
    assert reaction_row(s.state, "orc") == ()  # no opportunity attack while surprised
    s.execute(cmd.NextTurn())
    assert current(s) == "orc"
    p = pips(s.state, "orc")
    assert (p.action, p.bonus, p.reaction) == (True, True, True)
    with pytest.raises(CommandRejected, match="Press the Action pip to mark it free"):
        s.execute(cmd.Attack("orc", "hero", "Scimitar"))


def test_pressing_a_spent_pip_marks_it_free_and_the_button_works():
    # ref: Surprise — "To overrule a spent pip, press it to mark it free."
    s = _surprised_orc()
    s.execute(cmd.NextTurn())
    entry = s.execute(cmd.TogglePip("orc", "action", False))
    assert entry.lines == ("Orc's Action is marked free.",)
    assert pips(s.state, "orc").action is False and pips(s.state, "orc").bonus is True
    s.dice.force([10, 3])
    s.execute(cmd.Attack("orc", "hero", "Scimitar"))
    assert pips(s.state, "orc").action is True  # the swing spent it
    s.undo()
    s.undo()
    assert pips(s.state, "orc").action is True


def test_the_reaction_can_be_freed_before_its_first_turn_and_comes_back_when_that_turn_ends():
    # ref: Surprise — "At the end of that turn the chip ends and the reaction comes back, and its
    # next turn is a normal one."
    s = _surprised_orc()
    s.execute(cmd.TogglePip("orc", "reaction", False))
    assert reaction_row(s.state, "orc") == ("Scimitar",)
    s.execute(cmd.TogglePip("orc", "reaction", True))
    assert reaction_row(s.state, "orc") == ()
    s.execute(cmd.NextTurn())  # the orc's first turn
    s.execute(cmd.NextTurn())  # it ends: the chip goes, the reaction comes back
    assert [c.name for c in s.state.actor("orc").chips] == []
    p = pips(s.state, "orc")
    assert p.reaction is False
