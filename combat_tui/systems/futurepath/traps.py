"""Traps and mines: R85-R94, A39, A40. Pure numbers; the `disarm` and `placetrap` commands roll."""

from __future__ import annotations

TRIGGERS = ("contact", "tripwire", "motion", "electronic", "gravity", "remote")
"""ref: R91 — detonators: contact/tripwire, proximity (motion, electronic, gravity), remote."""


def detection_dc(base: int = 10, *, cloaked: bool = False, stealth_mine: bool = False) -> int:
    """ref: R86 — simple mechanical about DC 10; a Clocked (cloaked) Mine +5; a Stealth Mine +2."""
    return base + (5 if cloaked else 0) + (2 if stealth_mine else 0)


def trap_sense(path: str, distance_ft: int, electronic: bool) -> tuple[int, int]:
    """ref: R87 — (flat bonus, Advantage Dice) to detect: Engineers +2 within 20 ft;
    Electro-Mancers one Advantage Die against electronic traps."""
    name = path.casefold().replace("-", "").replace(" ", "")
    flat = 2 if name == "engineer" and distance_ft <= 20 else 0
    dice = 1 if name in ("electromancer", "electomancer") and electronic else 0
    return flat, dice


def detects(perception: int, dc: int) -> bool:
    """ref: R85 — Perception (passive while moving, or an active Standard-action search of a
    10-ft area) against the trap's detection DC."""
    return perception >= dc


def save_dc(trap_level: int, chasing: bool = False) -> int:
    """ref: R92, A39 — a DEX ("Reflex") save, DC 10 + Trap Level (its Tech Level); Chasing +5."""
    return 10 + trap_level + (5 if chasing else 0)


def disarm_outcome(total: int, dc: int, margin: int = 5) -> str:
    """ref: R90, A40 — `disarmed`; failing by `margin` (5) or more: `triggered`; by less: `retry`
    (within 2 minutes, or after waiting 1 round in combat)."""
    if total >= dc:
        return "disarmed"
    return "triggered" if dc - total >= margin else "retry"


def disarm(state, ref: str, dc: int, bonus: int, dice, trap_name: str = ""):
    """ref: R88-R90 — Disable Device (or Demolitions) against DC 10 by default; in combat with
    disadvantage (R89); failing by 5 or more triggers the trap (A40); failing by less, it may be
    tried again after waiting 1 round in combat. A named trap must have been found first."""
    from attrs import evolve

    from combat_tui.core.command import CommandRejected
    from combat_tui.core.system import Outcome
    from combat_tui.systems.futurepath import events as ev
    from combat_tui.systems.futurepath.accuracy import Source
    from combat_tui.systems.futurepath.checks import roll_d20
    from combat_tui.systems.futurepath.labels import label
    from combat_tui.systems.futurepath.stats import actor, fp_state, with_fp
    from combat_tui.systems.futurepath.trap_effects import go_off
    from combat_tui.systems.futurepath.trap_fields import trap_named, with_trap

    fp = fp_state(state)
    who = actor(fp, ref)
    in_combat = fp.fight is not None and fp.fight.stage == "running"
    trap = trap_named(fp, trap_name) if trap_name else None
    if trap is not None:
        if trap.status != "armed":
            raise CommandRejected(f"The {trap.name} is not armed.")
        if ref not in trap.spotted and who.team != trap.team:
            raise CommandRejected(f"{label(fp, ref)} has not found the {trap.name}.", "Once a trap is detected, it can be disabled.")
        if in_combat and trap.retry_round and fp.fight.round < trap.retry_round:
            raise CommandRejected(f"{label(fp, ref)} must wait 1 round before trying the {trap.name} again.")
        dc = dc or trap.disarm_dc
    extra = [Source("disarming in combat", -1)] if in_combat else []
    rolled = roll_d20(fp, who, ("all", "skill", "dex"), extra, bonus, dice)
    outcome = disarm_outcome(rolled.total, dc, fp.options.disarm_trigger_margin)
    adv = rolled.adv_rolls if rolled.net < 0 else ()
    event = ev.TrapRolled(ref, "disarm", rolled.d20, adv, rolled.total, dc, outcome)
    if trap is None:
        return Outcome(state, (event,))
    if outcome == "triggered":
        return go_off(state, trap, (ref,), "", dice, (event,))
    if outcome == "disarmed":
        fp = with_trap(fp, evolve(trap, status="disarmed"))
        return Outcome(with_fp(state, fp), (event, ev.TrapDisarmed(trap.id, ref)))
    retry = fp.fight.round + 1 if in_combat else 0
    return Outcome(with_fp(state, with_trap(fp, evolve(trap, retry_round=retry))), (event,))


def place(state, ref: str, bonus: int, dice, trap_name: str = ""):
    """ref: R93, R94 — connecting the detonator: INT or Demolitions, DC 5; a critical failure
    explodes in the placer's hands; the result is the DC to detect the trap."""
    from attrs import evolve

    from combat_tui.core.system import Outcome
    from combat_tui.systems.futurepath import events as ev
    from combat_tui.systems.futurepath.checks import roll_d20
    from combat_tui.systems.futurepath.stats import actor, fp_state, modifier, with_fp
    from combat_tui.systems.futurepath.trap_effects import go_off
    from combat_tui.systems.futurepath.trap_fields import trap_named, with_trap

    fp = fp_state(state)
    who = actor(fp, ref)
    trap = trap_named(fp, trap_name) if trap_name else None
    rolled = roll_d20(fp, who, ("all", "skill", "int"), [], modifier(who.abilities.intelligence) + bonus, dice)
    outcome = "explodes in hand" if rolled.d20 == 1 else ("set" if rolled.total >= 5 else "not set")
    event = ev.TrapRolled(ref, "place", rolled.d20, (), rolled.total, 5, outcome)
    if trap is None or outcome == "not set":
        return Outcome(state, (event,))
    if outcome == "explodes in hand":
        return go_off(state, trap, (ref,), "", dice, (event,))
    armed = evolve(trap, placed_dc=rolled.total, team=who.team, status="armed", spotted=(), retry_round=0)
    return Outcome(with_fp(state, with_trap(fp, armed)), (event,))
