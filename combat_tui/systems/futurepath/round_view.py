"""What the round screen shows of movement and of a new team, from the rules: which declared
action is a movement, how far each way of moving goes for it, how far a combatant moved this
turn, who is outside the fight, and the commands that bring one into a team of the GM's."""

from __future__ import annotations

from combat_tui.core.records import frozen
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.model import Campaign, Declaration, FuturePath, GroundFight, Team
from combat_tui.systems.futurepath.movement import MODES, move
from combat_tui.systems.futurepath.phases import queue
from combat_tui.systems.futurepath.rounds import acting
from combat_tui.systems.futurepath.tables import tables

MOVING = ("move", "climb", "bonus move")
"""The Move actions of the menu that cover ground; reload, switch weapons and draw from a pack
are Move actions too, and resolve without feet."""


def is_movement(declared: Declaration) -> bool:
    """A declared Move or Bonus Move that covers ground (a label of the GM's counts as one)."""
    if declared.category != "move":
        return False
    rule = tables().action(declared.name)
    return rule is None or rule.name in MOVING


def head_movement(fp: FuturePath, fight: GroundFight) -> str | None:
    """The mover whose movement heads the resolution queue, if the head is one."""
    order = queue(fp, fight) if fight.phase == "action" else ()
    if order and is_movement(fight.declarations[order[0]]):
        return fight.declarations[order[0]].actor
    return None


def declarer(fp: FuturePath, fight: GroundFight, row: str | None) -> str | None:
    """Whom the declare key declares for: the highlighted combatant if their group is acting,
    else the first of the group with nothing declared yet, else the group's first."""
    members = acting(fp, fight)
    if row in members or not members:
        return row if members else None
    declared = {d.actor for d in fight.declarations}
    return next((ref for ref in members if ref not in declared), members[0])


def mover(fp: FuturePath, fight: GroundFight, row: str | None) -> str | None:
    """Whom the move key moves: the highlighted combatant if they have a movement waiting, else
    the head of the queue's mover, else the highlighted one (the rules then say why not)."""
    pending = [d for d in fight.declarations if not d.resolved and is_movement(d)]
    if row is not None and any(d.actor == row for d in pending):
        return row
    return head_movement(fp, fight) or row


@frozen
class MoveChoice:
    """One way of moving with how far the move may go that way, and what changed the distance."""

    mode: str
    feet: int
    why: tuple[str, ...] = ()


@frozen
class MoveView:
    """The movement `ref` resolves now: a Standard Move (any way) or a Bonus Move (the Standard
    Move's way again, after `first_feet`)."""

    ref: str
    bonus: bool
    mode: str
    """The way the declaration names (climb, swim ...), or the Standard Move's for a Bonus Move."""
    choices: tuple[MoveChoice, ...]
    first_feet: int = 0


def move_view(state: Campaign, ref: str) -> MoveView:
    """ref: R39, R43-R46 — the allowance of each way, as `move` itself finds it (a move of 0 ft
    is tried on each); raises the rules' refusal when `ref` has no movement to resolve now."""
    first = _tried(state, ref, "")
    if first.bonus:
        return MoveView(ref, True, first.mode, (MoveChoice(first.mode, first.allowance, first.why),), first.total)
    choices = tuple(MoveChoice(m, e.allowance, e.why) for m in MODES for e in (_tried(state, ref, m),))
    return MoveView(ref, False, first.mode, choices)


def _tried(state: Campaign, ref: str, mode: str) -> ev.Moved:
    outcome = move(state, ref, 0, mode, False)
    return next(e for e in outcome.events if isinstance(e, ev.Moved))


def moved(fight: GroundFight, ref: str) -> int:
    """The feet `ref` moved this group turn: their resolved movements' results ("ran 30 ft")."""
    total = 0
    for declared in fight.declarations:
        words = declared.result.split()
        if declared.actor == ref and declared.resolved and len(words) >= 2 and words[-1] == "ft" and words[-2].isdigit():
            total += int(words[-2])
    return total


def outsiders(fp: FuturePath) -> tuple[str, ...]:
    """Combatants neither in the running fight nor waiting to join it: who may join a new team."""
    fight = fp.fight
    inside = set(fight.present + fight.joiners) if fight is not None else set()
    return tuple(a.id for a in fp.actors if a.id not in inside)


def team_named(fp: FuturePath, name: str) -> Team | None:
    """The campaign's team called `name` (its name or id, any case), if there is one."""
    wanted = " ".join(name.split()).casefold()
    return next((t for t in fp.teams if wanted in (t.name.casefold(), t.id)), None)


def joining(fp: FuturePath, ref: str, team: str) -> tuple[object, ...]:
    """ref: Combat page, "Joining a Battle" (R18-R21) — the commands that bring `ref` into the
    fight on `team`: a move to that team first if they are on another, then `join`."""
    who = fp.actor(ref)
    to_team = (fc.EditCombatant(ref, (("team", team),)),) if who is not None and who.team != team else ()
    return (*to_team, fc.Join(ref))
