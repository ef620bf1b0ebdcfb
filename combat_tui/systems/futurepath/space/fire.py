"""Fire and Bombard (notes §2.10, §2.13, R112-R117, A42-A45, A49): one d10 per hard point against
the target's BD-DC (Resistance successes of Reflectors or more), the Weapons mod's rerolls, the
scan bonus, weapon types, helm modifiers, size steps, the critical scan, swarm, combined and
specified targeting."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve, frozen
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import check_may_act, command_bonus
from combat_tui.systems.futurepath.space.damage import capped, chart, deal
from combat_tui.systems.futurepath.space.detect import detected
from combat_tui.systems.futurepath.space.distance import band_of, in_range
from combat_tui.systems.futurepath.space.labels import ship_labels
from combat_tui.systems.futurepath.space.model import ATTRIBUTES, FirePool, HardPoint, Pending, Ship, SpaceFight
from combat_tui.systems.futurepath.space.pool_effects import (
    PoolEffects,
    assists,
    before_rerolls,
    manipulated_scan,
    manipulation_cancels,
    missile_defence,
    shoot_down,
)
from combat_tui.systems.futurepath.space.state import add_pending, taken, with_space, with_status
from combat_tui.systems.futurepath.space.stats import (
    fight,
    mod,
    reflectors,
    resistance,
    ship,
    side_effects,
    size_steps,
    status,
)
from combat_tui.systems.futurepath.space.tables import space_tables


@frozen
class Shooter:
    """Who fires: one ship, or a swarm's shared Battle Pool (§2.13)."""

    ships: tuple[Ship, ...]
    points: tuple[HardPoint, ...]
    rerolls: int
    scanned: frozenset[str]
    crit_scanned: frozenset[str]


def _points(space: SpaceFight, who: Ship) -> tuple[HardPoint, ...]:
    """Hard points still working: 8 HP each, disabled at 0 (§2.13)."""
    st = status(space, who.id)
    hp = space_tables().dc("point_hp")
    return tuple(p for p in who.hard_points if sum(d.points for d in st.systems if d.system == p.name) < hp)


def _shooter(state: Campaign, space: SpaceFight, ref: str) -> Shooter:
    swarm = next((s for s in space.swarms if s.id == ref), None)
    if swarm is None:
        who = ship(state, ref)
        check_may_act(state, space, who, "weapons")
        st = status(space, ref)
        rerolls = max(0, mod(who, "weapons", st, space.round)) + command_bonus(st, "weapons", "rerolls")
        return Shooter((who,), _points(space, who), rerolls, frozenset(st.scans), frozenset(st.crit_scans))
    members, points = [], []
    for member in swarm.ships:
        who = ship(state, member)
        try:
            check_may_act(state, space, who, "weapons")
        except CommandRejected:
            continue  # a swarm ship that cannot fire adds nothing to the pool
        members.append(who)
        points += _points(space, who)
    if not members:
        raise CommandRejected(f"No ship of {swarm.name} can fire now.")
    scans = [status(space, m.id).scans for m in members]
    # ref: §2.13 — the sensor bonus only if at least half the swarm scanned the target
    scanned = frozenset(t for t in {t for s in scans for t in s} if 2 * sum(t in s for s in scans) >= len(members))
    return Shooter(tuple(members), tuple(points), len(members), scanned, frozenset())


def _members(space: SpaceFight, ref: str) -> tuple[str, ...]:
    swarm = next((s for s in space.swarms if s.id == ref), None)
    return swarm.ships if swarm else (ref,)


def _targets(state: Campaign, space: SpaceFight, ref: str) -> tuple[str, ...]:
    swarm = next((s for s in space.swarms if s.id == ref), None)
    refs = swarm.ships if swarm else (ref,)
    alive = tuple(r for r in refs if not (st := status(space, r)).exploded and not st.adrift and not st.surrendered)
    if not alive:
        raise CommandRejected(f"{swarm.name if swarm else ship(state, ref).name} is out of the fight.")
    return alive


def _needed(state: Campaign, space: SpaceFight, shooter: Ship, target: Ship) -> tuple[int, list[str]]:
    """ref: R113, R114, A42 — 4 + Structure mod, then size steps and the helm's modifiers."""
    st, mine, r = status(space, target.id), status(space, shooter.id), space.round
    needed, why = resistance(target, st, r), [f"BD-DC {resistance(target, st, r)},{reflectors(target, st, r)}"]
    steps = size_steps(shooter, target)
    if steps:
        needed += steps
        why.append(f"size {steps:+d}")
    if mine.helm == "offensive" and target.id in _members(space, mine.helm_target):
        needed -= 1
        why.append("flying offensively -1")
    if st.helm == "defensive":
        needed += 1
        why.append("target flies defensively +1")
    if st.helm == "feint":
        needed += 2
        why.append("target feints +2")
    if st.helm == "evasive":
        extra = space.options.evasive_successes
        needed += extra
        why.append(f"evasive thrusters +{extra}")
    if st.bombard_failed and st.bombard_failed == r:
        needed -= 1
        why.append("its failed Bombard -1")
    return max(1, needed), why


@frozen
class Pool:
    dice: tuple[ev.FireDie, ...]
    successes: int
    rerolls_left: int
    notes: tuple[str, ...] = ()


def _roll_pool(dice: Dice, space: SpaceFight, points: tuple[HardPoint, ...], threshold: int, bonus: int,
               rerolls: int, crit_scan: bool, special: bool, effects: PoolEffects = PoolEffects()) -> Pool:  # fmt: skip
    """ref: R112, R115, A43, A44 — roll, reroll 1s where a weapon or a critical scan allows, then
    what meets the pool before rerolls (`pool_effects.py`), then spend rerolls on successful dice:
    each a chance at one more success."""
    tables = space_tables()
    rolled: list[ev.FireDie] = []

    def one(point: HardPoint | None, kind: str) -> ev.FireDie:
        weapon = tables.weapon(point.weapon) if point else None
        face = dice.die(10)
        faces = (face,)
        low = space.options.crit_scan_rerolls if crit_scan else 0
        if (weapon and weapon.reroll_ones and face == 1) or face <= low:
            faces = (face, dice.die(10))
        extra = bonus + (weapon.bonus if weapon else 0)
        if kind == "special":
            return ev.FireDie(faces, 0, faces[-1] >= 4, kind)
        return ev.FireDie(faces, extra, faces[-1] + extra >= threshold, kind)

    for point in points:
        rolled.append(one(point, "hard point"))
    if effects.defence:  # ref: §2.13 point defence — highest against highest; meeting or beating destroys both
        shoot_down(rolled, points, effects.defence)
    notes = before_rerolls(dice, rolled, points, threshold, effects)
    if special:
        rolled.append(one(None, "special"))
    open_ = [d for d in rolled if d.success and d.kind == "hard point"]
    by_die = {id(d): p for d, p in zip(rolled, points) if d.kind == "hard point"}
    while rerolls > 0 and open_:
        base = open_.pop(0)
        again = one(by_die.get(id(base)), "reroll")
        rerolls -= 1
        if space.options.reroll == "literal":  # A43's option: the success is at risk
            index = rolled.index(base)
            rolled[index] = evolve(again, kind="hard point")
            continue
        rolled.append(again)
        if again.success:
            by_die[id(again)] = by_die.get(id(base))
            open_.append(again)
    successes = sum((2 if crit_scan and d.kind != "special" else 1) for d in rolled if d.success)
    return Pool(tuple(rolled), successes, rerolls, tuple(notes))


def _bonus(space: SpaceFight, shooter: Shooter, target: str, specified: bool) -> tuple[int, list[str]]:
    lead = shooter.ships[0]
    st = status(space, lead.id)
    bonus, why = 0, []
    if target in shooter.scanned or specified:
        sensor = mod(lead, "sensors", st, space.round) + (1 if space.options.scan_bonus == "mod+1" else 0)
        sensor, cut = manipulated_scan(space, lead, target, sensor) if not specified else (sensor, "")
        bonus += sensor
        why.append(f"scan {sensor:+d} a die")
        why += [cut] if cut else []
    if "sensor-array" in side_effects(st, space.round):
        bonus -= 1
        why.append("sensor array -1 a die")
    return bonus, why


def _split(shooter: Shooter, targets: tuple[tuple[str, int], ...], bombard: bool) -> list[tuple[str, tuple[HardPoint, ...]]]:
    points = list(shooter.points)
    result = []
    for target, count in targets:
        if bombard or count == 0:
            count = len(points)
        if count > len(points):
            raise CommandRejected(f"Only {len(points)} hard points are left to fire.")
        result.append((target, tuple(points[:count])))
        del points[:count]
    return result


def fire(state: Campaign, command: sc.Fire, dice: Dice) -> Outcome:
    space = fight(state)
    if space.phase not in ("action", "surprise"):
        raise CommandRejected("The Weapons Officer fires only in the Action Phase.")
    if not command.targets and not command.defend:
        raise CommandRejected("Fire needs a target.")
    if command.defend and (command.bombard or command.system):
        raise CommandRejected("Defensive Fire holds hard points back: not with Bombard or specified targeting.")
    if command.concentrated and not command.system:
        raise CommandRejected("Concentrated Fire is for specified targeting: add 'at SYSTEM'.")
    if command.bombard and (len(command.targets) > 1):
        raise CommandRejected("Bombard puts every weapon on one target.")
    shooter = _shooter(state, space, command.ship)
    lead = shooter.ships[0]
    st = status(space, lead.id)
    if command.bombard and st.bombard_cooldown and st.bombard_cooldown >= space.round:
        raise CommandRejected(f"{lead.name} can Bombard again after round {st.bombard_cooldown} (2-turn cooldown).")
    points = shooter.points
    if "sensor-array" in side_effects(st, space.round) and points:
        points = points[:-1]  # chart 11: 1 fewer die
    events: list = []
    if command.defend:
        space, points, held = _defend(space, shooter, points, command.defend)
        events.append(held)
    shooter = evolve(shooter, points=points)
    split = _split(shooter, command.targets, command.bombard)
    rerolls = shooter.rerolls
    for target_ref, pts in split:
        refs = _targets(state, space, target_ref)
        for ref in refs:
            if ship(state, ref).side == lead.side:
                raise CommandRejected(f"{ship(state, ref).name} is on {lead.name}'s side.")
            if not detected(state, space, ref, lead.id):
                raise CommandRejected(f"{ship(state, ref).name} is not detected: scan it first.")
        band = band_of(space, lead.id, refs[0])
        usable = tuple(p for p in pts if in_range(space_tables().weapon(p.weapon).range, band))
        if len(usable) < len(pts):
            events.append(ev.Warning(f"{len(pts) - len(usable)} hard point(s) cannot reach at {band.capitalize()} range."))
        if not usable:
            continue
        if command.system:
            space, more, rerolls = _specified(state, space, dice, shooter, refs[0], usable, command.system, rerolls,
                                              command.concentrated)  # fmt: skip
        else:
            space, more, rerolls = _on_target(state, space, dice, shooter, refs, usable, rerolls, command)
        events += more
    if command.bombard:
        st = status(space, lead.id)
        special = next((d for e in events if isinstance(e, ev.FireRolled) for d in e.dice if d.kind == "special"), None)
        st = evolve(st, bombard_cooldown=space.round + space_tables().dc("bombard_cooldown"))
        if special is not None and not special.success:
            st = evolve(st, bombard_failed=space.round + 1)
        space = with_status(space, st)
    action = "bombard" if command.bombard else "fire" if command.targets else "defensive fire"
    names = ", ".join(ship(state, t).name if not any(s.id == t for s in space.swarms) else t for t, _ in command.targets)
    results = [e.result for e in events if isinstance(e, ev.FireRolled | ev.Rolled)]
    for member in shooter.ships:
        space = taken(space, member.id, "weapons", action, names, "; ".join(results))
    space = evolve(space, pools=space.pools + _pools(events))
    return Outcome(with_space(state, space), tuple(events))


def _defend(space: SpaceFight, shooter: Shooter, points: tuple[HardPoint, ...],
            count: int) -> tuple[SpaceFight, tuple[HardPoint, ...], ev.Rolled]:  # fmt: skip
    """ref: §2.12 Defensive Fire — "If the Weapon's Office chooses to withhold using a Projectile,
    Laser, or Plasma Weapon Hardpoint to attack, they can instead use one of these to defend against
    incoming missiles ... 1d10 ... -2 to the die roll unless it is a Laser, which only takes a -1".
    The last `count` such hard points (-1: all of them) are held back."""
    lead = shooter.ships[0]
    if len(shooter.ships) > 1:
        raise CommandRejected("Defensive Fire is one ship's: name the ship, not its swarm.")
    able = [i for i, p in enumerate(points) if p.weapon != "rocket"]
    count = len(able) if count < 0 else count
    if not able or count > len(able):
        raise CommandRejected(f"{lead.name} has {len(able)} hard point(s) that can defend (rockets cannot).")
    held = set(able[-count:])
    tables = space_tables()
    mods = tuple(tables.dc("defensive_fire_laser_mod" if points[i].weapon == "laser" else "defensive_fire_mod")
                 for i in sorted(held))  # fmt: skip
    space = with_status(space, evolve(status(space, lead.id), defence=mods))
    result = (f"{count} hard point(s) held back: {count} d10 ({', '.join(f'{m:+d}' for m in mods)}) meet the missiles "
              f"fired at {lead.name} this round")  # fmt: skip
    kept = tuple(p for i, p in enumerate(points) if i not in held)
    return space, kept, ev.Rolled(lead.id, "weapons", "defensive fire", "", None, 0, True, result)


def _pools(events: list) -> tuple[FirePool, ...]:
    """Each Fire's pool with the chart rolls that followed it, for the phase screen."""
    pools: list[FirePool] = []
    for e in events:
        if isinstance(e, ev.FireRolled):
            pools.append(FirePool(e.ship, e.target, e.dice, e.threshold, e.needed, e.successes, e.result))
        elif isinstance(e, ev.DamageRolled) and pools:
            faces = "+".join(map(str, e.faces[-2:]))
            text = f"2d6 {faces} = {e.damage.roll} {e.damage.name}" if faces else e.damage.name
            text += f", repair DC {e.damage.dc}" if e.damage.dc else ", no repair roll"
            pools[-1] = evolve(pools[-1], charts=pools[-1].charts + ((e.ship, text),))
    return tuple(pools)


def _on_target(state: Campaign, space: SpaceFight, dice: Dice, shooter: Shooter, refs: tuple[str, ...],
               points: tuple[HardPoint, ...], rerolls: int, command: sc.Fire) -> tuple[SpaceFight, list, int]:  # fmt: skip
    lead = shooter.ships[0]
    needs = []
    for ref in refs:
        needed, why = _needed(state, space, lead, ship(state, ref))
        needs.append((needed, reflectors(ship(state, ref), status(space, ref), space.round), ref, why))
    needs.sort(key=lambda n: (n[0], n[1]))  # ref: §2.13 — the easiest BD-DC first
    needed, threshold, first, why = needs[0]
    bonus, bonus_why = _bonus(space, shooter, first, False)
    crit = first in shooter.crit_scanned
    names = (*refs, *(t for t, _ in command.targets))
    space, effects, effect_why = _effects(space, dice, shooter, first, names, points)
    pool = _roll_pool(dice, space, points, threshold, bonus, rerolls, crit, command.bombard, effects)
    bonus_why += effect_why + list(pool.notes)
    events: list = []
    left = pool.successes
    results = []
    chart_events: list = []
    for need, _, ref, _ in needs:
        if left < need:
            break
        left -= need
        if capped(space, ref):
            chart_events.append(ev.DamageCapped(ref, lead.id))
            results.append(f"{ship_labels(state).get(ref, ref)} already took its Battle Damage this round")
            continue
        damage, faces, addon = chart(dice, space.round, lead, reroll_sevens=command.bombard)
        damage = evolve(damage, excess=left if len(refs) == 1 else 0)
        space = deal(space, ref, damage)
        chart_events.append(ev.DamageRolled(ref, lead.id, faces, damage, addon))
        results.append(f"Battle Damage to {ship_labels(state).get(ref, ref)}")
        if crit and pool.successes >= 2 * need + 1:  # ref: §2.10 — the critical scan's second Battle Damage
            second, faces2, _ = chart(dice, space.round, lead, roll=7, no_bonus=True)
            space = deal(space, ref, second, counts=False)
            chart_events.append(ev.DamageRolled(ref, lead.id, faces2, second))
            results.append("a second Battle Damage (critical scan)")
    if not results:
        results.append("no Battle Damage")
        if command.combined and len(refs) == 1:
            space = add_pending(space, Pending("pool", refs[0], lead.id, amount=pool.successes, dc=needed))
            results.append("successes pooled")
    reasons = (*why, *bonus_why) + ((f"rerolls {shooter.rerolls}",) if shooter.rerolls else ()) + (("critical scan",) if crit else ())
    shooter_ref = command.ship if len(shooter.ships) > 1 else lead.id
    target_ref = refs[0] if len(refs) == 1 else next((t for t, _ in command.targets if refs[0] in _members(space, t)), refs[0])
    events.append(ev.FireRolled(shooter_ref, target_ref, pool.dice, threshold, needed, pool.successes, reasons,
                                "; ".join(results)))  # fmt: skip
    return space, events + chart_events, pool.rerolls_left


def _effects(space: SpaceFight, dice: Dice, shooter: Shooter, target: str, names: tuple[str, ...],
             points: tuple[HardPoint, ...]) -> tuple[SpaceFight, PoolEffects, list[str]]:  # fmt: skip
    """What meets this pool: missile defence, decoys, Weapons Assists, Shield Manipulation."""
    lead = shooter.ships[0]
    space, defence, why = missile_defence(space, dice, lead.id, target, points)
    decoys = status(space, target).decoys == space.round and any(p.weapon == "rocket" for p in points)
    helps = assists(space, lead, names) if len(shooter.ships) == 1 else ()
    if helps:
        why.append("weapons assist " + " ".join(f"{m:+d}" for m in helps))
    cancels, text = manipulation_cancels(space, lead, target, len(points))
    if text:
        why.append(text)
    return space, PoolEffects(defence, decoys, helps, cancels), why


def _system_name(target: Ship, word: str) -> str:
    key = word.casefold()
    if key == "structure":
        raise CommandRejected("Structure cannot be a specified target.")
    if key in ATTRIBUTES:
        return key
    for part in (*target.hard_points, *target.bays):
        if part.name.casefold() == key:
            if hasattr(part, "external") and not part.external:
                raise CommandRejected(f"Bay '{part.name}' has no external component to target.")
            return part.name
    raise CommandRejected(f"{target.name} has no system '{word}'.", "A CSA but Structure, a hard point or an external bay.")


def _specified(state: Campaign, space: SpaceFight, dice: Dice, shooter: Shooter, ref: str, points: tuple[HardPoint, ...],
               system: str, rerolls: int, concentrated: bool = False) -> tuple[SpaceFight, list, int]:  # fmt: skip
    """ref: §2.13 — Structure and size ignored, Shields apply, the sensor bonus is automatic; each
    success is 1 point of damage, at most 5 per system per turn (9 on a critical scan). Concentrated
    Fire (§2.12): a success on a natural 9 or 10 counts double, and the cap becomes 7."""
    lead, target = shooter.ships[0], ship(state, ref)
    name = _system_name(target, system)
    threshold = reflectors(target, status(space, ref), space.round)
    bonus, why = _bonus(space, shooter, ref, True)
    crit = ref in shooter.crit_scanned
    space, effects, effect_why = _effects(space, dice, shooter, ref, (ref,), points)
    pool = _roll_pool(dice, space, points, threshold, bonus, rerolls, crit, False, effects)
    why += effect_why + list(pool.notes)
    cap = space_tables().dc("specified_crit_cap" if crit else "specified_cap")
    successes = pool.successes
    if concentrated:
        successes += sum(1 for d in pool.dice if d.success and d.kind != "special" and d.faces[-1] >= 9)
        cap = max(cap, space_tables().dc("concentrated_cap"))
        why.append("concentrated fire")
    pool = evolve(pool, successes=successes)
    points_done = min(cap, pool.successes)
    dc = space_tables().dc("system_repair_dc") + mod(lead, "weapons", status(space, lead.id), space.round)
    if points_done:
        space = add_pending(space, Pending("system", ref, lead.id, amount=points_done, detail=name, dc=dc))
    result = f"{points_done} point(s) of damage to {name}" + (f" (cap {cap})" if pool.successes > cap else "")
    event = ev.FireRolled(lead.id, ref, pool.dice, threshold, 0, pool.successes, tuple(why), result, name)
    return space, [event], pool.rerolls_left
