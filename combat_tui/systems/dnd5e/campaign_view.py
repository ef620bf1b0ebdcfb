"""What the campaign screen shows beyond a field: an actor's status word, the nearby list and
who Start combat would bring in (the labels number them), from the records alone, so the first
screen imports no rules (`view.py` and `setup.py` build on these)."""

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


def default_lists(state: Campaign) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(party side, foes) ids of the fight that Start combat would begin."""
    here = state.party_tile
    party = [c.id for c in state.characters if _within(c.tile, here, 1)]
    foes = []
    for creature in state.creatures:
        if creature.hp <= 0:
            continue
        if creature.disposition == "hostile" and _within(creature.tile, here, 1):
            foes.append(creature.id)
        elif creature.disposition != "hostile" and creature.tile == here:
            party.append(creature.id)
    return tuple(party), tuple(foes)


def _within(tile, here, tiles: int) -> bool:
    distance = tile.distance(here)
    return distance is not None and distance <= tiles
