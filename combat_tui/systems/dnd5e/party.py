"""Characters made, edited, levelled and equipped in the app (issue 13, item 4).

The numbers that follow from race, class levels and CON (proficiency bonus, max HP by hit dice,
saves, spell slots, class pools) are derived in `building.py`; this module turns the commands
into those derivations and the events the log tells.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e import building, equipment
from combat_tui.systems.dnd5e import commands_build as cb
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.editing import DERIVING, apply_changes
from combat_tui.systems.dnd5e.events import (
    CharacterAdded,
    CharacterDeleted,
    CharactersImported,
    ItemEquipped,
    ItemUnequipped,
    LevelGained,
)
from combat_tui.systems.dnd5e.model import Abilities, Campaign, Character, Creature
from combat_tui.systems.dnd5e.roster import new_id

MAX_PARTY = 12


def _building():
    from combat_tui.systems.dnd5e import building  # TEMP until building.py lands

    return building


def _equipment():
    from combat_tui.systems.dnd5e import equipment  # TEMP until equipment.py lands

    return equipment


def rederive(before: Character, after: Character, keys: tuple[str, ...]) -> Character:
    """After an edit: derive again when a field the numbers follow changed. A max HP typed in the
    form becomes the override, so the next level up keeps the GM's number in mind."""
    if "max_hp" in keys and after.max_hp != before.max_hp:
        after = evolve(after, max_hp_override=after.max_hp)
    if DERIVING.intersection(keys) or (after.abilities != before.abilities):
        after = building.derive(after, before)
    return after


def add_character(state: Campaign, command: cb.AddCharacter) -> Outcome:
    if len(state.characters) >= MAX_PARTY:
        raise CommandRejected(f"A party has at most {MAX_PARTY} characters.")
    if any(c.name.casefold() == command.name.strip().casefold() for c in state.characters):
        raise CommandRejected(f"The party has a {command.name.strip()} already.", "Pick another name.")
    blank = Character("", command.name, state.party_tile, Abilities(), 1, 1, 10)
    edited = apply_changes(blank, (("name", command.name), *command.changes))
    made = building.derive(edited, blank)
    made = evolve(made, hp=made.max_hp)
    character = evolve(made, id=new_id(state, made.name))
    return Outcome(evolve(state, characters=state.characters + (character,)), (CharacterAdded(character.id),))


def import_characters(state: Campaign, command: cb.ImportCharacters) -> Outcome:
    if not command.characters:
        raise CommandRejected("The file holds no character to import.")
    if len(state.characters) + len(command.characters) > MAX_PARTY:
        raise CommandRejected(f"A party has at most {MAX_PARTY} characters.")
    taken = {a.id for a in state.characters} | {a.id for a in state.creatures}
    names = {c.name.casefold() for c in state.characters}
    added = []
    for character in command.characters:
        checked = apply_changes(character, (("name", character.name),))
        if checked.name.casefold() in names:
            raise CommandRejected(f"The party has a {checked.name} already.", "Rename one of them first.")
        names.add(checked.name.casefold())
        ref = new_id(state, checked.name, taken)
        taken.add(ref)
        added.append(evolve(checked, id=ref, tile=state.party_tile, chips=()))
    state = evolve(state, characters=state.characters + tuple(added))
    return Outcome(state, (CharactersImported(tuple(c.id for c in added), command.source),))


def delete_character(state: Campaign, command: cb.DeleteCharacter) -> Outcome:
    character = _character(state, command.ref)
    if state.fight is not None and state.fight.find(character.id) is not None:
        raise CommandRejected(f"{character.name} is in the fight.", "End the fight first.")
    characters = tuple(c for c in state.characters if c.id != character.id)
    return Outcome(evolve(state, characters=characters), (CharacterDeleted(character.id, character.name),))


def _character(state: Campaign, ref: str) -> Character:
    actor = find_actor(state, ref)
    if not isinstance(actor, Character):
        raise CommandRejected(f"{actor.name} is a creature, not a character of the party.")
    return actor


def level_up(state: Campaign, command: cb.LevelUp) -> Outcome:
    character = _character(state, command.ref)
    if state.fight is not None and state.fight.stage == "running":
        raise CommandRejected("Level up between fights.", "End the fight first.")
    name = command.class_name or (character.classes[0].name if character.classes else "")
    if not name:
        raise CommandRejected(f"{character.name} has no class yet.", "Name one: levelup NAME CLASS.")
    after = building.level_up(character, name, command.subclass)
    gained = next(c for c in after.classes if c.name.casefold() == name.casefold())
    total = sum(c.level for c in after.classes)
    event = LevelGained(character.id, gained.name, gained.level, total, after.max_hp - character.max_hp)
    return Outcome(state.with_actor(after), (event,))


def equip(state: Campaign, command: cb.Equip) -> Outcome:
    actor = find_actor(state, command.ref)
    item = command.weapon or command.armor
    if item is None:
        raise CommandRejected("Name the item to equip.")
    if isinstance(actor, Creature):
        after, replaced = _equip_creature(actor, item)
    else:
        after = equipment.equip(actor, item)
        taken_off = after.inventory[len(actor.inventory):] if len(after.inventory) > len(actor.inventory) else ()
        replaced = taken_off[0] if taken_off and command.armor else ""
    return Outcome(state.with_actor(after), (ItemEquipped(actor.id, item.name, replaced),))


def _equip_creature(creature: Creature, item) -> tuple[Creature, str]:
    """A creature's AC stays the stat block's: its armor only marks what it wears (and drops)."""
    if command_is_weapon(item):
        if any(w.name.casefold() == item.name.casefold() for w in creature.weapons):
            raise CommandRejected(f"{creature.name} already has a {item.name}.")
        return evolve(creature, weapons=creature.weapons + (item,)), ""
    if item.category == "shield":
        return evolve(creature, shield=item), ""
    return evolve(creature, armor=item), creature.armor.name if creature.armor else ""


def command_is_weapon(item) -> bool:
    return hasattr(item, "damage")


def unequip(state: Campaign, command: cb.Unequip) -> Outcome:
    actor = find_actor(state, command.ref)
    wanted = command.item.casefold()
    if isinstance(actor, Creature):
        after = _unequip_creature(actor, wanted, command.item)
        name = command.item
    else:
        after = equipment.unequip(actor, command.item)
        name = next((n for n in after.inventory[len(actor.inventory):]), command.item)
    return Outcome(state.with_actor(after), (ItemUnequipped(actor.id, name),))


def _unequip_creature(creature: Creature, wanted: str, item: str) -> Creature:
    weapons = tuple(w for w in creature.weapons if w.name.casefold() != wanted)
    if len(weapons) != len(creature.weapons):
        return evolve(creature, weapons=weapons)
    if creature.armor is not None and creature.armor.name.casefold() == wanted:
        return evolve(creature, armor=None)
    if creature.shield is not None and creature.shield.name.casefold() == wanted:
        return evolve(creature, shield=None)
    raise CommandRejected(f"{creature.name} has no {item} equipped.")
