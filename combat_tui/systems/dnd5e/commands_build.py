"""The 5e commands that bring a GM's own table in (issue 13): creatures spawned from the library
or made by hand, templates, characters made, edited and levelled, and equipment.

A spawn carries the whole creature record it spawns, so a journal replays the same creature
whatever library version reads it later.
"""

from __future__ import annotations

from typing import ClassVar

from combat_tui.core.maps import Tile
from combat_tui.core.records import frozen
from combat_tui.systems.dnd5e.model import Armor, Character, Creature, Weapon

Changes = tuple[tuple[str, str], ...]
"""(field, text) pairs of a form or of `edit NAME FIELD=VALUE ...` (editing.py)."""


@frozen
class SpawnCreatures:
    """`count` copies of a library creature onto `tile` (None: the party's tile); in a setup or a
    running fight they join it and roll initiative. `rolled`: HP from the hit dice, each its own."""

    kind: ClassVar[str] = "spawn"
    creature: Creature
    count: int = 1
    tile: Tile | None = None
    rolled: bool = False


@frozen
class AddCreature:
    """A creature made by hand in the creature form: a blank one with these fields."""

    kind: ClassVar[str] = "creature-add"
    name: str
    changes: Changes = ()
    tile: Tile | None = None


@frozen
class EditActor:
    """Change fields of a character or a creature; all apply or none does."""

    kind: ClassVar[str] = "edit"
    ref: str
    changes: Changes


@frozen
class SaveTemplate:
    """Save a creature as a template (its actions kept), under `name` or its own name."""

    kind: ClassVar[str] = "template-save"
    ref: str
    name: str = ""


@frozen
class EditTemplate:
    kind: ClassVar[str] = "template-edit"
    name: str
    changes: Changes


@frozen
class DeleteTemplate:
    kind: ClassVar[str] = "template-delete"
    name: str


@frozen
class ImportTemplates:
    """Creatures read from a shared file become templates (a same-named one is replaced)."""

    kind: ClassVar[str] = "template-import"
    creatures: tuple[Creature, ...]
    source: str = ""
    """The file they came from, for the log line."""


@frozen
class ImportCharacters:
    """Characters read from a shared party file join the party on its tile, with fresh ids."""

    kind: ClassVar[str] = "character-import"
    characters: tuple[Character, ...]
    source: str = ""


@frozen
class AddCharacter:
    kind: ClassVar[str] = "character-add"
    name: str
    changes: Changes = ()


@frozen
class DeleteCharacter:
    kind: ClassVar[str] = "character-delete"
    ref: str


@frozen
class LevelUp:
    """One more level in `class_name` (empty: the character's first class), then every number
    that depends on level is derived again."""

    kind: ClassVar[str] = "levelup"
    ref: str
    class_name: str = ""
    subclass: str = ""


@frozen
class Equip:
    """A weapon, body armor or a shield onto a character or creature (exactly one is set)."""

    kind: ClassVar[str] = "equip"
    ref: str
    weapon: Weapon | None = None
    armor: Armor | None = None


@frozen
class Unequip:
    kind: ClassVar[str] = "unequip"
    ref: str
    item: str


@frozen
class SaveSpell:
    """Save a custom spell in the campaign from the spell form's fields (spellbook.py); one of the
    same name is replaced whole. `was`: the custom spell it replaces under another name (a rename)."""

    kind: ClassVar[str] = "spell-save"
    name: str
    changes: Changes = ()
    was: str = ""


@frozen
class DeleteSpell:
    kind: ClassVar[str] = "spell-delete"
    name: str


BUILD_COMMANDS = (SpawnCreatures, AddCreature, EditActor, SaveTemplate, EditTemplate, DeleteTemplate,
                  ImportTemplates, ImportCharacters, AddCharacter, DeleteCharacter, LevelUp, Equip, Unequip,
                  SaveSpell, DeleteSpell)  # fmt: skip
