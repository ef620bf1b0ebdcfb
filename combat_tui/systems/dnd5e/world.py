"""The world around a fight: the party's walk, creatures' dispositions, tiles and HP, deletion,
split-off characters, and the range rule that ends a fight on its own.

ref: Combat setup — "Only a hostile creature starts an encounter." A walk stops on the first tile
next to a live hostile creature (Encounter!) when no fight runs.
ref: Ending a fight — "A fight also ends when no creature of the fight is left on the tile of the
party or on the eight tiles around it, and no hostile creature of the fight is left within the
nearby range (8 tiles by default). A walk out of that range ends the fight, and so does the
deletion of the last creature in it."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.ending import end_fight
from combat_tui.systems.dnd5e.events import (
    CharacterRejoined,
    CharacterSplit,
    CombatantDefeated,
    CreatureDeleted,
    CreatureHpSet,
    CreaturePlaced,
    DispositionSet,
    EncounterFound,
    FightOutOfRange,
    PartyMoved,
)
from combat_tui.systems.dnd5e.labels import counted
from combat_tui.systems.dnd5e.model import Campaign, Character, Creature
from combat_tui.systems.dnd5e.setup import default_lists

DISPOSITIONS = ("hostile", "neutral", "friendly")
MAX_WALK = 100
"""The longest walk one command takes, in tiles."""


# -- reading -------------------------------------------------------------------------------------


def encounter_foes(state: Campaign) -> tuple[str, ...]:
    """The live hostile creatures on the party's tile or the eight around it (setup's foes)."""
    return default_lists(state)[1]


def out_of_range(state: Campaign) -> bool:
    """The range rule holds for the running fight: no live creature of it within one tile of the
    party, no live hostile one of it within the nearby range. A defeated foe keeps no fight open."""
    fight = state.fight
    if fight is None or fight.stage != "running":
        return False
    here = state.party_tile
    for combatant in fight.combatants:
        creature = state.actor(combatant.ref)
        if not isinstance(creature, Creature) or creature.hp <= 0:
            continue
        distance = creature.tile.distance(here)
        if distance is None:
            continue
        if distance <= 1 or (creature.disposition == "hostile" and distance <= state.nearby_range):
            return False
    return True


def map_info(state: Campaign, map_id: str) -> MapInfo | None:
    return next((info for info in state.maps if info.id == map_id), None)


def map_name(state: Campaign, map_id: str) -> str:
    info = map_info(state, map_id)
    return info.name if info is not None else map_id


def find_map(state: Campaign, text: str) -> str:
    """The id of the map called `text` (its id or its name, any case); empty text: the party's."""
    if not text:
        return state.party_tile.map
    wanted = text.casefold()
    for info in state.maps:
        if wanted in (info.id.casefold(), info.name.casefold()):
            return info.id
    known = ", ".join(info.name for info in state.maps) or "none"
    raise CommandRejected(f"No map is called '{text}'.", f"Maps: {known}.")


# -- the party's walk ----------------------------------------------------------------------------


def move_party(state: Campaign, dx: int, dy: int, steps: int, dice: Dice) -> Outcome:
    if dx not in (-1, 0, 1) or dy not in (-1, 0, 1) or (dx, dy) == (0, 0):
        raise CommandRejected("A step goes to one of the eight tiles around the party.")
    if not 1 <= steps <= MAX_WALK:
        raise CommandRejected(f"A walk is 1 to {MAX_WALK} tiles, not {steps}.")
    here = state.party_tile
    path = [Tile(here.map, here.x + dx * n, here.y + dy * n) for n in range(1, steps + 1)]
    return _walk(state, path, dice)


def move_party_to(state: Campaign, x: int, y: int, dice: Dice) -> Outcome:
    here = state.party_tile
    if (x, y) == (here.x, here.y):
        raise CommandRejected(f"The party is already at ({x}, {y}).")
    path, at = [], here
    while (at.x, at.y) != (x, y):  # diagonal steps first: each counts one tile (5e grid)
        at = Tile(at.map, at.x + _sign(x - at.x), at.y + _sign(y - at.y))
        path.append(at)
    if len(path) > MAX_WALK:
        raise CommandRejected(f"({x}, {y}) is {len(path)} tiles away; a walk is at most {MAX_WALK}.")
    return _walk(state, path, dice)


def _walk(state: Campaign, path: list[Tile], dice: Dice) -> Outcome:
    _no_setup(state, "walk")
    for tile in path:
        _check_on_map(state, tile, "The party")
    start, joined, ends, met = state.party_tile, [], [], ()
    for steps, tile in enumerate(path, 1):
        state, found = _step(state, tile)
        joined += found
        if out_of_range(state):  # ref: Ending a fight — "A walk out of that range ends the fight"
            state, ended = _end_by_range(state, dice)
            ends += ended
        if state.fight is None and encounter_foes(state):  # the walk stops: Encounter!
            met = encounter_foes(state)
            break
    events = [PartyMoved(start, state.party_tile, steps, tuple(joined)), *ends]
    if met:
        events.append(EncounterFound(met))
    return Outcome(state, tuple(events))


def _step(state: Campaign, tile: Tile) -> tuple[Campaign, list[str]]:
    """One tile on: the characters with the party go along; a split-off one it meets joins it."""
    old = state.party_tile
    characters, joined = [], []
    for character in state.characters:
        if character.tile == old:
            character = evolve(character, tile=tile)
        elif character.tile == tile:
            joined.append(character.id)
        characters.append(character)
    return evolve(state, party_tile=tile, characters=tuple(characters)), joined


def _end_by_range(state: Campaign, dice: Dice) -> tuple[Campaign, list]:
    """The fight ends as End combat would end it, with the offered XP (the GM can undo)."""
    ended = end_fight(state, -1, dice)
    return ended.state, [FightOutOfRange(state.nearby_range), *ended.events]


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


# -- creatures -----------------------------------------------------------------------------------


def set_disposition(state: Campaign, ref: str, disposition: str, dice: Dice) -> Outcome:
    """ref: Ending a fight — "To make a captive a foe again, set its disposition back to hostile
    in the creature dialog." Only a hostile creature starts an encounter (ref: Combat setup)."""
    creature = _creature(state, ref)
    if disposition not in DISPOSITIONS:
        raise CommandRejected(f"'{disposition}' is not a disposition.", "Use hostile, neutral or friendly.")
    if creature.disposition == disposition:
        raise CommandRejected(f"{creature.name} is already {disposition}.")
    state = state.with_actor(evolve(creature, disposition=disposition))
    return _range_rule(state, (DispositionSet(ref, creature.disposition, disposition),), dice)


def place_creature(state: Campaign, ref: str, x: int, y: int, map_id: str, dice: Dice) -> Outcome:
    """ref: Ending a fight — "move it to its new tile in the creature dialog." """
    creature = _creature(state, ref)
    _no_setup(state, "move a creature")
    tile = Tile(map_id or creature.tile.map, x, y)
    _check_on_map(state, tile, creature.name)
    if tile == creature.tile:
        raise CommandRejected(f"{creature.name} is already at ({x}, {y}).")
    state = state.with_actor(evolve(creature, tile=tile))
    return _range_rule(state, (CreaturePlaced(ref, creature.tile, tile),), dice)


def set_creature_hp(state: Campaign, ref: str, hp: int) -> Outcome:
    """The creature dialog sets HP outright; at 0 a creature or an NPC is defeated (ref: Death saves)."""
    creature = _creature(state, ref)
    if not 0 <= hp <= creature.max_hp:
        raise CommandRejected(f"{creature.name}'s HP can be 0 to {creature.max_hp}, not {hp}.")
    if hp == creature.hp:
        raise CommandRejected(f"{creature.name} already has {hp} HP.")
    events: tuple = (CreatureHpSet(ref, creature.hp, hp),)
    if hp == 0:
        events += (CombatantDefeated(ref),)
    return Outcome(state.with_actor(evolve(creature, hp=hp)), events)


def delete_creature(state: Campaign, ref: str, dice: Dice) -> Outcome:
    """ref: Ending a fight — "and so does the deletion of the last creature in it." """
    creature = _creature(state, ref)
    _no_setup(state, "delete a creature")
    event = CreatureDeleted(ref, creature.name, creature.tile)
    fight = state.fight
    state = counted(state)  # the others keep their numbers (labels.py)
    state = evolve(state, creatures=tuple(c for c in state.creatures if c.id != ref))
    if fight is None or fight.find(ref) is None:
        return Outcome(state, (event,))
    index = next(i for i, c in enumerate(fight.combatants) if c.ref == ref)
    kept = fight.combatants[:index] + fight.combatants[index + 1 :]
    turn = fight.turn - 1 if index < fight.turn else fight.turn
    state = evolve(state, fight=evolve(fight, combatants=kept, turn=turn))
    if out_of_range(state):  # the last creature of the fight near the party is gone
        state, ended = _end_by_range(state, dice)
        return Outcome(state, (event, *ended))
    if index == fight.turn:
        raise CommandRejected(f"It is {creature.name}'s turn.", "Go to the next turn first, then delete it.")
    return Outcome(state, (event,))


def _range_rule(state: Campaign, events: tuple, dice: Dice) -> Outcome:
    if out_of_range(state):
        state, ended = _end_by_range(state, dice)
        events += tuple(ended)
    return Outcome(state, events)


# -- split-off characters ------------------------------------------------------------------------


def split_character(state: Campaign, ref: str, x: int, y: int, map_id: str) -> Outcome:
    """ref: Combat setup — "any split-off character within one tile of the party", and "each
    character split off to a tile farther away or to another map" (Party members elsewhere)."""
    character = _character(state, ref)
    _no_setup(state, "split a character off")
    tile = Tile(map_id or state.party_tile.map, x, y)
    _check_on_map(state, tile, character.name)
    if tile == state.party_tile:
        raise CommandRejected(f"({x}, {y}) is the party's tile.", f"To bring {character.name} back, rejoin.")
    if tile == character.tile:
        raise CommandRejected(f"{character.name} is already at ({x}, {y}).")
    return Outcome(state.with_actor(evolve(character, tile=tile)), (CharacterSplit(ref, tile),))


def rejoin_party(state: Campaign, ref: str) -> Outcome:
    character = _character(state, ref)
    _no_setup(state, "rejoin the party")
    if character.tile == state.party_tile:
        raise CommandRejected(f"{character.name} is with the party already.")
    rejoined = evolve(character, tile=state.party_tile)
    return Outcome(state.with_actor(rejoined), (CharacterRejoined(ref, character.tile),))


# -- checks --------------------------------------------------------------------------------------


def _creature(state: Campaign, ref: str) -> Creature:
    actor = state.actor(ref)
    if not isinstance(actor, Creature):
        raise CommandRejected(f"{actor.name if actor else ref} is not a creature.", "Characters have sheets.")
    return actor


def _character(state: Campaign, ref: str) -> Character:
    actor = state.actor(ref)
    if not isinstance(actor, Character):
        raise CommandRejected(f"{actor.name if actor else ref} is not a party character.")
    return actor


def _no_setup(state: Campaign, what: str) -> None:
    """Setup's lists were drawn from where everyone stands: nothing moves while it is open."""
    if state.fight is not None and state.fight.stage == "setup":
        raise CommandRejected(f"Setup is open, so you cannot {what} now.", "Start the fight or close setup first.")


def _check_on_map(state: Campaign, tile: Tile, who: str) -> None:
    info = map_info(state, tile.map)
    if info is None:  # a map without its size: any tile of the party's own map will do
        if tile.map != state.party_tile.map:
            raise CommandRejected(f"There is no map '{tile.map}'.")
        return
    if not (0 <= tile.x < info.width and 0 <= tile.y < info.height):
        raise CommandRejected(
            f"{who} cannot go to ({tile.x}, {tile.y}): {info.name} runs from (0, 0) to "
            f"({info.width - 1}, {info.height - 1})."
        )
