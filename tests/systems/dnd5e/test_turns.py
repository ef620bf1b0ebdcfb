"""Turn order: Next turn, Previous turn, rounds, and who loses a turn."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.turns import can_take_turn
from tests.systems.dnd5e.helpers import campaign, character, creature, current, running, session


def three():
    """Hero (20), Orc (15), Imp (10): in that order."""
    return running(campaign(character("hero"), creature("orc"), creature("imp")), [20, 15, 10])


def test_the_fight_starts_with_the_first_in_the_order_in_round_one():
    # ref: Combat screen
    s = three()
    assert current(s) == "hero" and s.state.fight.round == 1
    assert s.log[-1] == "Round 1: Hero's turn."


def test_next_turn_walks_the_order_and_a_new_round_begins_after_the_last():
    # ref: Combat screen
    s = three()
    seen = []
    for _ in range(4):
        s.execute(cmd.NextTurn())
        seen.append((current(s), s.state.fight.round))
    assert seen == [("orc", 1), ("imp", 1), ("hero", 2), ("orc", 2)]
    assert s.log[-4:] == ["Orc's turn.", "Imp's turn.", "Round 2: Hero's turn.", "Orc's turn."]


def test_previous_turn_goes_back_and_crosses_the_round_boundary():
    # ref: Combat screen
    s = three()
    for _ in range(3):
        s.execute(cmd.NextTurn())
    assert (current(s), s.state.fight.round) == ("hero", 2)
    s.execute(cmd.PrevTurn())
    assert (current(s), s.state.fight.round) == ("imp", 1)
    assert s.log[-1] == "Back to Imp's turn (round 1)."
    s.execute(cmd.PrevTurn())
    assert (current(s), s.state.fight.round) == ("orc", 1)


def test_previous_turn_at_the_first_turn_is_rejected():
    # ref: Combat screen
    s = three()
    before, log = s.state, list(s.log)
    with pytest.raises(CommandRejected) as refused:
        s.execute(cmd.PrevTurn())
    assert refused.value.reason == "This is the first turn of the fight."
    assert s.state is before and s.log == log


def test_next_turn_skips_a_defeated_creature():
    # ref: Death saves
    s = three()
    s.execute(cmd.ApplyDamage("orc", 10))
    assert not can_take_turn(s.state, "orc")
    s.execute(cmd.NextTurn())
    assert current(s) == "imp"
    assert s.log[-1] == "Imp's turn."
    assert s.state.fight.find("orc") is not None  # it keeps its place


def test_next_turn_skips_a_defeated_npc_and_the_round_still_counts():
    # ref: Death saves
    s = running(campaign(character("hero"), creature("guard", npc=True), creature("imp")), [10, 20, 15])
    assert current(s) == "guard"
    s.execute(cmd.ApplyDamage("guard", 10))
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    assert (current(s), s.state.fight.round) == ("hero", 1)
    s.execute(cmd.NextTurn())
    assert (current(s), s.state.fight.round) == ("imp", 2)
    assert s.log[-1] == "Round 2: Imp's turn."


def test_previous_turn_skips_a_defeated_creature():
    # ref: Death saves
    s = three()
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    s.execute(cmd.ApplyDamage("orc", 10))
    s.execute(cmd.PrevTurn())
    assert current(s) == "hero"


def test_previous_turn_is_rejected_when_only_defeated_creatures_come_before():
    # ref: Combat screen
    s = three()
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    s.execute(cmd.ApplyDamage("orc", 10))
    s.execute(cmd.SetInitiative("hero", 1))  # now Orc, Imp, Hero: only the defeated Orc is before Imp
    assert current(s) == "imp"
    before = s.state
    with pytest.raises(CommandRejected, match="first turn"):
        s.execute(cmd.PrevTurn())
    assert s.state is before


def test_a_dying_character_keeps_its_turn():
    # ref: Death saves
    s = three()
    s.execute(cmd.ApplyDamage("hero", 20))
    assert can_take_turn(s.state, "hero")
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    assert (current(s), s.state.fight.round) == ("hero", 2)
    assert s.log[-2:] == ["Round 2: Hero's turn.", "Hero is dying. Roll a death save."]


def test_a_healed_character_is_no_longer_dying_at_its_turn():
    # ref: Death saves
    s = three()
    s.execute(cmd.ApplyDamage("hero", 20))
    s.execute(cmd.Heal("hero", 3))
    for _ in range(3):
        s.execute(cmd.NextTurn())
    assert s.log[-1] == "Round 2: Hero's turn."


def test_a_healed_creature_takes_its_turns_again():
    # ref: Death saves
    s = three()
    s.execute(cmd.ApplyDamage("orc", 10))
    s.execute(cmd.Heal("orc", 1))
    s.execute(cmd.NextTurn())
    assert current(s) == "orc"


def test_when_only_one_combatant_can_act_next_turn_comes_back_to_it_in_the_next_round():
    # ref: Combat screen
    s = three()
    s.execute(cmd.ApplyDamage("orc", 10))
    s.execute(cmd.ApplyDamage("imp", 10))
    s.execute(cmd.NextTurn())
    assert (current(s), s.state.fight.round) == ("hero", 2)


@pytest.mark.parametrize("command", [cmd.NextTurn(), cmd.PrevTurn()])
def test_turns_are_rejected_when_no_fight_runs(sample, command):
    # ref: Combat screen
    s = session(sample)
    with pytest.raises(CommandRejected, match="No fight is running"):
        s.execute(command)
    s.execute(cmd.OpenSetup())
    before = s.state
    with pytest.raises(CommandRejected, match="has not started"):
        s.execute(command)
    assert s.state is before
