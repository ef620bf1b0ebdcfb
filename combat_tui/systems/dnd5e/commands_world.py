"""The 5e commands of the world around a fight (issue 5, item 1): the party's walk, creatures on
the map, characters split off."""

from __future__ import annotations

from typing import ClassVar, Literal

from combat_tui.core.records import frozen


@frozen
class MoveParty:
    """Walk the party `steps` tiles in one direction (`dx`, `dy` each -1, 0 or 1; y grows south)."""

    kind: ClassVar[str] = "move"
    dx: int
    dy: int
    steps: int = 1


@frozen
class MovePartyTo:
    """Walk the party tile by tile to `x`, `y` on its map (diagonal steps first)."""

    kind: ClassVar[str] = "move-to"
    x: int
    y: int


@frozen
class SetDisposition:
    kind: ClassVar[str] = "disposition"
    ref: str
    disposition: Literal["hostile", "neutral", "friendly"]


@frozen
class PlaceCreature:
    """Put a creature on a tile; an empty `map` keeps its map."""

    kind: ClassVar[str] = "place"
    ref: str
    x: int
    y: int
    map: str = ""


@frozen
class SetCreatureHp:
    """The creature dialog's HP field: the GM sets the HP, no damage rule applies."""

    kind: ClassVar[str] = "hp"
    ref: str
    hp: int


@frozen
class DeleteCreature:
    kind: ClassVar[str] = "delete"
    ref: str


@frozen
class SplitCharacter:
    """Split a character off from the party to a tile (an empty `map`: the party's map)."""

    kind: ClassVar[str] = "split"
    ref: str
    x: int
    y: int
    map: str = ""


@frozen
class RejoinParty:
    kind: ClassVar[str] = "rejoin"
    ref: str


WORLD_COMMANDS = (MoveParty, MovePartyTo, SetDisposition, PlaceCreature, SetCreatureHp, DeleteCreature,
                  SplitCharacter, RejoinParty)  # fmt: skip
"""Outside the `Command` union: `commands.KINDS` registers them by kind after it."""
