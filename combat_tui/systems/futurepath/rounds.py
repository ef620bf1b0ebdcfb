"""Rounds and phases: R3, R11, R16, R18-R22, R25, R65-R72, A13-A20.

A round is the Advantages/Disadvantages phase, the Action phase (one turn per group) and the
Counter phase (R3). Round 0, the surprise round, is an Action phase and a Counter phase only.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.advantage import sources
from combat_tui.systems.futurepath.conditions import has_flag
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FightTeam, FuturePath, GroundFight
from combat_tui.systems.futurepath.stats import actor, fp_state, running_fight, with_fp


def _fight(fp: FuturePath) -> GroundFight:
    assert fp.fight is not None
    return fp.fight


def advantages_phase(state: Campaign, events: list) -> Outcome:
    """ref: R28-R33 — at the start of each round, every advantage and disadvantage source."""
    fp = fp_state(state)
    fight = evolve(_fight(fp), phase="advantages", turn=0, acted=(), declarations=(), committed=False)
    fp = evolve(fp, fight=fight)
    listed = tuple((ref, sources(fp, fight, fp.actor(ref))) for ref in fight.present)  # type: ignore[arg-type]
    environment = tuple(f"{e.name} ({'+' if e.dice > 0 else ''}{e.dice}Ad {e.rolls})" for e in fight.environment)
    events += [ev.RoundStarted(fight.round), ev.PhaseStarted(fight.round, "advantages"),
               ev.AdvantagesListed(listed, environment)]  # fmt: skip
    return Outcome(with_fp(state, fp), tuple(events))


def acting(fp: FuturePath, fight: GroundFight) -> tuple[str, ...]:
    """The members of the current group who act (R16); Round 0: the aware only (R25, R26)."""
    turn = fight.turns[fight.turn]
    team = next(t for t in fight.teams if t.team == turn.team)
    members = team.group(turn.group)
    if fight.round == 0:
        members = tuple(m for m in members if m not in fight.unaware)
    if fight.joiner_round:
        members = tuple(m for m in members if m in fight.surprise)
    return members


def _damage_over_time(state: Campaign, ref: str, dice, events: list, only: str = "") -> Campaign:
    """ref: R68, notes §2.5 — Burning 1d6 Thermal, Electrified 1d6 Electrical, Bleeding 1d4
    ignoring DR: at the start of each of the bearer's turns (`only`: one condition's)."""
    from combat_tui.core.dice import parse_dice
    from combat_tui.systems.futurepath.attack import take_damage
    from combat_tui.systems.futurepath.tables import tables

    who = fp_state(state).actor(ref)
    assert who is not None
    for condition in who.conditions:
        rule = tables().condition(condition.name)
        if rule is None or not rule.dot or dice is None or (only and rule.name != only):
            continue
        expr = parse_dice(rule.dot)
        roll = dice.roll(expr.count, expr.sides)
        events.append(ev.DotTaken(ref, rule.name, roll.faces))
        state, taken = take_damage(state, ref, roll.total + expr.modifier, rule.dot_type, 0, rule.dot_ignores_dr)
        events.append(taken)
    return state


def begin_turn(state: Campaign, events: list, dice=None) -> Outcome:
    """A group's turn starts: counters of its members are armed from now on (R66, A17)."""
    fp = fp_state(state)
    fight = _fight(fp)
    if fight.turn >= len(fight.turns):
        return counter_phase(state, events)
    turn = fight.turns[fight.turn]
    team = next(t for t in fight.teams if t.team == turn.team)
    for ref in team.group(turn.group):
        who = fp.actor(ref)
        assert who is not None
        if any(not c.armed for c in who.conditions):
            fp = fp.with_actor(evolve(who, conditions=tuple(evolve(c, armed=True) for c in who.conditions)))
    from combat_tui.systems.futurepath.grenades import explode

    grenades, blasts = explode(fight, turn.team, "start")
    fight = evolve(fight, phase="action", declarations=(), committed=False, grenades=grenades)
    fp = evolve(fp, fight=fight)
    members = acting(fp, fight)
    events.append(ev.GroupTurnStarted(turn, members, fight.round))
    events.extend(blasts)
    state = with_fp(state, fp)
    for ref in team.group(turn.group):
        state = _damage_over_time(state, ref, dice, events)
    fp = fp_state(state)
    for ref in members:
        who = fp.actor(ref)
        if who is not None and (has_flag(who, "cannot_act") or has_flag(who, "cannot_attack")):
            # A12: warn, do not block.
            what = "act" if has_flag(who, "cannot_act") else "attack or move"
            events.append(ev.Warning(ref, f"cannot {what} (a condition); what they do is the GM's call."))
    return Outcome(with_fp(state, fp), tuple(events))


def next_step(state: Campaign, dice=None) -> Outcome:
    fp = fp_state(state)
    fight = running_fight(fp)
    if fight.phase == "advantages":
        fight = evolve(fight, phase="action", turn=0)
        return begin_turn(with_fp(state, evolve(fp, fight=fight)), [ev.PhaseStarted(fight.round, "action")], dice)
    if fight.phase == "action":
        turn = fight.turns[fight.turn]
        done = acting(fp, fight)
        events: list = [ev.Warning(d.actor, f"did not resolve {d.name}.") for d in fight.declarations if not d.resolved]
        from combat_tui.systems.futurepath.grenades import explode

        grenades, blasts = explode(fight, turn.team, "end")
        fight = evolve(fight, turn=fight.turn + 1, acted=fight.acted + done, declarations=(), committed=False,
                       grenades=grenades)  # fmt: skip
        events += blasts
        events.append(ev.GroupTurnEnded(turn))
        if fight.joiner_round and fight.turn >= len(fight.turns):
            # R22: the joiners' own Round 0 is over; the next round starts (no counters, as A16).
            fight = evolve(fight, joiner_round=False, surprise=(), round=fight.round + 1,
                           turns=initiative.turns(fight.teams), turn=0)  # fmt: skip
            return advantages_phase(with_fp(state, evolve(fp, fight=fight)), events)
        return begin_turn(with_fp(state, evolve(fp, fight=fight)), events, dice)
    if fight.surprise:
        # R22: stealthed newcomers unseen by every active enemy get a Round 0 of their own.
        fight = evolve(fight, unaware=(), phase="action", joiner_round=True, turn=0,
                       turns=initiative.turns(fight.teams, set(fight.surprise)))  # fmt: skip
        others = tuple(r for r in fight.present if r not in fight.surprise)
        events = [ev.SurpriseRoundStarted(fight.surprise, others, joiners=True)]
        return begin_turn(with_fp(state, evolve(fp, fight=fight)), events, dice)
    # The Counter phase is over: a new round starts at Advantages/Disadvantages (R71).
    fight = evolve(fight, round=fight.round + 1, unaware=(), turns=initiative.turns(fight.teams), turn=0)
    return advantages_phase(with_fp(state, evolve(fp, fight=fight)), [])


def counter_phase(state: Campaign, events: list) -> Outcome:
    """ref: R65-R71 — counters tick, newcomers join, then the end-of-combat check."""
    fp = fp_state(state)
    fight = evolve(_fight(fp), phase="counters")
    fp = evolve(fp, fight=fight)
    events.append(ev.PhaseStarted(fight.round, "counters"))
    fp = _tick(fp, fight, events)
    fp = _add_joiners(fp, events)
    state = with_fp(state, fp)
    losers = beaten_team(fp, _fight(fp))
    if losers:
        return end(state, losers, events)
    return Outcome(state, tuple(events))


def _tick(fp: FuturePath, fight: GroundFight, events: list) -> FuturePath:
    """ref: R65, R66, A16, A17, A18, A20 — each (effect, bearer) counter drops by 1 if armed;
    it ends at 0. After Round 0 nothing ticks (A16) unless the GM turned that off."""
    hold_all = fight.round == 0 and not fp.options.tick_after_round0
    for ref in fight.present:
        who = fp.actor(ref)
        assert who is not None
        kept = []
        for condition in who.conditions:
            if not condition.rounds:
                kept.append(condition)
            elif hold_all or not condition.armed:
                why = "Round 0" if hold_all else "its bearer has not gone since it began"
                events.append(ev.CounterHeld(ref, condition.name, condition.rounds, why))
                kept.append(condition)
            elif condition.rounds == 1:
                events.append(ev.CounterTicked(ref, condition.name, 1, 0))
                events.append(ev.ConditionEnded(ref, condition.name))
            else:
                events.append(ev.CounterTicked(ref, condition.name, condition.rounds, condition.rounds - 1))
                kept.append(evolve(condition, rounds=condition.rounds - 1))
        if tuple(kept) != who.conditions:
            fp = fp.with_actor(evolve(who, conditions=tuple(kept)))
    return fp


def join(state: Campaign, ref: str, stealth: bool) -> Outcome:
    """ref: R18 — newcomers join only in the Counter Phase; asked earlier, they wait for it."""
    fp = fp_state(state)
    fight = running_fight(fp)
    who = actor(fp, ref)
    if ref in fight.present or ref in fight.joiners:
        raise CommandRejected(f"{label(fp, ref)} is already in the fight.")
    if fp.team(who.team) is None:
        raise CommandRejected(f"{label(fp, ref)} has no team.", "Give them one in the campaign file.")
    fight = evolve(fight, joiners=fight.joiners + (ref,), surprise=fight.surprise + ((ref,) if stealth else ()))
    fp = evolve(fp, fight=fight)
    if fight.phase != "counters":
        return Outcome(with_fp(state, fp), (ev.JoinQueued(ref),))
    events: list = []
    fp = _add_joiners(fp, events)
    return Outcome(with_fp(state, fp), tuple(events))


def _add_joiners(fp: FuturePath, events: list) -> FuturePath:
    """ref: R19-R21, A13, A14 — a newcomer joins their team's nearer group without changing its
    Team Initiative; newcomers of a team not in the fight form a new team, placed by its Team
    Initiative from the next round on."""
    fight = _fight(fp)
    if not fight.joiners:
        return fp
    roster = [a.id for a in fp.actors]
    present = tuple(r for r in roster if r in set(fight.present) | set(fight.joiners))
    teams = list(fight.teams)
    new_teams: dict[str, list[str]] = {}
    for ref in fight.joiners:
        team_id = fp.actor(ref).team  # type: ignore[union-attr]
        index = next((i for i, t in enumerate(teams) if t.team == team_id), None)
        if index is None:
            new_teams.setdefault(team_id, []).append(ref)
            continue
        team = teams[index]
        group = initiative.joiner_group(fp, fight, ref, team)
        if group == "vanguard":
            team = evolve(team, vanguard=team.vanguard + (ref,))
        else:
            team = evolve(team, rearguard=team.rearguard + (ref,))
        teams[index] = team
        events.append(ev.Joined(ref, team_id, group, surprise=ref in fight.surprise))
    for team_id, members in new_teams.items():
        value = initiative.team_initiative(fp, fight, tuple(members))
        vanguard, rearguard = initiative.form_groups(fp, fight, tuple(members))
        new = FightTeam(team_id, value, vanguard, rearguard)
        at = next((i for i, t in enumerate(teams) if t.initiative.value < value.value), len(teams))
        teams.insert(at, new)
        events.append(ev.TeamInitiativeFixed(team_id, value))
        for ref in members:
            events.append(ev.Joined(ref, team_id, "vanguard" if ref in vanguard else "rearguard", True, ref in fight.surprise))
    fight = evolve(fight, present=present, teams=tuple(teams), joiners=())
    return evolve(fp, fight=fight)


def is_down(fp: FuturePath, fight: GroundFight, ref: str) -> bool:
    """Perished, helpless (unable to act), fled or surrendered (R70)."""
    who = fp.actor(ref)
    assert who is not None
    if who.hp <= 0 or any(r == ref for r, _ in fight.out):
        return True
    return has_flag(who, "helpless") or has_flag(who, "cannot_act")


def beaten_team(fp: FuturePath, fight: GroundFight) -> str:
    """ref: R70 — the first team all of whose members in the fight are down; empty if none."""
    for team in fight.teams:
        if team.members and all(is_down(fp, fight, ref) for ref in team.members):
            return team.team
    return ""


def end(state: Campaign, losers: str, events: list) -> Outcome:
    """ref: R70, R72 — the fight ends; leftover timed effects are listed to resolve at once."""
    fp = fp_state(state)
    fight = _fight(fp)
    leftovers = tuple(
        (ref, c.name, c.rounds) for ref in fight.present for c in fp.actor(ref).conditions if c.rounds  # type: ignore[union-attr]
    )
    fight = evolve(fight, stage="ended")
    events.append(ev.GroundFightEnded(losers, leftovers))
    return Outcome(with_fp(state, evolve(fp, fight=fight)), tuple(events))


def end_fight(state: Campaign) -> Outcome:
    fp = fp_state(state)
    fight = running_fight(fp)
    return end(state, beaten_team(fp, fight), [])


def mark_out(state: Campaign, ref: str, reason: str) -> Outcome:
    fp = fp_state(state)
    fight = running_fight(fp)
    actor(fp, ref)
    if reason not in ("fled", "surrendered", ""):
        raise CommandRejected(f"'{reason}' is not a way out of a fight.", "Reasons: fled, surrendered.")
    out = tuple((r, why) for r, why in fight.out if r != ref) + (((ref, reason),) if reason else ())
    fp = evolve(fp, fight=evolve(fight, out=out))
    return Outcome(with_fp(state, fp), (ev.MarkedOut(ref, reason),))


def set_environment(state: Campaign, name: str, dice: int, rolls: str) -> Outcome:
    """ref: R28, R32 — the GM states and tracks the environment's advantages and disadvantages."""
    from combat_tui.systems.futurepath.model import Environment
    from combat_tui.systems.futurepath.tables import ROLL_KINDS

    fp = fp_state(state)
    fight = running_fight(fp)
    if rolls not in ROLL_KINDS:
        raise CommandRejected(f"'{rolls}' is not a kind of roll.", "Kinds: " + ", ".join(sorted(ROLL_KINDS)) + ".")
    kept = tuple(e for e in fight.environment if e.name.casefold() != name.casefold())
    if dice:
        kept += (Environment(name, dice, rolls),)
    elif len(kept) == len(fight.environment):
        raise CommandRejected(f"There is no environment entry '{name}'.")
    fp = evolve(fp, fight=evolve(fight, environment=kept))
    return Outcome(with_fp(state, fp), (ev.EnvironmentSet(name, dice, rolls),))


def opposed(state: Campaign, refs: tuple[str, ...], dice) -> Outcome:
    fp = fp_state(state)
    if len(refs) < 2:
        raise CommandRejected("An opposed Initiative check needs two or more combatants.")
    for index, ref in enumerate(refs):
        if ref in refs[:index]:
            raise CommandRejected(f"{label(fp, ref)} is named twice: an opposed check is between different combatants.")
        actor(fp, ref)
    return Outcome(state, (initiative.opposed(fp, fp.fight, refs, dice),))


def leftover(state: Campaign, ref: str, name: str, cured: bool, dice) -> Outcome:
    """ref: R72, R73 — after the fight, each leftover round is applied at once (its damage and
    checks); a failed attempt to cure it also uses up a round; a cure ends it."""
    from combat_tui.systems.futurepath.conditions import canonical

    fp = fp_state(state)
    if fp.fight is None or fp.fight.stage != "ended":
        raise CommandRejected("Leftover effects are dealt with after the fight ends.")
    who = actor(fp, ref)
    name = canonical(name)
    condition = who.condition(name)
    if condition is None or not condition.rounds:
        raise CommandRejected(f"{label(fp, ref)} has no timed {name} left.")
    events: list = []
    if cured:
        kept = tuple(c for c in who.conditions if c is not condition)
        state = with_fp(state, fp.with_actor(evolve(who, conditions=kept)))
        return Outcome(state, (ev.LeftoverRound(ref, name, 0, True),))
    state = _damage_over_time(state, ref, dice, events, only=name)
    who = actor(fp_state(state), ref)
    left = condition.rounds - 1
    kept = tuple(evolve(c, rounds=left) if c.name == name else c for c in who.conditions if c.name != name or left)
    state = with_fp(state, fp_state(state).with_actor(evolve(who, conditions=kept)))
    events.append(ev.LeftoverRound(ref, name, left))
    return Outcome(state, tuple(events))
