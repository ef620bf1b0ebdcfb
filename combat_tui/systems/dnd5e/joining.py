"""Setup's other lists (Party members elsewhere, Add nearby foes) and Add to fight in a running fight.

ref: Combat setup — "Under Party members elsewhere, the dialog lists each character split off to a
tile farther away or to another map. Tick Join on a row to bring that character into the fight.
Under Add nearby foes, the dialog lists the other live hostile creatures within the nearby range,
nearest first, with the distance in tiles. ... When two or more foes stand on one tile, an Add the
whole group box above them ticks every Join box of that tile at once. A joined foe rolls initiative
with the others. ... During a fight, the Nearby encounters tab has an Add to fight button on each
hostile row that is not in the fight. ... It rolls initiative for the foe, logs the roll, and puts
the foe into the order."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import Tile
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.events import FightJoined, InitiativeRolled, JoinUndone
from combat_tui.systems.dnd5e.initiative import initiative_modifier, roll_initiative, with_combatants
from combat_tui.systems.dnd5e.labels import labels, with_joiners
from combat_tui.systems.dnd5e.model import Campaign, Character, Combatant, Creature


def _in_fight(state: Campaign) -> set[str]:
    return {c.ref for c in state.fight.combatants} if state.fight is not None else set()


def elsewhere(state: Campaign) -> tuple[tuple[Character, int | None], ...]:
    """Characters not in the fight, with their distance in tiles (None: another map)."""
    taken = _in_fight(state)
    return tuple((c, c.tile.distance(state.party_tile)) for c in state.characters if c.id not in taken)


def nearby_foes(state: Campaign) -> tuple[tuple[Creature, int], ...]:
    """Live hostile creatures within the nearby range and not in the fight, nearest first, then in
    the order of the creature list."""
    taken = _in_fight(state)
    found = []
    for position, creature in enumerate(state.creatures):
        if creature.id in taken or creature.hp <= 0 or creature.disposition != "hostile":
            continue
        distance = creature.tile.distance(state.party_tile)
        if distance is not None and distance <= state.nearby_range:
            found.append((distance, position, creature))
    found.sort(key=lambda item: (item[0], item[1]))
    return tuple((creature, distance) for distance, _, creature in found)


def tile_groups(state: Campaign) -> tuple[tuple[Tile, tuple[str, ...]], ...]:
    """The tiles of the nearby foes where two or more stand: the Add the whole group boxes."""
    groups: dict[Tile, list[str]] = {}
    for creature, _ in nearby_foes(state):
        groups.setdefault(creature.tile, []).append(creature.id)
    return tuple((tile, tuple(refs)) for tile, refs in groups.items() if len(refs) > 1)


def whole_group(state: Campaign, ref: str) -> tuple[str, ...]:
    """Every nearby foe on the tile of `ref` (for `join group NAME`)."""
    creature = state.actor(ref)
    if not isinstance(creature, Creature):
        raise CommandRejected(f"{creature.name if creature else ref} is not a creature, so it has no group.")
    refs = tuple(c.id for c, _ in nearby_foes(state) if c.tile == creature.tile)
    if not refs:
        raise CommandRejected(f"No nearby foe that could join stands on the tile of {creature.name}.")
    return refs


def join(state: Campaign, refs: tuple[str, ...], dice: Dice) -> Outcome:
    fight = state.fight
    if fight is None:
        raise CommandRejected("There is no setup or fight to join.", "Open setup first.")
    if not refs:
        raise CommandRejected("Name who joins the fight.")
    running = fight.stage == "running"
    foes = {c.id for c, _ in nearby_foes(state)}
    free = {c.id for c, _ in elsewhere(state)}
    rolls, added = [], []
    for ref in dict.fromkeys(refs):
        actor = state.actor(ref)
        _check_can_join(state, actor, ref, foes, free)
        roll = roll_initiative(actor, dice, state.d20_mode)
        rolls.append(roll)
        side = "party" if isinstance(actor, Character) else "foes"
        added.append(Combatant(ref, side, roll.value, initiative_modifier(actor), joined=True))
    fight = with_combatants(state, fight, fight.combatants + tuple(added))
    state = with_joiners(evolve(state, fight=fight), tuple(c.ref for c in added))
    events = (FightJoined(tuple(c.ref for c in added), running), InitiativeRolled(tuple(rolls)))
    return Outcome(state, events)


def _check_can_join(state: Campaign, actor, ref: str, foes: set[str], free: set[str]) -> None:
    if actor is None:
        raise CommandRejected(f"No one is called '{ref}'.")
    name = labels(state).get(ref, actor.name)  # "Goblin 2", as the screens show it
    if state.fight.find(ref) is not None:
        raise CommandRejected(f"{name} is already in the fight.")
    if isinstance(actor, Character):
        if actor.dead:
            raise CommandRejected(f"{name} is dead and cannot join the fight.")
        return
    if actor.hp <= 0:
        raise CommandRejected(f"{name} is defeated and cannot join the fight.")
    if actor.disposition != "hostile":
        raise CommandRejected(f"{name} is {actor.disposition}: only a hostile creature joins as a foe.",
                              "Set its disposition to hostile first.")  # fmt: skip
    if ref not in foes:
        distance = actor.tile.distance(state.party_tile)
        where = "on another map" if distance is None else f"{distance} tiles away"
        raise CommandRejected(f"{name} is {where}, outside the nearby range of {state.nearby_range} tiles.")


def unjoin(state: Campaign, ref: str) -> Outcome:
    fight = state.fight
    if fight is None or fight.stage != "setup":
        raise CommandRejected("Join is unticked in setup, before Start.")
    row = fight.find(ref)
    actor = state.actor(ref)
    name = labels(state).get(ref, actor.name if actor else ref)
    if row is None:
        raise CommandRejected(f"{name} is not in this setup.")
    if not row.joined:
        raise CommandRejected(f"{name} is on the setup's own lists, not one that joined.",
                              "Cancel setup to leave it out.")  # fmt: skip
    rows = tuple(c for c in fight.combatants if c.ref != ref)
    return Outcome(evolve(state, fight=evolve(fight, combatants=rows)), (JoinUndone(ref),))


def join_lists(state: Campaign) -> tuple[tuple, tuple, tuple]:
    """What setup shows below its own rows: (characters, foes, groups).

    Characters: (character, distance or None, joined) for every character not on setup's own
    lists; foes: (creature, distance, joined) for the nearby foes and those already joined, nearest
    first; groups: (tile, refs, every one joined) for each tile of two or more of those foes."""
    fight = state.fight
    joined = {c.ref for c in fight.combatants if c.joined} if fight is not None else set()
    taken = _in_fight(state) - joined
    here = state.party_tile
    characters = tuple((c, c.tile.distance(here), c.id in joined) for c in state.characters if c.id not in taken)
    found = []
    for position, creature in enumerate(state.creatures):
        if creature.id in joined:
            found.append((creature.tile.distance(here) or 0, position, creature))
    found += [(distance, state.creatures.index(c), c) for c, distance in nearby_foes(state)]
    found.sort(key=lambda item: (item[0], item[1]))
    foes = tuple((creature, distance, creature.id in joined) for distance, _, creature in found)
    tiles: dict[Tile, list[str]] = {}
    for creature, _, _ in foes:
        tiles.setdefault(creature.tile, []).append(creature.id)
    groups = tuple((tile, tuple(refs), all(r in joined for r in refs)) for tile, refs in tiles.items() if len(refs) > 1)
    return characters, foes, groups
