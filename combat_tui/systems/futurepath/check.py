"""What a loaded FuturePath campaign has wrong: (field path, problem) pairs.

Every whole number of every ground record has a range (`BOUNDS`; the ships' are in
`space/check.py`), so a hand edit such as `extra_damage_step = 0` (a division by zero in the
next attack) is named when the campaign opens. Each range holds at least what the forms accept.
"""

from __future__ import annotations

from combat_tui.core.bounds import Bound, out_of_range, shown
from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.systems.futurepath.model import (
    ArmorParts,
    Campaign,
    DamageReduction,
    Declaration,
    Environment,
    FightTeam,
    FPAbilities,
    FPActor,
    FPCondition,
    FPOptions,
    FPWeapon,
    GroundFight,
    TeamInitiative,
    Trap,
)
from combat_tui.systems.futurepath.tables import tables

"""(lowest, highest, what the number is: `a level`) of one field."""

ROUNDS: Bound = (0, 10**6, "a round")
INITIATIVE: Bound = (-(10**6), 10**6, "an initiative")
OPTION_BOUNDS: dict[str, Bound] = {
    "advantage_cap": (0, 20, "a cap of dice"),
    "block_below": (-20, 0, "a number of dice"),
    "nonproficient_per_level": (0, 10, "a number of dice"),
    "extra_damage_step": (1, 20, "a step"),  # divides the margin of a hit
    "disarm_trigger_margin": (0, 20, "a margin"),
}
"""The GM's options (notes §3.2): the `option` rule refuses what the load check would."""
BOUNDS: dict[type, dict[str, Bound]] = {
    Tile: {"x": (0, 499, "a tile"), "y": (0, 499, "a tile")},
    MapInfo: {"width": (1, 500, "a map size"), "height": (1, 500, "a map size")},
    FPAbilities: dict.fromkeys(("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma"),
                               (1, 50, "an ability score")),
    ArmorParts: dict.fromkeys(("armor", "natural", "size", "misc"), (-20, 40, "an AC part")),
    DamageReduction: {"amount": (1, 9999, "a DR amount")},
    FPWeapon: {"accuracy": (-10, 10, "an accuracy"), "crit_from": (2, 20, "the start of a crit range"),
               "crit_multiplier": (1, 10, "a multiplier"), "level": (0, 20, "a weapon level"),
               "levels_short": (0, 10, "a number of levels"), "range_ft": (0, 10_000, "a range in feet")},
    FPCondition: {"rounds": (0, 10**6, "a number of rounds")},
    FPActor: {"max_hp": (1, 9999, "an HP value"), "hp": (0, 9999, "an HP value"), "level": (1, 20, "a level"),
              "initiative_misc": (-20, 20, "a modifier"), "advantage_die_level": (0, 20, "a die level"),
              "extra_damage": (0, 10, "an Extra Damage count"), "stealth": (0, 99, "a Stealth result"),
              "perception": (0, 99, "a passive Perception"), "walk": (0, 1000, "a walk speed in feet")},
    GroundFight: {"round": ROUNDS, "turn": (0, 10**6, ""), "initiative_fix": INITIATIVE},
    FightTeam: {"tie_rolls": (1, 20, "a d20 face")},
    Declaration: {"feet": (0, 10_000, "a distance in feet")},
    TeamInitiative: {"scores": INITIATIVE, "average": INITIATIVE, "override": INITIATIVE},
    Environment: {"dice": (-100, 100, "a number of dice")},
    FPOptions: OPTION_BOUNDS,
    Trap: {"level": (0, 20, "a trap level"), "rounds": (1, 100, "a number of rounds"), "base_dc": (0, 60, "a DC"),
           "radius": (0, 200, "a radius in feet"), "disarm_dc": (0, 60, "a DC"), "placed_dc": (0, 200, "a DC"),
           "retry_round": ROUNDS},
}  # fmt: skip
"""A field missing from the bounds (tests/systems/futurepath/test_check_ranges.py keeps none missing)."""


def check(state: Campaign) -> list[tuple[str, str]]:
    problems = out_of_range(state.party_tile, BOUNDS, "party_tile") + _maps(state)
    fp = state.futurepath
    if fp is None:
        return [*problems, ("futurepath", "a FuturePath campaign needs a [futurepath] table")]
    problems += out_of_range(fp, BOUNDS, "futurepath", only=("actors", "teams", "fight", "options", "traps"))
    teams = {team.id for team in fp.teams}
    ids = [actor.id for actor in fp.actors]
    for index, actor in enumerate(fp.actors):
        where = f"futurepath.actors[{index}]"
        if ids.count(actor.id) > 1:
            problems.append((f"{where}.id", f"'{shown(actor.id)}' is used twice"))
        if actor.team not in teams:
            problems.append((f"{where}.team", f"'{shown(actor.team)}' is not a team"))
        if 0 <= actor.hp <= 9999 and 1 <= actor.max_hp <= 9999 and actor.hp > actor.max_hp:
            problems.append((f"{where}.hp", f"hp {actor.hp} is above max_hp {actor.max_hp}"))
        if 0 < actor.advantage_die_level <= 20 and actor.advantage_die_level not in tables().advantage_die:
            problems.append((f"{where}.advantage_die_level", f"{actor.advantage_die_level} is not a die level"))
        for field, text in [("advantage_die", actor.advantage_die)] + [
            (f"weapons[{i}].damage", w.damage) for i, w in enumerate(actor.weapons)
        ]:
            if text:
                try:
                    parse_dice(text)
                except CommandRejected as error:
                    problems.append((f"{where}.{field}", error.reason))
        if actor.off_hand and not any(w.name.casefold() == actor.off_hand.casefold() for w in actor.weapons):
            problems.append((f"{where}.off_hand", f"'{shown(actor.off_hand)}' is not one of its weapons"))
    return problems


def _maps(state: Campaign) -> list[tuple[str, str]]:
    """Map sizes, unique map ids, and the party's tile inside its map when the map is listed."""
    problems = [problem for index, info in enumerate(state.maps) for problem in out_of_range(info, BOUNDS, f"maps[{index}]")]
    ids = [info.id for info in state.maps]
    problems += [(f"maps[{index}].id", f"the map id '{shown(ref)}' is used twice")
                 for index, ref in enumerate(ids) if ref in ids[:index]]  # fmt: skip
    info = next((info for info in state.maps if info.id == state.party_tile.map), None)
    tile = state.party_tile
    if info is not None and not (0 <= tile.x < info.width and 0 <= tile.y < info.height):
        problems.append(("party_tile", f"({tile.x}, {tile.y}) is off the map '{shown(info.name)}', which runs from "
                         f"(0, 0) to ({info.width - 1}, {info.height - 1})"))  # fmt: skip
    return problems
