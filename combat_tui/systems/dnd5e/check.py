"""What a loaded 5e campaign has wrong that its types cannot say: (field path, problem) pairs."""

from __future__ import annotations

from combat_tui.systems.dnd5e.abilities import parse_challenge
from combat_tui.systems.dnd5e.data.spells import find_spell
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES
from combat_tui.systems.dnd5e.model import ABILITIES, Campaign


def check(state: Campaign) -> list[tuple[str, str]]:
    return _actors(state) + _defenses(state) + _ids(state) + _fight(state)


def _actors(state: Campaign) -> list[tuple[str, str]]:
    problems = []
    for group in ("characters", "creatures"):
        for index, actor in enumerate(getattr(state, group)):
            if not 0 <= actor.exhaustion <= 6:
                problems.append((f"{group}[{index}].exhaustion", f"{actor.exhaustion} is not a level from 0 to 6"))
            if actor.spellcasting and actor.spellcasting not in ABILITIES:
                problems.append((f"{group}[{index}].spellcasting", f"'{actor.spellcasting}' is not an ability"))
            for position, name in enumerate(actor.spells):
                if find_spell(name) is None:
                    problems.append((f"{group}[{index}].spells[{position}]", f"'{name}' is not a spell the app knows"))
            for position, chip in enumerate(actor.chips):
                if chip.rounds < 0:
                    problems.append((f"{group}[{index}].chips[{position}].rounds", "a chip's rounds cannot be negative"))
                if not chip.name.strip():
                    problems.append((f"{group}[{index}].chips[{position}].name", "a chip needs a name"))
    return problems


def _defenses(state: Campaign) -> list[tuple[str, str]]:
    problems = []
    for index, creature in enumerate(state.creatures):
        for field in ("resistances", "vulnerabilities", "immunities"):
            for position, name in enumerate(getattr(creature, field)):
                if name not in DAMAGE_TYPES:
                    problems.append((f"creatures[{index}].{field}[{position}]", f"'{name}' is not a damage type"))
        try:
            parse_challenge(creature.challenge)
        except (ValueError, ZeroDivisionError):
            problems.append((f"creatures[{index}].challenge", f"'{creature.challenge}' is not a challenge rating "
                             "(0, 1/8, 1/4, 1/2 or a whole number up to 30, or empty)"))  # fmt: skip
    return problems


def _ids(state: Campaign) -> list[tuple[str, str]]:
    """Unique ids, and HP within 0 to the maximum."""
    problems, seen = [], set()
    for where, actors in (("characters", state.characters), ("creatures", state.creatures)):
        for index, actor in enumerate(actors):
            if actor.id in seen:
                problems.append((f"{where}[{index}].id", f"the id '{actor.id}' is used twice"))
            seen.add(actor.id)
            if not 0 <= actor.hp <= actor.max_hp:
                problems.append((f"{where}[{index}].hp", f"hp {actor.hp} is not between 0 and max_hp {actor.max_hp}"))
    return problems


def _fight(state: Campaign) -> list[tuple[str, str]]:
    """A fight that names real actors and a turn inside its order."""
    fight = state.fight
    if fight is None:
        return []
    seen = {actor.id for actor in state.characters + state.creatures}
    problems = [(f"fight.combatants[{index}].ref", f"no character or creature has the id '{combatant.ref}'")
                for index, combatant in enumerate(fight.combatants) if combatant.ref not in seen]  # fmt: skip
    if fight.combatants and not 0 <= fight.turn < len(fight.combatants):
        problems.append(("fight.turn", f"turn {fight.turn} is outside the order"))
    return problems
