"""Ship labels: names, numbered when ships share one ("Fighter 1" ... "Fighter 4"), and swarms."""

from __future__ import annotations

from collections import Counter

from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.stats import fp_state


def ship_labels(state: Campaign) -> dict[str, str]:
    fp = fp_state(state)
    counts = Counter(s.name for s in fp.ships)
    seen: Counter = Counter()
    result = {}
    for ship in fp.ships:
        seen[ship.name] += 1
        result[ship.id] = f"{ship.name} {seen[ship.name]}" if counts[ship.name] > 1 else ship.name
    if fp.space is not None:
        result.update({swarm.id: swarm.name for swarm in fp.space.swarms})
    return result


def find_ship(state: Campaign, text: str, *, swarms: bool = True) -> str:
    """The id of the ship (or swarm) labelled or named `text`, any case; "" if none."""
    wanted = text.casefold()
    labels = ship_labels(state)
    for ref, label in labels.items():
        if label.casefold() == wanted or ref.casefold() == wanted:
            return ref
    fp = fp_state(state)
    if swarms:
        for ship in fp.ships:
            if ship.swarm and ship.swarm.casefold() == wanted:
                return ship.swarm.casefold().replace(" ", "-")
    return ""
