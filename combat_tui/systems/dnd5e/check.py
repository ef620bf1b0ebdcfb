"""What a loaded 5e campaign has wrong that its types cannot say: (field path, problem) pairs.

Every whole number of every record has a range (`BOUNDS`), so a hand edit such as `ac = 400`
or `slots = [99]` is named when the campaign opens instead of misleading a fight. Each range
holds at least what the forms and commands accept, so what the app saves opens again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache

from combat_tui.core.bounds import Bound, out_of_range, shown
from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.systems.dnd5e.abilities import parse_challenge
from combat_tui.systems.dnd5e.catalog import spell_known  # custom spells, the hand-written ones, then the SRD catalog
from combat_tui.systems.dnd5e.custom_spell import CustomSpell
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES
from combat_tui.systems.dnd5e.model import (
    ABILITIES,
    RECHARGE_FACES,
    Abilities,
    Armor,
    Campaign,
    Character,
    Chip,
    ClassLevel,
    Combatant,
    Creature,
    CreatureAction,
    Fight,
    Pool,
    Weapon,
)

"""(lowest, highest, what the number is: `a level`) of one field."""

SCORE: Bound = (1, 30, "an ability score")
HP: Bound = (0, 9999, "an HP value")
COINS: Bound = (0, 10**9, "")
COUNT: Bound = (0, 10, "")
ROUNDS: Bound = (0, 10**6, "a number of rounds")
SAVE_DC: Bound = (0, 30, "a DC")
"""0: no save."""
BONUS: Bound = (-10, 30, "a bonus")
FEET: Bound = (0, 10_000, "a distance in feet")

ACTOR: dict[str, Bound] = {
    "max_hp": (1, 9999, "a max HP"), "hp": HP, "ac": (0, 40, "an AC"),
    "proficiency_bonus": (0, 10, "a proficiency bonus"), "speed": (0, 300, "a speed"), "bonus_hp": HP,
    "exhaustion": (0, 6, "a level"), "gold": COINS, "slots": (0, 9, "a number of slots"),
}  # fmt: skip
BOUNDS: dict[type, dict[str, Bound]] = {
    Campaign: {"nearby_range": (0, 500, "a number of tiles")},
    Tile: {"x": (0, 499, "a tile"), "y": (0, 499, "a tile")},
    MapInfo: {"width": (1, 500, "a map size"), "height": (1, 500, "a map size")},
    Abilities: dict.fromkeys(ABILITIES, SCORE),
    Character: {**ACTOR, "xp": COINS, "silver": COINS, "copper": COINS, "platinum": COINS,
                "death_successes": (0, 3, ""), "death_failures": (0, 3, ""), "max_hp_override": (0, 9999, "a max HP"),
                "hit_dice_used": (0, 20, "a number of hit dice")},
    Creature: {**ACTOR, "multiattack": COUNT, "multiattack_disadvantage": COUNT, "legendary_actions": COUNT,
               "legendary_resistance": COUNT, "legendary_resistance_used": COUNT, "number": (0, 10**6, "a number"),
               "passive_perception": (0, 40, "a passive Perception"), "skill_bonuses": BONUS, "save_bonuses": BONUS},
    ClassLevel: {"level": (1, 20, "a level")},
    Weapon: {"normal_range": FEET, "long_range": FEET, "save_dc": SAVE_DC, "to_hit_bonus": (-20, 30, "a to-hit bonus"),
             "damage_bonus": (-50, 100, "a damage bonus"), "reach": (0, 100, "a reach in feet")},
    Armor: {"base": (0, 30, "an armor base"), "strength": (0, 30, "a Strength score")},
    Chip: {"rounds": ROUNDS, "save_dc": SAVE_DC},
    Pool: {"uses": (0, 99, "a number of uses"), "max": (0, 99, "a number of uses")},
    CreatureAction: {"dc": (1, 30, "a DC"), "recharge": (0, 6, "a d6 face")},
    CustomSpell: {"level": (0, 9, "a spell level"), "rounds": (0, 14400, "a number of rounds"),
                  "max_targets": (0, 20, "a number of targets")},
    Fight: {"turn": (0, 10**6, ""), "round": ROUNDS},
    Combatant: {"initiative": (-50, 100, "an initiative"), "dex_mod": (-50, 100, "a tie break"),
                "stealth": (-20, 60, "a Stealth total"), "swings_left": (0, 20, ""), "extra_actions": COUNT,
                "legendary_used": COUNT},
}  # fmt: skip

_DICE = re.compile(r"^(\d{1,3})d(\d{1,4})((?:[+-]\d{1,4})*)$")
"""Weapon dice and hit dice as the forms write them: `1d1` is a blowgun's flat 1, `2d8+2`."""


def check(state: Campaign) -> list[tuple[str, str]]:
    return (
        out_of_range(state, BOUNDS, "")
        + _actors(state)
        + _dice(state)
        + _defenses(state)
        + _ids(state)
        + _tiles(state)
        + _fight(state)
        + _custom_spells(state)
    )


def _custom_spells(state: Campaign) -> list[tuple[str, str]]:
    if not state.custom_spells:
        return []
    # The spellbook brings the build commands and events with it: only a campaign with custom
    # spells pays for them at load, the others when the warm-up imports the rules.
    from combat_tui.systems.dnd5e.spellbook import problems

    return problems(state)


def _actors(state: Campaign) -> list[tuple[str, str]]:
    problems = []
    for group in ("characters", "creatures"):
        for index, actor in enumerate(getattr(state, group)):
            if actor.spellcasting and actor.spellcasting not in ABILITIES:
                problems.append((f"{group}[{index}].spellcasting", f"'{shown(actor.spellcasting)}' is not an ability"))
            for position, name in enumerate(actor.spells):
                if not spell_known(state, name):
                    problems.append((f"{group}[{index}].spells[{position}]", f"'{shown(name)}' is not a spell the app knows"))
            if len(actor.slots) > 9:
                problems.append((f"{group}[{index}].slots", "spell slots go up to 9th level: at most 9 numbers"))
            for position, chip in enumerate(actor.chips):
                if not chip.name.strip():
                    problems.append((f"{group}[{index}].chips[{position}].name", "a chip needs a name"))
    return problems


def _dice(state: Campaign) -> list[tuple[str, str]]:
    """Every dice text a rule rolls: weapon dice as the forms write them, the rest as the roller reads them."""
    problems = []
    for group in ("characters", "creatures", "templates"):
        for index, actor in enumerate(getattr(state, group)):
            where = f"{group}[{index}]"
            for i, weapon in enumerate(actor.weapons):
                for field in ("damage", "versatile", "extra_damage"):
                    text = getattr(weapon, field)
                    if (text or field == "damage") and not _weapon_dice(text):
                        problems.append((f"{where}.weapons[{i}].{field}", _dice_problem(text)))
            for i, chip in enumerate(actor.chips):
                problems += _rolled(chip.damage, f"{where}.chips[{i}].damage")
            if isinstance(actor, Creature):
                for i, action in enumerate(actor.actions):
                    problems += _rolled(action.damage, f"{where}.actions[{i}].damage", required=True)
                    if action.recharge not in RECHARGE_FACES:
                        problems.append((f"{where}.actions[{i}].recharge", "recharge is 6, 5 (5-6), 4 (4-6) or 0 for none"))
                problems += _rolled(actor.surprise_attack, f"{where}.surprise_attack")
                if actor.hit_dice and not _weapon_dice(actor.hit_dice):
                    problems.append((f"{where}.hit_dice", _dice_problem(actor.hit_dice)))
    return problems


def _weapon_dice(text: str) -> bool:
    match = _DICE.match(text.replace(" ", ""))
    if match is None:
        return False
    extra = sum(int(part) for part in re.findall(r"[+-]\d+", match[3]))
    return 1 <= int(match[1]) <= 100 and 1 <= int(match[2]) <= 1000 and abs(extra) <= 1000


def _dice_problem(text: str) -> str:
    return f"'{shown(text)}' is not dice such as 2d8+2 (1 to 100 dice of up to 1000 sides)"


def _rolled(text: str, where: str, required: bool = False) -> list[tuple[str, str]]:
    if not text and not required:
        return []
    try:
        parse_dice(text)
    except CommandRejected as error:
        return [(where, f"{error.reason.rstrip('.')}: {error.detail.rstrip('.')}" if error.detail else error.reason)]
    return []


_CHALLENGE = re.compile(r"^\s*\d{1,2}(/\d{1,2})?\s*$")
"""Checked before parse_challenge: a Fraction of `1e999999999` would take forever to make."""


def _defenses(state: Campaign) -> list[tuple[str, str]]:
    problems = []
    for index, creature in enumerate(state.creatures):
        for field in ("resistances", "vulnerabilities", "immunities"):
            for position, name in enumerate(getattr(creature, field)):
                if name not in DAMAGE_TYPES:
                    problems.append((f"creatures[{index}].{field}[{position}]", f"'{shown(name)}' is not a damage type"))
        if not _challenge(creature.challenge):
            problems.append((f"creatures[{index}].challenge", f"'{shown(creature.challenge)}' is not a challenge rating "
                             "(0, 1/8, 1/4, 1/2 or a whole number up to 30, or empty)"))  # fmt: skip
    return problems


@lru_cache(maxsize=256)  # a campaign has hundreds of creatures and a few ratings
def _challenge(text: str) -> bool:
    if not text.strip():
        return True
    if not _CHALLENGE.match(text):
        return False
    try:
        parse_challenge(text)
    except (ValueError, ZeroDivisionError):
        return False
    return True


def _ids(state: Campaign) -> list[tuple[str, str]]:
    """Unique ids, and HP within 0 to the maximum."""
    problems, seen = [], set()
    for where, actors in (("characters", state.characters), ("creatures", state.creatures)):
        for index, actor in enumerate(actors):
            if actor.id in seen:
                problems.append((f"{where}[{index}].id", f"the id '{shown(actor.id)}' is used twice"))
            seen.add(actor.id)
            if 0 <= actor.hp <= 9999 and 1 <= actor.max_hp <= 9999 and actor.hp > actor.max_hp:
                problems.append((f"{where}[{index}].hp", f"hp {actor.hp} is not between 0 and max_hp {actor.max_hp}"))
    return problems


def _tiles(state: Campaign) -> list[tuple[str, str]]:
    """Each tile on a listed map inside it."""
    sizes = {info.id: info for info in state.maps}
    problems = _tile(state.party_tile, "party_tile", sizes)
    for group in ("characters", "creatures"):
        for index, actor in enumerate(getattr(state, group)):
            problems += _tile(actor.tile, f"{group}[{index}].tile", sizes)
    return problems


def _tile(tile: Tile, where: str, sizes: Mapping[str, MapInfo]) -> list[tuple[str, str]]:
    info = sizes.get(tile.map)
    if info is None:  # a map the file does not list has no size to be inside of
        return []
    if 0 <= tile.x < info.width and 0 <= tile.y < info.height:
        return []
    return [(where, f"({tile.x}, {tile.y}) is off the map '{shown(info.name)}', which runs from (0, 0) to "
             f"({info.width - 1}, {info.height - 1})")]  # fmt: skip


def _fight(state: Campaign) -> list[tuple[str, str]]:
    """A fight that names real actors and a turn inside its order."""
    fight = state.fight
    if fight is None:
        return []
    seen = {actor.id for actor in state.characters + state.creatures}
    problems = [(f"fight.combatants[{index}].ref", f"no character or creature has the id '{shown(combatant.ref)}'")
                for index, combatant in enumerate(fight.combatants) if combatant.ref not in seen]  # fmt: skip
    if fight.combatants and not 0 <= fight.turn < len(fight.combatants):
        problems.append(("fight.turn", f"turn {fight.turn} is outside the order"))
    return problems
