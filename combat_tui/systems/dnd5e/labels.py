"""Labels: the names the app shows, numbered when combatants share a name.

ref: Combat setup — "Combatants that share a name get a number after it ... The numbers follow
the order of the creature list ... A foe that is the only one of its name in the fight shows no
number. The Nearby tab counts on after the fight."
"""

from __future__ import annotations

from collections import Counter

from combat_tui.systems.dnd5e.model import Campaign

_cache: list = [None] * 5  # characters, creatures, combatants, party tile, labels: by identity


def labels(state: Campaign) -> dict[str, str]:
    """The label of every character and creature id; cached while the records stay the same."""
    # The turn and round change every key; the labels depend only on who is in the fight.
    combatants = state.fight.combatants if state.fight is not None else None
    key = (state.characters, state.creatures, combatants, state.party_tile)
    if all(a is b for a, b in zip(_cache[:4], key)):
        return _cache[4]
    result = _compute(state)
    _cache[:] = [*key, result]
    return result


def _compute(state: Campaign) -> dict[str, str]:
    in_fight = _fight_refs(state)
    result: dict[str, str] = {}
    for actors in (state.characters, state.creatures):
        group = [actor for actor in actors if actor.id in in_fight]
        rest = [actor for actor in actors if actor.id not in in_fight]
        counts = Counter(actor.name for actor in group)
        seen: Counter = Counter()
        for actor in group:
            seen[actor.name] += 1
            result[actor.id] = f"{actor.name} {seen[actor.name]}" if counts[actor.name] > 1 else actor.name
        # Those outside the fight count on after it, so a second wolf reads "Wolf 2".
        outside = Counter(actor.name for actor in rest)
        for actor in rest:
            shared = counts[actor.name] + outside[actor.name] > 1
            seen[actor.name] += 1
            result[actor.id] = f"{actor.name} {seen[actor.name]}" if shared else actor.name
    return result


def _fight_refs(state: Campaign) -> set[str]:
    if state.fight is not None:
        return {combatant.ref for combatant in state.fight.combatants}
    from combat_tui.systems.dnd5e.setup import default_lists  # the fight that Start combat would begin

    party, foes = default_lists(state)
    return set(party) | set(foes)
