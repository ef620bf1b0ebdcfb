"""Movement on the 5-ft grid (the page's "Standard Move Actions"): R39, R43-R46, A27, A28.

`allowance` is how far a Standard Move goes; `move` resolves a declared Move or Bonus Move with
the distance moved."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.system import Outcome
from combat_tui.core.text import quote
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.model import Campaign, FPActor
from combat_tui.systems.futurepath.stats import actor, fp_state, ground_fight
from combat_tui.systems.futurepath.tables import tables

MODES = ("run", "climb", "swim", "crawl")
SLOW = ("climb", "swim", "crawl")
PAST = {"run": "ran", "climb": "climbed", "swim": "swam", "crawl": "crawled"}
"""The verb a resolved move's result keeps ("swam 15 ft"), read back for its Bonus Move."""


def run_speed(walk: int) -> int:
    """ref: R43 — in combat everyone runs, at twice the walk speed (15 ft -> 30 ft)."""
    return 2 * walk


def sprint(walk: int) -> int:
    """ref: R39, A28 — the Bonus Move repeats the Standard Move's distance: a 30-ft run becomes
    60 ft in total (Sprint)."""
    return 2 * run_speed(walk)


def slowed(speed: int) -> int:
    """ref: R45 — climbing, swimming and crawling at half speed, rounded down to 5-ft steps."""
    return (speed // 2) // 5 * 5


def squares(feet: int) -> int:
    """ref: R44 — movement comes in 5-ft squares."""
    return feet // 5


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """ref: R44 — a diagonal step counts as 5 ft, like any other."""
    return 5 * max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def allowance(who: FPActor, mode: str = "run") -> tuple[int, tuple[str, ...]]:
    """How far one Standard Move goes, with what changed it: Run speed (R43), walk only or half
    speed by a condition (notes §2.5), half again to climb, swim or crawl (R45), a cap (Overloaded)."""
    rules = [(c.name, r) for c in who.conditions if (r := tables().condition(c.name)) is not None]
    stopped = [name for name, r in rules if r.cannot_move or r.cannot_act]
    if stopped:
        return 0, (f"{stopped[0]}: cannot move",)
    why: list[str] = []
    walking = [name for name, r in rules if r.no_run]
    speed = who.walk if walking else run_speed(who.walk)
    if walking:
        why.append(f"{walking[0]}: walk speed")
    halved = [name for name, r in rules if r.half_speed]
    if halved:
        speed = slowed(speed)
        why.append(f"{halved[0]}: half speed")
    if mode in SLOW:
        speed = slowed(speed)
        why.append(f"{mode}ing: half speed" if mode != "swim" else "swimming: half speed")
    caps = [(r.speed_cap, name) for name, r in rules if r.speed_cap]
    if caps and min(caps)[0] < speed:
        speed = min(caps)[0]
        why.append(f"{min(caps)[1]}: {speed} ft")
    return speed, tuple(why)


def _mode_of(name: str) -> str:
    """The way a declared move's name ("climb") or a resolved one's result ("failed: swam 15 ft") goes."""
    word = name.casefold()
    return next((m for m in SLOW if m in word or PAST[m] in word), "run")


def move(state: Campaign, ref: str, feet: int, mode: str, failed: bool) -> Outcome:
    """ref: R39, R44-R46 — resolve the mover's declared Move (or Bonus Move) with the feet moved:
    in 5-ft steps, no farther than the allowance; a Bonus Move after a successful Standard Move
    covers the same distance again, and the character is Sprinting (A28)."""
    fp = fp_state(state)
    fight = ground_fight(fp, "move")
    who = actor(fp, ref)
    from combat_tui.systems.futurepath.labels import label
    from combat_tui.systems.futurepath.phases import mark_resolved, queue, step

    if fight.phase != "action":
        raise CommandRejected("Moves are made in the Action phase.", "Go on with 'next'.")
    order = queue(fp, fight)
    mine = [i for i in order if fight.declarations[i].actor == ref and fight.declarations[i].category == "move"]
    if not mine:
        name = label(fp, ref)
        raise CommandRejected(f"{name} has no Move declared.", f"Declare one first: declare {quote(name)} move.")
    index = mine[0]
    declared = fight.declarations[index]
    if step(fp, fight, index) != step(fp, fight, order[0]):
        first = fight.declarations[order[0]]
        raise CommandRejected(f"{first.name} of {label(fp, first.actor)} resolves first.",
                              "Actions resolve in the order the round screen lists.")  # fmt: skip
    if feet < 0 or feet % 5:
        raise CommandRejected(f"{feet} ft is not a move on the grid: moves come in 5-ft squares.", "Such as 5, 15 or 30.")
    mode = mode or _mode_of(declared.name)
    if mode not in MODES:
        raise CommandRejected(f"'{mode}' is not a way to move.", "Ways: " + ", ".join(MODES) + ".")
    standard = next((d for d in fight.declarations if d.actor == ref and d.slot == "standard"), None)
    bonus = declared.slot == "bonus"
    first_feet = 0
    if bonus:
        # A27: a move succeeds unless a required movement check failed.
        if standard is None or not standard.resolved or standard.result.startswith("failed"):
            raise CommandRejected("A Bonus Move follows a successful Standard Move only.",
                                  "Resolve the Standard Move first, with 'move'.")  # fmt: skip
        first_feet = _feet_of(standard.result)
        mode = _mode_of(standard.result) if standard.result else mode
    limit, why = allowance(who, mode)
    if feet > limit:
        reason = f" ({'; '.join(why)})" if why else ""
        raise CommandRejected(f"{label(fp, ref)} can {'move' if mode == 'run' else mode} {limit} ft with this move{reason}, not {feet} ft.")
    verb = PAST[mode]
    result = f"{'failed: ' if failed else ''}{verb} {feet} ft"
    event = ev.Moved(ref, feet, mode, limit, why, bonus, first_feet + feet if bonus else 0, failed)
    return mark_resolved(state, index, result, (event,))


def _feet_of(result: str) -> int:
    words = result.split()
    return int(words[-2]) if len(words) >= 2 and words[-2].isdigit() else 0
