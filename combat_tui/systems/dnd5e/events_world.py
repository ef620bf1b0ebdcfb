"""Events of the world around a fight (issue 5, item 1): the party's walk, creatures on the map."""

from __future__ import annotations

from combat_tui.core.maps import Tile
from combat_tui.core.records import frozen


@frozen
class PartyMoved:
    start: Tile
    end: Tile
    steps: int
    joined: tuple[str, ...] = ()
    """Split-off characters the party walked onto: they are with it again."""


@frozen
class EncounterFound:
    """The party stopped next to live hostile creatures, with no fight running: Encounter!"""

    foes: tuple[str, ...]


@frozen
class FightOutOfRange:
    """ref: Ending a fight — no creature of the fight near the party, no hostile one in range."""

    nearby_range: int


@frozen
class DispositionSet:
    ref: str
    old: str
    new: str


@frozen
class CreaturePlaced:
    ref: str
    old: Tile
    new: Tile


@frozen
class CreatureHpSet:
    ref: str
    old: int
    new: int


@frozen
class CreatureDeleted:
    ref: str
    name: str
    tile: Tile


@frozen
class CharacterSplit:
    ref: str
    tile: Tile


@frozen
class CharacterRejoined:
    ref: str
    tile: Tile
