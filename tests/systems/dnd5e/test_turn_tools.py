"""The GM's turn tools (issue "Fast at the table", item 5): hold a turn and resume it, with forced dice.

The 2014 PHB has no Delay (its Ready is a reaction); the rule is the Delay GMs know from other
trackers, as turn_tools.py says: a held turn is set aside, its place is stepped past until it
resumes, and a resumed combatant acts now, just before the one whose turn it is, keeping that
place in later rounds.
"""

from __future__ import annotations

from attrs import evolve

from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import CreatureAction
from tests.lines import refused
from tests.systems.dnd5e.helpers import campaign, character, creature, current, order, running


def _four():
    """Aldric 20, Ayla 15 (party), then Orc 12 and Drake 5 (foes), by forced initiative d20s."""
    drake = creature("drake", hp=30)
    breath = CreatureAction("Fire Breath", "dexterity", 13, "4d6", "fire", recharge=5, ready=False)
    state = campaign(character("aldric"), character("ayla"), creature("orc"), evolve(drake, actions=(breath,)))
    return running(state, [20, 15, 12, 5])


def test_hold_sets_the_turn_aside_and_the_next_turn_starts():
    # ref: issue "Fast at the table" — "delay or hold a turn (and re-enter the order later)"
    s = _four()
    assert order(s) == ["aldric", "ayla", "orc", "drake"] and current(s) == "aldric"
    entry = s.execute(cmd.HoldTurn("aldric"))
    assert current(s) == "ayla"
    assert order(s) == ["aldric", "ayla", "orc", "drake"]  # it keeps its place, marked held
    assert s.state.fight.find("aldric").held
    assert entry.lines == ("Aldric holds its turn.", "Ayla's turn.")


def test_a_held_turn_is_not_ended():
    # A held turn is set aside, not ended: what ends with a turn (the Surprised chip) stays.
    s = _four()
    s.execute(cmd.AddChip("aldric", "Surprised"))
    s.execute(cmd.HoldTurn("aldric"))
    assert [chip.name for chip in s.state.actor("aldric").chips] == ["Surprised"]


def test_a_held_place_is_stepped_past_round_after_round():
    s = _four()
    s.execute(cmd.HoldTurn("aldric"))
    s.dice.force([1])  # the drake's recharge d6
    for _ in range(3):
        s.execute(cmd.NextTurn())
    assert current(s) == "ayla" and s.state.fight.round == 2  # round 2 starts with Ayla: Aldric waits
    assert s.state.fight.find("aldric").held


def test_prev_turn_steps_past_a_held_place():
    s = _four()
    s.execute(cmd.HoldTurn("aldric"))
    s.execute(cmd.NextTurn())
    assert current(s) == "orc"
    s.execute(cmd.PrevTurn())
    assert current(s) == "ayla"
    assert refused(s, "prev") == "This is the first turn of the fight."


def test_resume_acts_now_before_the_current_combatant_and_keeps_that_place():
    # ref: issue "Fast at the table" — "re-enter the order later": just before the combatant whose
    # turn it is, with an initiative one above it, as GMs' trackers do
    s = _four()
    s.execute(cmd.HoldTurn("aldric"))
    s.execute(cmd.NextTurn())  # the orc's turn
    entry = s.execute(cmd.ResumeTurn("aldric"))
    assert current(s) == "aldric"
    assert order(s) == ["ayla", "aldric", "orc", "drake"]
    assert s.state.fight.find("aldric").initiative == 13 and not s.state.fight.find("aldric").held
    assert entry.lines == ("Aldric resumes its held turn before Orc (initiative 13).", "Aldric's turn.")
    s.execute(cmd.NextTurn())
    assert current(s) == "orc"
    s.dice.force([1])
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    assert current(s) == "ayla" and s.state.fight.round == 2
    s.execute(cmd.NextTurn())
    assert current(s) == "aldric"  # its new place, in the next round too


def test_the_turn_it_cut_into_goes_on_without_starting_again():
    # The drake's turn had begun (its recharge d6 rolled 1) when Aldric resumed before it; back to
    # the drake, no second recharge d6 is rolled and its spent action pip stays spent.
    s = _four()
    s.execute(cmd.HoldTurn("aldric"))
    s.execute(cmd.NextTurn())
    s.dice.force([1])
    s.execute(cmd.NextTurn())
    assert current(s) == "drake"
    s.execute(cmd.TogglePip("drake", "action", True))
    s.execute(cmd.ResumeTurn("aldric"))
    s.dice.force([6])
    entry = s.execute(cmd.NextTurn())
    assert current(s) == "drake" and entry.lines == ("Drake's turn.",)
    assert s.dice.forced == (6,)  # no recharge roll
    assert s.state.fight.find("drake").action_used
    assert s.state.fight.interrupted == ()
    s.dice.clear_forced()


def test_undo_of_a_hold_and_a_resume_returns_the_start():
    s = _four()
    start = s.state
    s.execute(cmd.HoldTurn("aldric"))
    s.execute(cmd.NextTurn())
    held = s.state
    s.execute(cmd.ResumeTurn("aldric"))
    s.undo()
    assert s.state == held
    s.undo()
    s.undo()
    assert s.state == start


def test_hold_and_resume_refusals_are_plain():
    s = _four()
    assert refused(s, "hold Ayla") == "It is not Ayla's turn."
    assert refused(s, "resume Ayla") == "Ayla is not holding its turn."
    alone = running(campaign(character("aldric"), creature("orc")), [20, 5])
    alone.execute(cmd.AddChip("orc", "Stunned"))  # it loses its turns
    assert refused(alone, "hold Aldric") == "No one else can take a turn now, so Aldric cannot hold."


def test_hold_needs_a_running_fight():
    s = running(campaign(character("aldric"), creature("orc")), [20, 5])
    s.execute(cmd.EndFight())
    assert refused(s, "hold Aldric") == "No fight is running."


def test_a_held_combatant_that_cannot_act_stays_held():
    s = _four()
    s.execute(cmd.HoldTurn("aldric"))
    s.execute(cmd.AddChip("aldric", "Stunned"))
    assert refused(s, "resume Aldric") == "Aldric cannot take a turn now."


def test_the_text_forms_of_hold_and_resume():
    from combat_tui.core.text import format_command, parse

    s = _four()
    assert parse("hold Aldric", s.state).command == cmd.HoldTurn("aldric")
    assert parse("resume Aldric", s.state).command == cmd.ResumeTurn("aldric")
    assert format_command(cmd.ResumeTurn("aldric"), s.state) == "resume Aldric"


def test_a_held_turn_survives_the_snapshot(tmp_path):
    from combat_tui.storage import read_snapshot, write_snapshot

    s = _four()
    s.execute(cmd.HoldTurn("aldric"))
    s.execute(cmd.NextTurn())
    s.execute(cmd.ResumeTurn("aldric"))
    write_snapshot(tmp_path, s.state, 3)
    assert read_snapshot(tmp_path) == (s.state, 3)


def test_the_prompt_offers_the_held_combatants_to_resume():
    from combat_tui.core.completion import complete

    s = _four()
    s.execute(cmd.HoldTurn("aldric"))
    assert complete("resume ", s.state).candidates == ("Aldric",)
    assert complete("hold ", s.state).candidates == ("Ayla",)

