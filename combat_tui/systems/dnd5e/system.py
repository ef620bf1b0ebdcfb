"""The `dnd5e` rule system: D&D 5e (2014 rules) as the GM reference of the tracker states them.

`DND5E` is what the registry hands the kernel, storage and the screens (`core/system.py` says
what each attribute is); the rules behind it are the modules beside this one.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e import check, formats
from combat_tui.systems.dnd5e.commands import KINDS
from combat_tui.systems.dnd5e.dispatch import RULES
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.log import describe
from combat_tui.systems.dnd5e.model import Abilities, Campaign
from combat_tui.systems.dnd5e.summary import summary
from combat_tui.systems.dnd5e.verbs import USAGE, VERBS


class Dnd5e:
    id = "dnd5e"
    name = "D&D 5e (2014)"
    campaign_type = Campaign
    commands = KINDS
    verbs = VERBS
    usage = USAGE
    full_records = (Abilities,)

    def empty(self, name: str) -> Campaign:
        return Campaign(name, self.id, Tile("map-1", 10, 10), maps=(MapInfo("map-1", "The Map", 21, 21),))

    def apply(self, state: Campaign, command: object, dice: Dice) -> Outcome:
        rule = RULES.get(type(command))
        if rule is None:
            raise CommandRejected(f"The 5e rules have no command '{getattr(command, 'kind', command)}'.")
        return rule(state, command, dice)

    def describe(self, events: tuple, before: Campaign, after: Campaign) -> tuple[str, ...]:
        # The labels the GM saw when giving the command (a lone one may gain its number when a
        # second of its name arrives); new actors take their new label.
        # (before first: the cache keeps one state, and the next command reads `after`.)
        seen = labels(before)
        names = {**labels(after), **seen}
        return describe(events, before, after, names)

    def format_command(self, command: object, state: Campaign) -> str:
        return formats.format_command(command, state)

    def labels(self, state: Campaign) -> dict[str, str]:
        return labels(state)

    def names(self, state: Campaign) -> dict[str, str]:
        return {actor.id: actor.name for actor in state.characters + state.creatures}

    def show(self, state: Campaign, ref: str) -> str:
        return summary(state, ref)

    def stage(self, state: Campaign) -> str | None:
        return state.fight.stage if state.fight is not None else None

    def check(self, state: Campaign) -> list[tuple[str, str]]:
        return check.check(state)


DND5E = Dnd5e()
