"""What a loaded FuturePath campaign has wrong: (field path, problem) pairs."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.tables import tables


def check(state: Campaign) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    fp = state.futurepath
    if fp is None:
        return [("futurepath", "a FuturePath campaign needs a [futurepath] table")]
    teams = {team.id for team in fp.teams}
    ids = [actor.id for actor in fp.actors]
    for index, actor in enumerate(fp.actors):
        where = f"futurepath.actors[{index}]"
        if ids.count(actor.id) > 1:
            problems.append((f"{where}.id", f"'{actor.id}' is used twice"))
        if actor.team not in teams:
            problems.append((f"{where}.team", f"'{actor.team}' is not a team"))
        if not 1 <= actor.level <= 20:
            problems.append((f"{where}.level", f"{actor.level} is not a level from 1 to 20"))
        if actor.advantage_die_level and actor.advantage_die_level not in tables().advantage_die:
            problems.append((f"{where}.advantage_die_level", f"{actor.advantage_die_level} is not a die level"))
        for field, text in [("advantage_die", actor.advantage_die)] + [
            (f"weapons[{i}].damage", w.damage) for i, w in enumerate(actor.weapons)
        ]:
            if text:
                try:
                    parse_dice(text)
                except CommandRejected as error:
                    problems.append((f"{where}.{field}", error.reason))
        for i, weapon in enumerate(actor.weapons):
            if not 2 <= weapon.crit_from <= 20:
                problems.append((f"{where}.weapons[{i}].crit_from", "the crit range starts between 2 and 20"))
            if weapon.crit_multiplier < 1:
                problems.append((f"{where}.weapons[{i}].crit_multiplier", "the multiplier is at least 1"))
        if actor.off_hand and not any(w.name.casefold() == actor.off_hand.casefold() for w in actor.weapons):
            problems.append((f"{where}.off_hand", f"'{actor.off_hand}' is not one of its weapons"))
        for i, condition in enumerate(actor.conditions):
            if condition.rounds < 0:
                problems.append((f"{where}.conditions[{i}].rounds", "rounds cannot be negative"))
    return problems
