"""The round's steps (declare, withdraw, commit, resolve, fail) and the reason each cannot be taken
now: the round screen dims its keys by `step_refusal` and says the reason when one is pressed."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.round_keys import STEPS, step_refusal
from tests.systems.futurepath.helpers import campaign, fighter, run, session


def vanguard():
    """X (Team A, alone in its Vanguard) and Y (Team B); after setup, start and next it is X's turn."""
    s = session(campaign(fighter("x", dex=16), fighter("y", "b", hp=30)))
    run(s, "setup", "start")
    return s


def why(s, step: str) -> str | None:
    refused = step_refusal(s.state.futurepath, step)
    return None if refused is None else f"{refused.reason} {refused.detail}".strip()


def test_no_step_is_taken_before_the_action_phase_and_the_rules_say_so_too():
    # ref: Combat page, "Each Round of Combat": "Advantages/Disadvantages: At the start of each
    # round of combat ..." then "Action: ... Characters commit to doing certain actions"
    s = vanguard()
    assert s.state.futurepath.fight.phase == "advantages"
    assert why(s, "declare") == "Actions are declared in the Action phase. Go on with 'next'."
    assert why(s, "resolve") == "Actions are resolved in the Action phase. Go on with 'next'."
    assert all(why(s, step) for step in STEPS)
    with pytest.raises(CommandRejected) as refused:  # the command the key sends: the same words
        run(s, "declare X attack on Y")
    assert refused.value.reason == "Actions are declared in the Action phase."


def test_in_the_action_phase_commit_needs_a_declaration_and_resolve_a_waiting_action():
    # ref: Combat page, "Order Resolution": "Players who have committed to actions that require
    # rolling cannot roll for their action until ... all other players have committed to action."
    s = vanguard()
    run(s, "next")
    assert s.state.futurepath.fight.phase == "action"
    assert why(s, "declare") is None and why(s, "withdraw") is None
    assert why(s, "commit") == "No one in the group has declared an action to commit. Declare one first."
    assert why(s, "resolve") == "No declared action is waiting. Declare one with 'declare', or go on with 'next'."
    run(s, "declare X attack on Y")
    assert why(s, "commit") is None and why(s, "resolve") is None


def test_once_committed_no_more_declaring_and_after_the_last_roll_nothing_waits():
    # ref: Combat page, "Order Resolution": "... cannot roll for their action until all other actions
    # that do not require rolling have been resolved, and all other players have committed to action."
    s = vanguard()
    run(s, "next", "declare X attack on Y", "commit")
    assert why(s, "declare") == "The group has committed its actions. Resolve them, or go on with 'next'."
    assert why(s, "withdraw") == why(s, "commit") == why(s, "declare")
    assert why(s, "resolve") is None
    s.dice.force([15])  # the attack's d20 (the seeded dice roll the rest)
    run(s, "attack X Y")
    assert s.state.futurepath.fight.declarations[0].resolved
    assert why(s, "resolve") == "No declared action is waiting. Declare one with 'declare', or go on with 'next'."
    assert why(s, "fail") == why(s, "resolve")


def test_no_reason_outside_a_running_ground_fight_or_for_another_key():
    s = session(campaign(fighter("x"), fighter("y", "b")))
    assert step_refusal(s.state.futurepath, "declare") is None
    assert step_refusal(vanguard().state.futurepath, "conditions") is None
