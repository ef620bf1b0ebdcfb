"""The Chief Engineer's advanced functions (notes §2.12): Overclock Core and Grapple."""

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
from combat_tui.systems.futurepath.space.functions import stop_repair
from combat_tui.systems.futurepath.space.model import Pending
from combat_tui.systems.futurepath.space.roll import function_roll, succeeded
from combat_tui.systems.futurepath.space.state import add_pending, taken, with_space, with_status
from combat_tui.systems.futurepath.space.stats import band_bonus, fight, mod, ship, spoofed, status, tracking_dc


def overclock(state: Campaign, command: sc.Overclock, dice: Dice) -> Outcome:
    """ref: §2.12 Overclock Core — DC 15 + core tech level: +2 Engines and Weapons for a round; on
    a failure -1 to both; failing by 5 or more, or a critical failure, rolls the Battle Damage Chart."""
    space = fight(state)
    who = ship(state, command.ship)
    post = check_may_act(state, space, who, "engineer")
    space = stop_repair(space, who.id)
    dc = 15 + who.tech_level
    roll = function_roll(dice, space, who, "engineer", post, 0, command.adv)
    ok = succeeded(roll, dc)
    change = 2 if ok else -1
    until = space.round + 1  # like the Engineer's Boost: until the next Response Phase
    for attribute in ("engines", "weapons"):
        space = add_pending(space, Pending("boost", who.id, position="engineer", amount=change, detail=attribute, dc=until))
    events: list = []
    result = "Engines and Weapons +2" if ok else "Engines and Weapons -1"
    if not ok and (roll.critical == "failure" or dc - roll.total >= 5):
        damage, faces, _ = chart(dice, space.round, None, source="overclock")
        space = deal(space, who.id, damage, counts=False)
        events.append(ev.DamageRolled(who.id, who.id, faces, damage))
        result += "; the core takes Battle Damage"
    space = taken(space, who.id, "engineer", "overclock", "", result)
    rolled = ev.Rolled(who.id, "engineer", "overclock", "", roll, dc, ok, result)
    return Outcome(with_space(state, space), (rolled, *events))


def grapple(state: Campaign, command: sc.Grapple, dice: Dice) -> Outcome:
    """ref: §2.12 Grapple, R99 — the Engineer, acting in the Action Phase, against the target's
    Tracking DC: it loses its Engines bonus to Tracking DC through the next round, and another
    ship may ram it without an intercept, but not the grappling ship."""
    space = fight(state)
    who, other = ship(state, command.ship), ship(state, command.target)
    if space.phase not in ("action", "surprise"):
        raise CommandRejected("Grapple is an Action Phase function: the Engineer declares it at the start.")
    post = check_may_act(state, space, who, "engineer")
    space = stop_repair(space, who.id)
    dc = tracking_dc(other, status(space, other.id), space.round, band_bonus(space, who.id, other.id))
    roll = function_roll(dice, space, who, "engineer", post, mod(who, "engines", status(space, who.id), space.round),
                         command.adv - spoofed(space, other.id))  # fmt: skip
    ok = succeeded(roll, dc)
    result = "failed"
    if ok:
        st = status(space, other.id)
        space = with_status(space, evolve(st, grappled_by=st.grappled_by + ((who.id, space.round + 1),)))
        result = f"{other.name} is grappled: no Engines bonus to its Tracking DC"
    space = taken(space, who.id, "engineer", "grapple", other.id, result)
    return Outcome(with_space(state, space), (ev.Rolled(who.id, "engineer", "grapple", other.id, roll, dc, ok, result),))
