"""The `dnd5e` rule system: D&D 5e (2014 rules) as the GM reference of the tracker states them.

`DND5E` is what the registry hands the kernel, storage and the screens (`core/system.py` says
what each attribute is); the rules behind it are the modules beside this one. Opening a campaign
needs only its records and its check, so the rules (the commands, events, verbs and log, some 150
record classes) are imported at their first use: the app imports them once its first screen is up.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e import check
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.model import Abilities, Campaign


class Dnd5e:
    id = "dnd5e"
    name = "D&D 5e (2014)"
    campaign_type = Campaign
    full_records = (Abilities,)

    @property
    def commands(self) -> dict[str, type]:
        from combat_tui.systems.dnd5e.commands import KINDS

        return KINDS

    @property
    def verbs(self) -> dict:
        from combat_tui.systems.dnd5e.verbs import VERBS

        return VERBS

    @property
    def usage(self) -> dict[str, str]:
        from combat_tui.systems.dnd5e.verbs import USAGE

        return USAGE

    def warm(self) -> None:
        """Import the rules (a screen's first command would)."""
        from combat_tui.systems.dnd5e import dispatch, formats, log, summary, verbs  # noqa: F401

    def empty(self, name: str) -> Campaign:
        return Campaign(name, self.id, Tile("map-1", 10, 10), maps=(MapInfo("map-1", "The Map", 21, 21),))

    def apply(self, state: Campaign, command: object, dice: Dice) -> Outcome:
        from combat_tui.systems.dnd5e.dispatch import RULES

        rule = RULES.get(type(command))
        if rule is None:
            raise CommandRejected(f"The 5e rules have no command '{getattr(command, 'kind', command)}'.")
        return rule(state, command, dice)

    def describe(self, events: tuple, before: Campaign, after: Campaign) -> tuple[str, ...]:
        # The labels the GM saw when giving the command (a lone one may gain its number when a
        # second of its name arrives); new actors take their new label.
        # (before first: the cache keeps one state, and the next command reads `after`.)
        from combat_tui.systems.dnd5e.log import describe

        seen = labels(before)
        names = {**labels(after), **seen}
        return describe(events, before, after, names)

    def format_command(self, command: object, state: Campaign) -> str:
        from combat_tui.systems.dnd5e.formats import format_command

        return format_command(command, state)

    def labels(self, state: Campaign) -> dict[str, str]:
        return labels(state)

    def names(self, state: Campaign) -> dict[str, str]:
        return {actor.id: actor.name for actor in state.characters + state.creatures}

    def show(self, state: Campaign, ref: str) -> str:
        from combat_tui.systems.dnd5e.summary import summary

        return summary(state, ref)

    def stage(self, state: Campaign) -> str | None:
        return state.fight.stage if state.fight is not None else None

    def check(self, state: Campaign) -> list[tuple[str, str]]:
        return check.check(state)


DND5E = Dnd5e()
