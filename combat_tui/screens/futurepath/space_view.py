"""What the space phase screen shows, as Rich text, read off the state with the core's functions:
each ship's row, the positions of the selected ship with this round's actions, the Fire pool."""

from __future__ import annotations

from rich.text import Text

from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.crew import (  # fmt: skip
    PHASES,
    TITLES,
    holder,
    manned,
    may_act,
    phase_positions,
    presence_bonus,
    small_crew,
    who_name,
)
from combat_tui.systems.futurepath.space.model import POSITIONS, FirePool, SpaceFight
from combat_tui.systems.futurepath.space.stats import (  # fmt: skip
    active_damage,
    cloak_bonus,
    max_damage,
    passive_sensors,
    reflectors,
    resistance,
    ship,
    status,
    tracking_dc,
)
from combat_tui.systems.futurepath.space.summary import damage_text

SHORT = {"captain": "Captain", "science": "Science", "helm": "Helm", "sensors": "Sensors", "weapons": "Weapons",
         "engineer": "Engineer", "medical": "Medical"}  # fmt: skip
PHASE_NAMES = {"surprise": "Surprise round · Action Phase", "support": "Support Phase", "action": "Action Phase",
               "response": "Response Phase"}  # fmt: skip


def title(state: Campaign, space: SpaceFight) -> str:
    phase = PHASE_NAMES[space.phase]
    head = phase if space.phase == "surprise" else f"Round {space.round} · {phase}"
    return f"{state.name} · Space combat · {head}" + (" · over" if space.stage == "ended" else "")


def ship_row(state: Campaign, space: SpaceFight, ref: str, label: str) -> tuple:
    """Ship, BD n/max, BD-DC, Tracking DC, Passive Sensors, state (adrift, silent, side effects)."""
    who, st, r = ship(state, ref), status(space, ref), space.round
    flags = []
    if st.exploded:
        flags.append(("exploded", "bold red"))
    elif st.adrift:
        flags.append(("adrift", "bold red"))
    elif st.at_max:
        flags.append((f"at max: adrift after R{st.at_max}", "red"))
    if st.explodes:
        flags.append((f"explodes R{st.explodes}", "bold red"))
    if st.surrendered:
        flags.append(("surrendered", "yellow"))
    if st.silent:
        flags.append(("silent", "cyan"))
    if st.assisting:  # the Captain's Direct Assistance, and Commanding Presence while it lasts
        flags.append((f"Captain assists {SHORT[st.assisting]}", "cyan"))
    flags += _stealth(who, st, r)
    if presence_bonus(st, "helm", r):
        flags.append((f"presence +{presence_bonus(st, 'helm', r)} to R{st.presence_until}", "cyan"))
    flags += [(d.name, "magenta") for d in active_damage(st, r)]
    flags += [(f"{c.name} {TITLES[c.position].split()[0]}", "yellow") for c in st.conditions]
    state_text = Text()
    for i, (word, style) in enumerate(flags):
        state_text.append(("; " if i else "") + word, style)
    count = len(st.damage)
    bd = Text(damage_text(count, max_damage(who), short=True), "bold red" if count >= max_damage(who) else ("yellow" if count else ""))
    return (Text(label, "bold"), bd, f"{resistance(who, st, r)},{reflectors(who, st, r)}", str(tracking_dc(who, st, r)),
            str(passive_sensors(who, st, r)), state_text)  # fmt: skip


def _stealth(who, st, r: int) -> list[tuple[str, str]]:
    """The advanced functions in force on the ship this round: cloak, spoofing, decoys, jams."""
    flags = []
    if st.cloak and st.cloak > r:
        flags.append((f"cloak from R{st.cloak}", "cyan"))
    elif bonus := cloak_bonus(who, st, r):
        flags.append((f"cloaked +{bonus}", "cyan"))
    if st.spoofed == r:
        flags.append(("spoofed", "cyan"))
    if st.decoys == r:
        flags.append(("decoys", "cyan"))
    if st.sensor_jam == r:
        flags.append((f"sensors jammed ({st.sensor_jam_total})", "magenta"))
    if st.missile_jam[1] == r and st.missile_jam[0]:
        flags.append(("jams missiles", "cyan"))
    return flags


OWN = {"surprise": ("helm", "sensors", "weapons"), "support": ("captain", "science"),
       "action": ("helm", "sensors", "weapons"), "response": ("engineer", "medical")}  # fmt: skip


def positions(state: Campaign, space: SpaceFight, ref: str, labels: dict[str, str], *, compact: bool = False) -> Text:
    """The ship's state in full, then every position: who, when it acts, this round's action.
    `compact` (a narrow terminal) lists only this phase's positions and those acting in it."""
    who, st = ship(state, ref), status(space, ref)
    text = Text()
    row = ship_row(state, space, ref, labels.get(ref, ref))
    if compact:  # the state goes on its own line: space_phase.tcss cuts long lines, not wraps them
        text.append(f"BD {row[1].plain} · BD-DC {row[2]} · Trk {row[3]} · PS {row[4]}")
    else:
        text.append(f"BD {row[1].plain} · BD-DC {row[2]} · Track {row[3]} · Sensors {row[4]}")
    if row[5].plain:
        text.append("\n")
        text.append_text(row[5])
    text.append("\n")
    now = phase_positions(who, st, space.phase)
    if (space.phase == "surprise" and ref not in space.surprise) or space.stage != "running" or st.adrift \
            or st.exploded or st.surrendered:  # fmt: skip
        now = ()
    done = {a.position: a for a in space.actions if a.ship == ref}
    for position in POSITIONS:
        if compact and position not in OWN[space.phase] and position not in now:
            continue
        post = holder(who, position)
        name = who_name(state, post) if post else ""
        if position == "captain" and small_crew(who):
            name = ""
        mark, style = ("▶ ", "bold") if position in now and may_act(state, space, who, position) else ("  ", "")
        text.append(mark + f"{SHORT[position]:<9}", style)
        width = 10 if compact else 18
        text.append(f"{name or '(empty)':<{width}}"[:width], "dim" if not name else "")
        if compact:
            text.append(" ")
        if position in done:
            action = done[position]
            target = f" {labels.get(action.target, action.target)}" if action.target else ""
            failed = action.result == "failed"
            text.append(f" {action.action}{target}", "red" if failed else "cyan")
            if failed:
                text.append(" ✗", "red")
            elif compact:
                text.append(" ✓", "green")  # the result is in the log below
            else:
                text.append(f": {action.result or 'done'}")
        elif not name or (post is not None and post.out):
            text.append(" skipped" + (" (out)" if post is not None and post.out else ""), "dim")
        elif not manned(who.post(position)):
            text.append(" (pilot)", "dim")
        else:
            text.append(" " + PHASES[position][0], "dim")
        text.append("\n")
    text.rstrip()
    return text


def pool(fire: FirePool | None, labels: dict[str, str]) -> Text:
    """The d10s of a Fire: successes bold green in brackets, failures dim; rerolls after a bar."""
    text = Text()
    if fire is None:
        text.append("No Fire yet this round.", "dim")
        return text
    text.append(f"{labels.get(fire.ship, fire.ship)} on {labels.get(fire.target, fire.target)}: ", "bold")
    kind = "hard point"
    for die in fire.dice:
        if die.kind in ("reroll", "special") and die.kind != kind:
            text.append("| rerolls " if die.kind == "reroll" else "| special ", "dim")
            kind = die.kind
        face = ">".join(map(str, die.faces)) + (f"{die.bonus:+d}" if die.bonus else "")
        if die.kind in ("shot down", "decoyed", "cancelled"):  # missile defence, decoys, Shield Manipulation
            text.append(f"{face} ", "strike red")
            continue
        text.append(f"[{face}] " if die.success else f"{face} ", "bold green" if die.success else "dim")
    need = f"{fire.successes} of {fire.needed} needed" if fire.needed else f"{fire.successes} successes"
    text.append(f"vs {fire.threshold}+: {need}: ")
    text.append(fire.result, "bold" if "Battle Damage to" in fire.result else "")
    for where, chart in fire.charts:
        text.append(f"\nChart, {labels.get(where, where)}: {chart}", "magenta")
    return text
