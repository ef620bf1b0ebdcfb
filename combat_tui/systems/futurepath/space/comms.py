"""The Sensor and Science Officers' signal work (notes §2.12; the wiki's Scan, Crypto and Jam
pages): the deep scan, Crypto, and Jam's sensor and missile actions (Disrupt Hacking is in
`advanced.py`).

Deep scan: "it takes 3 turns to complete, the enemy ship knows you are doing it, and stealth is
normally impossible. The DC for the scan is 10 + Target Ship's Shields Mod. However, it provides
all possible information about a ship."

Crypto: intercepted communications "can be done without this module"; "If the intercepted
communications are encrypted, this function can attempt to decipher them", and it is "impossible to
decrypt ... unless the enemy ship also has a Crypto bay at a higher masterwork level"; a Crypto
machine raises a hacker's Gather Information DC (`stats.crypto_bonus`).

Jam: "Jam Opponent Sensor Array ... an opposing roll against the enemy's Scan roll. If successful,
the scan fails"; "Jam Missile Launcher ... acts similarly to point defense and provides 1d10 per
Missile launched at the ship, up to 3"."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import TITLES, check_may_act
from combat_tui.systems.futurepath.space.model import Ship, SpaceFight
from combat_tui.systems.futurepath.space.roll import function_roll, succeeded
from combat_tui.systems.futurepath.space.state import taken, with_space, with_status
from combat_tui.systems.futurepath.space.stats import (
    crypto_bonus,
    crypto_level,
    fight,
    mod,
    shield_mod,
    ship,
    spoofed,
    status,
)
from combat_tui.systems.futurepath.space.tables import space_tables


def _done(state: Campaign, space: SpaceFight, event: ev.Rolled) -> Outcome:
    space = taken(space, event.ship, event.position, event.action, event.target, event.result)
    return Outcome(with_space(state, space), (event,))


def _enemy(state: Campaign, who: Ship, ref: str, what: str) -> Ship:
    other = ship(state, ref)
    if other.side == who.side:
        raise CommandRejected(f"{other.name} is on {who.name}'s side: {what} an enemy ship.")
    return other


def deep_scan(state: Campaign, command: sc.Scan, dice: Dice) -> Outcome:
    space = fight(state)
    who = ship(state, command.ship)
    if any(w.id == command.target for w in space.swarms):
        raise CommandRejected("A deep scan is of one ship: name one ship of the swarm.")
    other = _enemy(state, who, command.target, "deep-scan")
    post = check_may_act(state, space, who, "sensors")
    st = status(space, who.id)
    if st.silent:
        raise CommandRejected(f"{who.name} is running silent: no scans.")
    tables = space_tables()
    rounds = tables.dc("deep_scan_rounds")
    done = dict(st.deep_scans).get(other.id, 0)
    if done >= rounds:
        raise CommandRejected(f"{who.name} has deep-scanned {other.name} already.", f"'space show {other.name}' has it all.")
    theirs = status(space, other.id)
    dc = tables.dc("deep_scan_dc") + shield_mod(other, theirs, space.round)
    roll = function_roll(dice, space, who, "sensors", post, mod(who, "sensors", st, space.round),
                         command.adv - spoofed(space, other.id))  # fmt: skip
    st = evolve(st, scan_rolls=st.scan_rolls + ((other.id, roll.total),))
    jammed = st.sensor_jam == space.round and roll.total <= st.sensor_jam_total
    ok = succeeded(roll, dc) and not jammed
    if ok:
        done += 1
        st = evolve(st, deep_scans=tuple(d for d in st.deep_scans if d[0] != other.id) + ((other.id, done),))
    space = with_status(space, st)
    if who.id not in theirs.found:  # the target knows, and from where: no stealth while deep-scanning
        space = with_status(space, evolve(status(space, other.id), found=status(space, other.id).found + (who.id,)))
    if jammed:
        result = f"an enemy Jam of {st.sensor_jam_total} meets or beats it, so the scan fails"
    elif not ok:
        result = f"{other.name} knows it is being scanned; {done} of {rounds} rounds"
    elif done < rounds:
        result = f"{done} of {rounds} rounds; {other.name} knows it is being scanned, and from where"
    else:
        from combat_tui.systems.futurepath.space.summary import ship_summary

        result = "complete: " + ship_summary(state, other.id).rstrip(".")
    return _done(state, space, ev.Rolled(who.id, "sensors", "deep scan", other.id, roll, dc, ok, result))


def orders(state: Campaign, space: SpaceFight, other: Ship) -> str:
    """What the ship's Captain ordered this round, as deciphered communications tell it."""
    st = status(space, other.id)
    given = [(p.position, p.amount, p.detail) for p in space.pending if p.kind == "command" and p.ship == other.id]
    parts = [f"the {TITLES[where]} " + (f"{amount} reroll(s)" if kind == "rerolls" else f"+{amount}")
             for where, amount, kind in (*st.commands, *given)]  # fmt: skip
    if st.assisting:
        parts.append(f"Direct Assistance to the {TITLES[st.assisting]}")
    if not parts:
        return f"{other.name}'s Captain has given no order this round"
    return f"{other.name}'s Captain ordered: " + "; ".join(parts)


def crypto(state: Campaign, command: sc.Crypto, dice: Dice) -> Outcome:
    space = fight(state)
    who = ship(state, command.ship)
    if command.position not in ("science", "sensors"):
        raise CommandRejected("Crypto is the Science Officer's, or the Sensor Officer's if necessary.")
    other = _enemy(state, who, command.target, "decipher the communications of")
    post = check_may_act(state, space, who, command.position)
    ours, theirs = crypto_level(who), crypto_level(other)
    if theirs is not None and (ours is None or ours <= theirs):
        raise CommandRejected(f"{other.name}'s communications are encrypted by a Crypto machine: only a better one "
                              "deciphers them.", "A Crypto machine is a bay named Crypto; 'Crypto 2' is of level 2.")  # fmt: skip
    if theirs is None:  # unencrypted: intercepting them needs no roll
        result = "not encrypted: " + orders(state, space, other)
        return _done(state, space, ev.Rolled(who.id, command.position, "crypto", other.id, None, 0, True, result))
    st = status(space, who.id)
    dc = space_tables().dc("crypto_dc") + mod(other, "electronics", status(space, other.id), space.round) + crypto_bonus(other)
    roll = function_roll(dice, space, who, command.position, post, mod(who, "electronics", st, space.round), command.adv,
                         electronics=True)  # fmt: skip
    ok = succeeded(roll, dc)
    result = "deciphered: " + orders(state, space, other) if ok else "failed"
    return _done(state, space, ev.Rolled(who.id, command.position, "crypto", other.id, roll, dc, ok, result))


def jam_sensors(state: Campaign, command: sc.Jam, dice: Dice) -> Outcome:
    space = fight(state)
    who = ship(state, command.ship)
    other = _enemy(state, who, command.hacker, "jam the sensors of")
    post = check_may_act(state, space, who, "sensors")
    st = status(space, who.id)
    if st.silent:
        raise CommandRejected(f"{who.name} is running silent: it cannot send a jamming signal.")
    theirs = status(space, other.id)
    if theirs.scan_rolls:
        raise CommandRejected(f"{other.name}'s Sensor Officer has scanned already this round: a Jam must come first.")
    roll = function_roll(dice, space, who, "sensors", post, mod(who, "electronics", st, space.round), command.adv,
                         electronics=True)  # fmt: skip
    ok = roll.critical != "failure"
    result = "failed"
    if ok:
        best = max(roll.total, theirs.sensor_jam_total if theirs.sensor_jam == space.round else roll.total)
        space = with_status(space, evolve(theirs, sensor_jam=space.round, sensor_jam_total=best))
        result = f"{other.name}'s scans this round fail unless above {best} (its Passive Sensors still see)"
    return _done(state, space, ev.Rolled(who.id, "sensors", "jam sensors", other.id, roll, 0, ok, result))


def jam_missiles(state: Campaign, command: sc.Jam, dice: Dice) -> Outcome:
    from combat_tui.systems.futurepath.space.universal import fired_on

    space = fight(state)
    who = ship(state, command.ship)
    other = _enemy(state, who, command.hacker, "jam the missile launchers of")
    check_may_act(state, space, who, "sensors")
    st = status(space, who.id)
    if st.silent:
        raise CommandRejected(f"{who.name} is running silent: it cannot send a jamming signal.")
    if fired_on(space, other.id, who.id):
        raise CommandRejected(f"{other.name} has fired on {who.name} this round already: a Jam must come first.")
    space = with_status(space, evolve(st, missile_jam=(other.id, space.round)))
    most = space_tables().dc("jam_missile_dice")
    result = f"1d10 a missile (up to {most}) meets {other.name}'s missiles at {who.name} this round"
    return _done(state, space, ev.Rolled(who.id, "sensors", "jam missiles", other.id, None, 0, True, result))


def jam(state: Campaign, command: sc.Jam, dice: Dice) -> Outcome:
    from combat_tui.systems.futurepath.space.advanced import jam as disrupt_hacking

    rules = {"hacking": disrupt_hacking, "sensors": jam_sensors, "missiles": jam_missiles}
    if command.mode not in rules:
        raise CommandRejected(f"'{command.mode}' is not a Jam.", "Jams: hacking (the default), sensors, missiles.")
    return rules[command.mode](state, command, dice)
