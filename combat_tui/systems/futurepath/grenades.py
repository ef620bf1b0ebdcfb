"""Thrown explosives: R81-R84, A36-A38."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FPActor, FuturePath, Grenade, GroundFight
from combat_tui.systems.futurepath.stats import actor, fp_state, modifier, running_fight, with_fp

SCATTER = {1: 15, 2: 10, 3: 5, 8: 5, 9: 10}
"""ref: A37 — feet off target by face: 1-3 left or short, 8-9 right or long; 4-7 and 10 hit."""
IN_HAND = "in the thrower's hand"


def max_range(strength: int, dexterity: int) -> int:
    """ref: R81, A36 — 30 ft + 5 ft per STR mod and DEX mod, negatives too, never below 5 ft."""
    return max(5, 30 + 5 * (modifier(strength) + modifier(dexterity)))


def reach(who: FPActor) -> int:
    """The farthest `who` throws a grenade, in feet."""
    return max_range(who.abilities.strength, who.abilities.dexterity)


def check_range(fp: FuturePath, who: FPActor, feet: int) -> None:
    """ref: R81 — a throw goes no farther than the maximum range."""
    farthest = reach(who)
    if feet > farthest:
        raise CommandRejected(f"{label(fp, who.id)} can throw a grenade {farthest} ft at most (30 ft + 5 ft per STR and DEX "
                              f"modifier): {feet} ft is too far.", "Name a nearer square.")  # fmt: skip


def axis(face: int, low: str, high: str) -> str:
    """ref: R82 — 4-7 hits that axis; the 0 face (a 10) is an automatic hit."""
    if 4 <= face <= 7 or face == 10:
        return ""
    return f"{SCATTER[face]} ft {low if face < 4 else high}"


def landing(first: int, second: int) -> str:
    parts = [p for p in (axis(first, "left", "right"), axis(second, "short", "long")) if p]
    return ", ".join(parts) if parts else "on target"


def throw(state: Campaign, ref: str, cook: bool, dice: Dice, feet: int = 0, target: str = "") -> Outcome:
    """ref: R81-R84 — the throw resolves the thrower's declared grenade, whose distance and
    target it takes when the line names none."""
    fp = fp_state(state)
    fight = running_fight(fp)
    who = actor(fp, ref)
    pending = _grenade_declaration(fp, fight, ref)
    declared = fight.declarations[pending] if pending is not None else None
    feet = feet or (declared.feet if declared is not None else 0)
    target = target or (declared.target if declared is not None else "")
    if target:
        aimed = actor(fp, target)
        if target == ref:
            raise CommandRejected(f"{label(fp, ref)} cannot throw a grenade at themselves.", "Name someone else after 'on'.")
        if target not in fight.present:
            raise CommandRejected(f"{label(fp, aimed.id)} is not in the fight.", "Only someone in the fight can be a target.")
    if feet:
        check_range(fp, who, feet)
    timed_by = target if target and fp.options.grenade_at_target else ""
    cooked, wis_d20, wis_total = "", 0, 0
    if cook:
        # R84: WIS check DC 25; failure bursts harmlessly; a critical failure goes off in hand.
        from combat_tui.systems.futurepath.checks import roll_d20

        rolled = roll_d20(fp, who, ("all", "skill", "wis"), [], modifier(who.abilities.wisdom), dice)
        wis_d20, wis_total = rolled.d20, rolled.total
        cooked = "in hand" if wis_d20 == 1 else ("cooked" if wis_total >= 25 else "harmless")
    events: list = []
    if cooked == "in hand":
        events.append(ev.GrenadeThrown(ref, (0, 0), IN_HAND, cooked, wis_d20, wis_total, feet, target))
        events.append(ev.GrenadeExploded(ref, IN_HAND, "at once"))
        return _resolved(state, pending, "exploded in the thrower's hand", events)
    first, second = dice.die(10), dice.die(10)
    landed = landing(first, second)
    events.append(ev.GrenadeThrown(ref, (first, second), landed, cooked, wis_d20, wis_total, feet, target,
                                   reach(who) if feet else 0, timed_by))  # fmt: skip
    if cooked != "harmless":
        grenade = Grenade(ref, who.team, cooked == "cooked", landed, timed_by)
        fight = evolve(fight, grenades=fight.grenades + (grenade,))
    state = with_fp(state, evolve(fp, fight=fight))
    return _resolved(state, pending, "burst harmlessly in the air" if cooked == "harmless" else f"landed {landed}", events)


def _resolved(state: Campaign, pending: int | None, result: str, events: list) -> Outcome:
    """The declared grenade is resolved, whatever became of it (even one that went off in hand)."""
    if pending is None:
        return Outcome(state, tuple(events))
    from combat_tui.systems.futurepath.phases import mark_resolved

    return mark_resolved(state, pending, result, tuple(events))


def _grenade_declaration(fp, fight, ref: str) -> int | None:
    for index, declared in enumerate(fight.declarations):
        if declared.actor == ref and declared.grenade and not declared.resolved:
            if declared.rolls and not fight.committed:
                raise CommandRejected("No one rolls until everyone in the group has committed.")
            return index
    return None


def _goes_off(fight: GroundFight, grenade: Grenade, team: str) -> bool:
    """ref: A38 — aimed at a creature still in a team: that creature's group turn; else the
    next group turn of a team other than the thrower's."""
    if grenade.target and any(grenade.target in t.members for t in fight.teams):
        if fight.turn >= len(fight.turns):
            return False
        turn = fight.turns[fight.turn]
        group = next((t.group(turn.group) for t in fight.teams if t.team == turn.team), ())
        return grenade.target in group
    return grenade.team != team


def explode(fight: GroundFight, team: str, at: str) -> tuple:
    """ref: R83, R84, A38 — grenades go off at the end of the group turn that sets them off (at
    its start if cooked): the target's group turn, or the next turn of another team. `team`
    is the team of the group turn under way (`fight.turn`). Returns (grenades left, events)."""
    left, events = [], []
    for grenade in fight.grenades:
        if grenade.cooked == (at == "start") and _goes_off(fight, grenade, team):
            events.append(ev.GrenadeExploded(grenade.thrower, grenade.landed, f"at the {at} of the group turn", grenade.target))
        else:
            left.append(grenade)
    return tuple(left), events
