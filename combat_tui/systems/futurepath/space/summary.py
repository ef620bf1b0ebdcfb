"""`space show SHIP` and `space show`: a ship's numbers and state, and the fight's round."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.crew import TITLES, holder, manned, presence_bonus, who_name
from combat_tui.systems.futurepath.space.labels import ship_labels
from combat_tui.systems.futurepath.space.model import ATTRIBUTES
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
    ship,
    side_effects,
    status,
    tracking_dc,
)
from combat_tui.systems.futurepath.stats import fp_state


def show(state: Campaign, ref: str) -> str:
    if ref == "space":
        return fight_summary(state)
    return ship_summary(state, ref.removeprefix("ship:"))


def damage_text(count: int, maximum: int, *, short: bool = False) -> str:
    """A ship's Battle Damage against its maximum in words: `1 of 3`, or `3, 2 beyond its maximum
    of 1`; `short`, for a table cell: `1/3`, `3 (max 1)`."""
    if count <= maximum:
        return f"{count}/{maximum}" if short else f"{count} of {maximum}"
    return f"{count} (max {maximum})" if short else f"{count}, {count - maximum} beyond its maximum of {maximum}"


def ship_summary(state: Campaign, ref: str) -> str:
    who = ship(state, ref)
    space = fp_state(state).space
    st = status(space, ref)
    r = space.round if space else 0
    label = ship_labels(state)[ref]
    parts = [f"{label}: Battle Damage {damage_text(len(st.damage), max_damage(who))}"]
    flags = [word for word, on in (("adrift", st.adrift), ("exploded", st.exploded), ("surrendered", st.surrendered),
                                   ("running silent", st.silent)) if on]  # fmt: skip
    if st.at_max and not st.adrift:
        flags.append(f"at its maximum: adrift after round {st.at_max}'s Response Phase unless repaired")
    if st.explodes:
        flags.append(f"explodes at round {st.explodes}'s end")
    if st.assisting:
        flags.append(f"the Captain gives Direct Assistance to the {TITLES[st.assisting]}")
    if presence_bonus(st, "helm", r):
        flags.append(f"Commanding Presence +{presence_bonus(st, 'helm', r)} through round {st.presence_until}")
    parts += flags
    parts.append(f"{who.size.capitalize()} {'military' if who.military else 'civilian'}, {team_names(state).get(who.side, who.side)}")
    parts.append(" ".join(f"{a.capitalize()[:3]} {score(who, a, st)} ({mod(who, a, st, r):+d})" for a in ATTRIBUTES))
    parts.append(f"BD-DC {resistance(who, st, r)},{reflectors(who, st, r)}")
    parts.append(f"Tracking DC {tracking_dc(who, st, r)}")
    parts.append(f"Passive Sensors {passive_sensors(who, st, r)}")
    parts.append(f"Detection DC {detection_dc(who, st, r)}")
    parts.append(f"Initiative {initiative(who, st, r):+d}")
    parts.append(f"Movement {movement(who, st, r)}")
    if who.hard_points:
        parts.append("hard points " + ", ".join(f"{p.name} ({p.weapon})" for p in who.hard_points))
    if who.bays:
        parts.append("bays " + ", ".join(b.name for b in who.bays))
    for index, d in enumerate(st.damage, 1):
        text = f"BD {index} {d.name} (repair DC {d.dc or 'none'}, {d.progress}/2)"
        if d.side_repaired:
            text += " side effect repaired"
        parts.append(text)
    active = [d.name for d in st.damage if d.armed and not d.side_repaired and d.ends >= r and side_effects(st, r)]
    if active:
        parts.append("in force: " + ", ".join(active))
    for damage in st.systems:
        parts.append(f"{damage.system} -{damage.points} (repair DC {damage.dc})")
    crew = []
    for position in TITLES:
        post = holder(who, position)
        if post is None:
            continue
        name = who_name(state, post) + ("" if manned(who.post(position)) else " (pilot covers)")
        crew.append(f"{TITLES[position]} {name}" + (" (out)" if post.out else ""))
    parts.append("crew: " + (", ".join(crew) or "none"))
    for c in st.conditions:
        parts.append(f"{TITLES[c.position]} {c.name}")
    return "; ".join(parts) + "."


def fight_summary(state: Campaign) -> str:
    space = fp_state(state).space
    if space is None:
        raise CommandRejected("No space fight yet.", "Start one with 'space start'.")
    labels = ship_labels(state)
    phase = "surprise Action Phase" if space.phase == "surprise" else f"{space.phase.capitalize()} Phase"
    head = f"Space combat, round {space.round}, {phase}" + (" (over)" if space.stage == "ended" else "")
    lines = [head + "."]
    for ref in space.ships:
        st = status(space, ref)
        who = ship(state, ref)
        acted = ", ".join(TITLES[p] for p in st.acted) or "no one"
        state_words = [w for w, on in (("adrift and helpless", st.adrift), ("exploded", st.exploded),
                                          ("surrendered", st.surrendered)) if on]  # fmt: skip
        lines.append(f"{labels[ref]}: Battle Damage {damage_text(len(st.damage), max_damage(who))}"
                     + "".join(f", {w}" for w in state_words) + f"; acted: {acted}.")  # fmt: skip
    if space.pending:
        lines.append(f"{len(space.pending)} result(s) apply when the phase ends.")
    return "\n".join(lines)
