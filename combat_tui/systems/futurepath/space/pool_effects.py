"""What meets a Fire's Battle Pool besides the target's BD-DC (notes §2.12, §2.13; the wiki's
function pages): the defence against incoming missiles (point defence, Defensive Fire, a Jam of
the launchers), Sensor Spoofing's decoys, Weapons Assist and Shield Manipulation.

A missile is a die of a `rocket` hard point. The defence dice are "compared highest to highest":
meeting or beating a missile's die destroys it (§2.13)."""

from __future__ import annotations

from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve, frozen
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.model import HardPoint, Ship, SpaceFight
from combat_tui.systems.futurepath.space.state import with_status
from combat_tui.systems.futurepath.space.stats import status
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.space.universal import manipulation


@frozen
class PoolEffects:
    """What changes a pool before its rerolls: defence values against missiles, decoys in force,
    the modifiers of Weapons Assists, and how many dice Shield Manipulation cancels."""

    defence: tuple[int, ...] = ()
    decoys: bool = False
    assists: tuple[int, ...] = ()
    cancels: int = 0


def missile_defence(space: SpaceFight, dice: Dice, shooter: str, target: str,
                    points: tuple[HardPoint, ...]) -> tuple[SpaceFight, tuple[int, ...], list[str]]:  # fmt: skip
    """ref: §2.13 point defence (3 d10, once a round, no bonuses); Defensive Fire (1d10 a hard point
    held back, -2, a laser -1); Jam Missile Launcher (1d10 a missile launched at the ship, up to 3).
    Each is spent on the first missiles that come this round."""
    rockets = sum(1 for p in points if p.weapon == "rocket")
    st = status(space, target)
    if not rockets:
        return space, (), []
    values: list[int] = []
    why: list[str] = []
    if st.point_defence:
        faces = [dice.die(10) for _ in range(st.point_defence)]
        values += faces
        why.append("point defence " + " ".join(map(str, faces)))
        st = evolve(st, point_defence=0)
    if st.defence:
        rolled = [(dice.die(10), m) for m in st.defence]
        values += [face + m for face, m in rolled]
        why.append("defensive fire " + " ".join(f"{face}{m:+d}" for face, m in rolled))
        st = evolve(st, defence=())
    if st.missile_jam == (shooter, space.round):
        faces = [dice.die(10) for _ in range(min(rockets, space_tables().dc("jam_missile_dice")))]
        values += faces
        why.append("jamming " + " ".join(map(str, faces)))
        st = evolve(st, missile_jam=("", 0))
    return with_status(space, st), tuple(values), why


def shoot_down(rolled: list[ev.FireDie], points: tuple[HardPoint, ...], defence: tuple[int, ...]) -> None:
    """Highest defence against the highest missile; meeting or beating destroys both."""
    rockets = sorted((i for i, p in enumerate(points) if p.weapon == "rocket"), key=lambda i: -rolled[i].faces[-1])
    for i, value in zip(rockets, sorted(defence, reverse=True)):
        if value >= rolled[i].faces[-1]:
            rolled[i] = evolve(rolled[i], success=False, kind="shot down")


def before_rerolls(dice: Dice, rolled: list[ev.FireDie], points: tuple[HardPoint, ...], threshold: int,
                   effects: PoolEffects) -> list[str]:  # fmt: skip
    """In the pool's order: decoys, then each Weapons Assist, then Shield Manipulation's cancels;
    what the log adds (the decoys' d% rolls)."""
    tables = space_tables()
    notes: list[str] = []
    if effects.decoys:  # ref: Sensor Spoofing — "incoming guided missiles have a 50% chance to miss"
        rolls = []
        for i, point in enumerate(points):
            if point.weapon == "rocket" and rolled[i].success and rolled[i].kind == "hard point":
                d100 = dice.die(100)
                rolls.append(str(d100))
                if d100 <= tables.dc("decoy_miss"):
                    rolled[i] = evolve(rolled[i], success=False, kind="decoyed")
        notes.append(f"decoys d% {' '.join(rolls)} ({tables.dc('decoy_miss')} or less misses)" if rolls else "decoys")
    for modifier in effects.assists:  # ref: Weapons Assist — the best failed die of the pool
        failed = [i for i in range(len(points)) if rolled[i].kind == "hard point" and not rolled[i].success]
        if not failed:
            break
        i = max(failed, key=lambda n: rolled[n].faces[-1])
        die = rolled[i]
        if die.faces[-1] + die.bonus + modifier >= threshold:
            rolled[i] = evolve(die, bonus=die.bonus + modifier, success=True, kind="assisted")
        else:
            face = dice.die(10)
            rolled[i] = evolve(die, faces=(*die.faces, face), bonus=die.bonus + modifier,
                               success=face + die.bonus + modifier >= threshold, kind="assisted")  # fmt: skip
    for _ in range(effects.cancels):  # ref: Shield Manipulation — the defender cancels the best success
        hits = [i for i in range(len(points)) if rolled[i].success]
        if not hits:
            break
        i = max(hits, key=lambda n: rolled[n].faces[-1] + rolled[n].bonus)
        rolled[i] = evolve(rolled[i], success=False, kind="cancelled")
    return notes


def manipulated_scan(space: SpaceFight, shooter: Ship, target: str, bonus: int) -> tuple[int, str]:
    """ref: Shield Manipulation — the scan still succeeds, but its bonus a die is reduced by 1 + 1
    per 4 the scan roll is beaten; it cannot go negative."""
    total = manipulation(space, target, shooter.id)
    scans = [t for ref, t in status(space, shooter.id).scan_rolls if ref == target]
    if total is None or not scans or total < max(scans):
        return bonus, ""
    cut = 1 + (total - max(scans)) // space_tables().dc("manipulation_step")
    return max(0, bonus - cut), f"shield manipulation -{min(cut, bonus)} a die"


def manipulation_cancels(space: SpaceFight, shooter: Ship, target: str, aimed: int) -> tuple[int, str]:
    """ref: Shield Manipulation — with no scan of the target this round, its total against 8 + the
    hard points aimed at it + the Weapons Officer's WIS/DEX mod cancels 1 d10, +1 per 4 over."""
    total = manipulation(space, target, shooter.id)
    if total is None or any(ref == target for ref, _ in status(space, shooter.id).scan_rolls):
        return 0, ""
    officer = shooter.post("weapons")
    dc = space_tables().dc("manipulation_dc") + aimed + (officer.wis_dex if officer else 0)
    if total < dc:
        return 0, f"shield manipulation {total} vs DC {dc}: no die cancelled"
    count = 1 + (total - dc) // space_tables().dc("manipulation_step")
    return count, f"shield manipulation {total} vs DC {dc}: {count} d10 cancelled"


def assists(space: SpaceFight, shooter: Ship, targets: tuple[str, ...]) -> tuple[int, ...]:
    """The modifiers of this round's successful Weapons Assists on these targets (a ship, its swarm)."""
    return tuple(m for _, target, m in status(space, shooter.id).weapons_assists if target in targets)
