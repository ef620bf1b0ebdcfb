"""Events of a GM's own table brought in (issue 13): spawns, edits, templates, characters."""

from __future__ import annotations

from combat_tui.core.maps import Tile
from combat_tui.core.records import frozen


@frozen
class CreaturesSpawned:
    refs: tuple[str, ...]
    name: str
    tile: Tile
    hp: tuple[str, ...] = ()
    """Each one's HP as a log shows it (`11`, or `2d8+2: 7 + 2 = 9` when rolled)."""


@frozen
class ActorEdited:
    ref: str
    fields: tuple[str, ...]
    """The labels of the fields that changed."""


@frozen
class TemplateSaved:
    name: str
    replaced: bool = False
    ref: str = ""


@frozen
class TemplateEdited:
    name: str
    fields: tuple[str, ...]


@frozen
class TemplateDeleted:
    name: str


@frozen
class TemplatesImported:
    names: tuple[str, ...]
    source: str = ""


@frozen
class CharacterAdded:
    ref: str


@frozen
class CharactersImported:
    refs: tuple[str, ...]
    source: str = ""


@frozen
class CharacterDeleted:
    ref: str
    name: str


@frozen
class LevelGained:
    ref: str
    class_name: str
    level: int
    """The new level in that class."""
    total: int
    hp_gain: int


@frozen
class ItemEquipped:
    ref: str
    item: str
    replaced: str = ""
    """Body armor taken off for it (it goes to the inventory)."""


@frozen
class ItemUnequipped:
    ref: str
    item: str


@frozen
class CustomSpellSaved:
    name: str
    replaced: str = ""
    """The custom spell it replaced: its own name, or the old name of a rename; empty for a new one."""


@frozen
class CustomSpellDeleted:
    name: str
