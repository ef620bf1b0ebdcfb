"""Teams: a third party that joins a fight comes as a team of its own (the page's "Joining a
Battle": "If they are a third party and not part of any Team his or her Initiative is compared to
the other Teams")."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.core.text import bad_character
from combat_tui.systems.futurepath import events as ev
from combat_tui.systems.futurepath.fields import new_id
from combat_tui.systems.futurepath.model import Campaign, Team
from combat_tui.systems.futurepath.stats import fp_state, with_fp


def add_team(state: Campaign, name: str) -> Outcome:
    fp = fp_state(state)
    name = " ".join(name.split())
    if not name or "=" in name or bad_character(name) is not None:
        raise CommandRejected("A team needs a name of plain words.", "Such as: team 'The Scavengers'")
    if any(name.casefold() in (t.name.casefold(), t.id) for t in fp.teams):
        raise CommandRejected(f"A team is already called '{name}'.")
    team = Team(new_id(name, {t.id for t in fp.teams}), name)
    return Outcome(with_fp(state, evolve(fp, teams=fp.teams + (team,))), (ev.TeamAdded(team.id),))
