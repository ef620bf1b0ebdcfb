"""FightView: what the combat widgets read, built once per state change and shared by all.

It indexes the records by id (a `Campaign.actor` lookup walks every record, too slow per row with
2,000 combatants); the indexes are cached by the identity of the tuples they were built from, so
Next turn, which keeps the combatants and the records, rebuilds nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

from combat_tui.systems.dnd5e.model import Actor, Campaign, Combatant, Fight

_actors_cache: list = [None, None, {}]
_positions_cache: list = [None, {}]


def actor_index(state: Campaign) -> Mapping[str, Actor]:
    if _actors_cache[0] is not state.characters or _actors_cache[1] is not state.creatures:
        index = {actor.id: actor for actor in state.characters}
        index.update((actor.id, actor) for actor in state.creatures)
        _actors_cache[:] = [state.characters, state.creatures, index]
    return _actors_cache[2]


def position_index(combatants: tuple[Combatant, ...]) -> Mapping[str, int]:
    if _positions_cache[0] is not combatants:
        _positions_cache[:] = [combatants, {c.ref: i for i, c in enumerate(combatants)}]
    return _positions_cache[1]


@frozen
class FightView:
    """The state of a running fight with its labels and id indexes."""

    state: Campaign
    labels: Mapping[str, str]
    actors: Mapping[str, Actor]
    positions: Mapping[str, int]
    """Place of each combatant's ref in the turn order."""

    @classmethod
    def of(cls, state: Campaign, labels: Mapping[str, str]) -> FightView:
        combatants = state.fight.combatants if state.fight else ()
        return cls(state, labels, actor_index(state), position_index(combatants))

    @property
    def fight(self) -> Fight:
        return self.state.fight

    @property
    def current_ref(self) -> str | None:
        current = self.fight.current() if self.fight else None
        return current.ref if current else None

    def label(self, ref: str) -> str:
        return self.labels.get(ref, ref)
