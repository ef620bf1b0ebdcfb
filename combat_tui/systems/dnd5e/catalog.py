"""Where the text forms and the rules find a library creature, item or spell by name.

The system stays pure and knows no library: the app (and the script runner) installs the
lookups of `combat_tui/library` here at start-up. A campaign's own templates come first, and
the app's own spells (`data/spells.py`) before the library's.
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import evolve

from combat_tui.systems.dnd5e.data.spells import SPELLS, Spell
from combat_tui.systems.dnd5e.data.spells import find_spell as own_spell
from combat_tui.systems.dnd5e.model import Armor, Campaign, Creature, Weapon

CreatureLookup = Callable[[str], Creature | None]
ItemLookup = Callable[[str], Weapon | Armor | None]
SpellLookup = Callable[[str], Spell | None]
SpellNames = Callable[[], tuple[str, ...]]
LOOKUPS: dict[str, Callable] = {}
"""`creature`, `item` and `spell`, each the library's finder by name (case-insensitive), and
`spell_names`, the library's spell names."""


def install(creature: CreatureLookup | None = None, item: ItemLookup | None = None,
            spell: SpellLookup | None = None, spell_names: SpellNames | None = None) -> None:  # fmt: skip
    for key, lookup in (("creature", creature), ("item", item), ("spell", spell), ("spell_names", spell_names)):
        if lookup is not None:
            LOOKUPS[key] = lookup


def template(state: Campaign, name: str) -> Creature | None:
    wanted = name.casefold()
    return next((t for t in state.templates if t.name.casefold() == wanted), None)


def find_creature(state: Campaign, name: str) -> Creature | None:
    """A template of the campaign called `name`, else the library's creature of that name."""
    found = template(state, name)
    if found is not None:
        return found
    lookup = LOOKUPS.get("creature")
    return lookup(name) if lookup is not None else None


def find_item(name: str) -> Weapon | Armor | None:
    lookup = LOOKUPS.get("item")
    return lookup(name) if lookup is not None else None


def find_spell(name: str) -> Spell | None:
    """The app's own spell called `name` (its rules are tested), else the library's. An own
    spell that leaves its casting time at the default takes the library's (Healing Word: a bonus
    action)."""
    found = own_spell(name)
    lookup = LOOKUPS.get("spell")
    if found is None:
        return lookup(" ".join(name.split())) if lookup is not None else None
    if (found.casting, found.casting_amount) != ("action", 1) or lookup is None:
        return found
    srd = lookup(found.name)
    if srd is None or (srd.casting, srd.casting_amount) == ("action", 1):
        return found
    return evolve(found, casting=srd.casting, casting_amount=srd.casting_amount)


def spell_names() -> tuple[str, ...]:
    """Every spell the cast can find, sorted: the app's own and the library's."""
    lookup = LOOKUPS.get("spell_names")
    names = {spell.name.casefold(): spell.name for spell in SPELLS.values()}
    for name in lookup() if lookup is not None else ():
        names.setdefault(name.casefold(), name)
    return tuple(sorted(names.values(), key=str.casefold))
