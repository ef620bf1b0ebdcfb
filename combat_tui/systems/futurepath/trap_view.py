"""What the screens show of traps and mines, from the rules: the fields of the form that places
one, the `trap` pairs that form gives, and one line per trap in the area (how it is set off, its
DCs, what it does, its state, who armed it and who found it)."""

from __future__ import annotations

from combat_tui.systems.futurepath.fields import FieldSpec
from combat_tui.systems.futurepath.model import FuturePath, Trap
from combat_tui.systems.futurepath.trap_effects import what_it_does
from combat_tui.systems.futurepath.trap_fields import LABELS

HINTS = {"trigger": "contact", "level": "1", "damage": "none", "type": "none", "conditions": "none",
         "rounds": "1", "dc": "10", "radius": "5", "disarm": "10"}  # fmt: skip
"""A form's placeholders: an empty damage, type or conditions field means none (not an example)."""
YES_NO = ("cloaked", "stealth", "electronic", "chasing")
TRAP_FIELDS = (FieldSpec("name", "Name", "Tripwire Mine"),
               *(FieldSpec(key, label, HINTS.get(key, ""),
                           "yesno" if key in YES_NO else "number" if HINTS.get(key, "").isdigit() else "text")
                 for key, label in LABELS.items()))  # fmt: skip
"""The form's fields: the trap's name, then every field `trap NAME field=value` reads."""


def trap_texts(trap: Trap | None = None) -> dict[str, str]:
    """Each field's text for `trap` (None: a new trap, with the page's defaults: a contact trap of
    level 1, DC 10 to detect and to disarm, a 5-ft blast)."""
    t = trap or Trap("", "")
    return {"name": t.name, "trigger": t.trigger, "level": str(t.level), "damage": t.damage, "type": t.damage_type,
            "conditions": ", ".join(t.conditions), "rounds": str(t.rounds), "dc": str(t.base_dc),
            "cloaked": _yes(t.cloaked), "stealth": _yes(t.stealth_mine), "electronic": _yes(t.electronic),
            "chasing": _yes(t.chasing), "radius": str(t.radius), "disarm": str(t.disarm_dc)}  # fmt: skip


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def trap_pairs(texts: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """The `trap` line's field=value pairs of a filled-in form: the fields that differ from the
    defaults, in the form's order (the name is the line's own)."""
    defaults = trap_texts()
    return tuple((key, texts[key].strip()) for key in LABELS
                 if key in texts and texts[key].strip().casefold() != defaults[key].casefold())  # fmt: skip


def trap_ref(fp: FuturePath, trap: Trap) -> str:
    """How a command names `trap`: its name, or its id when another trap has the same name."""
    same = [t for t in fp.traps if t.name.casefold() == trap.name.casefold()]
    return trap.name if same[:1] == [trap] else trap.id


STATES = {"armed": "armed", "triggered": "gone off", "disarmed": "disarmed"}


def trap_line(trap: Trap, labels: dict[str, str], teams: dict[str, str]) -> str:
    """ref: Combat page, "Traps/Mines" (R85-R94) — one trap in a line: name, detonator, the DC to
    detect it and the save DC, what it does, its state, the team that set it and who found it."""
    parts = [f"{trap.name}: {trap.trigger}", f"DC {trap.detection_dc} to detect", f"save DC {trap.save_dc}",
             what_it_does(trap), f"{trap.radius} ft"]  # fmt: skip
    state = STATES[trap.status]
    if trap.team:
        state += f" by {teams.get(trap.team, trap.team)}"
    parts.append(state)
    if trap.status == "armed":
        found = ", ".join(labels.get(r, r) for r in trap.spotted)
        parts.append(f"found by {found}" if found else "not found")
    return " · ".join(parts)


def area_lines(fp: FuturePath, labels: dict[str, str], teams: dict[str, str]) -> tuple[str, ...]:
    """The armed traps in the area, one line each, then how many have gone off or been disarmed."""
    lines = [trap_line(t, labels, teams) for t in fp.traps if t.status == "armed"]
    spent = sum(1 for t in fp.traps if t.status != "armed")
    if spent:
        lines.append(f"{spent} gone off or disarmed")
    return tuple(lines)

