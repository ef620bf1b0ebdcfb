"""Thrown explosives: R81-R84, A36-A38."""

from __future__ import annotations

from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.model import Campaign, Grenade
from combat_tui.systems.futurepath.stats import actor, fp_state, modifier, running_fight, with_fp

SCATTER = {1: 15, 2: 10, 3: 5, 8: 5, 9: 10}
"""ref: A37 — feet off target by face: 1-3 left or short, 8-9 right or long; 4-7 and 10 hit."""


def max_range(strength: int, dexterity: int) -> int:
    """ref: R81, A36 — 30 ft + 5 ft per STR mod and DEX mod, negatives too, never below 5 ft."""
    return max(5, 30 + 5 * (modifier(strength) + modifier(dexterity)))


def axis(face: int, low: str, high: str) -> str:
    """ref: R82 — 4-7 hits that axis; the 0 face (a 10) is an automatic hit."""
    if 4 <= face <= 7 or face == 10:
        return ""
    return f"{SCATTER[face]} ft {low if face < 4 else high}"


def landing(first: int, second: int) -> str:
    parts = [p for p in (axis(first, "left", "right"), axis(second, "short", "long")) if p]
    return ", ".join(parts) if parts else "on target"


def throw(state: Campaign, ref: str, cook: bool, dice: Dice) -> Outcome:
    fp = fp_state(state)
    fight = running_fight(fp)
    who = actor(fp, ref)
    cooked, wis_d20, wis_total = "", 0, 0
    if cook:
        # R84: WIS check DC 25; failure bursts harmlessly; a critical failure goes off in hand.
        from combat_tui.systems.futurepath.checks import roll_d20

        rolled = roll_d20(fp, who, ("all", "skill", "wis"), [], modifier(who.abilities.wisdom), dice)
        wis_d20, wis_total = rolled.d20, rolled.total
        cooked = "in hand" if wis_d20 == 1 else ("cooked" if wis_total >= 25 else "harmless")
    events: list = []
    if cooked == "in hand":
        events.append(ev.GrenadeThrown(ref, (0, 0), "in the thrower's hand", cooked, wis_d20, wis_total))
        events.append(ev.GrenadeExploded(ref, "in the thrower's hand", "at once"))
        return Outcome(state, tuple(events))
    first, second = dice.die(10), dice.die(10)
    landed = landing(first, second)
    events.append(ev.GrenadeThrown(ref, (first, second), landed, cooked, wis_d20, wis_total))
    if cooked != "harmless":
        grenade = Grenade(ref, who.team, cooked == "cooked", landed)
        fight = evolve(fight, grenades=fight.grenades + (grenade,))
    state = with_fp(state, evolve(fp, fight=fight))
    pending = _grenade_declaration(fp, fight, ref)
    if pending is not None:
        from combat_tui.systems.futurepath.phases import mark_resolved

        return mark_resolved(state, pending, f"landed {landed}", tuple(events))
    return Outcome(state, tuple(events))


def _grenade_declaration(fp, fight, ref: str) -> int | None:
    for index, declared in enumerate(fight.declarations):
        if declared.actor == ref and declared.grenade and not declared.resolved:
            if declared.rolls and not fight.committed:
                raise CommandRejected("No one rolls until everyone in the group has committed.")
            return index
    return None


def explode(fight, team: str, at: str) -> tuple:
    """ref: R83, R84, A38 — grenades of other teams go off at the end of this group turn (at its
    start if cooked). Returns (grenades left, events)."""
    left, events = [], []
    for grenade in fight.grenades:
        if grenade.team != team and grenade.cooked == (at == "start"):
            events.append(ev.GrenadeExploded(grenade.thrower, grenade.landed, f"at the {at} of the group turn"))
        else:
            left.append(grenade)
    return tuple(left), events
