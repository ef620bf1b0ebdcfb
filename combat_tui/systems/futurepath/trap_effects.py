"""What traps do once placed (the page's "Traps/Mines", R85-R92): the GM puts one in the area,
combatants look for it, and it goes off on those in its area.

The numbers are in `traps.py`; `disarm` and `placetrap` are there too."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice, parse_dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.accuracy import Source
from combat_tui.systems.futurepath.attack import take_damage
from combat_tui.systems.futurepath.awareness import passive_perception
from combat_tui.systems.futurepath.checks import roll_d20
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FPCondition, Trap
from combat_tui.systems.futurepath.stats import actor, fp_state, modifier, with_fp
from combat_tui.systems.futurepath.trap_fields import build, trap_named, with_trap
from combat_tui.systems.futurepath.traps import trap_sense


def what_it_does(trap: Trap) -> str:
    parts = [f"{trap.damage} {trap.damage_type}".strip()] if trap.damage else []
    if trap.conditions:
        parts.append(", ".join(trap.conditions) + f" for {trap.rounds} round{'s' if trap.rounds != 1 else ''}")
    return "; ".join(parts) or "no effect given"


def add_trap(state: Campaign, name: str, pairs) -> Outcome:
    fp = fp_state(state)
    trap = build(fp, name, pairs)
    fp = evolve(fp, traps=fp.traps + (trap,))
    event = ev.TrapAdded(trap.id, trap.name, trap.trigger, trap.detection_dc, trap.save_dc, what_it_does(trap))
    return Outcome(with_fp(state, fp), (event,))


def spot(state: Campaign, ref: str, name: str, search: bool, dice: Dice) -> Outcome:
    """ref: R85-R87 — Passive Perception as one moves through the area, or an active search (a
    Standard action on a 10-ft area): d20 + the Perception bonus; Engineers +2 near traps,
    Electro-Mancers an Advantage Die against electronic ones (Trap Sense). The search is made at
    the trap, so within the Engineers' 20 ft."""
    fp = fp_state(state)
    who, trap = actor(fp, ref), trap_named(fp, name)
    if trap.status != "armed":
        raise CommandRejected(f"The {trap.name} has already {'gone off' if trap.status == 'triggered' else 'been disarmed'}.")
    if ref in trap.spotted or who.team == trap.team:
        raise CommandRejected(f"{label(fp, ref)} already knows where the {trap.name} is.")
    flat, adv = trap_sense(who.path, 0, trap.electronic)
    why = tuple(w for w, on in (("Trap Sense +2", flat), ("Trap Sense +1Ad", adv)) if on)
    dc = trap.detection_dc
    if search:
        extra = [Source("Trap Sense", adv)] if adv else []
        rolled = roll_d20(fp, who, ("all", "skill", "perception", "wis"), extra, who.perception - 10 + flat, dice)
        d20, total = rolled.d20, rolled.total
    else:
        passive, lowered = passive_perception(who)  # notes §2.5: Deafened or asleep lowers it
        d20, total = 0, passive + flat
        why += (lowered,) if lowered else ()
    found = total >= dc
    if found:
        fp = with_trap(fp, evolve(trap, spotted=trap.spotted + (ref,)))
    return Outcome(with_fp(state, fp), (ev.TrapSpotted(ref, trap.id, search, d20, total, dc, found, why),))


def trigger(state: Campaign, name: str, targets: tuple[str, ...], by: str, dice: Dice) -> Outcome:
    """ref: R91, R92 — contact and proximity traps go off on those who set them off; a remote one
    when its operator fires it. Each target saves (DEX, the "Reflex save") against DC 10 + Trap
    Level, +5 for a Chasing mine: half damage on a success, and no condition."""
    fp = fp_state(state)
    trap = trap_named(fp, name)
    if trap.status != "armed":
        raise CommandRejected(f"The {trap.name} has already {'gone off' if trap.status == 'triggered' else 'been disarmed'}.")
    if trap.trigger == "remote" and not by:
        raise CommandRejected(f"The {trap.name} is set off by its operator (a Use Item action).", "Add 'by NAME'.")
    if by:
        actor(fp, by)
    if not targets:
        raise CommandRejected(f"Who is in the {trap.name}'s area?", "Add 'on NAME[, NAME ...]'.")
    return go_off(state, trap, targets, by, dice)


def go_off(state: Campaign, trap: Trap, targets: tuple[str, ...], by: str, dice: Dice, events: tuple = ()) -> Outcome:
    """The blast: one damage roll for the area, then each target's save."""
    fp = fp_state(state)
    for ref in targets:
        actor(fp, ref)
    faces: tuple[int, ...] = ()
    damage = 0
    if trap.damage:
        expr = parse_dice(trap.damage)
        roll = dice.roll(expr.count, expr.sides)
        faces, damage = roll.faces, max(0, roll.total + expr.modifier)
    fp = with_trap(fp, evolve(trap, status="triggered"))
    state = with_fp(state, fp)
    out: list = [*events, ev.TrapTriggered(trap.id, by, faces, damage)]
    for ref in dict.fromkeys(targets):
        who = actor(fp_state(state), ref)
        rolled = roll_d20(fp_state(state), who, ("all", "save", "dex"), [], modifier(who.abilities.dexterity), dice, force=True)
        saved = rolled.total >= trap.save_dc
        out.append(ev.TrapSaved(ref, rolled.d20, rolled.total, trap.save_dc, saved))
        if damage:
            state, taken = take_damage(state, ref, damage // 2 if saved else damage, trap.damage_type)
            out.append(taken)
        if not saved and trap.conditions:
            fp = fp_state(state)
            who = actor(fp, ref)
            names = {c.casefold() for c in trap.conditions}
            kept = tuple(c for c in who.conditions if c.name.casefold() not in names)
            added = tuple(FPCondition(c, trap.rounds, source=trap.name) for c in trap.conditions)
            state = with_fp(state, fp.with_actor(evolve(who, conditions=kept + added)))
            out += [ev.ConditionAdded(ref, c, trap.rounds, "") for c in trap.conditions]
    return Outcome(state, tuple(out))
