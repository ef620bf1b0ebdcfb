"""What loaded ships have wrong: (field path, problem) pairs, so a bad hand edit is reported
when the campaign opens instead of failing in a fight. Every whole number of the ships and the
space fight has a range (`BOUNDS`)."""

from __future__ import annotations

from combat_tui.core.bounds import Bound, bound_problem, out_of_range, shown
from combat_tui.systems.futurepath.check import ROUNDS
from combat_tui.systems.futurepath.model import Campaign
from combat_tui.systems.futurepath.space.model import (
    POSITIONS,
    BattleDamage,
    CrewCondition,
    CrewPost,
    FirePool,
    Intrusion,
    Pending,
    PoolDie,
    Ship,
    ShipAttributes,
    ShipStatus,
    SpaceFight,
    SpaceOptions,
    SystemDamage,
)
from combat_tui.systems.futurepath.space.stats import CLOAKS
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.stats import fp_state

AMOUNT: Bound = (-(10**6), 10**6, "")
SMALL: Bound = (0, 999, "")
OPTION_BOUNDS: dict[str, Bound] = {
    "crit_scan_rerolls": (0, 9, "a d10 face"),
    "ram_both_above": (0, 100, "a d% roll"),
    "evasive_successes": (0, 10, "a number of successes"),
}
"""The GM's space options: the `space option` rule refuses what the load check would."""
OPTION_CHOICES: dict[str, tuple[str, ...]] = {"reroll": ("extra", "literal"), "scan_bonus": ("mod", "mod+1"),
                                              "max_bd_adrift": ("next-round", "round-after")}  # fmt: skip
"""The space options that take a word, with their choices."""
BOUNDS: dict[type, dict[str, Bound]] = {
    ShipAttributes: dict.fromkeys(("engines", "weapons", "structure", "shields", "electronics", "sensors"),
                                  (1, 30, "an attribute score")),
    CrewPost: {"bonus": (-10, 20, "a bonus"), "wis_dex": (-10, 10, "a modifier")},
    Ship: {"tech_level": (1, 4, "a tech level"), "pilot_skill": (0, 20, "a skill-die level")},
    BattleDamage: {"roll": (2, 12, "a 2d6 roll"), "dc": (0, 99, "a DC"), "round": ROUNDS, "ends": ROUNDS,
                   "progress": (0, 10, ""), "excess": (0, 99, "")},
    SystemDamage: {"points": (0, 9999, ""), "dc": (0, 99, "a DC")},
    CrewCondition: {"until": ROUNDS},
    Intrusion: {"stage": ROUNDS, "since": ROUNDS, "fails": (0, 99, ""), "exposed_at": ROUNDS, "last": (-999, 999, "a roll"),
                "jammed": ROUNDS},
    Pending: {"amount": AMOUNT, "dc": (0, 10**6, "")},
    PoolDie: {"faces": (1, 10, "a d10 face"), "bonus": (-99, 99, "a bonus")},
    FirePool: {"threshold": (-999, 999, ""), "needed": SMALL, "successes": SMALL},
    ShipStatus: {"at_max": ROUNDS, "explodes": (0, 99, ""), "boost_cooldown": ROUNDS, "bombard_cooldown": ROUNDS,
                 "bombard_failed": ROUNDS, "repairing": (-1, 999, ""), "shields_back": ROUNDS,
                 "point_defence": (0, 99, "a number of d10s"), "point_defence_used": ROUNDS, "intercepted": ROUNDS,
                 "commands": (-999, 999, ""), "boosts": AMOUNT, "damage_rounds": ROUNDS, "grappled_by": ROUNDS,
                 "cloak": ROUNDS, "spoofed": ROUNDS, "decoys": ROUNDS, "scan_rolls": (-999, 999, "a roll"),
                 "sensor_jam": ROUNDS, "sensor_jam_total": (-999, 999, "a roll"), "missile_jam": ROUNDS,
                 "defence": (-9, 9, "a die modifier"), "deep_scans": (0, 99, ""), "assist_lost": ROUNDS,
                 "presence": (0, 40, "a Charisma score"), "presence_until": ROUNDS,
                 "manipulations": (-999, 999, "a roll"), "weapons_assists": (-99, 99, "a modifier")},
    SpaceFight: {"round": ROUNDS, "distances": AMOUNT},
    SpaceOptions: OPTION_BOUNDS,
}  # fmt: skip


def option_problem(name: str, value: int) -> str:
    """Why a space option cannot take this value, or "" (the rule's and the load check's one range)."""
    found = bound_problem(value, OPTION_BOUNDS[name], name) if name in OPTION_BOUNDS else []
    return found[0][1] if found else ""


def check(state: Campaign) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    fp = fp_state(state)
    tables = space_tables()
    sizes = {hull.name for hull in tables.hulls}
    teams = {team.id for team in fp.teams}
    actors = {actor.id for actor in fp.actors}
    ids = [ship.id for ship in fp.ships]
    problems += out_of_range(fp, BOUNDS, "futurepath", only=("ships", "space"))
    for name, choices in OPTION_CHOICES.items() if fp.space is not None else ():
        if getattr(fp.space.options, name) not in choices:
            problems.append((f"futurepath.space.options.{name}", f"'{shown(str(getattr(fp.space.options, name)))}' "
                             f"is not one of {', '.join(choices)}"))  # fmt: skip
    for index, ship in enumerate(fp.ships):
        where = f"futurepath.ships[{index}]"
        if ids.count(ship.id) > 1:
            problems.append((f"{where}.id", f"'{shown(ship.id)}' is used twice"))
        if ship.side not in teams:
            problems.append((f"{where}.side", f"'{shown(ship.side)}' is not a team"))
        if ship.size not in sizes:
            problems.append((f"{where}.size", f"'{shown(ship.size)}' is not a hull size ({', '.join(h.name for h in tables.hulls)})"))
        if ship.cloak and ship.cloak not in CLOAKS:
            problems.append((f"{where}.cloak", f"'{shown(ship.cloak)}' is not a cloak ({', '.join(CLOAKS)})"))
        for i, point in enumerate(ship.hard_points):
            if point.weapon not in {w.name for w in tables.weapons}:
                problems.append((f"{where}.hard_points[{i}].weapon", f"'{shown(point.weapon)}' is not a weapon type"))
        seen: list[str] = []
        for i, post in enumerate(ship.crew):
            if post.position not in POSITIONS:
                problems.append((f"{where}.crew[{i}].position", f"'{shown(post.position)}' is not a crew position"))
            elif post.position in seen:
                problems.append((f"{where}.crew[{i}].position", f"'{post.position}' is filled twice"))
            seen.append(post.position)
            if post.actor and post.actor not in actors:
                problems.append((f"{where}.crew[{i}].actor", f"'{shown(post.actor)}' is not a character"))
    return problems
