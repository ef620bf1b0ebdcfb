"""FPPhasePanel: what the current phase of a FuturePath round is about.

Advantages/Disadvantages: every active source per combatant and the environment (R28-R33).
Action: the acting group, each member's declared actions in their slots (R34-R38), the
resolution queue in order (R60-R63) with the head marked and what it waits for (R64), and the
actions already resolved and how far each member moved. Counter: each counter with its rounds
left, those not yet in effect (R65-R67), the newcomers waiting to join (R18) and the grenades
waiting to go off. Under every phase: the traps in the area, once there are any.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from combat_tui.systems.futurepath.advantage import sources
from combat_tui.systems.futurepath.model import Declaration, FuturePath, GroundFight
from combat_tui.systems.futurepath.phases import queue
from combat_tui.systems.futurepath.round_view import is_movement, moved
from combat_tui.systems.futurepath.rounds import acting
from combat_tui.systems.futurepath.trap_view import area_lines

SLOTS = (("free", "Free"), ("simple", "Simple"), ("standard", "Standard"), ("bonus", "Bonus"))


class FPPhasePanel(Static):
    """The phase's content; `show` repaints it only when the text changed."""

    DEFAULT_CSS = """
    FPPhasePanel { height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self._plain = ""

    def show(self, fp: FuturePath, labels: dict[str, str], teams: dict[str, str]) -> None:
        fight = fp.fight
        text = Text()
        if fight is None or fight.stage != "running":
            text.append("The fight is over.")
        elif fight.phase == "advantages":
            _advantages(text, fp, fight, labels)
        elif fight.phase == "action":
            _action(text, fp, fight, labels, teams)
        else:
            _counters(text, fp, fight, labels)
        traps = area_lines(fp, labels, teams)
        if traps:
            text.append("\nTraps (p): ", style="bold")
            text.append("; ".join(traps))
        if text.plain != self._plain:
            self._plain = text.plain
            self.update(text)
        self.border_title = _title(fight)


def _title(fight: GroundFight | None) -> str:
    if fight is None or fight.stage != "running":
        return "Fight over"
    return {"advantages": "Advantages/Disadvantages", "action": "Queue and declared actions",
            "counters": "Counters"}[fight.phase]  # fmt: skip


def _advantages(text: Text, fp: FuturePath, fight: GroundFight, labels: dict[str, str]) -> None:
    for ref in fight.present:
        listed = sources(fp, fight, fp.actor(ref))
        text.append(f"{labels.get(ref, ref)}: ", style="bold")
        text.append("; ".join(listed) or "none")
        text.append("\n")
    env = ", ".join(f"{e.name} ({e.dice:+d}Ad {e.rolls})" for e in fight.environment)
    text.append("Environment: ", style="bold")
    text.append(env or "none stated (v states one)")


def _action(text: Text, fp: FuturePath, fight: GroundFight, labels: dict[str, str], teams: dict[str, str]) -> None:
    if fight.turn >= len(fight.turns):
        text.append("No group is left to act.")
        return
    turn = fight.turns[fight.turn]
    members = acting(fp, fight)
    group = f"{teams.get(turn.team, turn.team)} {turn.group.capitalize()}"
    if fight.committed:
        text.append(f"{group} committed: rolls go in queue order\n", style="bold")
    else:
        text.append(f"{group} declaring (d); c commits\n", style="bold")
    order = queue(fp, fight)
    text.append("Queue: ", style="bold")
    if not order:
        text.append("empty")
    for place, index in enumerate(order, start=1):
        declared = fight.declarations[index]
        head = place == 1
        text.append("\n▶ " if head else "\n  ", style="bold" if head else "")
        text.append(f"{place}. {labels.get(declared.actor, declared.actor)}: {_what(declared, labels)}")
        if declared.rolls:
            text.append(" (rolls)")
        if head:
            text.append(_waits(declared, fight.committed), style="reverse")
    done = [d for d in fight.declarations if d.resolved and not d.name.endswith("(also)")]
    if done:
        text.append("\nDone: ", style="bold")
        text.append("; ".join(f"{labels.get(d.actor, d.actor)} {d.name}: {d.result}" for d in done))
    text.append("\nDeclared", style="bold")
    for ref in members:
        mine = [d for d in fight.declarations if d.actor == ref]
        text.append(f"\n{labels.get(ref, ref)}: ", style="bold")
        slots = [f"{title} {', '.join(_what(d, labels) for d in mine if d.slot == slot)}"
                 for slot, title in SLOTS if any(d.slot == slot for d in mine)]  # fmt: skip
        text.append(" · ".join(slots) or "nothing declared yet")
        feet = moved(fight, ref)
        if feet:
            text.append(f" · moved {feet} ft")


def _what(declared: Declaration, labels: dict[str, str]) -> str:
    words = declared.name
    if declared.target:
        words += f" on {labels.get(declared.target, declared.target)}"
    if declared.weapon:
        words += f" with {declared.weapon}"
    return words


def _waits(declared: Declaration, committed: bool) -> str:
    """What the head of the queue waits for: the commit before any roll (R64), then its roll."""
    if declared.rolls and not committed:
        return " waits: commit first (c)"
    if declared.grenade:
        return " now: r throws"
    if is_movement(declared):
        return " now: r or m: the feet moved"
    if declared.category == "attack" and declared.target and declared.rolls:
        return " now: r rolls the attack"
    return " now: r resolves, f fails"


def _counters(text: Text, fp: FuturePath, fight: GroundFight, labels: dict[str, str]) -> None:
    timed = [(ref, c) for ref in fight.present for c in fp.actor(ref).conditions if c.rounds]
    text.append(f"Round {fight.round}: counters\n", style="bold")
    for ref, condition in timed:
        state = "" if condition.armed and fight.round else " (held: not yet in effect)"
        if fight.round == 0 and not fp.options.tick_after_round0:
            state = " (held: Round 0)"
        text.append(f"{labels.get(ref, ref)}: {condition.name} {condition.rounds}{state}\n")
    if not timed:
        text.append("No counters are running.\n")
    if fight.joiners:
        text.append("Joining: " + ", ".join(labels.get(r, r) for r in fight.joiners) + "\n")
    for grenade in fight.grenades:
        text.append(f"{labels.get(grenade.thrower, grenade.thrower)}'s grenade ({grenade.landed}) waits to go off\n")
    text.append("j joins the highlighted combatant · T a new team · n starts the next round")
