"""`show NAME`, `show teams` and `show defaults` for FuturePath."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.labels import labels, team_names
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.options import report
from combat_tui.systems.futurepath.stats import advantage_die, armor_class, extra_damage, fp_state


def show(state: Campaign, ref: str) -> str:
    if ref == "defaults":
        return report(state)
    if ref == "teams":
        return teams(state)
    if ref == "round":
        return round_summary(state)
    if ref.startswith("area "):
        from combat_tui.systems.futurepath.areas import count

        _, shape, feet = ref.split()
        if not feet.isdigit():
            raise CommandRejected(f"'{feet}' is not a length in feet.")
        return f"A {feet}-ft {shape} covers {count(shape, int(feet))} squares."
    fp = fp_state(state)
    who = fp.actor(ref)
    if who is None:
        raise CommandRejected(f"No one has the id '{ref}'.")
    fight = fp.fight
    parts = [
        f"{labels(state)[ref]}: HP {who.hp}/{who.max_hp}",
        f"AC {armor_class(who)} (touch {armor_class(who, touch=True)}, flat-footed {armor_class(who, flat_footed=True)})",
        f"Initiative {initiative.personal(fp, fight, ref)}",
        f"Advantage Die {advantage_die(who)}",
    ]
    if extra_damage(who):
        parts.append(f"Extra Damage {extra_damage(who)}")
    if who.dr:
        parts.append("DR " + ", ".join(f"{d.amount} {d.damage_type}" for d in who.dr))
    parts.append(team_names(state).get(who.team, who.team))
    if fight is not None and fight.stage == "running":
        for team in fight.teams:
            if ref in team.members:
                parts.append("Vanguard" if ref in team.vanguard else "Rearguard")
        if ref not in fight.present:
            parts.append("not in the fight")
    if who.conditions:
        parts.append("conditions " + "; ".join(f"{c.name} {c.rounds}" if c.rounds else c.name for c in who.conditions))
    return ", ".join(parts)


def teams(state: Campaign) -> str:
    fp = fp_state(state)
    fight = fp.fight
    if fight is None or fight.stage == "setup" or not fight.teams:
        raise CommandRejected("No ground fight has started.")
    names, teams_ = labels(state), team_names(state)
    lines = []
    for place, team in enumerate(fight.teams, start=1):
        scores = ", ".join(f"{names[r]} {s}" for r, s in team.initiative.scores)
        penalty = f" - {len(team.initiative.conditions)} ({', '.join(team.initiative.conditions)})" if team.initiative.conditions else ""
        fix = f", GM's value (computed {team.initiative.computed})" if team.initiative.override is not None else ""
        lines.append(f"{place}. {teams_.get(team.team, team.team)}: Team Initiative {team.initiative.value} = "
                     f"floor(mean of {scores}) {team.initiative.average}{penalty}{fix}; "
                     f"Vanguard {', '.join(names[r] for r in team.vanguard) or '-'}; "
                     f"Rearguard {', '.join(names[r] for r in team.rearguard) or '-'}")  # fmt: skip
    return "\n".join(lines)


def round_summary(state: Campaign) -> str:
    """Where the fight is: round, phase, the acting group, the declared actions in resolution
    order (R60-R64), and grenades waiting to go off."""
    from combat_tui.systems.futurepath.phases import queue
    from combat_tui.systems.futurepath.rounds import acting

    fp = fp_state(state)
    fight = fp.fight
    if fight is None or fight.stage != "running":
        raise CommandRejected("No ground fight is running.")
    names, teams_ = labels(state), team_names(state)
    phase = {"advantages": "Advantages/Disadvantages", "action": "Action", "counters": "Counter"}[fight.phase]
    lines = [f"Round {fight.round}, {phase} phase."]
    if fight.phase == "action" and fight.turn < len(fight.turns):
        turn = fight.turns[fight.turn]
        who = ", ".join(names[r] for r in acting(fp, fight)) or "no one"
        lines.append(f"{teams_.get(turn.team, turn.team)} {turn.group.capitalize()} acts: {who}"
                     + (" (committed)" if fight.committed else "") + ".")  # fmt: skip
        for place, index in enumerate(queue(fp, fight), start=1):
            d = fight.declarations[index]
            lines.append(f"{place}. {names[d.actor]}: {d.name}" + (" (rolls)" if d.rolls else ""))
    for grenade in fight.grenades:
        when = "start" if grenade.cooked else "end"
        whose = f"{names[grenade.target]}'s group turn" if grenade.target in names else "another team's turn"
        lines.append(f"{names[grenade.thrower]}'s grenade ({grenade.landed}) goes off at the {when} of {whose}.")
    return "\n".join(lines)
