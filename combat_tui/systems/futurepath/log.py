"""The travelogue lines of FuturePath events."""

from __future__ import annotations

from functools import singledispatch

from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.events_field import PerceptionUsed
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.crew import TITLES


class LogContext:
    def __init__(self, after: Campaign, names: dict[str, str]) -> None:
        self.names = names
        self.teams = team_names(after)
        fp = after.futurepath
        self.traps = {t.id: t.name for t in fp.traps} if fp is not None else {}

    def name(self, ref: str) -> str:
        return self.names.get(ref, ref)

    def team(self, ref: str) -> str:
        return self.teams.get(ref, ref)

    def join(self, refs) -> str:
        names = [self.name(r) for r in refs]
        if len(names) < 2:
            return "".join(names) or "no one"
        return ", ".join(names[:-1]) + " and " + names[-1]


def describe(events: tuple, before: Campaign, after: Campaign, names: dict[str, str]) -> tuple[str, ...]:
    context = LogContext(after, names)
    lines: list[str] = []
    for event in events:
        lines.extend(line(event, context))
    return tuple(lines)


@singledispatch
def line(event, c: LogContext) -> list[str]:
    return []


@line.register
def _(e: ev.GroundSetupOpened, c: LogContext) -> list[str]:
    return [f"Ground combat setup: {c.join(e.present)}."]


@line.register
def _(e: ev.GroundSetupCancelled, c: LogContext) -> list[str]:
    return ["Ground combat setup is closed without a fight."]


@line.register
def _(e: ev.PresenceSet, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} is {'in the fight' if e.present else 'not in the fight (can join later)'}."]


@line.register
def _(e: ev.AwarenessSet, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} is {'aware' if e.aware else 'unaware'} of their opponents."]


@line.register
def _(e: ev.InitiativeFixed, c: LogContext) -> list[str]:
    return [f"Initiative of {c.name(e.ref)} set to {e.new} (was {e.old})."]


@line.register
def _(e: ev.GroupFixed, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} goes in the {e.group.capitalize()}." if e.group else f"{c.name(e.ref)}'s group follows the rules again."]


def _breakdown(c: LogContext, team: str, initiative) -> str:
    scores = ", ".join(f"{c.name(ref)} {score}" for ref, score in initiative.scores)
    text = f"Team Initiative of {c.team(team)}: {initiative.value} (average of {scores} = {initiative.average}"
    if initiative.conditions:
        text += f"; -{len(initiative.conditions)} for {', '.join(initiative.conditions)}"
    text += ")"
    if initiative.override is not None:
        text += f", set by the GM (computed {initiative.computed})"
    return text + "."


@line.register
def _(e: ev.TeamInitiativeFixed, c: LogContext) -> list[str]:
    return [_breakdown(c, e.team, e.initiative)]


@line.register
def _(e: ev.TeamInitiativeSet, c: LogContext) -> list[str]:
    return [_breakdown(c, e.team, e.initiative)]


@line.register
def _(e: ev.TeamTieBroken, c: LogContext) -> list[str]:
    teams = " and ".join(c.team(t) for t in e.teams)
    if e.by == "dex":
        return [f"Team Initiative tie between {teams}: the team with the highest DEX score goes first."]
    if e.by == "dex-next":
        return [f"Team Initiative tie between {teams}: the higher DEX scores go first, the highest, then the next."]
    rolls = ", ".join(f"{c.team(t)} d20 {d20} = {total}" for t, d20, total in e.rolls)
    return [f"Team Initiative tie between {teams}: opposed checks {rolls}."]


@line.register
def _(e: ev.GroupsFormed, c: LogContext) -> list[str]:
    return [f"{c.team(e.team)}: Vanguard {c.join(e.vanguard)}; Rearguard {c.join(e.rearguard)}."]


@line.register
def _(e: ev.SurpriseRoundStarted, c: LogContext) -> list[str]:
    if e.joiners:
        return [f"Round 0 of the newcomers: only {c.join(e.aware)} can act, unseen."]
    return [f"Surprise round (Round 0): {c.join(e.aware)} can act; {c.join(e.unaware)} are unaware and flat-footed."]


@line.register
def _(e: ev.RoundStarted, c: LogContext) -> list[str]:
    return [f"Round {e.round} starts."]


@line.register
def _(e: ev.PhaseStarted, c: LogContext) -> list[str]:
    names = {"advantages": "Advantages/Disadvantages", "action": "Action", "counters": "Counter"}
    return [f"Round {e.round}: {names[e.phase]} phase."]


@line.register
def _(e: ev.AdvantagesListed, c: LogContext) -> list[str]:
    lines = [f"{c.name(ref)}: {'; '.join(found)}." for ref, found in e.sources if found]
    if e.environment:
        lines.append(f"Environment: {'; '.join(e.environment)}.")
    return lines


@line.register
def _(e: ev.GroupTurnStarted, c: LogContext) -> list[str]:
    return [f"{c.team(e.turn.team)} {e.turn.group.capitalize()} acts: {c.join(e.acting)}."]


@line.register
def _(e: ev.CounterTicked, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)}: {e.name} counter {e.old} -> {e.new}."]


@line.register
def _(e: ev.CounterHeld, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)}: {e.name} counter stays at {e.rounds} ({e.why})."]


@line.register
def _(e: ev.ConditionEnded, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} is no longer {e.name}."]


@line.register
def _(e: ev.ConditionAdded, c: LogContext) -> list[str]:
    length = f" for {e.rounds} round{'s' if e.rounds != 1 else ''}" if e.rounds else ""
    if e.replaced == "reset":
        return [f"{c.name(e.ref)} is {e.name} again: the counter restarts{length}."]
    if e.replaced:
        return [f"{c.name(e.ref)} goes from {e.replaced} to {e.name}{length}."]
    return [f"{c.name(e.ref)} is {e.name}{length}."]


@line.register
def _(e: ev.ConditionRemoved, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} is no longer {e.name}."]


@line.register
def _(e: ev.JoinQueued, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} will join the fight in the Counter phase."]


@line.register
def _(e: ev.Joined, c: LogContext) -> list[str]:
    how = f"as a new team, {c.team(e.team)}," if e.new_team else f"{c.team(e.team)}'s"
    text = f"{c.name(e.ref)} joins {how} {e.group.capitalize()}" if not e.new_team else \
        f"{c.name(e.ref)} joins {how} in its {e.group.capitalize()}"  # fmt: skip
    if e.surprise:
        text += ", unseen: a Round 0 of their own"
    return [text + "."]


@line.register
def _(e: ev.OptionSet, c: LogContext) -> list[str]:
    return [f"Option {e.name} set to {e.new} (was {e.old}; default {e.default})."]


@line.register
def _(e: ev.OpposedRolled, c: LogContext) -> list[str]:
    rolls = ", ".join(f"{c.name(ref)} d20 {d20} = {total}" for ref, d20, total in e.rolls)
    return [f"Opposed Initiative: {rolls}. {c.name(e.winner)} goes first."]


@line.register
def _(e: ev.EnvironmentSet, c: LogContext) -> list[str]:
    if not e.dice:
        return [f"Environment: {e.name} no longer applies."]
    return [f"Environment: {e.name}, {'+' if e.dice > 0 else ''}{e.dice}Ad on {e.rolls} rolls."]


@line.register
def _(e: ev.MarkedOut, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} {e.reason}." if e.reason else f"{c.name(e.ref)} is back in the fight."]


@line.register
def _(e: ev.GroundFightEnded, c: LogContext) -> list[str]:
    lines = [f"The fight is over: {c.team(e.losers)} is out." if e.losers else "The fight is over."]
    for ref, name, rounds in e.leftovers:
        lines.append(f"Leftover: {c.name(ref)} is {name} for {rounds} more round{'s' if rounds != 1 else ''}; "
                     "resolve each round now.")  # fmt: skip
    return lines


@line.register
def _(e: ev.Warning, c: LogContext) -> list[str]:
    return [f"Note: {c.name(e.ref)} {e.text}" if e.ref else f"Note: {e.text}"]


_SLOTS = {"free": "Free", "simple": "Simple", "standard": "Standard", "bonus": "Bonus"}


def _action(c: LogContext, d) -> str:
    kind = _SLOTS[d.slot] + (f" {d.category.capitalize()}" if d.category and d.slot == "standard" else "")
    text = f"{d.name} ({kind}"
    if d.slot in ("free", "simple") and not d.before_standard:
        text += ", after the Standard"
    text += ", rolls" if d.rolls else ", no roll"
    text += ")"
    if d.target:
        text += f" on {c.name(d.target)}"
    if d.weapon:
        text += f" with {d.weapon}"
    return text


@line.register
def _(e: ev.ActionDeclared, c: LogContext) -> list[str]:
    return [f"{c.name(e.declaration.actor)} declares {_action(c, e.declaration)}."]


@line.register
def _(e: ev.ActionWithdrawn, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} takes back {e.name}."]


@line.register
def _(e: ev.GroupCommitted, c: LogContext) -> list[str]:
    order = "; ".join(f"{n}. {c.name(d.actor)}: {d.name}" for n, d in enumerate(e.order, start=1))
    return [f"Everyone has committed. Resolution order: {order or 'nothing declared'}."]


@line.register
def _(e: ev.ActionResolved, c: LogContext) -> list[str]:
    d = e.declaration
    result = f": {d.result}" if d.result and d.result != "ok" else ""
    return [f"{c.name(d.actor)}'s {d.name} is resolved{result}."]


_TIERS = {"miss": "miss", "minor": "Minor Hit (damage halved)", "hit": "hit", "major": "Major Hit",
          "critical": "Critical Success", "fumble": "Critical Failure (natural 1, no damage)"}  # fmt: skip


@line.register
def _(e: ev.FPAttackRolled, c: LogContext) -> list[str]:
    parts = [f"d20 {e.d20}"]
    if e.net:
        sign = "+" if e.net > 0 else "-"
        parts.append(f"{sign} {abs(e.net)}Ad ({e.advantage_die}: {' '.join(map(str, e.advantage_rolls))})")
    if e.ability_mod:
        parts.append(f"{'+' if e.ability_mod > 0 else '-'} {abs(e.ability_mod)} {e.ability}")
    if e.accuracy:
        parts.append(f"{'+' if e.accuracy > 0 else '-'} {abs(e.accuracy)} accuracy")
    for name, value in e.flat:
        parts.append(f"{'+' if value > 0 else '-'} {abs(value)} {name}")
    tier = _TIERS[e.tier]
    if e.extra_damage:
        tier += f" with {e.extra_damage} Extra Damage"
    sources = ", ".join(f"{name} {dice:+d}" + (" (no advantage: cancelled)" if cancelled else "") for name, dice, cancelled in e.sources)
    text = (f"{c.name(e.attacker)} attacks {c.name(e.target)} with {e.weapon}: {' '.join(parts)} = {e.total} "
            f"vs {e.ac_kind} {e.ac}, {tier}.")  # fmt: skip
    if sources:
        text += f" Advantage: {sources}; net {e.net:+d}."
    if e.forbidden_by:
        text += f" No advantage ({e.forbidden_by})."
    if e.forced:
        text += " Rolled past the 3-disadvantage limit by the GM."
    return [text]


@line.register
def _(e: ev.DamageRolled, c: LogContext) -> list[str]:
    faces = "+".join(map(str, e.faces))
    how = {"major": " (higher of two)", "critical": f" (higher of two x{e.multiplier})"}.get(e.what, "")
    if e.what.startswith("extra") and e.multiplier > 1:
        how = f" (higher of two x{e.multiplier})"
    static = f" {'+' if e.static >= 0 else '-'} {abs(e.static)}" if e.static else ""
    if e.what == "minor":
        return [f"Damage (minor): {faces}{static}, halved = {e.total}."]
    return [f"Damage ({e.what}): {faces}{how}{static} = {e.total}."]


@line.register
def _(e: ev.CritChainRolled, c: LogContext) -> list[str]:
    what = {"multiplied": "another critical: multiplied", "unmultiplied": "no critical: the rest unmultiplied",
            "cancelled": "natural 1: the remaining Extra Damage is cancelled"}[e.outcome]  # fmt: skip
    return [f"Extra Damage {e.index}: d20 {e.d20}, {what}."]


@line.register
def _(e: ev.FPDamageTaken, c: LogContext) -> list[str]:
    dr = f" (DR {e.dr})" if e.dr else ""
    typed = f" {e.damage_type}" if e.damage_type else ""
    return [f"{c.name(e.target)} takes {e.taken}{typed} damage{dr}, HP {e.hp}."]


@line.register
def _(e: ev.FPHealed, c: LogContext) -> list[str]:
    return [f"{c.name(e.target)} regains {e.amount} HP, HP {e.hp}."]


@line.register
def _(e: ev.GrenadeThrown, c: LogContext) -> list[str]:
    turn = f"{c.name(e.timed_by)}'s group turn" if e.timed_by else "the turn"
    cook = ""
    if e.cook:
        cook = {"cooked": "cooked (WIS {t} vs DC 25): it goes off at the start of {turn}",
                "harmless": "cooking failed (WIS {t} vs DC 25): it bursts harmlessly in the air",
                "in hand": "cooking critically failed (natural 1)"}[e.cook].format(t=e.wis_total, turn=turn)  # fmt: skip
    if e.cook == "in hand":
        return [f"{c.name(e.thrower)} tries to cook a grenade: {cook}."]
    aim = f" at {c.name(e.target)}" if e.target else ""
    far = f", {e.feet} ft (range {e.reach} ft)" if e.feet else ""
    text = f"{c.name(e.thrower)} throws a grenade{aim}{far}: 2d10 {e.faces[0]} {e.faces[1]}, it lands {e.landed}"
    if cook:
        return [f"{text}; {cook}."]
    end = turn if e.timed_by else "the target's turn"
    return [f"{text}; it goes off at the end of {end}."]


@line.register
def _(e: ev.GrenadeExploded, c: LogContext) -> list[str]:
    when = e.when.replace("the group turn", f"{c.name(e.target)}'s group turn") if e.target else e.when
    return [f"{c.name(e.thrower)}'s grenade explodes {when} ({e.landed})."]


@line.register
def _(e: ev.DotTaken, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} is {e.name}: {'+'.join(map(str, e.faces))}."]


@line.register
def _(e: ev.TrapRolled, c: LogContext) -> list[str]:
    adv = f" - {len(e.adv)}Ad ({' '.join(map(str, e.adv))})" if e.adv else ""
    what = "disarms a trap" if e.what == "disarm" else "sets a trap"
    outcome = {"disarmed": "disarmed", "retry": "failed; try again after 1 round", "triggered": "failed by 5 or more: the trap goes off",
               "set": f"set; DC {e.total} to detect it", "not set": "not set",
               "explodes in hand": "natural 1: it explodes in their hands"}[e.outcome]  # fmt: skip
    return [f"{c.name(e.ref)} {what}: d20 {e.d20}{adv} = {e.total} vs DC {e.dc}, {outcome}."]


@line.register
def _(e: ev.LeftoverRound, c: LogContext) -> list[str]:
    if e.cured:
        return [f"{c.name(e.ref)} is no longer {e.name}."]
    if e.left:
        return [f"A round of {e.name} passes for {c.name(e.ref)}: {e.left} left."]
    return [f"A round of {e.name} passes for {c.name(e.ref)}: it is over."]


@line.register
def _(e: ev.CheckRolled, c: LogContext) -> list[str]:
    parts = [f"d20 {e.d20}"]
    if e.net:
        parts.append(f"{'+' if e.net > 0 else '-'} {abs(e.net)}Ad ({e.advantage_die}: {' '.join(map(str, e.advantage_rolls))})")
    if e.ability_mod:
        parts.append(f"{'+' if e.ability_mod > 0 else '-'} {abs(e.ability_mod)} {e.ability.upper()}")
    if e.bonus:
        parts.append(f"{'+' if e.bonus > 0 else '-'} {abs(e.bonus)}")
    what = f"{e.ability.upper()} {'save' if e.what == 'save' else 'check'}"
    text = f"{c.name(e.ref)} rolls a {what}: {' '.join(parts)} = {e.total}"
    if e.dc:
        text += f" vs DC {e.dc}, {'success' if e.total >= e.dc else 'failure'}"
    sources = ", ".join(f"{name} {dice:+d}" + (" (cancelled)" if cancelled else "") for name, dice, cancelled in e.sources)
    return [text + "." + (f" Advantage: {sources}; net {e.net:+d}." if sources else "")]


ENTRIES = ("weapon", "hard point", "bay")
"""The list entries an edit adds or removes whole."""


def changes_text(changes: tuple[tuple[str, str, str], ...]) -> str:
    """`HP 24 -> 26; new weapon: Knife 1d4 ...; weapon Claws ... removed` (an entry of a list,
    such as a weapon or a hard point, has no old text when added and no new text when removed)."""
    parts = []
    for what, old, new in changes:
        if what in ENTRIES and not old:
            parts.append(f"new {what}: {new}")
        elif what in ENTRIES and not new:
            parts.append(f"{what} {old} removed")
        else:
            parts.append(f"{what} {old or '(none)'} -> {new or '(none)'}")
    return "; ".join(parts)


@line.register
def _(e: ev.CombatantAdded, c: LogContext) -> list[str]:
    weapons = ", ".join(e.weapons) or "no weapons"
    text = f"{c.name(e.ref)} is added to {c.team(e.team)}: HP {e.hp}, AC {e.ac}, Initiative {e.initiative:+d}, {weapons}."
    if e.joins:
        text += f" Not in the running fight: 'join {c.name(e.ref)}' brings them in."
    return [text]


@line.register
def _(e: ev.CombatantEdited, c: LogContext) -> list[str]:
    return [f"{c.name(e.ref)} is edited: {changes_text(e.changes)}."]


@line.register
def _(e: ev.CombatantRemoved, c: LogContext) -> list[str]:
    text = f"{c.name(e.ref)} is removed from the campaign"
    if e.posts:
        text += " and leaves " + ", ".join(_post(c, ship, position) for ship, position in e.posts)
    return [text + "."]


def _post(c: LogContext, ship: str, position: str) -> str:
    name = c.name(ship)
    return f"{name}{chr(39) if name.endswith('s') else chr(39) + 's'} {TITLES.get(position, position)} post"


@line.register
def _(e: PerceptionUsed, c: LogContext) -> list[str]:
    if e.d20:
        parts = [f"d20 {e.d20}"]
        if e.net:
            parts.append(f"{'+' if e.net > 0 else '-'} {abs(e.net)}Ad ({e.die}: {' '.join(map(str, e.adv_rolls))})")
        if e.bonus:
            parts.append(f"{'+' if e.bonus > 0 else '-'} {abs(e.bonus)}")
        head = f"{c.name(e.ref)} keeps watch: Perception {' '.join(parts)} = {e.total}"
    else:
        head = f"{c.name(e.ref)}'s Passive Perception is {e.total} ({e.why})"
    stealth = ", ".join(f"{c.name(ref)} {n}" for ref, n in e.against)
    seen = [ref for ref, n in e.against if e.total >= n]
    missed = [ref for ref, n in e.against if e.total < n]
    result = "; ".join(filter(None, [f"sees {c.join(seen)}" if seen else "", f"does not see {c.join(missed)}" if missed else ""]))
    return [f"{head} against Stealth ({stealth}): {result}."]


from combat_tui.systems.futurepath import log_field  # noqa: E402, F401  (registers the lines of moves, teams and traps)
