"""FightView: what the combat widgets read, built once per state change and shared by all.

It holds the records by id and the view record of each combatant (`fight_views`, built on first
read); the id indexes are cached by the identity of the tuples they were built from, so Next
turn, which keeps the combatants and the records, rebuilds nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from combat_tui.core.records import frozen
from combat_tui.systems.dnd5e.model import Actor, Campaign, Fight
from combat_tui.systems.dnd5e.view import CardView, CombatantView, actor_index, card_view, fight_views, position_index


@frozen
class FightView:
    """The state of a running fight with its labels, id indexes and combatant views."""

    state: Campaign
    labels: Mapping[str, str]
    actors: Mapping[str, Actor]
    positions: Mapping[str, int]
    """Place of each combatant's ref in the turn order."""
    views: Mapping[str, CombatantView]
    """What the card, the row and the ribbon chip show of each combatant, by ref."""

    @classmethod
    def of(cls, state: Campaign, labels: Mapping[str, str]) -> FightView:
        combatants = state.fight.combatants if state.fight else ()
        views = fight_views(state, labels)
        return cls(state, labels, actor_index(state), position_index(combatants), views)

    @property
    def fight(self) -> Fight:
        return self.state.fight

    @property
    def current_ref(self) -> str | None:
        current = self.fight.current() if self.fight else None
        return current.ref if current else None

    def label(self, ref: str) -> str:
        return self.labels.get(ref, ref)

    def card(self, ref: str) -> CardView:
        """What the combatant card shows of `ref`, with its turn economy."""
        return card_view(self.state, ref, self.labels)
