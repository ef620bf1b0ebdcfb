"""What loaded ships have wrong: (field path, problem) pairs, so a bad hand edit is reported
when the campaign opens instead of failing in a fight."""

from __future__ import annotations

from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.model import POSITIONS
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.stats import fp_state


def check(state: Campaign) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    fp = fp_state(state)
    tables = space_tables()
    sizes = {hull.name for hull in tables.hulls}
    teams = {team.id for team in fp.teams}
    actors = {actor.id for actor in fp.actors}
    ids = [ship.id for ship in fp.ships]
    for index, ship in enumerate(fp.ships):
        where = f"futurepath.ships[{index}]"
        if ids.count(ship.id) > 1:
            problems.append((f"{where}.id", f"'{ship.id}' is used twice"))
        if ship.side not in teams:
            problems.append((f"{where}.side", f"'{ship.side}' is not a team"))
        if ship.size not in sizes:
            problems.append((f"{where}.size", f"'{ship.size}' is not a hull size ({', '.join(h.name for h in tables.hulls)})"))
        for i, point in enumerate(ship.hard_points):
            if point.weapon not in {w.name for w in tables.weapons}:
                problems.append((f"{where}.hard_points[{i}].weapon", f"'{point.weapon}' is not a weapon type"))
        seen: list[str] = []
        for i, post in enumerate(ship.crew):
            if post.position not in POSITIONS:
                problems.append((f"{where}.crew[{i}].position", f"'{post.position}' is not a crew position"))
            elif post.position in seen:
                problems.append((f"{where}.crew[{i}].position", f"'{post.position}' is filled twice"))
            seen.append(post.position)
            if post.actor and post.actor not in actors:
                problems.append((f"{where}.crew[{i}].actor", f"'{post.actor}' is not a character"))
    return problems
