"""What the ship setup screen shows, as Rich text, read off the state with the core's functions:
a ship's row, its seven positions with who holds them (the small-crew rules applied), and its
attributes and secondary numbers in full."""

from __future__ import annotations

from collections import Counter

from rich.text import Text

from combat_tui.screens.futurepath.space_view import SHORT
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.crew import PHASES, holder, manned, small_crew, who_name
from combat_tui.systems.futurepath.space.model import ATTRIBUTES, POSITIONS, Ship
from combat_tui.systems.futurepath.space.stats import (  # fmt: skip
    detection_dc,
    initiative,
    max_damage,
    mod,
    movement,
    passive_sensors,
    reflectors,
    resistance,
    score,
    tracking_dc,
)

ABBREVIATIONS = {"engines": "Eng", "weapons": "Wpn", "structure": "Str", "shields": "Shd", "electronics": "Elc",
                 "sensors": "Sen"}  # fmt: skip
PHASE_WORDS = {("support",): "Sup", ("support", "action"): "Sup/Act", ("action",): "Act",
               ("response", "action"): "Resp/Act", ("response",): "Resp"}  # fmt: skip
"""The phases a position acts in: Support, Action, Response; /Act when held for the Action (R99)."""


def seen_cell(preview: tuple[str, int, int] | None) -> Text:
    """`surprise` when no enemy's Passive Sensors meet the ship's Detection DC (R102), with the
    best enemy sensors against the DC."""
    if preview is None:
        return Text("-", "dim")
    _, value, dc = preview
    if value < dc:
        return Text(f"surprise {value}<{dc}", "bold yellow")
    return Text(f"seen {value}≥{dc}", "dim")


def ship_cells(who: Ship, label: str, side: str, present: bool, preview) -> tuple:
    """In, Ship, Side, Hull, BD-DC, Tracking DC, positions covered, Start (seen or surprise)."""
    crew = sum(1 for p in POSITIONS if holder(who, p) is not None and not (p == "captain" and small_crew(who)))
    return (Text("[x]" if present else "[ ]"), Text(label, "bold"), Text(side), Text(who.size),
            f"{resistance(who)},{reflectors(who)}", str(tracking_dc(who)), f"{crew}/7",
            seen_cell(preview if present else None))  # fmt: skip


def crew_cells(state: Campaign, who: Ship, position: str) -> tuple:
    """Position, who holds it (or why no one acts there: R104, §2.13), the bonus, its phases."""
    post, acting = who.post(position), holder(who, position)
    bonus = f"{post.bonus:+d}" if manned(post) else ""
    if position == "captain" and small_crew(who):
        crew = Text(f"{who_name(state, post)} (small crew: none)".lstrip(), "dim")
    elif manned(post):
        crew = Text(who_name(state, post) + (" (out)" if post.out else ""), "yellow" if post.out else "")
    elif acting is not None:
        crew = Text(f"(pilot {who_name(state, acting)})", "dim")
    else:
        crew = Text("(empty: skipped)", "dim")
    return (Text(SHORT[position]), crew, bonus, PHASE_WORDS[PHASES[position]])


def detail(who: Ship) -> Text:
    """The ship in full: hull, attributes with modifiers, secondary numbers, weapons, bays, start."""
    text = Text()
    kind = "military" if who.military else "civilian"
    text.append(f"{who.size.capitalize()} {kind} · tech {who.tech_level}", "bold")
    text.append("\n")
    for i, attribute in enumerate(ATTRIBUTES):
        text.append(f"{ABBREVIATIONS[attribute]} {score(who, attribute)} {mod(who, attribute):+d}")
        text.append("\n" if i % 3 == 2 else "  ")
    text.append(f"BD max {max_damage(who)} · BD-DC {resistance(who)},{reflectors(who)} · Track {tracking_dc(who)}\n")
    silent = " silent" if who.silent else ""
    text.append(f"Sensors {passive_sensors(who)} · Detect {_detection(who)}{silent}\n")
    text.append(f"Initiative {initiative(who):+d} · Move {movement(who)}\n")
    weapons = Counter(h.weapon for h in who.hard_points)
    text.append("Guns: " + (", ".join(f"{n} {w}" for w, n in weapons.items()) or "none") + "\n")
    text.append("Bays: " + (", ".join(b.name + (" (ext)" if b.external else "") for b in who.bays) or "none"))
    if who.swarm:
        text.append(f" · swarm {who.swarm}")
    return text


def _detection(who: Ship) -> int:
    """The Detection DC, or the Stealth DC of a ship that starts running silent (§2.13)."""
    from combat_tui.systems.futurepath.space.model import ShipStatus

    return detection_dc(who, ShipStatus(who.id, silent=who.silent))
