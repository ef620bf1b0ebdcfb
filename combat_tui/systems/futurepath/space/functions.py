"""The crew functions of §2.12 but Fire: Give Command, Encourage Crew, Boost, the Helm's
manoeuvres and Ram, Scan, Repair and the Medical Officer's treatment.

A roll happens when the command is given; what it changes applies when the phase ends (R95).
Helm stances and scans are known at once, because the page's order (R101) rolls the Helm (3) and
the Sensor Officer (4) before the Weapons Officer (5), whose dice read them."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.core.text import is_count, shown
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.captain import captain_dc, command_roll, presence_kept, refuse_if_assisting
from combat_tui.systems.futurepath.space.crew import TITLES, check_may_act, manned, presence_bonus
from combat_tui.systems.futurepath.space.damage import chart, deal, emergency, plasma_burn
from combat_tui.systems.futurepath.space.detect import detected, spotted_by
from combat_tui.systems.futurepath.space.distance import band_of
from combat_tui.systems.futurepath.space.model import ATTRIBUTES, Pending, SpaceFight
from combat_tui.systems.futurepath.space.roll import function_roll, succeeded
from combat_tui.systems.futurepath.space.state import add_pending, taken, with_space, with_status
from combat_tui.systems.futurepath.space.stats import (
    active_damage,
    band_bonus,
    fight,
    mod,
    ship,
    spoofed,
    status,
    tracking_dc,
)
from combat_tui.systems.futurepath.space.tables import space_tables

MANOEUVRES = ("offensive", "defensive", "close", "widen", "intercept", "feint", "evasive")


def _done(state: Campaign, space: SpaceFight, event: ev.Rolled) -> Outcome:
    space = taken(space, event.ship, event.position, event.action, event.target, event.result)
    return Outcome(with_space(state, space), (event,))


def give_command(state: Campaign, command: sc.GiveCommand, dice: Dice) -> Outcome:
    space = fight(state)
    who = ship(state, command.ship)
    post = check_may_act(state, space, who, "captain")
    if command.position == "captain":
        raise CommandRejected("The Captain gives commands to the other officers.")
    st = status(space, who.id)
    if st.assisting != command.position:
        refuse_if_assisting(space, who, f"command the {TITLES[command.position]}")
    adv = command.adv + (1 if st.assisting else 0)  # Direct Assistance: its roll has an extra advantage
    roll, dc, ok, result, space = command_roll(space, dice, who, post, command.position, adv)
    space, keep = presence_kept(state, space, dice, who, roll, dc)
    return _done(state, space, ev.Rolled(who.id, "captain", "give command", TITLES[command.position], roll, dc, ok,
                                         result + keep))  # fmt: skip


def encourage(state: Campaign, command: sc.Encourage, dice: Dice) -> Outcome:
    space = fight(state)
    who = ship(state, command.ship)
    post = check_may_act(state, space, who, "captain")
    refuse_if_assisting(space, who, "encourage the crew")
    st = status(space, who.id)
    if st.encouraged:
        raise CommandRejected(f"{who.name}'s Captain has already encouraged the crew this combat (once per combat).")
    officers = sum(1 for p in who.crew if manned(p) and not p.out and p.position != "captain")
    dc = captain_dc(who, space_tables().dc("encourage_dc")) + officers + space.round
    roll = function_roll(dice, space, who, "captain", post, 0, command.adv)
    ok = succeeded(roll, dc)
    space = with_status(space, evolve(st, encouraged=True))
    result = "failed"
    if ok:
        amount = 1 + max(0, roll.total - dc) // space_tables().dc("give_command_step")
        for position in ("science", "helm", "sensors", "engineer", "medical"):
            space = add_pending(space, Pending("command", who.id, position=position, amount=amount, detail="bonus"))
        result = f"every officer but Weapons gets +{amount} this round"
    space, keep = presence_kept(state, space, dice, who, roll, dc)
    return _done(state, space, ev.Rolled(who.id, "captain", "encourage crew", "", roll, dc, ok, result + keep))


def boost(state: Campaign, command: sc.Boost, dice: Dice) -> Outcome:
    """ref: §2.12 — Science: move Electronics mod points into Engines, Weapons, Shields or Sensors
    (1 + 1 per 3 over DC 10), then a 1-turn cooldown; Engineer: Engines, until the next Response."""
    space = fight(state)
    who = ship(state, command.ship)
    position, attribute = command.position, command.attribute
    if position not in ("science", "engineer"):
        raise CommandRejected("Boost is the Science Officer's or the Chief Engineer's.")
    allowed = ("engines", "weapons", "shields", "sensors") if position == "science" else ("engines",)
    if attribute not in allowed:
        raise CommandRejected(f"The {TITLES[position]} boosts {', '.join(allowed)}.")
    post = check_may_act(state, space, who, position)
    st = status(space, who.id)
    tables = space_tables()
    if position == "science" and st.boost_cooldown and st.boost_cooldown >= space.round:
        raise CommandRejected(f"{who.name}'s Science Officer can Boost again after round {st.boost_cooldown} (cooldown).")
    source = "electronics" if position == "science" else "engines"
    roll = function_roll(dice, space, who, position, post, mod(who, source, st, space.round), command.adv,
                         electronics=position == "science")  # fmt: skip
    dc = tables.dc("boost_dc")
    ok = succeeded(roll, dc)
    result = "failed"
    if position == "engineer":
        space = stop_repair(space, who.id)
    if ok:
        points = 1 + max(0, roll.total - dc) // tables.dc("boost_step")
        if position == "science":
            points = min(points, max(1, mod(who, "electronics", st, space.round)))
            st = evolve(status(space, who.id), boost_cooldown=space.round + tables.dc("boost_cooldown"))
            space = with_status(space, st)
        until = space.round if position == "science" else space.round + 1
        space = add_pending(space, Pending("boost", who.id, position=position, amount=points, detail=attribute, dc=until))
        result = f"{attribute.capitalize()} +{points}" + (f", Electronics -{points}" if position == "science" else "")
    return _done(state, space, ev.Rolled(who.id, position, "boost", attribute, roll, dc, ok, result))


def fly(state: Campaign, command: sc.Fly, dice: Dice) -> Outcome:
    """ref: §2.10, §2.12 — opposed Pilot checks, rolled against the target's Tracking DC."""
    space = fight(state)
    who = ship(state, command.ship)
    manoeuvre = {"pursue": "intercept", "offensively": "offensive", "defensively": "defensive"}.get(command.manoeuvre, command.manoeuvre)
    if manoeuvre not in MANOEUVRES:
        raise CommandRejected(f"'{command.manoeuvre}' is not a manoeuvre.", "Manoeuvres: " + ", ".join(MANOEUVRES) + ".")
    post = check_may_act(state, space, who, "helm")
    st = status(space, who.id)
    if st.silent:
        raise CommandRejected(f"{who.name} is running silent: no Engine-based functions.")
    if manoeuvre == "evasive":
        dc, target, against = space_tables().dc("evasive_dc"), "", 0
    else:
        if not command.target:
            raise CommandRejected(f"Flying {manoeuvre} needs a target ship.")
        swarm = next((w for w in space.swarms if w.id == command.target), None)
        # ref: §2.13 — pilots may treat a swarm as a single opponent (its first ship's Tracking DC)
        other = ship(state, swarm.ships[0] if swarm else command.target)
        dc = tracking_dc(other, status(space, other.id), space.round, band_bonus(space, who.id, other.id))
        target = swarm.id if swarm else other.id
        if swarm and manoeuvre in ("close", "widen", "intercept"):
            raise CommandRejected(f"{manoeuvre.capitalize()} needs one ship of {swarm.name}.")
        against = min(spoofed(space, m) for m in (swarm.ships if swarm else (other.id,)))  # Sensor Spoofing
    static = mod(who, "engines", st, space.round)
    roll = function_roll(dice, space, who, "helm", post, static, command.adv - against)
    ok = succeeded(roll, dc)
    result = "failed"
    if ok:
        if manoeuvre in ("close", "widen"):
            space = add_pending(space, Pending("distance", who.id, target, amount=-1 if manoeuvre == "close" else 1))
            result = f"{'closes' if manoeuvre == 'close' else 'widens'} the distance"
        else:
            st = evolve(st, helm=manoeuvre, helm_target=target)
            if manoeuvre == "intercept":
                st = evolve(st, intercepted=st.intercepted + ((target, space.round),))
            space = with_status(space, st)
            result = {"offensive": "our fire needs 1 fewer success", "defensive": "enemy fire needs 1 more success",
                      "feint": "+4 Tracking DC, enemy fire needs 2 more successes", "intercept": "intercepted: Ram possible next round",
                      "evasive": f"enemy fire needs {space.options.evasive_successes} more successes"}[manoeuvre]  # fmt: skip
    name = "fly " + manoeuvre if manoeuvre not in ("close", "widen", "intercept") else manoeuvre
    return _done(state, space, ev.Rolled(who.id, "helm", name, target, roll, dc, ok, result))


def ram(state: Campaign, command: sc.Ram, dice: Dice) -> Outcome:
    """ref: §2.12 — Short range and an intercept last round (or a target another ship grapples);
    d% above 50: both ships take Battle Damage (ours at a fixed repair DC 7); otherwise only the
    target; its chart roll rerolls 7s."""
    space = fight(state)
    who, other = ship(state, command.ship), ship(state, command.target)
    check_may_act(state, space, who, "helm")
    if band_of(space, who.id, other.id) != space_tables().functions["ram_short_range"]:
        raise CommandRejected(f"Ram needs Short range; {other.name} is at {band_of(space, who.id, other.id).capitalize()}.")
    grapplers = [by for by, last in status(space, other.id).grappled_by if last >= space.round]
    if who.id in grapplers:
        raise CommandRejected(f"{who.name} is grappling {other.name}: it may not ram it.")
    if not grapplers and (other.id, space.round - 1) not in status(space, who.id).intercepted:
        raise CommandRejected(f"Ram needs a successful intercept of {other.name} in the previous round.")
    d100 = dice.die(100)
    events: list = []
    damage, faces, addon = chart(dice, space.round, who, reroll_sevens=True, source="ram")
    space = deal(space, other.id, damage, counts=False)
    events.append(ev.DamageRolled(other.id, who.id, faces, damage, addon))
    both = d100 > space.options.ram_both_above
    if both:
        own, _, _ = chart(dice, space.round, None, roll=7, source="ram")
        own = evolve(own, dc=7)
        space = deal(space, who.id, own, counts=False)
        events.append(ev.DamageRolled(who.id, who.id, (), own))
    result = f"d% {d100}: " + ("both ships take Battle Damage" if both else f"only {other.name} takes Battle Damage")
    space = taken(space, who.id, "helm", "ram", other.id, result)
    return Outcome(with_space(state, space), (ev.Rolled(who.id, "helm", "ram", other.id, None, 0, True, result), *events))


def scan(state: Campaign, command: sc.Scan, dice: Dice) -> Outcome:
    """ref: R117, §2.12 — 2d10 + Sensor mod against the target's Tracking DC (and its Detection DC
    when our Passive Sensors cannot see it); success gives the Weapons Officer the scan bonus.
    A swarm, which Fire takes as one target, is scanned with one roll judged against each of its
    ships (§2.13: "Pilots may treat the swarm as a single opponent")."""
    space = fight(state)
    who = ship(state, command.ship)
    swarm = next((w for w in space.swarms if w.id == command.target), None)
    members = swarm.ships if swarm is not None else (ship(state, command.target).id,)
    members = tuple(m for m in members if not status(space, m).exploded) or members
    if who.id in members:
        raise CommandRejected(f"{who.name} cannot scan itself.", "Name an enemy ship to scan.")
    post = check_may_act(state, space, who, "sensors")
    st = status(space, who.id)
    if st.silent:
        raise CommandRejected(f"{who.name} is running silent: no scans.")
    bonus = mod(who, "sensors", st, space.round)
    against = min(spoofed(space, m) for m in members)  # Sensor Spoofing: a disadvantage
    roll = function_roll(dice, space, who, "sensors", post, bonus, command.adv - against)
    st = evolve(st, scan_rolls=st.scan_rolls + tuple((m, roll.total) for m in members))
    jammed = st.sensor_jam == space.round and roll.total <= st.sensor_jam_total  # an enemy's Jam wins ties
    found, shown_dc, hidden_any = [], 0, False
    for ref in members if not jammed else ():
        other = ship(state, ref)
        dc = tracking_dc(other, status(space, ref), space.round, band_bonus(space, who.id, ref))
        _, _, detection = spotted_by(state, space, ref)
        hidden = not detected(state, space, ref, who.id)
        shown_dc = max(shown_dc, dc if not hidden else max(dc, detection))
        if succeeded(roll, dc) and (not hidden or succeeded(roll, detection)):
            found.append((ref, hidden))
            hidden_any = hidden_any or hidden
    ok = bool(found)
    result = "failed"
    if ok:
        st = evolve(st, scans=st.scans + tuple(r for r, _ in found), found=st.found + tuple(r for r, h in found if h))
        if roll.critical == "success":
            st = evolve(st, crit_scans=st.crit_scans + tuple(r for r, _ in found))
        space = with_status(space, st)
        result = ("critical scan: " if roll.critical == "success" else "") + f"weakness found (+{bonus} a die)"
        if swarm is not None:
            result += f" on {len(found)} of its {len(members)} ships"
        if hidden_any:
            result += "; found through its stealth"
    if jammed:  # ref: Jam, Jam Opponent Sensor Array — "an opposing roll against the enemy's Scan roll"
        shown_dc, result = 0, f"an enemy Jam of {st.sensor_jam_total} meets or beats it, so the scan fails"
    space = with_status(space, st)
    target = swarm.id if swarm is not None else members[0]
    return _done(state, space, ev.Rolled(who.id, "sensors", "scan", target, roll, shown_dc, ok, result))


def stop_repair(space: SpaceFight, ref: str) -> SpaceFight:
    """ref: §2.11 — switching to other work resets the repair progress."""
    st = status(space, ref)
    if st.repairing < 0 or st.repairing >= len(st.damage):
        return space
    damage = st.damage[st.repairing]
    damage = evolve(damage, progress=0)
    return with_status(space, evolve(st, repairing=-1, damage=st.damage[: st.repairing] + (damage,) + st.damage[st.repairing + 1 :]))


def repair(state: Campaign, command: sc.Repair, dice: Dice) -> Outcome:
    """ref: §2.11 — a Battle Damage over two successful Response rounds (other work resets it);
    a side effect alone at DC 15; a damaged system at its DC (12 + the enemy's Weapons mod)."""
    space = fight(state)
    who = ship(state, command.ship)
    post = check_may_act(state, space, who, "engineer")
    st = status(space, who.id)
    words = command.what.casefold().split()
    tables = space_tables()
    core = next((i for i, d in enumerate(st.damage) if tables.row(d.roll).effect == "core"), None)
    if words and words[0] == "side":
        index = _index(st, words[1] if len(words) > 1 else "1")
        if core is not None and index != core:
            raise CommandRejected("The Engineer must stop everything for the engine core (chart 12).")
        dc, kind, target = tables.dc("side_effect_dc"), "side-repair", st.damage[index].name
    elif words and words[0] in (*ATTRIBUTES, *(p.name.casefold() for p in (*who.hard_points, *who.bays))):
        if core is not None:
            raise CommandRejected("The Engineer must stop everything for the engine core (chart 12).")
        system = next((d for d in st.systems if d.system.casefold() == command.what.casefold()), None)
        if system is None:
            raise CommandRejected(f"{who.name}'s {command.what} is not damaged.")
        index, dc, kind, target = -1, system.dc, "system-repair", system.system
    else:
        index = _index(st, words[0] if words else "1")
        if core is not None and index != core:
            raise CommandRejected("The Engineer must stop everything for the engine core (chart 12).")
        dc, kind, target = st.damage[index].dc, "repair", st.damage[index].name
    if kind != "repair" or st.repairing != index:
        space = stop_repair(space, who.id)
    if kind == "repair":
        space = with_status(space, evolve(status(space, who.id), repairing=index))
    roll = function_roll(dice, space, who, "engineer", post, 0, command.adv)
    ok = dc == 0 or succeeded(roll, dc)  # chart 12 needs no roll
    result = "failed"
    if ok:
        space = add_pending(space, Pending(kind, who.id, position="engineer", amount=index, detail=target))
        result = {"repair": "one round of repair done", "side-repair": "side effect repaired",
                  "system-repair": f"{target} restored"}[kind]  # fmt: skip
        if kind == "repair" and emergency(space, st):
            result = "at its maximum Battle Damage, one success removes it"
    done = _done(state, space, ev.Rolled(who.id, "engineer", "repair", target, roll, dc, ok, result))
    working = st.damage[index] if index >= 0 else None
    if working is not None and tables.row(working.roll).effect == "plasma" and working in active_damage(st, space.round):
        state, hurt = plasma_burn(done.state, dice, who, post)  # ref: §2.11 chart 2, whatever the roll
        return Outcome(state, (*done.events, hurt))
    return done


def _index(st, word: str) -> int:
    if not is_count(word) or len(word) > 6 or not 1 <= int(word) <= len(st.damage):  # '²' is a digit to isdigit()
        raise CommandRejected(f"'{shown(word)}' is not a Battle Damage of this ship (1 to {len(st.damage)}).")
    return int(word) - 1


def treat(state: Campaign, command: sc.Treat, dice: Dice) -> Outcome:
    """ref: §2.12 — the Medical Officer's checks target crew, so they use normal d20 rules."""
    space = fight(state)
    who = ship(state, command.ship)
    post = check_may_act(state, space, who, "medical")
    st = status(space, who.id)
    if not any(c.position == command.position and c.name != "Thrown" for c in st.conditions):
        raise CommandRejected(f"{who.name}'s {TITLES[command.position]} has no condition to treat.")
    dc = space_tables().dc("treat_dc")
    face = dice.die(20)
    total = face + post.bonus + command.bonus + presence_bonus(st, "medical", space.round)
    ok = total >= dc
    result = "failed"
    if ok:
        space = add_pending(space, Pending("treat", who.id, position=command.position))
        result = "conditions removed"
    event = ev.Rolled(who.id, "medical", "treat", TITLES[command.position], None, dc, ok, result, (face, total))
    return _done(state, space, event)
