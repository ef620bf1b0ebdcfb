"""What the screens show that is more than a field: status words and the nearby list.

Pure functions over the records, cheap enough for every key press: `actor_status` looks at one
record (the screens call it per changed row, never `summary.status`, which searches the state).
"""

from __future__ import annotations

from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Creature


def actor_status(actor: Actor) -> str:
    """`dying`, `stable`, `dead`, `defeated` or empty, from the record alone."""
    if isinstance(actor, Character) and actor.dead:
        return "dead"
    if actor.hp > 0:
        return ""
    if isinstance(actor, Character):
        return "stable" if actor.stable else "dying"
    return "defeated"


def nearby_creatures(state: Campaign) -> tuple[tuple[Creature, int], ...]:
    """Creatures within the nearby range of the party's tile, nearest first, with the distance.

    ref: Combat setup — "the other live hostile creatures within the nearby range, nearest first,
    with the distance in tiles". The campaign screen lists every disposition, the defeated too.
    """
    here = state.party_tile
    found = []
    for position, creature in enumerate(state.creatures):
        distance = creature.tile.distance(here)
        if distance is not None and distance <= state.nearby_range:
            found.append((distance, position, creature))
    found.sort(key=lambda item: (item[0], item[1]))
    return tuple((creature, distance) for distance, _, creature in found)
