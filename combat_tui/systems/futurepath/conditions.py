"""Conditions on combatants: the catalogue's rules for gaining one again (notes §2.5 a-d), and
the most severe of a track (§2.5 a)."""

from __future__ import annotations

import re

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.core.text import bad_character
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FPActor, FPCondition
from combat_tui.systems.futurepath.stats import actor, fp_state, ground_fight, with_fp
from combat_tui.systems.futurepath.tables import ConditionRule, tables


def canonical(name: str) -> str:
    """The catalogue's name for a name or alias (`Shocked` -> `Stunned`, A12); a custom
    condition keeps the GM's name."""
    rule = tables().condition(name)
    return rule.name if rule is not None else name.strip()


def add_condition(state: Campaign, ref: str, name: str, rounds: int, owner: str = "") -> Outcome:
    fp = fp_state(state)
    ground_fight(fp, "chip", ("setup", "running"))  # setup: the example's Shaken comes before Round 0
    who = actor(fp, ref)
    if not name.strip():
        raise CommandRejected("A condition needs a name.")
    found = bad_character(name)
    if found is not None:  # a condition's name is shown and logged
        raise CommandRejected(f"The condition's name holds {found[1]}.", "Type the name again without it.")
    if re.search(r"\s[+-]\d+$", name):
        raise CommandRejected(f"'{name}' ends in a signed number: a condition lasts a number of rounds from 1.",
                              "Write the rounds apart: chip NAME +Shaken 2.")  # fmt: skip
    if rounds < 0:
        raise CommandRejected("A condition cannot last a negative number of rounds.")
    rule = tables().condition(name)
    name = canonical(name)
    if rounds == 0 and rule is not None:
        rounds = rule.rounds
    replaced = ""
    existing = who.condition(name)
    if existing is not None and rounds:
        # §2.5 c: gaining a timed condition again resets its duration to the new length.
        replaced = "reset"
    elif existing is not None and rule is not None and rule.track:
        # §2.5 d: gaining an until-rest condition again moves it one step along its track.
        following = [r for r in tables().track(rule.track) if r.step == rule.step + 1]
        if not following:
            raise CommandRejected(f"{label(fp, ref)} is already {name}, the last step of its track.")
        replaced, name = name, following[0].name
    elif existing is not None:
        raise CommandRejected(f"{label(fp, ref)} is already {name}.")
    kept = tuple(c for c in who.conditions if c.name not in (name, replaced))
    condition = FPCondition(name, rounds, False, owner, "")
    fp = fp.with_actor(evolve(who, conditions=kept + (condition,)))
    return Outcome(with_fp(state, fp), (ev.ConditionAdded(ref, name, rounds, replaced),))


def remove_condition(state: Campaign, ref: str, name: str) -> Outcome:
    fp = fp_state(state)
    ground_fight(fp, "chip", ("setup", "running"))
    who = actor(fp, ref)
    name = canonical(name)
    if who.condition(name) is None:
        raise CommandRejected(f"{label(fp, ref)} is not {name}.")
    fp = fp.with_actor(evolve(who, conditions=tuple(c for c in who.conditions if c.name.casefold() != name.casefold())))
    return Outcome(with_fp(state, fp), (ev.ConditionRemoved(ref, name),))


def effective(who: FPActor) -> tuple[ConditionRule, ...]:
    """The catalogue rules that apply: on each track only the most severe step (§2.5 a)."""
    rules = [r for c in who.conditions if (r := tables().condition(c.name)) is not None]
    worst: dict[str, ConditionRule] = {}
    result = []
    for rule in rules:
        if not rule.track:
            result.append(rule)
        elif rule.track not in worst or rule.step > worst[rule.track].step:
            worst[rule.track] = rule
    return tuple(result) + tuple(worst.values())


def has_flag(who: FPActor, flag: str) -> bool:
    return any(getattr(rule, flag) for rule in effective(who))
