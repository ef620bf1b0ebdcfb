"""Hacking and counter-hacking (notes §2.13): access, then gather information, disrupt a system
or harm the ship (one Battle Damage a combat, after 3 successful rounds); DCs rise every round
inside; a failure alerts the crew; a critical failure ejects the hacker."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import check_may_act
from combat_tui.systems.futurepath.space.damage import chart, deal
from combat_tui.systems.futurepath.space.model import ATTRIBUTES, Intrusion, Pending, SpaceFight
from combat_tui.systems.futurepath.space.roll import function_roll, succeeded
from combat_tui.systems.futurepath.space.state import add_pending, taken, with_space, with_status
from combat_tui.systems.futurepath.space.stats import crypto_bonus, fight, mod, ship, status
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.space.universal import manipulation

HARM_ROUNDS = 3


def _intrusion(space: SpaceFight, hacker: str, target: str) -> Intrusion:
    return next((h for h in status(space, hacker).hacks if h.target == target), Intrusion(target))


def _put(space: SpaceFight, hacker: str, intrusion: Intrusion | None, target: str) -> SpaceFight:
    st = status(space, hacker)
    hacks = tuple(h for h in st.hacks if h.target != target) + ((intrusion,) if intrusion else ())
    return with_status(space, evolve(st, hacks=hacks))


def hack(state: Campaign, command: sc.Hack, dice: Dice) -> Outcome:
    space = fight(state)
    who, other = ship(state, command.ship), ship(state, command.target)
    if command.position not in ("science", "sensors"):
        raise CommandRejected("Hacking is the Science Officer's or the Sensor Officer's.")
    post = check_may_act(state, space, who, command.position)
    tables = space_tables()
    mine, theirs, r = status(space, who.id), status(space, other.id), space.round
    intrusion = _intrusion(space, who.id, other.id)
    mode = command.mode
    inside = intrusion.stage >= 1
    if mode != "access" and not inside:
        raise CommandRejected(f"{who.name} has no access to {other.name} yet: 'access' first.")
    if mode == "access" and inside:
        raise CommandRejected(f"{who.name} is inside {other.name} already.")
    if intrusion.jammed == r:
        raise CommandRejected(f"{other.name} jammed {who.name}'s hacker: it lost its connection and forfeits this round.")
    if mode == "access" and intrusion.fails >= tables.dc("hack_max_fails"):
        raise CommandRejected(f"{who.name} cannot try to hack {other.name} again (3 failures).")
    rounds_inside = max(0, r - intrusion.since) if inside else 0
    electronics = mod(other, "electronics", theirs, r)
    if mode == "access":
        dc = tables.dc("hack_access_dc") + electronics + mod(other, "sensors", theirs, r)
        static = mod(who, "electronics", mine, r) + mod(who, "sensors", mine, r)
    elif mode == "info":  # a Crypto machine raises it (the wiki's Crypto page)
        dc = tables.dc("hack_info_dc") + electronics + rounds_inside * tables.dc("hack_inside_step") + crypto_bonus(other)
        static = mod(who, "electronics", mine, r)
    elif mode == "disrupt":
        if command.system not in ATTRIBUTES:
            raise CommandRejected("Disrupt needs a Core System Attribute.")
        dc = tables.dc("hack_disrupt_dc") + electronics + mod(other, command.system, theirs, r)
        dc += rounds_inside * tables.dc("hack_inside_step")
        static = mod(who, "electronics", mine, r)
    elif mode == "harm":
        if mine.hack_damage:
            raise CommandRejected("Hacking deals at most 1 Battle Damage a combat.")
        dc = tables.dc("hack_disrupt_dc") + electronics + 2 * rounds_inside
        static = mod(who, "electronics", mine, r)
    else:
        raise CommandRejected(f"'{mode}' is not a hack.", "Hacks: access, info, disrupt ATTRIBUTE, harm.")
    guard = manipulation(space, other.id, who.id) if inside else None  # the target's Shield Manipulation
    if guard is not None and guard >= intrusion.last:
        dc += min(tables.dc("manipulation_hack_cap"), 1 + (guard - intrusion.last) // tables.dc("manipulation_step"))
    roll = function_roll(dice, space, who, command.position, post, static, command.adv - intrusion.fails, electronics=True)
    ok = succeeded(roll, dc)
    blocked = mode == "info" and ok and guard is not None and guard >= roll.total
    events: list = []
    if mode == "access":
        if ok:
            intrusion = evolve(intrusion, stage=1, since=r, last=roll.total)
            result = "access gained"
        elif dc - roll.total > tables.dc("hack_alert_margin"):
            intrusion = evolve(intrusion, fails=intrusion.fails + 1, exposed=True, exposed_at=r, last=roll.total)
            result = f"failed by more than 5: {other.name} is alerted"
        else:
            intrusion = evolve(intrusion, last=roll.total)
            result = "failed"
        space = _put(space, who.id, intrusion, other.id)
    elif roll.critical == "failure":
        space = _put(space, who.id, None, other.id)
        result = "critical failure: the hacker is ejected"
    elif not ok:
        space = _put(space, who.id, evolve(intrusion, exposed=True, exposed_at=r, last=roll.total), other.id)
        result = f"failed: {other.name}'s crew is alerted"
    else:
        intrusion = evolve(intrusion, last=roll.total)
        if blocked:  # ref: Shield Manipulation — "This can block Gather Information"
            result = f"{other.name}'s Shield Manipulation ({guard}) blocks the information"
        elif mode == "info":
            result = "information gathered"
        elif mode == "disrupt":
            points = 2 + (roll.total - dc)
            change = (points + 1) // 2  # score points to modifier
            space = add_pending(space, Pending("disrupt", other.id, who.id, amount=change, detail=command.system, dc=r + 1))
            result = f"{command.system.capitalize()} -{points} points for 1 round"
        else:
            intrusion = evolve(intrusion, stage=intrusion.stage + 1)
            if intrusion.stage - 1 >= HARM_ROUNDS:
                damage, faces, _ = chart(dice, r, who, no_bonus=True, source="hack")
                space = deal(space, other.id, damage, counts=False)
                space = with_status(space, evolve(status(space, who.id), hack_damage=True))
                events.append(ev.DamageRolled(other.id, who.id, faces, damage))
                result = "the hack deals a Battle Damage"
            else:
                result = f"harm under way ({intrusion.stage - 1} of {HARM_ROUNDS} rounds)"
        space = _put(space, who.id, intrusion, other.id)
    space = taken(space, who.id, command.position, "hack " + mode, other.id, result)
    event = ev.Rolled(who.id, command.position, "hack " + mode, other.id, roll, dc, ok, result)
    return Outcome(with_space(state, space), (event, *events))


def counter_hack(state: Campaign, command: sc.CounterHack, dice: Dice) -> Outcome:
    """ref: §2.13 — opposed to the hacker's last roll, +1 per turn it stayed after being exposed."""
    space = fight(state)
    who, hacker = ship(state, command.ship), ship(state, command.hacker)
    if command.position not in ("science", "sensors", "engineer"):
        raise CommandRejected("Counter-hacking is the Science, Sensor or Engineering officer's.")
    post = check_may_act(state, space, who, command.position)
    intrusion = next((h for h in status(space, hacker.id).hacks if h.target == who.id), None)
    if intrusion is None or not intrusion.exposed:
        raise CommandRejected(f"No exposed hack of {hacker.name} is in {who.name}.")
    dc = intrusion.last + max(0, space.round - intrusion.exposed_at)
    roll = function_roll(dice, space, who, command.position, post, mod(who, "electronics", status(space, who.id), space.round),
                         command.adv, electronics=True)  # fmt: skip
    ok = succeeded(roll, dc)
    result = "failed"
    if ok:
        space = _put(space, hacker.id, None, who.id)
        result = f"{hacker.name} is locked out"
    space = taken(space, who.id, command.position, "counter-hack", hacker.id, result)
    return Outcome(with_space(state, space), (ev.Rolled(who.id, command.position, "counter-hack", hacker.id, roll, dc, ok, result),))
