"""Would the space rules refuse a command now, and why: the phase screen dims a key and says the
reason with the rules' own words, without keeping a copy of them.

The rule is run on the state with dice of its own and its outcome thrown away: rules are pure
(DESIGN.md §2), so nothing changes, and a refusal comes before any roll."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.dispatch import SPACE_RULES

_SCRATCH = Dice(0)
"""The dice a trial run rolls; what they show is thrown away with the outcome."""


def refusal(state: Campaign, command: object) -> CommandRejected | None:
    """The refusal the command would get now, or None if the rules would carry it out."""
    rule = SPACE_RULES.get(type(command))
    if rule is None:
        return CommandRejected(f"The space rules have no command '{getattr(command, 'kind', command)}'.")
    try:
        rule(state, command, _SCRATCH)
    except CommandRejected as error:
        return error
    return None
