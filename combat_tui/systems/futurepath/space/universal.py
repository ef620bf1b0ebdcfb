"""The functions any crew member may take (notes §2.12: "Shield Manipulation and Weapons Assist
are available to any crew member"), as the wiki's pages give them. Each is the crew member's one
action of the round; what it does happens in the Fire and the hacks it meets (`pool_effects.py`,
`hacking.py`).

Shield Manipulation: "This roll opposes an enemy's Scan action. If you meet or beat the opposing
roll": it blocks Gather Information, raises the hacker's DCs "by 1 +1 for every 4 the opposing roll
is beaten, max +5", and the scan's bonus to the enemy's Battle Pool "is reduced by 1 +1 for every
4"; "If the enemy doesn't attempt a Scan, then the DC is equal to 8 + Number of Active Hard Points
aimed at your Ship + Weapon's Officer's Dex or Wis Modifier": a success cancels one d10 of the Fire
before rerolls, one more per 4 over.

Weapons Assist: "any crew member ... in the Action Phase ... With the exception of the Weapon's
Officer": an accuracy check against the target's Tracking DC, "only possible if the Ship Sensors
can detect the ship or the Sensor Officer has already scanned it", with the character's DEX mod;
then one failed d10 of the Battle Pool gets that modifier, or is rerolled with it."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.captain import refuse_if_assisting
from combat_tui.systems.futurepath.space.crew import assisted, check_may_act
from combat_tui.systems.futurepath.space.detect import detected
from combat_tui.systems.futurepath.space.functions import stop_repair
from combat_tui.systems.futurepath.space.model import CrewPost, Ship, SpaceFight
from combat_tui.systems.futurepath.space.roll import function_roll, succeeded
from combat_tui.systems.futurepath.space.state import taken, with_space, with_status
from combat_tui.systems.futurepath.space.stats import (
    band_bonus,
    fight,
    mod,
    shields_up,
    ship,
    spoofed,
    status,
    tracking_dc,
)
from combat_tui.systems.futurepath.stats import fp_state


def _post(state: Campaign, space: SpaceFight, who: Ship, position: str, doing: str) -> tuple[CrewPost, SpaceFight]:
    """The crew member who takes it, at any post; the Engineer's other work stops (§2.11)."""
    if position == "captain":
        refuse_if_assisting(space, who, doing)
    post = check_may_act(state, space, who, position, any_phase=True)
    return post, stop_repair(space, who.id) if position == "engineer" else space


def fired_on(space: SpaceFight, shooter: str, target: str) -> bool:
    """The shooter (or its swarm) has fired on the target (or its swarm) this round."""

    def group(ref: str) -> set[str]:
        return {ref} | {w.id for w in space.swarms if ref in w.ships} | next((set(w.ships) for w in space.swarms
                                                                             if w.id == ref), set())  # fmt: skip

    return any(p.ship in group(shooter) and p.target in group(target) for p in space.pools)


def shield_manipulation(state: Campaign, command: sc.ShieldManipulation, dice: Dice) -> Outcome:
    space = fight(state)
    who, other = ship(state, command.ship), ship(state, command.target)
    if other.side == who.side:
        raise CommandRejected(f"{other.name} is on {who.name}'s side: Shield Manipulation works against an enemy.")
    if space.phase == "response":
        raise CommandRejected("Shield Manipulation meets the enemy's scans and Fire: take it in the Support or Action Phase.")
    post, space = _post(state, space, who, command.position, "manipulate the shields")
    st = status(space, who.id)
    if not shields_up(st, space.round):
        raise CommandRejected(f"{who.name}'s shields are down: there is nothing to manipulate.")
    if fired_on(space, other.id, who.id):
        raise CommandRejected(f"{other.name} has fired on {who.name} this round already: Shield Manipulation comes first.")
    roll = function_roll(dice, space, who, command.position, post, mod(who, "shields", st, space.round), command.adv)
    ok = roll.critical != "failure"
    result = "failed"
    if ok:
        space = with_status(space, evolve(st, manipulations=st.manipulations + ((other.id, roll.total),)))
        result = (f"{roll.total} opposes {other.name}'s scans and hacker this round; without a scan, "
                  f"it cancels d10s of its Fire on {who.name}")  # fmt: skip
    space = taken(space, who.id, command.position, "shield manipulation", other.id, result)
    event = ev.Rolled(who.id, command.position, "shield manipulation", other.id, roll, 0, ok, result)
    return Outcome(with_space(state, space), (event,))


def manipulation(space: SpaceFight, target: str, enemy: str) -> int | None:
    """The target's best Shield Manipulation total against this enemy this round, or None."""
    totals = [total for ref, total in status(space, target).manipulations if ref == enemy]
    return max(totals) if totals else None


def weapons_assist(state: Campaign, command: sc.WeaponsAssist, dice: Dice) -> Outcome:
    space = fight(state)
    who = ship(state, command.ship)
    if command.position == "weapons":
        raise CommandRejected("The Weapons Officer fires; Weapons Assist is another crew member's.")
    if space.phase not in ("action", "surprise"):
        raise CommandRejected("Weapons Assist is taken in the Action Phase.")
    post, space = _post(state, space, who, command.position, "assist the Weapons Officer")
    st = status(space, who.id)
    if assisted(who, st, "weapons", space.round):
        raise CommandRejected(f"{who.name}'s Weapons Officer has the Captain's Direct Assistance: no one else may help.")
    swarm = next((w for w in space.swarms if w.id == command.target), None)
    first = ship(state, swarm.ships[0] if swarm else command.target)
    target = swarm.id if swarm else first.id
    if first.side == who.side:
        raise CommandRejected(f"{first.name} is on {who.name}'s side.")
    if not detected(state, space, first.id, who.id) and first.id not in st.scans:
        raise CommandRejected(f"{who.name}'s sensors cannot see {first.name}: scan it first.")
    if fired_on(space, who.id, target):
        raise CommandRejected(f"{who.name} has fired on {swarm.name if swarm else first.name} already this round.")
    modifier = command.modifier
    if modifier is None:
        actor = fp_state(state).actor(post.actor) if post.actor else None
        modifier = actor.abilities.dexterity // 2 - 5 if actor is not None else 0
    dc = tracking_dc(first, status(space, first.id), space.round, band_bonus(space, who.id, first.id))
    roll = function_roll(dice, space, who, command.position, post, modifier, command.adv - spoofed(space, first.id))
    ok = succeeded(roll, dc)
    result = "failed"
    if ok:
        st = status(space, who.id)
        space = with_status(space, evolve(st, weapons_assists=st.weapons_assists + ((command.position, target, modifier),)))
        result = f"one failed d10 of the Fire on it gets {modifier:+d}, or a reroll at {modifier:+d}"
    space = taken(space, who.id, command.position, "weapons assist", target, result)
    return Outcome(with_space(state, space), (ev.Rolled(who.id, command.position, "weapons assist", target, roll, dc, ok,
                                                        result),))  # fmt: skip
