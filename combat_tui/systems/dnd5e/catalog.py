"""Where the text forms find a library creature or item by name.

The system stays pure and knows no library: the app (and the script runner) installs the
lookups of `combat_tui/library` here at start-up. A campaign's own templates come first.
"""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.systems.dnd5e.model import Armor, Campaign, Creature, Weapon

CreatureLookup = Callable[[str], Creature | None]
ItemLookup = Callable[[str], Weapon | Armor | None]
LOOKUPS: dict[str, Callable] = {}
"""`creature` and `item`, each the library's finder by name (case-insensitive)."""


def install(creature: CreatureLookup | None = None, item: ItemLookup | None = None) -> None:
    if creature is not None:
        LOOKUPS["creature"] = creature
    if item is not None:
        LOOKUPS["item"] = item


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
