"""What a rule system is: the protocol the kernel, storage and the screens talk to.

A system is a package of `systems/` with one object that has these attributes; the registry
finds it by the id a campaign file names (`registry.py`). Everything it returns is data.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from combat_tui.core.records import frozen

from .campaign import Campaign
from .dice import Dice


@frozen
class Outcome:
    """The new state and the past-tense events of one command."""

    state: Any
    events: tuple = ()


class RuleSystem(Protocol):
    id: str
    name: str
    campaign_type: type[Campaign]
    """The system's campaign record: the envelope plus its state, as the campaign file holds it."""
    commands: Mapping[str, type]
    """Its command classes by kind, so the journal can read them back."""
    verbs: Mapping[str, Callable]
    """Its text forms: verb -> handler of the words (`core.text.Args`) -> `core.text.Parsed`."""
    usage: Mapping[str, str]
    """One usage line per verb, for the messages of a bad line."""
    full_records: tuple[type, ...]
    """Records the campaign file writes with every field, defaults too (ability scores)."""

    def empty(self, name: str) -> Campaign:
        """A new campaign of this system with one map and no one on it (`combat-tui new --system`)."""
        ...

    def apply(self, state: Campaign, command: object, dice: Dice) -> Outcome:
        """Validate and apply one command; raise CommandRejected to refuse it."""
        ...

    def describe(self, events: tuple, before: Campaign, after: Campaign) -> tuple[str, ...]:
        """The travelogue lines of a command's events."""
        ...

    def format_command(self, command: object, state: Campaign) -> str:
        """The text form of a command, with the labels of the state it ran on."""
        ...

    def labels(self, state: Campaign) -> dict[str, str]:
        """The label the app shows for every id a command can name (`Goblin 2`)."""
        ...

    def names(self, state: Campaign) -> dict[str, str]:
        """Every id's plain name: a unique name works in a command where the label is numbered."""
        ...

    def show(self, state: Campaign, ref: str) -> str:
        """The one-line summary of `show NAME`: label, HP current/max, then the rest."""
        ...

    def stage(self, state: Campaign) -> str | None:
        """The stage whose screen the app shows over the campaign (`setup`, `running`), or None."""
        ...

    def check(self, state: Campaign) -> list[tuple[str, str]]:
        """What a loaded campaign has wrong for these rules: (field path, problem) pairs."""
        ...

    # Optional: `choices(state, verb, placeholder, owner) -> Sequence[str] | None`, the words the
    # `:` prompt's Tab offers for a placeholder of the verb's usage line (`WEAPON`, `SPELL`,
    # `+CONDITION`), `owner` being the id named before it ("" if none); None leaves it to the
    # kernel (labels for NAME, TARGET ...). A system may keep it as `choices` in a `completion`
    # module of its package instead (core/completion.py).
