"""Battle Damage (notes §2.11, R107-R111, R118, A46-A50): the 2d6 chart with its repair DC and side
effect, damage that applies when the phase ends, side effects that arm at the end of the Response
Phase and last until the next one, adrift at the maximum and exploding beyond it."""

from __future__ import annotations

from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import TITLES, holder
from combat_tui.systems.futurepath.space.model import (
    BattleDamage,
    CrewCondition,
    CrewPost,
    Pending,
    Ship,
    ShipStatus,
    SpaceFight,
)
from combat_tui.systems.futurepath.space.state import add_pending, with_status
from combat_tui.systems.futurepath.space.stats import max_damage, mod, ship, status
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.stats import fp_state


def chart(dice: Dice, round_: int, attacker: Ship | None, *, roll: int = 0, reroll_sevens: bool = False,
          no_bonus: bool = False, source: str = "") -> tuple[BattleDamage, tuple[int, ...], tuple[tuple[str, int], ...]]:  # fmt: skip
    """ref: R118, §2.11 — roll 2d6 on the chart; the repair DC adds the attacker's Weapons mod and
    its Weapons Officer's WIS/DEX mod (A51) unless `no_bonus`; Bombard and Ram reroll a 7."""
    faces: tuple[int, ...] = ()
    if not roll:
        faces = (dice.die(6), dice.die(6))
        if reroll_sevens and sum(faces) == 7:
            faces += (dice.die(6), dice.die(6))
        roll = sum(faces[-2:])
    row = space_tables().row(roll)
    addon: tuple[tuple[str, int], ...] = ()
    if attacker is not None and not no_bonus and row.dc:
        officer = attacker.post("weapons")
        addon = (("Weapons mod", mod(attacker, "weapons")), ("Weapons Officer", officer.wis_dex if officer else 0))
    dc = row.dc + sum(n for _, n in addon) if row.dc else 0
    console = ""
    return BattleDamage(roll, dc, row.name, round_, source or (attacker.id if attacker else ""), console=console), faces, addon


def capped(space: SpaceFight, target: str) -> bool:
    """ref: A49 — at most 1 Battle Damage per ship per round from fire, across all attackers."""
    return space.round in status(space, target).damage_rounds


def deal(space: SpaceFight, target: str, damage: BattleDamage, *, counts: bool = True) -> SpaceFight:
    """Queue a Battle Damage for the end of the phase (R95); `counts` toward the per-round cap."""
    st = status(space, target)
    if counts and space.round not in st.damage_rounds:
        space = with_status(space, evolve(st, damage_rounds=st.damage_rounds + (space.round,)))
    return add_pending(space, Pending("damage", target, damage.source, damage=damage))


def apply_damage(state: Campaign, space: SpaceFight, p: Pending) -> tuple[SpaceFight, list]:
    """A queued Battle Damage lands: the count against the hull's maximum (R109-R111, A47, A48, A50)."""
    who = ship(state, p.ship)
    st = status(space, p.ship)
    assert p.damage is not None
    st = evolve(st, damage=st.damage + (p.damage,))
    count, maximum = len(st.damage), max_damage(who)
    events: list = [ev.DamageApplied(p.ship, p.damage, count, maximum)]
    if maximum == 0:
        st = evolve(st, exploded=True)  # A50: capacity 0 is destroyed by its first Battle Damage
        events.append(ev.ShipExploded(p.ship))
    elif count > maximum and not st.explodes:
        st = evolve(st, explodes=space.round + 1)
        events.append(ev.ShipWillExplode(p.ship, space.round + 1))
    elif count == maximum and not st.at_max and not st.adrift:
        st = evolve(st, at_max=adrift_round(space))
        events.append(ev.ShipAtMax(p.ship, st.at_max, space.options.max_bd_adrift == "next-round"))
    return with_status(space, st), events


def adrift_round(space: SpaceFight) -> int:
    """ref: A47 — the round at whose Response Phase end a ship that reaches its maximum now goes
    adrift unless repaired below it: this round's (the default), or the next round's (the old
    rule, an option). Reached in a Response Phase, or in the surprise round that has none (A56),
    it waits for the next Response Phase, so its Engineer always gets one."""
    late = space.phase in ("response", "surprise")
    if space.options.max_bd_adrift == "round-after":
        return space.round + 1
    return space.round + 1 if late else space.round


def emergency(space: SpaceFight, st: ShipStatus) -> bool:
    """ref: A47 — in the Response Phase in which a ship at its maximum goes adrift unless repaired,
    one successful repair removes one Battle Damage (two rounds are needed otherwise)."""
    return (space.options.max_bd_adrift == "next-round" and space.phase == "response" and st.at_max == space.round
            and not st.adrift)  # fmt: skip


def _hit_dice(level: int) -> int:
    return 1 + level // 4


def _console_blast(state: Campaign, space: SpaceFight, dice: Dice, who: Ship, st: ShipStatus, position: str,
                   why: str) -> tuple[Campaign, ShipStatus, list]:  # fmt: skip
    """A console explodes: X hit dice of Electric damage to its officer, Shaken for 1 round."""
    post = holder(who, position)
    if post is None:
        return state, st, [ev.ConsoleEmpty(who.id, position)]
    fp = fp_state(state)
    actor = fp.actor(post.actor) if post.actor else None
    count = _hit_dice(actor.level if actor else 1)
    sides = int(space_tables().hit_die.removeprefix("d"))
    faces = [dice.die(sides) for _ in range(count)]
    events: list = []
    if actor is not None:
        state = evolve(state, futurepath=fp.with_actor(evolve(actor, hp=max(0, actor.hp - sum(faces)))))
    seat = post.position  # a small crew's pilot may sit at the console of another station
    st = evolve(st, conditions=st.conditions + (CrewCondition(seat, "Shaken", space.round + 1),))
    events.append(ev.ConditionTaken(who.id, seat, "Shaken", f"{why}: {'+'.join(map(str, faces))} Electric damage"))
    return state, st, events


def _thrown(state: Campaign, space: SpaceFight, dice: Dice, st: ShipStatus, who: Ship, position: str,
            actor) -> tuple[Campaign, ShipStatus, list]:  # fmt: skip
    """ref: §2.11 chart 5 — a critical failure on the Rocked Ship save throws the crew member from
    the console: 1d6 damage, and the next round goes on returning (no action at the post)."""
    face = dice.die(6)
    if actor is not None:
        fp = fp_state(state)
        state = evolve(state, futurepath=fp.with_actor(evolve(actor, hp=max(0, actor.hp - face))))
    st = evolve(st, conditions=st.conditions + (CrewCondition(position, THROWN, space.round + 1),))
    why = f"rocked ship, a critical failure: 1d6 {face} damage, returning to the console in round {space.round + 1}"
    return state, st, [ev.ConditionTaken(who.id, position, THROWN, why)]


def plasma_burn(state: Campaign, dice: Dice, who: Ship, post: CrewPost) -> tuple[Campaign, ev.CrewHurt]:
    """ref: §2.11 chart 2 — the Engineer working on a Plasma containment failure whose side effect
    is in force takes X hit dice (1 + level / 4) each turn, a DEX save DC 15 for half."""
    fp = fp_state(state)
    actor = fp.actor(post.actor) if post.actor else None
    sides = int(space_tables().hit_die.removeprefix("d"))
    faces = tuple(dice.die(sides) for _ in range(_hit_dice(actor.level if actor else 1)))
    d20 = dice.die(20)
    dex = (actor.abilities.dexterity // 2 - 5) if actor else 0
    saved = d20 + dex >= PLASMA_SAVE_DC
    amount = sum(faces) // 2 if saved else sum(faces)
    if actor is not None:
        state = evolve(state, futurepath=fp.with_actor(evolve(actor, hp=max(0, actor.hp - amount))))
    return state, ev.CrewHurt(who.id, post.position, "plasma containment failure", faces, d20, dex, PLASMA_SAVE_DC,
                              saved, amount)  # fmt: skip


THROWN = "Thrown"
"""The condition of a crew member thrown from the console (chart 5): no action while it lasts."""
PLASMA_SAVE_DC = 15


def _arm(state: Campaign, space: SpaceFight, dice: Dice, who: Ship, st: ShipStatus, index: int) -> tuple[Campaign, ShipStatus, list]:
    """ref: R107, A46 — the side effect takes hold after the Response Phase and lasts a round."""
    damage = st.damage[index]
    row = space_tables().row(damage.roll)
    detail = ""
    hit_dice = 0
    events: list = []
    if row.effect == "capacitor":
        face = dice.die(6)
        position = row.consoles[face - 1]
        damage = evolve(damage, console=position)
        detail = f"d6 {face}: the {TITLES[position]}'s console"
        hit_dice = _occupant_dice(state, who, position)
        state, st, events = _console_blast(state, space, dice, who, st, position, "blown capacitor")
    elif row.effect == "eps":
        hit_dice = _occupant_dice(state, who, "helm")
        state, st, events = _console_blast(state, space, dice, who, st, "helm", "EPS conduit")
    elif row.effect == "plasma":
        hit_dice = _occupant_dice(state, who, "engineer")
    elif row.effect == "rocked":
        events = []
        for post in who.crew:
            if not post.actor and not post.name:
                continue
            actor = fp_state(state).actor(post.actor) if post.actor else None
            dex = (actor.abilities.dexterity // 2 - 5) if actor else 0
            d20 = dice.die(20)
            if d20 + dex < 15 + damage.excess:
                st = evolve(st, conditions=st.conditions + (CrewCondition(post.position, "Shaken", space.round + 1),))
                events.append(ev.ConditionTaken(who.id, post.position, "Shaken", f"rocked ship: DEX save {d20}{dex:+d} vs DC {15 + damage.excess}"))
            if d20 == 1:
                state, st, more = _thrown(state, space, dice, st, who, post.position, actor)
                events += more
    damage = evolve(damage, armed=True, ends=space.round + 1)
    st = evolve(st, damage=st.damage[:index] + (damage,) + st.damage[index + 1 :])
    return state, st, [ev.SideEffectArmed(who.id, damage, detail, hit_dice), *events]


def _occupant_dice(state: Campaign, who: Ship, position: str) -> int:
    """X of "X hit dice": 1 + level / 4 of the one at that console (a named NPC counts as level 1);
    0 if no one is there."""
    post = holder(who, position)
    if post is None:
        return 0
    actor = fp_state(state).actor(post.actor) if post.actor else None
    return _hit_dice(actor.level if actor else 1)


def response_end(state: Campaign, space: SpaceFight, dice: Dice) -> tuple[Campaign, SpaceFight, list]:
    """After the Response Phase's results: side effects arm or lapse, conditions end, a ship at
    its maximum goes adrift and one beyond it explodes unless repaired in time (R110, R111)."""
    events: list = []
    for ref in space.ships:
        who, st = ship(state, ref), status(space, ref)
        if st.exploded:
            continue
        for index, damage in enumerate(st.damage):
            if damage.ends == 0 and not damage.side_repaired:
                state, st, more = _arm(state, space, dice, who, st, index)
                events += more
            elif damage.armed and damage.ends == space.round:
                events.append(ev.SideEffectLapsed(ref, damage))
        for condition in st.conditions:
            if condition.until == space.round:
                events.append(ev.ConditionEnded(ref, condition.position, condition.name))
        st = evolve(st, conditions=tuple(c for c in st.conditions if c.until != space.round))
        count, maximum = len(st.damage), max_damage(who)
        if st.explodes == space.round:
            if count > maximum:
                st = evolve(st, exploded=True, explodes=0)
                events.append(ev.ShipExploded(ref))
            else:
                st = evolve(st, explodes=0)
                events.append(ev.ShipSaved(ref))
        if st.at_max and not st.exploded:
            if count < maximum:
                st = evolve(st, at_max=0)
                events.append(ev.ShipSaved(ref))
            elif st.at_max <= space.round and not st.adrift:
                st = evolve(st, adrift=True)
                events.append(ev.ShipAdrift(ref))
        space = with_status(space, st)
    return state, space, events
