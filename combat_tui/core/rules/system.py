"""What a rule system is: pure `apply`, `describe` for the travelogue, and its text commands."""

from __future__ import annotations

from typing import Protocol

from attrs import frozen

from ..dice import Dice
from ..model import Campaign


@frozen
class Outcome:
    """The new state and the past-tense events of one command."""

    state: Campaign
    events: tuple = ()


class RuleSystem(Protocol):
    id: str
    name: str

    def apply(self, state: Campaign, command: object, dice: Dice) -> Outcome:
        """Validate and apply one command; raise CommandRejected to refuse it."""
        ...

    def describe(self, events: tuple, before: Campaign, after: Campaign) -> tuple[str, ...]:
        """The travelogue lines of a command's events."""
        ...

    def labels(self, state: Campaign) -> dict[str, str]:
        """The label the app shows for every actor id (`Goblin 2`)."""
        ...

    def show(self, state: Campaign, ref: str) -> str:
        """The one-line summary of `show NAME`: label, HP current/max, then the rest."""
        ...

    def check(self, state: Campaign) -> list[tuple[str, str]]:
        """What a loaded campaign has wrong for these rules: (field path, problem) pairs."""
        ...
