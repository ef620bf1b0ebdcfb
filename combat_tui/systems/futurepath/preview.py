"""What the initiative screen shows: the teams as Start will fix them, and how a tie is broken.

Start (setup.py) fixes Team Initiative, the team order and the groups at once; before it, the GM
still wants to see and edit them (R14), so `teams_at_start` computes the same records without
rolling: a tie that only opposed rolls can break keeps roster order and is named by `tie_note`.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath import initiative
from combat_tui.systems.futurepath.model import FightTeam, FuturePath


def teams_at_start(fp: FuturePath) -> tuple[FightTeam, ...]:
    """ref: R7, R8, R9, R12-R15, A7, A9, A10 — Team Initiative of the members present, groups,
    and the order by value then DEX scores (opposed rolls wait for Start)."""
    fight = fp.fight
    if fight is None or fight.stage != "setup":
        raise CommandRejected("Ground setup is not open.", "Open it with 'setup'.")
    teams = []
    for team in fp.teams:
        members = tuple(r for r in fight.present if fp.actor(r).team == team.id)  # type: ignore[union-attr]
        if members:
            value = initiative.team_initiative(fp, fight, members)
            vanguard, rearguard = initiative.form_groups(fp, fight, members)
            teams.append(FightTeam(team.id, value, vanguard, rearguard))
    key = {t.team: (-t.initiative.value, tuple(-d for d in initiative.dex_scores(fp, t.members))) for t in teams}
    return tuple(sorted(teams, key=lambda t: key[t.team]))


def tie_note(fp: FuturePath, teams: tuple[FightTeam, ...], index: int) -> str:
    """How the team at `index` got its place when its Team Initiative equals another's (R9, A9)."""
    team = teams[index]
    if team.tie_rolls:
        return "tie broken by opposed d20 " + ", ".join(str(face) for face in team.tie_rolls)
    tied = [t for t in teams if t.initiative.value == team.initiative.value]
    if len(tied) < 2:
        return ""
    mine = initiative.dex_scores(fp, team.members)
    if any(initiative.dex_scores(fp, t.members) == mine for t in tied if t is not team):
        stage = fp.fight.stage if fp.fight is not None else "setup"
        return "tied: opposed rolls at Start" if stage == "setup" else "tied"
    return "tied: DEX scores decide"
