"""Labels: the names the app shows, numbered when creatures share a name ("Goblin 2").

One rule serves the board, the ribbon, the dialogs, the log lines, the Nearby and setup lists,
`show` and the names typed in commands; nothing else numbers a name.

The number (ref: Combat setup — "Combatants that share a name get a number after it ... The
numbers follow the order of the creature list ... the stored name keep[s] the plain name"). It is
stored on the creature (`Creature.number`) and never changes while the creature is in the
campaign: a defeat, a walk, the start and the end of a fight leave it ("A defeated foe keeps its
place in the count of a running fight"). A creature that comes later (a spawn, a rename) takes the
number after the highest of its name, so the numbers keep the creature list's order; a deleted
creature's number comes back only if it was the highest. The count of a name starts again at 1
only when no creature of that name is left. A creature of an older file has 0: it counts in the
creature list's order around the stored numbers, and a rule that takes a creature away or renames
one stores every number first (`counted`), so none moves.

Whether the label shows it (ref: Combat setup — "A foe that is the only one of its name in the
fight shows no number. The Nearby tab counts on after the fight, so a second wolf nearby reads
'Wolf 2' beside a lone 'Wolf' in the Active tab"):
- in a fight, from setup on, a combatant shows it when it shares its name in the fight, or has
  since setup opened, or came in numbered (`Combatant.numbered`). A foe alone of its name in setup
  reads "Wolf"; when a second wolf comes in, both show their numbers ("Wolf 1", "Wolf 2"), as the
  reference's "share a name" asks, and keep them until the fight ends, even if one is deleted. A
  joiner keeps the label the Nearby list gave it ("so a foe shows the same label in the panel, the
  dialog, and the fight"): "Wolf 3" joins as "Wolf 3", even alone of its name in the fight;
- outside a fight, a foe of the fight that Start would begin shows it when another of its name is
  among those foes or lies defeated beside the party (so the last goblin standing by its fallen
  stays "Goblin 3"); any other creature shows it when another creature of its name is in the
  campaign, so the last of a name left reads plain again.
When a fight ends, its flags go with it and the labels follow the campaign's count; no number
changes.

Characters have unique names; should two share one, they are numbered by their place in the
party, those in the fight (or the fight Start would begin) first.
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.campaign_view import default_lists  # the fight that Start combat would begin
from combat_tui.systems.dnd5e.model import Campaign, Creature

_cache: list[tuple[tuple, dict[str, str]]] = []
"""(characters, creatures, combatants, party tile) by identity -> labels, newest last: a command
asks for the labels of the state before it and of the one after it, so one entry would thrash."""
_by_names: list[tuple[tuple, dict[str, str]]] = []
"""In a fight, (names, numbers, who is in it) -> labels: damage, chips and turns leave them."""
_KEPT = 4
_last: list[tuple[object, dict[str, str]]] = [(None, {}), (None, {})]
_named = attrgetter("id", "name", "number")
_character_named = attrgetter("id", "name")
_placed = attrgetter("ref", "numbered", "alias")


def labels(state: Campaign) -> dict[str, str]:
    """The label of every character and creature id; cached by what it depends on."""
    for held, result in _last:  # a line asks for the labels of its two states several times
        if held is state:
            return result
    result = _labels(state)
    _last[:] = [_last[-1], (state, result)]
    return result


def _labels(state: Campaign) -> dict[str, str]:
    # The turn and round change every key; the labels depend only on who is in the fight.
    combatants = state.fight.combatants if state.fight is not None else None
    key = (state.characters, state.creatures, combatants, state.party_tile)
    for held, result in reversed(_cache):
        if held[0] is key[0] and held[1] is key[1] and held[2] is key[2] and held[3] is key[3]:
            return result
    names = None
    if combatants is not None:  # outside a fight HP and tiles count too (who would fight, who fell)
        for held, result in reversed(_cache):  # a command replaces a record or two: compare those only
            if (held[2] is not None and _same(held[0], key[0], _character_named) and _same(held[1], key[1], _named)
                    and _same(held[2], key[2], _placed)):  # fmt: skip
                _keep(_cache, key, result)
                return result
        names = (tuple(map(_character_named, state.characters)), tuple(map(_named, state.creatures)),
                 tuple(map(_placed, combatants)))  # fmt: skip
        result = next((result for held, result in reversed(_by_names) if held == names), None)
        if result is not None:
            _keep(_cache, key, result)
            return result
    result = _compute(state)
    _keep(_cache, key, result)
    if names is not None:
        _keep(_by_names, names, result)
    return result


def _same(old: tuple, new: tuple, read) -> bool:
    """Whether `read` gives the same for each record of `old` and `new` (the same record: the same)."""
    if old is new:
        return True
    if len(old) != len(new):
        return False
    for a, b in zip(old, new):
        if a is not b and read(a) != read(b):
            return False
    return True


def _keep(cache: list, key: tuple, result: dict[str, str]) -> None:
    cache.append((key, result))
    if len(cache) > _KEPT:
        del cache[0]


def numbers(state: Campaign) -> dict[str, int]:
    """Every creature's number in the count of its name: stored, or for 0 (an older file) the
    lowest numbers its name has free, in the creature list's order."""
    taken: dict[str, set[int]] = {}
    result: dict[str, int] = {}
    unnumbered: list[Creature] = []
    for creature in state.creatures:
        used = taken.setdefault(_key(creature), set())
        if creature.number > 0 and creature.number not in used:
            used.add(creature.number)
            result[creature.id] = creature.number
        else:  # none yet, or one a hand-edited file gave twice
            unnumbered.append(creature)
    start: dict[str, int] = {}  # the lowest number each name may still have free
    for creature in unnumbered:
        key = _key(creature)
        used, number = taken[key], start.get(key, 1)
        while number in used:
            number += 1
        used.add(number)
        start[key] = number + 1
        result[creature.id] = number
    return result


def counted(state: Campaign) -> Campaign:
    """The campaign with every creature's number stored, before a rule takes one away or renames
    it (a derived number would move with the creature list)."""
    found = numbers(state)
    if all(c.number == found[c.id] for c in state.creatures):
        return state
    return evolve(state, creatures=tuple(evolve(c, number=found[c.id]) if c.number != found[c.id] else c
                                         for c in state.creatures))  # fmt: skip


def next_number(state: Campaign, name: str, but: str = "") -> int:
    """The number the next creature called `name` takes: one after the highest of that name."""
    key = name.casefold()
    found = numbers(state)
    return 1 + max((found[c.id] for c in state.creatures if _key(c) == key and c.id != but), default=0)


def with_joiners(state: Campaign, refs: tuple[str, ...]) -> Campaign:
    """The fight after the creatures `refs` came into it (join, a spawn, a rename): each shows its
    number when another creature of its name is in the campaign (as the Nearby list showed it),
    and every combatant of a name the fight now shares shows its number from now on."""
    fight = state.fight
    named = {c.id: _key(c) for c in state.creatures}
    campaign = Counter(named.values())
    in_fight = Counter(named[c.ref] for c in fight.combatants if c.ref in named)
    entering = {ref for ref in refs if ref in named}
    shared = {named[ref] for ref in entering if in_fight[named[ref]] > 1}
    rows = []
    for row in fight.combatants:
        key = named.get(row.ref)
        if row.ref in entering:
            row = evolve(row, numbered=campaign[key] > 1)
        elif key in shared and not row.numbered:
            row = evolve(row, numbered=True)
        rows.append(row)
    return evolve(state, fight=evolve(fight, combatants=tuple(rows)))


def _key(creature: Creature) -> str:
    return creature.name.casefold()


def _compute(state: Campaign) -> dict[str, str]:
    found = numbers(state)
    everyone = Counter(_key(c) for c in state.creatures)
    fight = state.fight
    would = {c.ref for c in fight.combatants} if fight is not None else _would_fight(state)
    result = _characters(state, would)
    if fight is not None:
        rows = {c.ref: c for c in fight.combatants}
        here = Counter(_key(c) for c in state.creatures if c.id in rows)
        for creature in state.creatures:
            row = rows.get(creature.id)
            if row is not None:
                shown = row.numbered or here[_key(creature)] > 1
            else:
                shown = everyone[_key(creature)] > 1
            result[creature.id] = f"{creature.name} {found[creature.id]}" if shown else creature.name
        return _renamed(fight, result)
    beside = would | _fallen_beside(state)
    here = Counter(_key(c) for c in state.creatures if c.id in beside)
    for creature in state.creatures:
        shared = here if creature.id in would else everyone
        shown = shared[_key(creature)] > 1
        result[creature.id] = f"{creature.name} {found[creature.id]}" if shown else creature.name
    return result


def _renamed(fight, result: dict[str, str]) -> dict[str, str]:
    """A fight name (`rename`, turn_tools.py) replaces the label, unless a label that came later
    shares it: then the plain label shows, so a label still names one creature."""
    aliases = {c.ref: c.alias for c in fight.combatants if c.alias and c.ref in result}
    if aliases:
        taken = {label.casefold() for ref, label in result.items() if ref not in aliases}
        for ref, alias in aliases.items():
            if alias.casefold() not in taken:
                result[ref] = alias
                taken.add(alias.casefold())
    return result


def _characters(state: Campaign, in_fight: set[str]) -> dict[str, str]:
    group = [c for c in state.characters if c.id in in_fight]
    counts = Counter(c.name for c in group)
    everyone = Counter(c.name for c in state.characters)
    seen: Counter = Counter()
    result = {}
    for character in group + [c for c in state.characters if c.id not in in_fight]:
        seen[character.name] += 1
        shared = (counts if character.id in in_fight else everyone)[character.name] > 1
        result[character.id] = f"{character.name} {seen[character.name]}" if shared else character.name
    return result


def _would_fight(state: Campaign) -> set[str]:
    party, foes = default_lists(state)
    return set(party) | set(foes)


def _fallen_beside(state: Campaign) -> set[str]:
    """Defeated hostile creatures on the party's tile or the eight around it."""
    here = state.party_tile
    found = set()
    for creature in state.creatures:
        if creature.hp <= 0 and creature.disposition == "hostile":
            distance = creature.tile.distance(here)
            if distance is not None and distance <= 1:
                found.add(creature.id)
    return found
