"""Initiative, teams and groups: R5-R15, R19-R23, A6-A11, A13-A15."""

from __future__ import annotations

from fractions import Fraction

from combat_tui.core.dice import Dice
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.model import FightTeam, FPActor, FuturePath, GroundFight, TeamInitiative, Turn
from combat_tui.systems.futurepath.stats import initiative_score, personal  # noqa: F401  (the rules read it here)
from combat_tui.systems.futurepath.tables import tables


def check(fp: FuturePath, fight: GroundFight | None, ref: str, dice: Dice) -> tuple[int, int]:
    """ref: R6 — an Initiative check: d20 + DEX + WIS + MISC. Returns (d20, total)."""
    d20 = dice.d20()
    return d20, d20 + personal(fp, fight, ref)


def team_initiative(fp: FuturePath, fight: GroundFight, members: tuple[str, ...]) -> TeamInitiative:
    """ref: R7, A7, A8 — floor of the mean Initiative of the members present at the start
    ("simply the average"); with the option condition_penalty, less 1 for each distinct listed
    condition a member has (notes §2.5 b), shown as a line item."""
    scores = tuple((ref, personal(fp, fight, ref)) for ref in members)
    average = sum(s for _, s in scores) // len(scores) if scores else 0
    conditions: list[str] = []
    if fp.options.condition_penalty:
        for ref in members:
            for condition in fp.actor(ref).conditions:  # type: ignore[union-attr]
                rule = tables().condition(condition.name)
                if rule is not None and rule.name not in conditions:
                    conditions.append(rule.name)
    return TeamInitiative(scores, average, tuple(conditions))


def dex_scores(fp: FuturePath, members: tuple[str, ...]) -> tuple[int, ...]:
    """ref: R9, A9 — the DEX scores a Team Initiative tie compares: the team's highest ("the
    Team that has a Character with the higher Dex score"); with the option dex_tie
    next-highest, every member's, highest first, compared in turn."""
    scores = tuple(sorted((fp.actor(ref).abilities.dexterity for ref in members), reverse=True))  # type: ignore[union-attr]
    return scores if fp.options.dex_tie == "next-highest" else scores[:1]


def order_teams(fp: FuturePath, teams: list[FightTeam], dice: Dice) -> tuple[tuple[FightTeam, ...], tuple]:
    """ref: R8, R9, A9 — higher Team Initiative first; a tie goes to the team with the highest
    DEX score (`dex_scores`); then opposed d20 + Team Initiative, rerolled among the still
    tied. Returns the teams in order and the tie events."""
    events: list = []
    by_value: dict[int, list[FightTeam]] = {}
    for team in teams:
        by_value.setdefault(team.initiative.value, []).append(team)
    ordered: list[FightTeam] = []
    for value in sorted(by_value, reverse=True):
        tied = by_value[value]
        if len(tied) == 1:
            ordered.extend(tied)
            continue
        ordered.extend(_break_tie(fp, tied, dice, events))
    return tuple(ordered), tuple(events)


def _break_tie(fp: FuturePath, tied: list[FightTeam], dice: Dice, events: list) -> list[FightTeam]:
    by_dex: dict[tuple[int, ...], list[FightTeam]] = {}
    for team in tied:
        by_dex.setdefault(dex_scores(fp, team.members), []).append(team)
    result: list[FightTeam] = []
    if len(by_dex) > 1:
        how = "dex-next" if fp.options.dex_tie == "next-highest" else "dex"
        events.append(ev.TeamTieBroken(tuple(t.team for t in tied), how))
    for dex in sorted(by_dex, reverse=True):
        group = by_dex[dex]
        result.extend(group if len(group) == 1 else _roll_off(group, dice, events))
    return result


def _roll_off(tied: list[FightTeam], dice: Dice, events: list) -> list[FightTeam]:
    """Opposed d20 + Team Initiative until every place is decided (R9)."""
    rolls: list[tuple[str, int, int]] = []
    totals: dict[str, int] = {}
    for team in tied:
        d20 = dice.d20()
        totals[team.team] = d20 + team.initiative.value
        rolls.append((team.team, d20, totals[team.team]))
    events.append(ev.TeamTieBroken(tuple(t.team for t in tied), "roll", tuple(rolls)))
    by_total: dict[int, list[FightTeam]] = {}
    for team in tied:
        by_total.setdefault(totals[team.team], []).append(team)
    result: list[FightTeam] = []
    for total in sorted(by_total, reverse=True):
        group = by_total[total]
        if len(group) > 1:
            group = _roll_off(group, dice, events)
        result.extend(_with_rolls(team, rolls) for team in group)
    return result


def _with_rolls(team: FightTeam, rolls: list[tuple[str, int, int]]) -> FightTeam:
    from attrs import evolve

    mine = tuple(d20 for who, d20, _ in rolls if who == team.team)
    return evolve(team, tie_rolls=team.tie_rolls + mine)


def sort_members(fp: FuturePath, fight: GroundFight, members: tuple[str, ...]) -> list[str]:
    """ref: R12, R14, A11 — by Initiative, ties by DEX score, then roster order."""
    roster = [a.id for a in fp.actors]
    return sorted(
        members,
        key=lambda ref: (-personal(fp, fight, ref), -_actor(fp, ref).abilities.dexterity, roster.index(ref)),
    )


def form_groups(fp: FuturePath, fight: GroundFight, members: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """ref: R12, R13, R15, A10 — the top half Vanguard, the rest Rearguard; a team of one is
    Vanguard; the middle member of an odd team joins the group whose mean Initiative is nearer
    (equal: Vanguard). The GM's group choices (R14) are applied last."""
    ordered = sort_members(fp, fight, members)
    half = len(ordered) // 2
    if len(ordered) <= 1:
        vanguard, rearguard = ordered, []
    elif len(ordered) % 2 == 0:
        vanguard, rearguard = ordered[:half], ordered[half:]
    else:
        vanguard, middle, rearguard = ordered[:half], ordered[half], ordered[half + 1 :]
        if _nearer_group(fp, fight, middle, vanguard, rearguard) == "vanguard":
            vanguard = vanguard + [middle]
        else:
            rearguard = [middle] + rearguard
    fixes = dict(fight.group_fix)
    for ref, group in fixes.items():
        if ref not in ordered:
            continue
        vanguard = [r for r in vanguard if r != ref]
        rearguard = [r for r in rearguard if r != ref]
        (vanguard if group == "vanguard" else rearguard).append(ref)
    key = {ref: index for index, ref in enumerate(ordered)}
    return tuple(sorted(vanguard, key=key.get)), tuple(sorted(rearguard, key=key.get))  # type: ignore[arg-type]


def _nearer_group(fp: FuturePath, fight: GroundFight, ref: str, vanguard: list[str], rearguard: list[str]) -> str:
    """ref: A10, A13 — the group whose mean Initiative is nearer; equal distance: Vanguard;
    an empty group takes the newcomer (so groups stay as even as they can)."""
    if fp.options.odd_member != "nearest-mean":
        return fp.options.odd_member
    if not vanguard:
        return "vanguard"
    if not rearguard:
        return "rearguard"
    score = personal(fp, fight, ref)
    near_v = abs(score - _mean(fp, fight, vanguard))
    near_r = abs(score - _mean(fp, fight, rearguard))
    return "vanguard" if near_v <= near_r else "rearguard"


def joiner_group(fp: FuturePath, fight: GroundFight, ref: str, team: FightTeam) -> str:
    """ref: R20, A13 — a late joiner goes to the group whose mean Initiative is nearer."""
    fixes = dict(fight.group_fix)
    if ref in fixes:
        return fixes[ref]
    return _nearer_group(fp, fight, ref, list(team.vanguard), list(team.rearguard))


def _mean(fp: FuturePath, fight: GroundFight, refs: list[str]) -> Fraction:
    return Fraction(sum(personal(fp, fight, r) for r in refs), len(refs))


def turns(teams: tuple[FightTeam, ...], acting: set[str] | None = None) -> tuple[Turn, ...]:
    """ref: R11, A14, A15 — every Vanguard in team order, then every Rearguard; groups with no
    one to act are skipped (`acting`: Round 0's aware combatants)."""
    result = []
    for group in ("vanguard", "rearguard"):
        for team in teams:
            members = team.group(group)  # type: ignore[arg-type]
            if acting is not None:
                members = tuple(m for m in members if m in acting)
            if members:
                result.append(Turn(team.team, group))  # type: ignore[arg-type]
    return tuple(result)


def opposed(fp: FuturePath, fight: GroundFight | None, refs: tuple[str, ...], dice: Dice) -> ev.OpposedRolled:
    """ref: R23 — opposed Initiative checks: one winner; the tied highest roll again."""
    rolls: list[tuple[str, int, int]] = []
    contenders = list(refs)
    while True:
        round_rolls = []
        for ref in contenders:
            d20, total = check(fp, fight, ref, dice)
            round_rolls.append((ref, d20, total))
        rolls.extend(round_rolls)
        best = max(total for _, _, total in round_rolls)
        contenders = [ref for ref, _, total in round_rolls if total == best]
        if len(contenders) == 1:
            return ev.OpposedRolled(tuple(rolls), contenders[0])


def _actor(fp: FuturePath, ref: str) -> FPActor:
    found = fp.actor(ref)
    assert found is not None
    return found
