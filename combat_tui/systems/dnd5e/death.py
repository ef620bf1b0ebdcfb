"""Death saves of a party character at 0 HP.

ref: Death saves — "The save is 1d20 against DC 10, with no ability modifier and no proficiency."
"Three successes stabilize the character." "Three failures kill the character." "A natural 20
wakes the character at 1 HP. A natural 1 counts as two failures." "The Roll death save button
shows only on that turn ... so the character rolls once per turn." "The GM sees Stabilize on any
turn." "An encounter and an NPC have no death saves."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.conditions import blessed, remove_chips
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.events import CharacterDied, CharacterRevived, CharacterStabilized, DeathSaveRolled
from combat_tui.systems.dnd5e.model import Campaign, Character
from combat_tui.systems.dnd5e.turns import running_fight

DC = 10


def dying_character(state: Campaign, ref: str) -> Character:
    actor = find_actor(state, ref)
    if not isinstance(actor, Character):
        raise CommandRejected(f"{actor.name} is not a party character; creatures and NPCs roll no death saves.")
    if actor.dead:
        raise CommandRejected(f"{actor.name} is dead.")
    if actor.stable:
        raise CommandRejected(f"{actor.name} is stable and rolls no more death saves.")
    if actor.hp > 0:
        raise CommandRejected(f"{actor.name} is not dying.")
    return actor


def roll_death_save(state: Campaign, ref: str, dice: Dice) -> Outcome:
    fight = running_fight(state)
    character = dying_character(state, ref)
    if fight.current().ref != ref:
        raise CommandRejected(f"It is not {character.name}'s turn.", "A death save is rolled on the dying character's turn.")
    if fight.death_save_rolled:
        raise CommandRejected(f"{character.name} has already rolled a death save this turn.")
    face = dice.d20()
    bless = dice.roll(1, 4).total if blessed(character) and face not in (1, 20) else 0
    successes, failures = character.death_successes, character.death_failures
    if face == 20:
        revived = evolve(character, hp=1, death_successes=0, death_failures=0, stable=False)
        revived, _ = remove_chips(revived, "Unconscious")  # awake; Prone stays
        event = DeathSaveRolled(ref, face, True, successes, failures)
        return _done(state, revived, (event, CharacterRevived(ref)))
    success = face != 1 and face + bless >= DC
    if success:
        successes += 1
    else:
        failures += 2 if face == 1 else 1
    failures = min(failures, 3)
    events: tuple = (DeathSaveRolled(ref, face, success, successes, failures, bless),)
    if failures >= 3:
        changed = evolve(character, death_successes=successes, death_failures=3)
        events += (CharacterDied(ref, "saves"),)
    elif successes >= 3:
        changed = evolve(character, death_successes=0, death_failures=0, stable=True)
        events += (CharacterStabilized(ref, by_roll=True),)
    else:
        changed = evolve(character, death_successes=successes, death_failures=failures)
    return _done(state, changed, events)


def _done(state: Campaign, character: Character, events: tuple) -> Outcome:
    state = state.with_actor(character)
    return Outcome(evolve(state, fight=evolve(state.fight, death_save_rolled=True)), events)


def stabilize(state: Campaign, ref: str) -> Outcome:
    character = dying_character(state, ref)
    changed = evolve(character, death_successes=0, death_failures=0, stable=True)
    return Outcome(state.with_actor(changed), (CharacterStabilized(ref),))
