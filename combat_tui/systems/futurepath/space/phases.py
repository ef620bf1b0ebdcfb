"""The space round (R95-R111, A47, A48, A55, A56): start with surprise by Passive Sensors, the
Support, Action and Response phases, results applied when a phase ends, the end of the round, and
the end of the fight (R108)."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import holder, manned, phase_positions, skipped
from combat_tui.systems.futurepath.space.damage import THROWN, apply_damage, chart, deal, emergency, response_end
from combat_tui.systems.futurepath.space.detect import spotted_by
from combat_tui.systems.futurepath.space.distance import move
from combat_tui.systems.futurepath.space.model import ShipAttributes, ShipStatus, SpaceFight, Swarm, SystemDamage
from combat_tui.systems.futurepath.space.state import with_space, with_status
from combat_tui.systems.futurepath.space.stats import fight, ship, status
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.stats import fp_state

ORDER = ("support", "action", "response")


def start(state: Campaign, refs: tuple[str, ...]) -> Outcome:
    """ref: R102, A56 — a ship that no enemy's Passive Sensors detect acts in a surprise Action
    Phase before Round 1; a detected one is only a warning."""
    fp = fp_state(state)
    if fp.space is not None and fp.space.stage == "running":
        raise CommandRejected("A space fight is already running.", "End it with 'space end'.")
    refs = refs or tuple(s.id for s in fp.ships)
    if len({ship(state, r).side for r in refs}) < 2:
        raise CommandRejected("A space fight needs ships of two sides.")
    space = SpaceFight(ships=refs, statuses=tuple(ShipStatus(r, silent=ship(state, r).silent) for r in refs), options=fp.space.options if fp.space else SpaceFight().options)
    swarms: dict[str, list[str]] = {}
    for ref in refs:
        if ship(state, ref).swarm:
            swarms.setdefault(ship(state, ref).swarm, []).append(ref)
    events: list = []
    for name, members in swarms.items():
        if len(members) >= 4:
            space = evolve(space, swarms=space.swarms + (Swarm(name.casefold().replace(" ", "-"), name, tuple(members)),))
        else:
            events.append(ev.Warning(f"{name} has {len(members)} ships; a swarm needs at least 4."))
    tables = space_tables()
    for ref in refs:  # ref: §2.12 — the positions a hull requires
        who = ship(state, ref)
        if tables.step(who.size) < tables.step("tiny") and holder(who, "weapons") is None:
            events.append(ev.Warning(f"{who.name} has no Weapons Officer; every ship but Tiny and smaller needs one."))
        if tables.step(who.size) <= tables.step("huge") and not manned(who.post("captain")):
            events.append(ev.Warning(f"{who.name} is Huge or larger and has no Captain: every position rolls at disadvantage."))
    detected, surprise = [], []
    for ref in refs:
        by, value, dc = spotted_by(state, space, ref)
        detected.append((ref, by, dc, value))
        if value < dc:
            surprise.append(ref)
    space = evolve(space, surprise=tuple(surprise))
    events.insert(0, ev.SpaceStarted(refs, tuple(detected), tuple(surprise)))
    if surprise:
        space = evolve(space, round=0, phase="surprise")
    else:
        space = evolve(space, round=1, phase="support")
    state = with_space(state, space)
    events.append(_began(state, space))
    return Outcome(state, tuple(events))


def _began(state: Campaign, space: SpaceFight) -> ev.PhaseBegan:
    acting, left_out = [], []
    for ref in space.ships:
        st = status(space, ref)
        if st.exploded or st.adrift or st.surrendered:
            continue
        if space.phase == "surprise" and ref not in space.surprise:
            continue
        who = ship(state, ref)
        acting.append((ref, phase_positions(who, st, space.phase)))
        left_out += [(ref, p) for p in skipped(who, space.phase)]
    for swarm in space.swarms:  # a swarm whose ships are alike is told as one
        mine = [a for a in acting if a[0] in swarm.ships]
        if len(mine) > 1 and len({positions for _, positions in mine}) == 1:
            at = acting.index(mine[0])
            acting = [a for a in acting if a not in mine]
            acting.insert(at, (swarm.id, mine[0][1]))
            gone = [x for x in left_out if x[0] in swarm.ships]
            kinds = {p for _, p in gone}
            left_out = [x for x in left_out if x not in gone] + [(swarm.id, p) for p in sorted(kinds)]
    return ev.PhaseBegan(space.round, space.phase, tuple(acting), tuple(left_out))


def next_phase(state: Campaign, dice: Dice) -> Outcome:
    """ref: R95, R106 — the phase's results apply, then the next phase begins."""
    space = fight(state)
    if space.stage != "running":
        raise CommandRejected("The space fight is over.")
    state, space, events = _apply(state, space, dice)
    if space.phase == "response":
        state, space, more = response_end(state, space, dice)
        events += more
    over = _over(state, space)
    if over is not None:
        space = evolve(space, stage="ended")
        return Outcome(with_space(state, space), (*events, over))
    if space.phase in ("response", "surprise"):
        space = _new_round(space)
    else:
        space = evolve(space, phase=ORDER[ORDER.index(space.phase) + 1])
    state = with_space(state, space)
    return Outcome(state, (*events, _began(state, space)))


def _new_round(space: SpaceFight) -> SpaceFight:
    fresh = tuple(evolve(st, acted=(), in_action=(), scans=(), crit_scans=(), helm="", helm_target="", commands=(),
                         point_defence=0, scan_rolls=(), defence=(), missile_jam=("", 0), manipulations=(),
                         weapons_assists=()) for st in space.statuses)  # fmt: skip
    return evolve(space, round=space.round + 1, phase="support", statuses=fresh, actions=(), pools=())


def _apply(state: Campaign, space: SpaceFight, dice: Dice) -> tuple[Campaign, SpaceFight, list]:
    """Every result rolled in the phase, in the order rolled (R95)."""
    pending, space = space.pending, evolve(space, pending=())
    events: list = []
    tables = space_tables()
    pools: dict[str, list] = {}
    for p in pending:
        st = status(space, p.ship)
        if p.kind == "damage":
            space, more = apply_damage(state, space, p)
            events += more
        elif p.kind == "pool":
            pools.setdefault(p.ship, []).append(p)
        elif p.kind == "system":
            old = next((d for d in st.systems if d.system == p.detail), None)
            total = (old.points if old else 0) + p.amount
            systems = tuple(d for d in st.systems if d.system != p.detail) + (SystemDamage(p.detail, total, p.dc),)
            space = with_status(space, evolve(st, systems=systems))
            events.append(ev.SystemDamaged(p.ship, p.detail, p.amount, total, _system_state(ship(state, p.ship), p.detail, total)))
        elif p.kind == "repair":
            damage = st.damage[p.amount]
            progress = damage.progress + 1
            urgent = emergency(space, st)  # at its maximum: one success removes it (A47)
            if urgent or progress >= int(tables.functions.get("repair_rounds", 2)):
                st = evolve(st, damage=st.damage[: p.amount] + st.damage[p.amount + 1 :], repairing=-1)
                events.append(ev.RepairProgressed(p.ship, damage, progress, True, emergency=urgent))
            else:
                damage = evolve(damage, progress=progress)
                st = evolve(st, damage=st.damage[: p.amount] + (damage,) + st.damage[p.amount + 1 :])
                events.append(ev.RepairProgressed(p.ship, damage, progress, False))
            space = with_status(space, st)
        elif p.kind == "side-repair":
            damage = evolve(st.damage[p.amount], side_repaired=True)
            space = with_status(space, evolve(st, damage=st.damage[: p.amount] + (damage,) + st.damage[p.amount + 1 :]))
            events.append(ev.SideEffectRepaired(p.ship, damage))
        elif p.kind == "system-repair":
            space = with_status(space, evolve(st, systems=tuple(d for d in st.systems if d.system != p.detail)))
            events.append(ev.SystemRepaired(p.ship, p.detail))
        elif p.kind == "command":
            space = with_status(space, evolve(st, commands=st.commands + ((p.position, p.amount, p.detail),)))
        elif p.kind in ("boost", "disrupt"):
            boosts = ((p.detail, p.amount if p.kind == "boost" else -p.amount, p.dc),)
            if p.kind == "boost" and p.position == "science":
                boosts += (("electronics", -p.amount, p.dc),)
            space = with_status(space, evolve(st, boosts=st.boosts + boosts))
            events.append(ev.BoostApplied(p.ship, p.detail, p.amount if p.kind == "boost" else -p.amount, p.dc))
        elif p.kind == "distance":
            space, band, progress, needed = move(space, p.ship, p.source, p.amount)
            events.append(ev.DistanceChanged(p.ship, p.source, band, progress, needed))
        elif p.kind == "treat":
            # a crew member thrown from the console (chart 5) is on the way back, not ill
            gone = [c for c in st.conditions if c.position == p.position and c.name != THROWN]
            space = with_status(space, evolve(st, conditions=tuple(c for c in st.conditions if c not in gone)))
            events += [ev.ConditionEnded(p.ship, c.position, c.name) for c in gone]
    for target, parts in pools.items():
        space, more = _combined(state, space, dice, target, parts)
        events += more
    return state, space, events


def _combined(state: Campaign, space: SpaceFight, dice: Dice, target: str, parts: list) -> tuple[SpaceFight, list]:
    """ref: §2.13 — combined targeting: the largest ship adds its successes, a smaller one gives
    up one success per size step below it."""
    from combat_tui.systems.futurepath.space.damage import capped

    tables = space_tables()
    if len(parts) < 2:
        return space, []
    shooters = [ship(state, p.source) for p in parts]
    largest = min(tables.step(s.size) for s in shooters)
    total = sum(max(0, p.amount - (tables.step(s.size) - largest)) for p, s in zip(parts, shooters))
    needed = min(p.dc for p, s in zip(parts, shooters) if tables.step(s.size) == largest)
    lead = next(s for s in shooters if tables.step(s.size) == largest)
    events: list = [ev.Warning(f"Combined fire on {ship(state, target).name}: {total} successes of {needed} needed.")]
    if total >= needed and not capped(space, target):
        damage, faces, addon = chart(dice, space.round, lead)
        space = deal(space, target, damage)
        events.append(ev.DamageRolled(target, lead.id, faces, damage, addon))
        space, more = apply_damage(state, space, space.pending[-1])
        space = evolve(space, pending=space.pending[:-1])
        events += more
    return space, events


def _system_state(who, system: str, points: int) -> str:
    """ref: §2.13 — a CSA is disabled at score 5 and destroyed at 0; a hard point or bay has 8 HP,
    disabled at 0 and destroyed at -8."""
    tables = space_tables()
    if hasattr(ShipAttributes(), system):
        left = getattr(who.attributes, system) - points
        return "destroyed" if left <= 0 else "disabled" if left <= tables.dc("csa_disabled") else f"score {left}"
    hp = tables.dc("point_hp") - points
    return "destroyed" if hp <= -tables.dc("point_hp") else "disabled" if hp <= 0 else f"{hp} HP left"


def _out(space: SpaceFight, ref: str) -> bool:
    st = status(space, ref)
    return st.adrift or st.exploded or st.surrendered


def _over(state: Campaign, space: SpaceFight) -> ev.SpaceOver | None:
    """ref: R108 — over when every enemy ship has surrendered or is at its maximum (adrift)."""
    sides = {ship(state, r).side for r in space.ships}
    standing = {side for side in sides if any(not _out(space, r) for r in space.ships if ship(state, r).side == side)}
    if len(standing) <= 1:
        winner = next(iter(standing), "")
        return ev.SpaceOver(winner)
    return None


def end(state: Campaign) -> Outcome:
    space = fight(state)
    if space.stage == "ended":
        raise CommandRejected("The space fight is already over.")
    return Outcome(with_space(state, evolve(space, stage="ended")), (ev.SpaceOver("", by_gm=True),))


def hold(state: Campaign, ref: str, position: str) -> Outcome:
    """ref: R99, R105 — declared at the start of the Action Phase, before any roll."""
    space = fight(state)
    who = ship(state, ref)
    if position not in ("science", "engineer"):
        raise CommandRejected("Only the Science Officer or the Chief Engineer can act in the Action Phase instead.")
    if space.phase != "action":
        raise CommandRejected("Declare it at the start of the Action Phase.")
    if any(a.phase == "action" for a in space.actions):
        raise CommandRejected("Too late: the Action Phase has rolls already; declare before any roll.")
    st = status(space, ref)
    if position in st.acted:
        raise CommandRejected(f"{who.name}'s Science Officer acted in the Support Phase already.")
    if position in st.in_action:
        raise CommandRejected("Already declared.")
    space = with_status(space, evolve(st, in_action=st.in_action + (position,)))
    return Outcome(with_space(state, space), (ev.Held(ref, position),))


def surrender(state: Campaign, ref: str, back: bool) -> Outcome:
    space = fight(state)
    if space.stage != "running":
        raise CommandRejected("The space fight is over.", "Undo brings it back.")
    swarm = next((s for s in space.swarms if s.id == ref), None)
    events: list = []
    for member in swarm.ships if swarm else (ref,):
        space = with_status(space, evolve(status(space, member), surrendered=not back))
        events.append(ev.SurrenderSet(member, back))
    over = _over(state, space)
    if over is not None and not back:
        space = evolve(space, stage="ended")
        events.append(over)
    return Outcome(with_space(state, space), tuple(events))


def silent(state: Campaign, ref: str, on: bool) -> Outcome:
    """ref: §2.13 — silent running: shields off, 1 round to restore them."""
    space = fight(state)
    st = status(space, ref)
    if st.silent == on:
        raise CommandRejected(f"{ship(state, ref).name} is {'already' if on else 'not'} running silent.")
    back = 0 if on else space.round + 1
    space = with_status(space, evolve(st, silent=on, shields_back=back))
    return Outcome(with_space(state, space), (ev.SilentSet(ref, on, back),))


def set_distance(state: Campaign, a: str, b: str, band: str) -> Outcome:
    from combat_tui.systems.futurepath.space.distance import set_band

    space = fight(state)
    names = [b.name for b in space_tables().bands]
    if band.casefold() not in names:
        raise CommandRejected(f"'{band}' is not a distance band.", "Bands: " + ", ".join(names) + ".")
    if a == b:
        raise CommandRejected("A distance is between two ships.")
    band = band.casefold()
    return Outcome(with_space(state, set_band(space, a, b, band)), (ev.DistanceChanged(a, b, band),))


def point_defence(state: Campaign, ref: str, count: int) -> Outcome:
    """ref: §2.13 — point defence readied for this round: 3 d10 (or more, by class), once a round."""
    space = fight(state)
    st = status(space, ref)
    if st.point_defence_used == space.round:
        raise CommandRejected(f"{ship(state, ref).name} has used its point defence this round (once a round).")
    if not 1 <= count <= 20:
        raise CommandRejected("Point defence rolls 1 to 20 d10s.")
    space = with_status(space, evolve(st, point_defence=count, point_defence_used=space.round))
    return Outcome(with_space(state, space), (ev.PointDefenceReady(ref, count),))


def gm_damage(state: Campaign, ref: str, roll: int, dice: Dice) -> Outcome:
    """The GM deals a Battle Damage (a hack's, an Overclock's): it applies when the phase ends."""
    space = fight(state)
    if roll and not 2 <= roll <= 12:
        raise CommandRejected("A chart roll is 2 to 12.")
    damage, faces, _ = chart(dice, space.round, None, roll=roll, source="gm")
    space = deal(space, ref, damage, counts=False)
    return Outcome(with_space(state, space), (ev.DamageRolled(ref, "", faces, damage),))
