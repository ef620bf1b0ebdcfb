"""Whether the round's phase steps can be taken now, and the reason when not: the round screen
dims its declare, withdraw, commit, resolve and fail keys with it and, when one is pressed,
shows the reason (the rules' own words where a command would be refused so)."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.model import FuturePath
from combat_tui.systems.futurepath.phases import queue

STEPS = {"declare": "declared", "withdraw": "taken back", "commit": "committed", "resolve": "resolved",
         "fail": "resolved"}  # fmt: skip
"""The round's steps, each with the words for what happens to the actions in it."""


def step_refusal(fp: FuturePath, step: str) -> CommandRejected | None:
    """Why `step` cannot be taken in the running ground fight now, or None when it can (or no
    ground fight runs, or `step` is none of the round's steps)."""
    fight = fp.fight
    if fight is None or fight.stage != "running" or step not in STEPS:
        return None
    if fight.phase != "action":  # the page: "Characters commit to doing certain actions" in the Action step
        return CommandRejected(f"Actions are {STEPS[step]} in the Action phase.", "Go on with 'next'.")
    if step in ("declare", "withdraw", "commit") and fight.committed:
        return CommandRejected("The group has committed its actions.", "Resolve them, or go on with 'next'.")
    if step == "commit" and not fight.declarations:
        return CommandRejected("No one in the group has declared an action to commit.", "Declare one first.")
    if step in ("resolve", "fail") and not queue(fp, fight):
        return CommandRejected("No declared action is waiting.", "Declare one with 'declare', or go on with 'next'.")
    return None
