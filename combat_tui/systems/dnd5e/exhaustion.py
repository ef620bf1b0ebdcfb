"""Exhaustion, 2014 rules: a level from 0 to 6 whose effects add up.

ref: Exhaustion — "Exhaustion is a level from 0 to 6, not a chip, and the app stores it as its own
number." "Each level keeps the effects of the levels below it." "The log line of a slanted roll
names the level, such as 'Exhaustion 3 disadvantage'." "The sixth level kills. A character gets
three failed death saves and goes unconscious. ... The HP number stays where it was ... A
creature goes to 0 HP and drops out of the fight, the same as a killing blow."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.armor import speed as armor_speed
from combat_tui.systems.dnd5e.conditions import add_chip
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.events import CharacterDied, CombatantDefeated, ExhaustionSet
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Chip

EFFECTS = {
    1: "disadvantage on ability checks",
    2: "speed halved",
    3: "disadvantage on attack rolls and saving throws",
    4: "hit point maximum halved",
    5: "speed reduced to 0",
    6: "death",
}


def max_hp(actor: Actor) -> int:
    """The HP maximum, halved (rounded down) from exhaustion 4."""
    return actor.max_hp // 2 if actor.exhaustion >= 4 else actor.max_hp


def speed(actor: Actor) -> int:
    if actor.exhaustion >= 5:
        return 0
    base = armor_speed(actor)
    return base // 2 if actor.exhaustion >= 2 else base


def effects(level: int) -> tuple[str, ...]:
    return tuple(EFFECTS[n] for n in range(1, level + 1))


def set_exhaustion(state: Campaign, ref: str, level: int) -> Outcome:
    actor = find_actor(state, ref)
    if not 0 <= level <= 6:
        raise CommandRejected(f"Exhaustion is a level from 0 to 6, not {level}.")
    if level == actor.exhaustion:
        raise CommandRejected(f"{actor.name} is already at exhaustion {level}.")
    changed = evolve(actor, exhaustion=level)
    events: tuple = (ExhaustionSet(ref, actor.exhaustion, level),)
    if level >= 4:
        changed = evolve(changed, hp=min(changed.hp, max_hp(changed)))
    if level == 6:
        if isinstance(changed, Character):
            if not changed.dead:
                changed = evolve(changed, death_failures=3, stable=False)
                changed, _ = add_chip(changed, Chip("Unconscious"))
                events += (CharacterDied(ref, "exhaustion"),)
        elif changed.hp > 0:
            changed = evolve(changed, hp=0)
            events += (CombatantDefeated(ref),)
    return Outcome(state.with_actor(changed), events)
