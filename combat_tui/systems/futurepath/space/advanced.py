"""The advanced officer functions of notes §2.12 (the wiki's Cloak, Sensor Spoofing and Jam
pages): the Science Officer's Cloak, the Sensor Officer's Sensor Spoofing and Jam.

The Combat page: the Science Officer "operates Clocking or Crypto functions", the Sensor Officer
helps with "Cryptology and signal Jamming", and a held Science Officer or Chief Engineer "can
assist the Cloak if of course, the ship has these functions available" (R97-R99)."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import check_may_act
from combat_tui.systems.futurepath.space.functions import stop_repair
from combat_tui.systems.futurepath.space.roll import function_roll, succeeded
from combat_tui.systems.futurepath.space.state import taken, with_space, with_status
from combat_tui.systems.futurepath.space.stats import cloak_bonus, cloak_fits, fight, mod, shields_up, ship, status

SPOOF_DC = 10
"""Sensor Spoofing: DC 10 + the target's Sensors mod (the wiki's Comms Officer page)."""
JAM_HACK_DC = 7
"""Jam, Disrupt Hacking: DC 7 + the hacker ship's Sensors and Electronics mods (the Jam page)."""


def cloak(state: Campaign, command: sc.Cloak, dice: Dice) -> Outcome:
    """ref: §2.12 Cloak — the Science Officer (or a Chief Engineer held for the Action Phase, R99)
    activates the ship's cloak; activation takes one round, then it raises the Detection DC:
    an emitter by 2 + Electronics mod (+3 with the shields down), a hybrid by 4 + Electronics mod
    with the shields down. Switching it off takes no action."""
    space = fight(state)
    who = ship(state, command.ship)
    st = status(space, who.id)
    if not who.cloak:
        raise CommandRejected(f"{who.name} has no cloaking device.", "Give it one with 'space edit SHIP cloak=emitter'.")
    if who.cloak == "absorbent":
        raise CommandRejected(f"{who.name}'s frequency absorbent cloak is passive: it is always on (+1 Detection DC).")
    if not command.on:
        if not st.cloak:
            raise CommandRejected(f"{who.name}'s cloak is not on.")
        space = with_status(space, evolve(st, cloak=0))
        event = ev.Rolled(who.id, command.position, "cloak off", "", None, 0, True, "its Detection DC is back to normal")
        return Outcome(with_space(state, space), (event,))
    if command.position not in ("science", "engineer"):
        raise CommandRejected("The cloak is worked by the Science Officer or the Chief Engineer.")
    if why := cloak_fits(who):
        raise CommandRejected(f"{who.name} cannot use its cloak: {why}.")
    if st.cloak:
        raise CommandRejected(f"{who.name}'s cloak is already on (since round {st.cloak}).")
    if command.position == "engineer" and space.phase not in ("action", "surprise"):
        raise CommandRejected("The Chief Engineer works the cloak only when held for the Action Phase.",
                              "Use 'space hold SHIP engineer' at the start of the Action Phase.")  # fmt: skip
    check_may_act(state, space, who, command.position)
    if who.cloak == "hybrid" and shields_up(st, space.round):
        raise CommandRejected(f"{who.name}'s hybrid cloak needs its shields down.", "Run silent first: 'space silent SHIP'.")
    if command.position == "engineer":
        space = stop_repair(space, who.id)
    space = with_status(space, evolve(status(space, who.id), cloak=space.round + 1))
    after = cloak_bonus(who, status(space, who.id), space.round + 1)
    result = f"it takes the round; from round {space.round + 1} its Detection DC is +{after}"
    space = taken(space, who.id, command.position, "cloak", "", result)
    return Outcome(with_space(state, space), (ev.Rolled(who.id, command.position, "cloak", "", None, 0, True, result),))


def spoof(state: Campaign, command: sc.Spoof, dice: Dice) -> Outcome:
    """ref: §2.12 Sensor Spoofing — the Sensor Officer projects false signatures (or chaff decoys),
    DC 10 + the target's Sensors mod, rolling 2d10 + the better of the ship's Electronics and
    Sensors mods; on a success every enemy scan and targeting check against the ship takes a
    disadvantage for 1 round (decoys: guided missiles at it have a 50 % chance to miss): the next
    round, as a result lands when its phase ends (R95)."""
    space = fight(state)
    who, other = ship(state, command.ship), ship(state, command.target)
    if other.side == who.side:
        raise CommandRejected(f"{other.name} is on {who.name}'s side: spoof an enemy ship's sensors.")
    post = check_may_act(state, space, who, "sensors")
    st = status(space, who.id)
    if st.silent:
        raise CommandRejected(f"{who.name} is running silent: it sends out no signals, false ones included.")
    dc = SPOOF_DC + mod(other, "sensors", status(space, other.id), space.round)
    static = max(mod(who, "electronics", st, space.round), mod(who, "sensors", st, space.round))
    roll = function_roll(dice, space, who, "sensors", post, static, command.adv, electronics=True)
    ok = succeeded(roll, dc)
    result = "failed"
    if ok and command.decoys:  # chaff decoys: "incoming guided missiles have a 50% chance to miss"
        space = with_status(space, evolve(st, decoys=space.round + 1))
        result = f"in round {space.round + 1} guided missiles fired at {who.name} have a 50 % chance to miss"
    elif ok:
        space = with_status(space, evolve(st, spoofed=space.round + 1))
        result = f"in round {space.round + 1} enemy scans and targeting against {who.name} take a disadvantage"
    action = "spoof decoys" if command.decoys else "spoof"
    space = taken(space, who.id, "sensors", action, other.id, result)
    return Outcome(with_space(state, space), (ev.Rolled(who.id, "sensors", action, other.id, roll, dc, ok, result),))


def jam(state: Campaign, command: sc.Jam, dice: Dice) -> Outcome:
    """ref: §2.12 Jam, Disrupt Hacking — the Sensor Officer de-syncs a hacker inside the ship:
    2d10 + Electronics mod against DC 7 + the hacker ship's Sensors and Electronics mods; the
    hacker keeps its access but forfeits a turn (its next round in this ship)."""
    space = fight(state)
    who, hacker = ship(state, command.ship), ship(state, command.hacker)
    post = check_may_act(state, space, who, "sensors")
    st = status(space, who.id)
    intrusion = next((h for h in status(space, hacker.id).hacks if h.target == who.id and h.stage >= 1), None)
    if intrusion is None or not intrusion.exposed:
        raise CommandRejected(f"{who.name}'s crew knows of no hacker from {hacker.name} inside its systems.")
    if st.silent:
        raise CommandRejected(f"{who.name} is running silent: it cannot send a jamming signal.")
    theirs = status(space, hacker.id)
    dc = JAM_HACK_DC + mod(hacker, "sensors", theirs, space.round) + mod(hacker, "electronics", theirs, space.round)
    roll = function_roll(dice, space, who, "sensors", post, mod(who, "electronics", st, space.round), command.adv,
                         electronics=True)  # fmt: skip
    ok = succeeded(roll, dc)
    result = "failed"
    if ok:
        hacks = tuple(evolve(h, jammed=space.round + 1) if h is intrusion else h for h in theirs.hacks)
        space = with_status(space, evolve(theirs, hacks=hacks))
        result = f"{hacker.name}'s hacker loses its connection: no hacking of {who.name} in round {space.round + 1}"
    space = taken(space, who.id, "sensors", "jam", hacker.id, result)
    return Outcome(with_space(state, space), (ev.Rolled(who.id, "sensors", "jam", hacker.id, roll, dc, ok, result),))

