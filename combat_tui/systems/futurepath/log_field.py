"""Travelogue lines of movement, teams, awareness and traps (registered on `log.line`)."""

from __future__ import annotations

from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.log import LogContext, line


@line.register
def _(e: ev.Moved, c: LogContext) -> list[str]:
    verb = {"run": "runs", "climb": "climbs", "swim": "swims", "crawl": "crawls"}[e.mode]
    how = f" ({'; '.join(e.why)})" if e.why else ""
    text = f"{c.name(e.ref)} {verb} {e.feet} ft of {e.allowance}{how}"
    if e.bonus:
        text += f" as a Bonus Move, sprinting: {e.total} ft in all"
    if e.failed:
        text += "; the movement check failed, so no Bonus Move"
    return [text + "."]


@line.register
def _(e: ev.TeamAdded, c: LogContext) -> list[str]:
    return [f"{c.team(e.team)} is a new team: its members join a fight with 'join' at the Counter phase."]


@line.register
def _(e: ev.AwarenessJudged, c: LogContext) -> list[str]:
    if not e.unseen:
        return ["Passive Perception against Stealth: everyone sees every opponent."]
    parts = [f"{c.name(ref)} does not see {c.join(missed)}" for ref, missed in e.unseen]
    return [f"Passive Perception against Stealth: {'; '.join(parts)}. Unaware: {c.join(e.unaware)}."]


def _trap(c: LogContext, ref: str) -> str:
    return c.traps.get(ref, ref)


@line.register
def _(e: ev.TrapAdded, c: LogContext) -> list[str]:
    return [f"Trap {e.name}: {e.trigger} trigger, DC {e.detection_dc} to detect, save DC {e.save_dc}; {e.what}."]


@line.register
def _(e: ev.TrapSpotted, c: LogContext) -> list[str]:
    how = f"searches: d20 {e.d20}, {e.total}" if e.search else f"Passive Perception {e.total}"
    sense = f" ({', '.join(e.why)})" if e.why else ""
    found = "finds it" if e.found else "does not find it"
    return [f"{c.name(e.ref)} looks for the {_trap(c, e.trap)}: {how}{sense} vs DC {e.dc}, {found}."]


@line.register
def _(e: ev.TrapTriggered, c: LogContext) -> list[str]:
    by = f", set off by {c.name(e.by)}" if e.by else ""
    damage = f": {'+'.join(map(str, e.faces))} = {e.damage} damage" if e.faces else ""
    return [f"The {_trap(c, e.trap)} goes off{by}{damage}."]


@line.register
def _(e: ev.TrapSaved, c: LogContext) -> list[str]:
    result = "saved (half damage, no condition)" if e.saved else "failed"
    return [f"{c.name(e.ref)} saves (DEX): d20 {e.d20}, {e.total} vs DC {e.dc}, {result}."]


@line.register
def _(e: ev.TrapDisarmed, c: LogContext) -> list[str]:
    return [f"The {_trap(c, e.trap)} is disarmed."]
