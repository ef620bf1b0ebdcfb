"""The `futurepath` rule system: FuturePath ground combat (spec/002_...txt, the Combat page, and
spec/futurepath-notes.md for the rules it points to) and space combat (`space/`). Rule numbers
R1-R118 and defaults A1-A56 are those of the notes; every table is a data file in `data/`.

`FUTUREPATH` is what the registry hands the kernel, storage and the screens (`core/system.py`
says what each attribute is).
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.core.system import Outcome
from combat_tui.core.text import quote
from combat_tui.systems.futurepath.check import check
from combat_tui.systems.futurepath.labels import labels
from combat_tui.systems.futurepath.model import Campaign, FuturePath, Team
from combat_tui.systems.futurepath.space.check import check as check_ships
from combat_tui.systems.futurepath.space.labels import ship_labels


class FuturePathSystem:
    id = "futurepath"
    name = "FuturePath (ground combat)"
    campaign_type = Campaign
    full_records = ()
    # The rules (commands, verbs, log) are imported at their first use, as the 5e system's are.

    @property
    def commands(self) -> dict[str, type]:
        from combat_tui.systems.futurepath.commands import KINDS

        return KINDS

    @property
    def verbs(self) -> dict:
        from combat_tui.systems.futurepath.verbs import VERBS

        return VERBS

    @property
    def usage(self) -> dict[str, str]:
        from combat_tui.systems.futurepath.verbs import USAGE

        return USAGE

    def warm(self) -> None:
        """Import the rules (a screen's first command would)."""
        from combat_tui.systems.futurepath import dispatch, log, summary, verbs  # noqa: F401
        from combat_tui.systems.futurepath.space import log as space_log  # noqa: F401

    def empty(self, name: str) -> Campaign:
        teams = (Team("party", "The Party"), Team("foes", "The Foes"))
        return Campaign(name, self.id, Tile("map-1", 10, 10), maps=(MapInfo("map-1", "The Map", 21, 21),),
                        futurepath=FuturePath(teams=teams))

    def apply(self, state: Campaign, command: object, dice: Dice) -> Outcome:
        from combat_tui.systems.futurepath.dispatch import RULES

        rule = RULES.get(type(command))
        if rule is None:
            space = "space " if getattr(command, "kind", "").startswith("fp-space-") else ""
            raise CommandRejected(f"The FuturePath {space}rules have no command '{getattr(command, 'kind', command)}'.")
        return rule(state, command, dice)

    def describe(self, events: tuple, before: Campaign, after: Campaign) -> tuple[str, ...]:
        from combat_tui.systems.futurepath.log import describe
        from combat_tui.systems.futurepath.space import log as _space_log  # noqa: F401  (registers the space log lines)

        names = {**labels(after), **labels(before), **ship_labels(after), **ship_labels(before)}
        return describe(events, before, after, names)

    def format_command(self, command: object, state: Campaign) -> str:
        from combat_tui.systems.futurepath.verbs import format_command

        names = self.labels(state)
        return format_command(command, lambda ref: quote(names.get(ref, ref)))

    def labels(self, state: Campaign) -> dict[str, str]:
        return {**labels(state), **ship_labels(state)}

    def names(self, state: Campaign) -> dict[str, str]:
        return {}  # a FuturePath combatant is named by its label alone, numbered or not

    def show(self, state: Campaign, ref: str) -> str:
        from combat_tui.systems.futurepath.space.summary import show as space_show
        from combat_tui.systems.futurepath.summary import show

        if ref == "space" or ref.startswith("ship:"):
            return space_show(state, ref)
        return show(state, ref)

    def stage(self, state: Campaign) -> str | None:
        fp = state.futurepath
        if fp is None:
            return None
        if fp.space is not None and fp.space.stage == "running":
            return "space"  # a running space fight is on screen, over a ground one if any
        return fp.fight.stage if fp.fight is not None else None

    def check(self, state: Campaign) -> list[tuple[str, str]]:
        return check(state) + (check_ships(state) if state.futurepath is not None else [])


FUTUREPATH = FuturePathSystem()
