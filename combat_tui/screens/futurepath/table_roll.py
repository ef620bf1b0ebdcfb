"""One FuturePath command rolled with the faces rolled at the table: which dice it takes, where typed
faces land, and the run that uses them for that command alone.

The dice come from dry runs (core/table_dice.py) and what each is for from the events they wrote
(systems/futurepath/dice_roles.py), so the dialog says what the rules will roll. Typed faces are
queued right before the command and the queue is cleared after it, as in the 5e dialogs: a face
the roll does not reach never comes out in a later command.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import App

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.core.table_dice import Placed, Recording, dry_run, load_faces, place_faces
from combat_tui.screens.futurepath.run_here import tell_refusal
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.dice_roles import CHAIN, CHART, DAMAGE, REROLL, REROLL_10, Die, roles, say_faces

ON_A_HIT = "damage on a hit"
VARYING = {REROLL_10: "a 10 rolls one more d10", REROLL: "then the rerolls it earns",
           CHART: "then the Battle Damage chart if it does damage", CHAIN: "more damage on a critical"}  # fmt: skip
"""Roles whose dice come or not as the faces fall: said after the dice every roll takes."""


def _runner(session: Session, command: object) -> Callable[[Dice], object]:
    return lambda dice: session.system.apply(session.state, command, dice)


def _names(session: Session) -> dict[str, str]:
    return session.system.labels(session.state)


def plan(session: Session, command: object) -> tuple[tuple[Die, ...], str, CommandRejected | None]:
    """(the dice the command takes whatever falls, what more may follow, the rules' refusal) from a
    dry run on the app's dice. An attack's damage is the one a plain hit rolls (the d20 of a dry
    run tried from 2 up), "more on a Major Hit or a critical"."""
    dry = dry_run(_runner(session, command), session.dice)
    if dry.refusal is not None:
        return (), "", dry.refusal
    dice = roles(dry.sides, dry.result.events, _names(session))
    steady = tuple(d for d in dice if d.role != DAMAGE and not d.role.startswith(("Extra Damage", *VARYING)))
    more = [said for role, said in VARYING.items() if any(d.role.startswith(role) for d in dice)]
    if isinstance(command, fc.FPAttack):
        steady += _hit_damage(session, command)
        more = ["more damage on a Major Hit or a critical"]
    return steady, "; ".join(more), None


def _hit_damage(session: Session, command: object) -> tuple[Die, ...]:
    """The damage dice of a plain hit (or a Minor Hit: the same dice, halved)."""
    for face in range(2, 20):
        dry = dry_run(_runner(session, command), session.dice, (face,))
        if dry.result is None:
            continue
        tiers = [e.tier for e in dry.result.events if isinstance(e, ev.FPAttackRolled)]
        if tiers[:1] in (["hit"], ["minor"]):
            dice = roles(dry.sides, dry.result.events, _names(session))
            return tuple(Die(d.sides, ON_A_HIT) for d in dice if d.role == DAMAGE)
    return ()


def place(session: Session, command: object, faces: tuple[int, ...]) -> tuple[Placed, tuple[Die, ...]]:
    """Where typed faces land in the command's roll, and every die of that roll with its role."""
    seen: dict[str, object] = {}

    def run(dice: Dice) -> object:
        seen["dice"] = recording = Recording(dice)
        seen["result"] = result = session.system.apply(session.state, command, recording)
        return result

    placed = place_faces(run, faces, session.dice)
    recording, result = seen.get("dice"), seen.get("result")
    sides = recording.sides if isinstance(recording, Recording) else []
    events = getattr(result, "events", None)
    return placed, roles(sides, events, _names(session)) if events is not None else tuple(Die(s) for s in sides)


def check(session: Session, command: object, faces: tuple[int, ...]) -> tuple[str, str]:
    """(where the faces land, the face its die does not have) as the Dice field shows them."""
    placed, dice = place(session, command, faces)
    if placed.problem:
        return "", placed.problem
    note = say_faces(dice, faces[: len(placed.landed)])
    note = f"Rolls {note}" if note else "The roll reaches none of them"
    if placed.unused:
        note += f"; not reached, dropped after the roll: {' '.join(map(str, placed.unused))}"
    return note, ""


def roll_with(app: App, command: object, faces: tuple[int, ...]) -> bool:
    """Run `command` on the typed faces (none: on the app's dice, and any faces queued with
    `dice`), leaving no face queued after it; a wrong face or a refusal is said and nothing runs."""
    session = app.session
    if not faces:
        error = app.execute(command)
        if error is not None:
            tell_refusal(app, error)
        return error is None
    placed, _ = place(session, command, faces)
    if placed.problem:
        app.bell()
        app.notify(placed.problem, title="Not rolled", severity="warning", timeout=6, markup=False)
        return False
    dice = session.dice
    mark = dice.begin()
    load_faces(dice, placed)
    error = app.execute(command)
    if error is not None:
        dice.rewind(mark)
        tell_refusal(app, error)
        return False
    dice.clear_forced()  # a face the roll did not reach is not left for the next command
    return True

