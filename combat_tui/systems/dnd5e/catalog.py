"""Where the text forms and the rules find a library creature, item or spell by name.

The system stays pure and knows no library: the app (and the script runner) installs the
lookups of `combat_tui/library` here at start-up. A campaign's own templates and custom spells
come first, and the app's own spells (`data/spells.py`) before the library's.
"""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.custom_spell import CustomSpell, as_spell
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
    srd = lookup(found.name) if lookup is not None else None
    if srd is None:
        return found
    return _lent(found, srd)


_LENT: dict[tuple[str, str], Spell] = {}


def _lent(found: Spell, srd: Spell) -> Spell:
    """The own record with what it leaves at the default taken from the library's: the casting
    time, and the school, components and duration it shows (the school decides an evoker's
    features); kept, since the lookup runs on every cast."""
    key = (found.name, srd.name)
    if key not in _LENT:
        changes: dict = {}
        if (found.casting, found.casting_amount) == ("action", 1) and (srd.casting, srd.casting_amount) != ("action", 1):
            changes.update(casting=srd.casting, casting_amount=srd.casting_amount)
        for name in ("school", "components", "duration"):
            if not getattr(found, name) and getattr(srd, name):
                changes[name] = getattr(srd, name)
        _LENT[key] = evolve(found, **changes) if changes else found
    return _LENT[key]


def custom_spell(state: Campaign, name: str) -> CustomSpell | None:
    """The campaign's own spell called `name` (case and spacing aside), or None."""
    wanted = " ".join(name.split()).casefold()
    return next((s for s in state.custom_spells if s.name.casefold() == wanted), None)


def spell_of(state: Campaign | None, name: str) -> Spell | None:
    """The spell a cast in this campaign finds: its custom spell of that name first (it wins
    over the catalog, so a GM can re-number a built-in one), else `find_spell`."""
    found = custom_spell(state, name) if state is not None else None
    return as_spell(found) if found is not None else find_spell(name)


def spell_known(state: Campaign | None, name: str) -> bool:
    """Whether a cast in this campaign finds `name`: `spell_of`'s answer without building the
    record, so a load's check does not read the library for the spells the app has itself."""
    if (state is not None and custom_spell(state, name) is not None) or own_spell(name) is not None:
        return True
    return find_spell(name) is not None


def spell_names() -> tuple[str, ...]:
    """Every spell the cast can find, sorted: the app's own and the library's."""
    lookup = LOOKUPS.get("spell_names")
    names = {spell.name.casefold(): spell.name for spell in SPELLS.values()}
    for name in lookup() if lookup is not None else ():
        names.setdefault(name.casefold(), name)
    return tuple(sorted(names.values(), key=str.casefold))
