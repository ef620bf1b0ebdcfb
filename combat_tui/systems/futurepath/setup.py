"""Ground-combat setup and the start of a fight: R2, R7-R15, R24-R27, A7, A16, A19."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import Campaign, FightTeam, GroundFight
from combat_tui.systems.futurepath.stats import actor, fp_state, with_fp


def open_setup(state: Campaign) -> Outcome:
    fp = fp_state(state)
    if fp.fight is not None and fp.fight.stage == "running":
        raise CommandRejected("A ground fight is already running.", "End it first with 'end'.")
    present = tuple(a.id for a in fp.actors if fp.team(a.team) is not None)
    if not present:
        raise CommandRejected("No one is on a team.", "Give each combatant a team in the campaign file.")
    fight = GroundFight("setup", present)
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.GroundSetupOpened(present),))


def cancel_setup(state: Campaign) -> Outcome:
    """Close setup without a fight (the 5e `cancel`); undo opens it again as it was."""
    fp = fp_state(state)
    _setup(state)
    return Outcome(with_fp(state, evolve(fp, fight=None)), (ev.GroundSetupCancelled(),))


def _setup(state: Campaign) -> GroundFight:
    fp = fp_state(state)
    if fp.fight is None or fp.fight.stage != "setup":
        raise CommandRejected("Ground setup is not open.", "Open it with 'setup'.")
    return fp.fight


def set_present(state: Campaign, ref: str, present: bool) -> Outcome:
    """ref: A7 — only the members present at the start count toward Team Initiative."""
    fight, fp = _setup(state), fp_state(state)
    actor(fp, ref)
    if (ref in fight.present) == present:
        raise CommandRejected(f"{label(fp, ref)} is already {'in' if present else 'out of'} the fight.")
    roster = [a.id for a in fp.actors]
    members = set(fight.present) | {ref} if present else set(fight.present) - {ref}
    fight = evolve(fight, present=tuple(r for r in roster if r in members))
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.PresenceSet(ref, present),))


def set_aware(state: Campaign, ref: str, aware: bool) -> Outcome:
    """ref: R24, R26, R27 — the GM marks who is unaware of their opponents (after Passive
    Perception against Stealth, or a Perception check, or no roll when spotting is impossible)."""
    fight, fp = _setup(state), fp_state(state)
    actor(fp, ref)
    unaware = tuple(r for r in fight.unaware if r != ref) + (() if aware else (ref,))
    fight = evolve(fight, unaware=unaware)
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.AwarenessSet(ref, aware),))


def set_initiative(state: Campaign, ref: str, value: int | None) -> Outcome:
    """The GM's fix of a personal Initiative score. In a running fight it changes the group sort
    of later joiners and ties, never the Team Initiative, which is static (R7)."""
    fp = fp_state(state)
    if fp.fight is None or fp.fight.stage == "ended":
        raise CommandRejected("Initiative is set in ground setup or during a fight.", "Open setup with 'setup'.")
    actor(fp, ref)
    fight = fp.fight
    old = initiative.personal(fp, fight, ref)
    fixes = tuple((r, v) for r, v in fight.initiative_fix if r != ref)
    if value is not None:
        fixes += ((ref, value),)
    fight = evolve(fight, initiative_fix=fixes)
    new = initiative.personal(fp, fight, ref)
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.InitiativeFixed(ref, old, new),))


def set_group(state: Campaign, ref: str, group: str) -> Outcome:
    """ref: R14 — when ties are not resolved, the players or GM decide the group."""
    fp = fp_state(state)
    if fp.fight is None or fp.fight.stage == "ended":
        raise CommandRejected("Groups are chosen in ground setup or during a fight.")
    if group not in ("vanguard", "rearguard", ""):
        raise CommandRejected(f"'{group}' is not a group.", "Groups: vanguard, rearguard.")
    actor(fp, ref)
    fight = fp.fight
    fixes = tuple((r, g) for r, g in fight.group_fix if r != ref) + (((ref, group),) if group else ())
    fight = evolve(fight, group_fix=fixes)
    if fight.stage == "running":
        fight = evolve(fight, teams=tuple(_regroup(fp, fight, team, ref, group) for team in fight.teams))
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.GroupFixed(ref, group),))


def _regroup(fp, fight: GroundFight, team: FightTeam, ref: str, group: str) -> FightTeam:
    if ref not in team.members or not group:
        return team
    vanguard = tuple(r for r in team.vanguard if r != ref)
    rearguard = tuple(r for r in team.rearguard if r != ref)
    if group == "vanguard":
        vanguard += (ref,)
    else:
        rearguard += (ref,)
    return evolve(team, vanguard=vanguard, rearguard=rearguard)


def set_team_initiative(state: Campaign, team: str, value: int | None) -> Outcome:
    """The GM's Team Initiative, replacing the computed one (notes §3.3: every computed value
    accepts an override); the team order is sorted again at the next round."""
    fp = fp_state(state)
    fight = fp.fight
    if fight is None or fight.stage != "running":
        raise CommandRejected("Team Initiative is fixed when the fight starts.", "Start it with 'start' first.")
    found = [t for t in fight.teams if t.team == team]
    if not found:
        raise CommandRejected(f"No team '{team}' is in the fight.")
    changed = evolve(found[0], initiative=evolve(found[0].initiative, override=value))
    teams = tuple(changed if t.team == team else t for t in fight.teams)
    ordered = tuple(sorted(teams, key=lambda t: -t.initiative.value))
    fight = evolve(fight, teams=ordered)
    return Outcome(with_fp(state, evolve(fp, fight=fight)), (ev.TeamInitiativeSet(team, changed.initiative),))


def start(state: Campaign, dice: Dice) -> Outcome:
    """ref: R2 — Initiative, then a Surprise round only if needed, then Round 1."""
    fp = fp_state(state)
    if fp.fight is None or fp.fight.stage != "setup":
        outcome = open_setup(state)
        state, opened = outcome.state, outcome.events
        fp = fp_state(state)
    else:
        opened = ()
    fight = fp.fight
    assert fight is not None
    events: list = list(opened)
    teams: list[FightTeam] = []
    for team in fp.teams:
        members = tuple(r for r in fight.present if fp.actor(r).team == team.id)  # type: ignore[union-attr]
        if not members:
            continue
        value = initiative.team_initiative(fp, fight, members)
        vanguard, rearguard = initiative.form_groups(fp, fight, members)
        teams.append(FightTeam(team.id, value, vanguard, rearguard))
    if len(teams) < 2:
        raise CommandRejected("A ground fight needs two teams with someone present.",
                              "Put a member of each side in the fight with 'present NAME'.")  # fmt: skip
    ordered, tie_events = initiative.order_teams(fp, teams, dice)
    for team in ordered:
        events.append(ev.TeamInitiativeFixed(team.team, team.initiative))
    events.extend(tie_events)
    for team in ordered:
        events.append(ev.GroupsFormed(team.team, team.vanguard, team.rearguard))
    unaware = tuple(r for r in fight.unaware if r in fight.present)
    aware = tuple(r for r in fight.present if r not in unaware)
    fight = evolve(fight, stage="running", teams=ordered, unaware=unaware)
    if unaware and aware:
        # ref: R24, R25 — some but not all are aware: Round 0, the aware act.
        fight = evolve(fight, round=0, phase="action", turns=initiative.turns(ordered, set(aware)), turn=0)
        events.append(ev.SurpriseRoundStarted(aware, unaware))
        state = with_fp(state, evolve(fp, fight=fight))
        from combat_tui.systems.futurepath.rounds import begin_turn

        return begin_turn(state, events, dice)
    fight = evolve(fight, unaware=(), round=1, phase="advantages", turns=initiative.turns(ordered), turn=0)
    state = with_fp(state, evolve(fp, fight=fight))
    from combat_tui.systems.futurepath.rounds import advantages_phase

    return advantages_phase(state, events)
