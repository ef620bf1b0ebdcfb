"""Labels: the names the app shows for FuturePath combatants, numbered when they share a name
("Space Bear 1" ... "Space Bear 4"), in roster order."""

from __future__ import annotations

from collections import Counter

from combat_tui.systems.futurepath.model import Campaign, FuturePath
from combat_tui.systems.futurepath.stats import fp_state


def labels(state: Campaign) -> dict[str, str]:
    return actor_labels(fp_state(state))


def label(fp: FuturePath, ref: str) -> str:
    """One combatant's label, for a refusal or a hint: the sheet's name is shared by a group."""
    return actor_labels(fp).get(ref, ref)


def actor_labels(fp: FuturePath) -> dict[str, str]:
    actors = fp.actors
    counts = Counter(actor.name for actor in actors)
    seen: Counter = Counter()
    result = {}
    for actor in actors:
        seen[actor.name] += 1
        result[actor.id] = f"{actor.name} {seen[actor.name]}" if counts[actor.name] > 1 else actor.name
    return result


def team_names(state: Campaign) -> dict[str, str]:
    return {team.id: team.name for team in fp_state(state).teams}
