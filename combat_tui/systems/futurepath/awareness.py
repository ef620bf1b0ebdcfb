"""Awareness at the start of a fight (the page's "Surprise"): "if an enemy is in stealth, the
combatants should be able to use Passive Perception against the enemy's stealth to not be
surprised" (R24-R27). A combatant who does not see every opponent is unaware: no Round 0 action,
flat-footed. The GM's `aware`/`unaware` marks still decide afterwards (an alert character's
Perception check, or a surprise no one could see coming)."""

from __future__ import annotations

from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.model import Campaign, FPActor, FuturePath, GroundFight
from combat_tui.systems.futurepath.stats import fp_state, with_fp


def sees(observer: FPActor, enemy: FPActor) -> bool:
    """ref: R27 — Passive Perception against the enemy's Stealth; meeting it spots them (as a
    check meets a DC). Someone not in stealth (Stealth 0) is seen."""
    return enemy.stealth <= 0 or observer.perception >= enemy.stealth


def unseen(fp: FuturePath, fight: GroundFight) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(observer, the stealthed enemies they do not see) for everyone present who misses one."""
    present = [fp.actor(ref) for ref in fight.present]
    result = []
    for observer in present:
        missed = tuple(e.id for e in present if e.team != observer.team and not sees(observer, e))  # type: ignore[union-attr]
        if missed:
            result.append((observer.id, missed))  # type: ignore[union-attr]
    return tuple(result)


def judge(state: Campaign) -> Outcome:
    """Set setup's unaware marks from Passive Perception against Stealth (one undo step)."""
    fp = fp_state(state)
    fight = fp.fight
    if fight is None or fight.stage != "setup":
        raise CommandRejected("Awareness is judged in ground setup.", "Open it with 'setup'.")
    missed = unseen(fp, fight)
    unaware = tuple(ref for ref, _ in missed)
    fight = evolve(fight, unaware=unaware)
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.AwarenessJudged(missed, unaware),))
