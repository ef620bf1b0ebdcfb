"""The travelogue lines of space events, registered with the FuturePath `log.line`."""

from __future__ import annotations

from combat_tui.systems.futurepath.log import LogContext, changes_text, line
from combat_tui.systems.futurepath.space import events as ev
from combat_tui.systems.futurepath.space.crew import TITLES
from combat_tui.systems.futurepath.space.summary import damage_text
from combat_tui.systems.futurepath.space.tables import space_tables


def _pos(c: LogContext, ship: str, position: str) -> str:
    name = c.name(ship)
    return f"{name}{chr(39) if name.endswith('s') else chr(39) + 's'} {TITLES.get(position, position)}"


@line.register
def _(e: ev.SpaceStarted, c: LogContext) -> list[str]:
    lines = [f"Space combat: {c.join(e.ships)}."]
    for ship, by, dc, value in e.detected:
        if ship in e.surprise:
            lines.append(f"{c.name(ship)} is not detected (Detection DC {dc}, best Passive Sensors {value}): "
                         "it acts in a surprise Action Phase.")  # fmt: skip
        else:
            lines.append(f"{c.name(ship)} is detected by {c.name(by)} (Passive Sensors {value} vs Detection DC {dc}).")
    return lines


@line.register
def _(e: ev.PhaseBegan, c: LogContext) -> list[str]:
    title = "Surprise round, Action Phase" if e.phase == "surprise" else f"Round {e.round}, {e.phase.capitalize()} Phase"
    parts = [f"{c.name(ship)}: {', '.join(TITLES[p] for p in positions) or 'no one'}" for ship, positions in e.acting]
    text = f"{title}. " + "; ".join(parts) + "."
    if e.skipped:
        text += " Skipped (empty or out of action): " + ", ".join(_pos(c, s, p) for s, p in e.skipped) + "."
    return [text]


@line.register
def _(e: ev.CrewSet, c: LogContext) -> list[str]:
    if not e.who:
        return [f"{_pos(c, e.ship, e.position)} is empty."]
    return [f"{e.who} is {_pos(c, e.ship, e.position)}."]


@line.register
def _(e: ev.CrewBonusSet, c: LogContext) -> list[str]:
    return [f"{_pos(c, e.ship, e.position)} rolls with {e.bonus:+d}."]


@line.register
def _(e: ev.CrewOutSet, c: LogContext) -> list[str]:
    return [f"{_pos(c, e.ship, e.position)} is {'out of action' if e.out else 'back at the post'}."]


@line.register
def _(e: ev.Held, c: LogContext) -> list[str]:
    return [f"{_pos(c, e.ship, e.position)} will act in the Action Phase" +
            (" instead of the Response Phase." if e.position == "engineer" else ".")]  # fmt: skip


_VERBS = {"give command": "commands the {}", "encourage crew": "encourages the crew", "boost": "boosts {}",
          "fly offensive": "flies offensively at {}", "fly defensive": "flies defensively against {}",
          "fly feint": "feints at {}", "fly evasive": "fires the evasive thrusters", "close": "closes on {}",
          "widen": "widens the distance to {}", "intercept": "intercepts {}", "ram": "rams {}", "scan": "scans {}",
          "repair": "repairs {}", "treat": "treats the {}", "hack access": "hacks into {}",
          "hack info": "gathers information inside {}", "hack disrupt": "disrupts a system of {}",
          "hack harm": "harms {} from inside", "counter-hack": "counter-hacks {}",
          "overclock": "overclocks the core", "grapple": "grapples {}", "cloak": "activates the cloak",
          "cloak off": "switches the cloak off", "spoof": "spoofs the sensors of {}", "jam": "jams the hacker of {}",
          "spoof decoys": "launches chaff decoys against {}", "jam sensors": "jams the sensors of {}",
          "jam missiles": "jams the missile launchers of {}", "deep scan": "deep-scans {}",
          "crypto": "reads the communications of {}", "direct assistance": "gives Direct Assistance to the {}",
          "return to the chair": "returns to the Captain's chair", "commanding presence": "uses Commanding Presence",
          "shield manipulation": "manipulates the shields against {}",
          "weapons assist": "assists the Weapons Officer against {}", "defensive fire": "readies Defensive Fire"}  # fmt: skip


@line.register
def _(e: ev.Rolled, c: LogContext) -> list[str]:
    target = c.name(e.target) if e.target else ""
    verb = _VERBS.get(e.action, e.action + " {}").format(target).strip()
    if e.roll is not None:
        dice = e.roll.text()
    elif e.d20 != (0, 0):
        dice = f"d20 {e.d20[0]} = {e.d20[1]}"
    else:
        dice = ""
    text = f"{_pos(c, e.ship, e.position)} {verb}"
    if not dice:
        return [f"{text}: {e.result}."]
    text += f": {dice}" + (f" vs DC {e.dc}" if e.dc else "")
    if not e.success:
        return [f"{text}, failure." if e.result == "failed" else f"{text}, failure: {e.result}."]
    return [f"{text}, success: {e.result}."]


def _die(d: ev.FireDie) -> str:
    faces = ">".join(map(str, d.faces))
    return f"{faces}{d.bonus:+d}" if d.bonus else faces


@line.register
def _(e: ev.FireRolled, c: LogContext) -> list[str]:
    groups: dict[str, list[str]] = {}
    for d in e.dice:
        groups.setdefault(d.kind, []).append(_die(d) + ("*" if d.success else ""))
    names = {"hard point": "hard points", "reroll": "rerolls", "special": "special die", "shot down": "shot down"}
    dice = "; ".join(f"{names.get(kind, kind)} {' '.join(faces)}" for kind, faces in groups.items())
    what = f" at its {e.system}" if e.system else ""
    count = f"{e.successes} success" + ("" if e.successes == 1 else "es")
    need = f"{count} of {e.needed} needed" if e.needed else count
    why = f" ({', '.join(e.reasons)})" if e.reasons else ""
    return [f"{c.name(e.ship)} fires on {c.name(e.target)}{what}: d10 {dice} vs {e.threshold}+; {need}{why}: {e.result}."]


def _chart(e: ev.DamageRolled) -> str:
    if not e.faces:
        return f"chart {e.damage.roll}"
    if len(e.faces) == 4:
        return f"2d6 {e.faces[0]}+{e.faces[1]} = 7, rerolled {e.faces[2]}+{e.faces[3]} = {e.damage.roll}"
    return f"2d6 {e.faces[0]}+{e.faces[1]} = {e.damage.roll}"


@line.register
def _(e: ev.DamageRolled, c: LogContext) -> list[str]:
    d = e.damage
    if d.dc:
        base = space_tables().row(d.roll).dc
        parts = "".join(f" {'+' if n > 0 else '-'} {abs(n)} {name}" for name, n in e.addon if n)
        dc = f"repair DC {d.dc}" + (f" = {base}{parts}" if parts else "")
    else:
        dc = "no repair roll"
    return [f"Battle Damage to {c.name(e.ship)}: {_chart(e)}, {d.name} ({dc}); it lands when the phase ends."]


@line.register
def _(e: ev.DamageCapped, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} has taken its 1 Battle Damage this round already."]


@line.register
def _(e: ev.DamageApplied, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} takes the Battle Damage ({e.damage.name}): {damage_text(e.count, e.maximum)}."]


@line.register
def _(e: ev.ShipAtMax, c: LogContext) -> list[str]:
    if e.emergency:
        return [f"{c.name(e.ship)} is at its maximum Battle Damage: unless its Chief Engineer repairs one in round "
                f"{e.round}'s Response Phase (one success is enough now), it is adrift and helpless from round "
                f"{e.round + 1}."]  # fmt: skip
    return [f"{c.name(e.ship)} is at its maximum Battle Damage: it goes adrift at the end of round {e.round}'s "
            "Response Phase unless repaired below it."]  # fmt: skip


@line.register
def _(e: ev.ShipAdrift, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} is adrift and helpless."]


@line.register
def _(e: ev.ShipSaved, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} is below its maximum Battle Damage again: still in the fight."]


@line.register
def _(e: ev.ShipWillExplode, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} took Battle Damage beyond its maximum: it explodes at the end of round {e.round} "
            "unless its Engineer repairs it first."]  # fmt: skip


@line.register
def _(e: ev.ShipExploded, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} explodes."]


@line.register
def _(e: ev.SideEffectArmed, c: LogContext) -> list[str]:
    tables = space_tables()
    row = tables.row(e.damage.roll)
    if not row.effect:
        return []
    detail = f" ({e.detail})" if e.detail else ""
    text = row.text.removeprefix("a d6 picks a console; ") if e.detail else row.text
    if e.hit_dice:  # the chart's X, worked out for the one at the console
        dice = f"{e.hit_dice} hit {'die' if e.hit_dice == 1 else 'dice'} ({e.hit_dice}{tables.hit_die})"
        text = text.replace("X hit dice", dice)
    else:
        text = text.replace("X hit dice", "hit dice (1 + level / 4)")
    return [f"{c.name(e.ship)}: {e.damage.name} takes effect{detail}: {text}; until the end of round {e.damage.ends}'s "
            "Response Phase."]  # fmt: skip


@line.register
def _(e: ev.ConsoleEmpty, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)}: the {TITLES[e.position]}'s console explodes, but no one is at it."]


@line.register
def _(e: ev.SideEffectLapsed, c: LogContext) -> list[str]:
    if not space_tables().row(e.damage.roll).effect:
        return []
    return [f"{c.name(e.ship)}: the side effect of {e.damage.name} is over."]


@line.register
def _(e: ev.RepairProgressed, c: LogContext) -> list[str]:
    if e.done and e.emergency:
        return [f"{c.name(e.ship)}'s {e.damage.name} is repaired at once, the ship being at its maximum Battle Damage; "
                "its side effect is gone."]  # fmt: skip
    if e.done:
        return [f"{c.name(e.ship)}'s {e.damage.name} is repaired ({e.progress} of 2 rounds); its side effect is gone."]
    return [f"{c.name(e.ship)}'s {e.damage.name}: {e.progress} of 2 rounds of repair."]


@line.register
def _(e: ev.SideEffectRepaired, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)}: the side effect of {e.damage.name} is repaired."]


@line.register
def _(e: ev.SystemDamaged, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)}'s {e.system} takes {e.points} point(s) ({e.total} in all): {e.state}."]


@line.register
def _(e: ev.SystemRepaired, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)}'s {e.system} is restored."]


@line.register
def _(e: ev.BoostApplied, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)}'s {e.attribute.capitalize()} mod {e.points:+d} until the end of round {e.until}."]


@line.register
def _(e: ev.DistanceChanged, c: LogContext) -> list[str]:
    if e.needed:
        return [f"{c.name(e.ship)} and {c.name(e.other)}: {e.progress} of {e.needed} rounds toward the next band (still {e.band.capitalize()})."]
    return [f"{c.name(e.ship)} and {c.name(e.other)} are at {e.band.capitalize()} range."]


@line.register
def _(e: ev.SilentSet, c: LogContext) -> list[str]:
    if e.on:
        return [f"{c.name(e.ship)} runs silent: shields down, no scans, no Engine functions."]
    return [f"{c.name(e.ship)} stops running silent; its shields are back in round {e.shields_back}."]


@line.register
def _(e: ev.SurrenderSet, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} {'fights on' if e.back else 'surrenders'}."]


@line.register
def _(e: ev.ConditionTaken, c: LogContext) -> list[str]:
    return [f"{_pos(c, e.ship, e.position)} is {e.name} ({e.why})."]


@line.register
def _(e: ev.CrewHurt, c: LogContext) -> list[str]:
    save = f"DEX save {e.d20}{e.dex:+d} vs DC {e.dc}: {'half' if e.saved else 'failed'}"
    dice = "+".join(map(str, e.faces))
    return [f"{_pos(c, e.ship, e.position)} takes {e.amount} damage from the {e.why} ({len(e.faces)}d6 {dice}; {save})."]


@line.register
def _(e: ev.ConditionEnded, c: LogContext) -> list[str]:
    return [f"{_pos(c, e.ship, e.position)} is no longer {e.name}."]


@line.register
def _(e: ev.SpaceOver, c: LogContext) -> list[str]:
    if e.by_gm:
        return ["The GM ends the space combat."]
    return [f"Space combat is over: {c.team(e.winner)} hold the field." if e.winner else "Space combat is over: no one is left."]


@line.register
def _(e: ev.SpaceOptionSet, c: LogContext) -> list[str]:
    return [f"Space option {e.name} is now {e.value}."]


@line.register
def _(e: ev.Warning, c: LogContext) -> list[str]:
    return [e.text]


@line.register
def _(e: ev.PointDefenceReady, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} readies point defence: {e.dice} d10 against the next rockets this round."]


@line.register
def _(e: ev.PositionChanged, c: LogContext) -> list[str]:
    rush = f" (Acrobatics d20 {e.d20} = {e.total} vs DC {e.dc})" if e.d20 else ""
    where = f"{c.name(e.ship)}'s {TITLES[e.to]}"
    if not e.moved:
        return [f"{e.who} tries to move from {TITLES[e.position]} to {TITLES[e.to]} with the gravity out{rush}: "
                f"stays at the {TITLES[e.position]}'s post, and the round is spent."]  # fmt: skip
    if e.arrives:
        return [f"{e.who} moves from {TITLES[e.position]} to {TITLES[e.to]}{rush}: now {where}."]
    return [f"{e.who} moves from {TITLES[e.position]} to {TITLES[e.to]}{rush}: it takes the round; {where} from the next."]


@line.register
def _(e: ev.ShipAdded, c: LogContext) -> list[str]:
    crew = f"crew of {e.crew}" if e.crew else "no crew yet"
    return [f"{c.name(e.ship)} is added to the ships of {c.team(e.side)}: a {e.hull} hull, {e.points} hard "
            f"point{'s' if e.points != 1 else ''}, {e.bays} bay{'s' if e.bays != 1 else ''}, {crew}."]  # fmt: skip


@line.register
def _(e: ev.ShipEdited, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} is edited: {changes_text(e.changes)}."]


@line.register
def _(e: ev.ShipRemoved, c: LogContext) -> list[str]:
    return [f"{c.name(e.ship)} is removed from the campaign's ships."]
