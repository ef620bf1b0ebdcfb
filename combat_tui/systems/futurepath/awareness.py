"""Awareness at the start of a fight (the page's "Surprise"): "if an enemy is in stealth, the
combatants should be able to use Passive Perception against the enemy's stealth to not be
surprised. If they are actively looking for targets or are 'on the alert,' then they can roll a
normal Perception skill check against the enemy's stealth" (R24-R27). A combatant who does not
see every opponent is unaware: no Round 0 action, flat-footed. The GM's `aware`/`unaware` marks
still decide afterwards (a surprise no one could see coming)."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.checks import roll_d20
from combat_tui.systems.futurepath.conditions import canonical
from combat_tui.systems.futurepath.events_field import PerceptionUsed
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FPActor, FuturePath, GroundFight
from combat_tui.systems.futurepath.stats import actor, fp_state, modifier, with_fp

PERCEPTION_ROLL = ("all", "skill", "perception", "wis")
"""The roll kinds of a Perception check: Deafened's and Blinded's dice apply to it."""


def _has(who: FPActor, name: str) -> bool:
    return any(canonical(c.name).casefold() == name.casefold() for c in who.conditions)


def asleep(who: FPActor) -> bool:
    """Asleep or unconscious: the catalogue's Unconscious (`Asleep` and `Sleeping` are its aliases)."""
    return _has(who, "Unconscious")


def passive_perception(who: FPActor) -> tuple[int, str]:
    """ref: notes §2.5 — Deafened: "Passive Perception reduced by half the WIS bonus (rounded
    down)"; Unconscious: "while asleep or unconscious, Passive Perception is ¼ (rounded down)";
    with both, the most severe applies (§2.5 a). The Combat page gives no number for either.
    (value, what lowered it, or "")."""
    found = [(who.perception, "")]
    if _has(who, "Deafened"):
        found.append((who.perception - max(0, modifier(who.abilities.wisdom)) // 2, "Deafened"))
    if asleep(who):
        found.append((who.perception // 4, "asleep or unconscious"))
    return min(found, key=lambda pair: pair[0])


def spots(perception: int, enemy: FPActor) -> bool:
    """ref: R27 — Perception against the enemy's Stealth; meeting it spots them (as a check
    meets a DC). Someone not in stealth (Stealth 0) is seen."""
    return enemy.stealth <= 0 or perception >= enemy.stealth


def sees(observer: FPActor, enemy: FPActor) -> bool:
    """By Passive Perception (R27)."""
    return spots(passive_perception(observer)[0], enemy)


def _present(fp: FuturePath, fight: GroundFight) -> list[FPActor]:
    return [who for ref in fight.present if (who := fp.actor(ref)) is not None]


def unseen(fp: FuturePath, fight: GroundFight,
           perception: dict[str, int] | None = None) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(observer, the stealthed enemies they do not see) for everyone present who misses one;
    `perception` holds a watcher's rolled total in place of their Passive Perception."""
    perception = perception or {}
    present = _present(fp, fight)
    result = []
    for observer in present:
        value = perception.get(observer.id, passive_perception(observer)[0])
        missed = tuple(e.id for e in present if e.team != observer.team and not spots(value, e))
        if missed:
            result.append((observer.id, missed))
    return tuple(result)


def _check_watch(fp: FuturePath, fight: GroundFight, watch: tuple[str, ...]) -> None:
    for index, ref in enumerate(watch):
        who = actor(fp, ref)
        if ref in watch[:index]:
            raise CommandRejected(f"{label(fp, ref)} is named twice on watch.")
        if ref not in fight.present:
            raise CommandRejected(f"{label(fp, ref)} is not in the fight, so cannot keep watch.",
                                  "Put them in with 'present' first.")  # fmt: skip
        if asleep(who):
            # notes §2.5: asleep or unconscious, "no skill checks".
            raise CommandRejected(f"{label(fp, ref)} is asleep or unconscious and cannot roll Perception.",
                                  "Leave them off the watch: their Passive Perception counts.")  # fmt: skip


def judge(state: Campaign, watch: tuple[str, ...] = (), dice: Dice | None = None) -> Outcome:
    """Set setup's unaware marks from Perception against Stealth (one undo step): Passive
    Perception, or a Perception check (d20 + the Perception bonus) for those on watch."""
    fp = fp_state(state)
    fight = fp.fight
    if fight is None or fight.stage != "setup":
        raise CommandRejected("Awareness is judged in ground setup.", "Open it with 'setup'.")
    _check_watch(fp, fight, watch)
    present = _present(fp, fight)
    perception: dict[str, int] = {}
    events: list = []
    for observer in present:
        hidden = tuple((e.id, e.stealth) for e in present if e.team != observer.team and e.stealth > 0)
        if not hidden:
            continue  # nothing to spot: no roll
        if observer.id in watch and dice is not None:
            bonus = observer.perception - 10  # Passive Perception is 10 + the Perception bonus
            rolled = roll_d20(fp, observer, PERCEPTION_ROLL, [], bonus, dice, force=True)
            perception[observer.id] = rolled.total
            events.append(PerceptionUsed(observer.id, hidden, rolled.total, rolled.d20, rolled.net, rolled.expr,
                                         rolled.adv_rolls, bonus + rolled.flat))  # fmt: skip
            continue
        value, why = passive_perception(observer)
        if why:
            events.append(PerceptionUsed(observer.id, hidden, value, why=why))
    missed = unseen(fp, fight, perception)
    unaware = tuple(ref for ref, _ in missed)
    fight = evolve(fight, unaware=unaware)
    events.append(ev.AwarenessJudged(missed, unaware))
    return Outcome(with_fp(state, evolve(fp, fight=fight)), tuple(events))
