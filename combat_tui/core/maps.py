"""The grid a campaign's people stand on: maps and tiles.

Both systems' campaign files hold maps and the party's tile (the samples do, and a new campaign
starts with one map), so the records are the kernel's; the rules that walk them (encounters,
the nearby range, splitting the party) are a system's (`systems/dnd5e/world.py`).
"""

from __future__ import annotations

from combat_tui.core.records import frozen


@frozen
class Tile:
    """A square of a map; distances are counted in tiles, diagonals count one (5e grid)."""

    map: str
    x: int
    y: int

    def distance(self, other: Tile) -> int | None:
        """Tiles between two squares, or None when they lie on different maps."""
        if self.map != other.map:
            return None
        return max(abs(self.x - other.x), abs(self.y - other.y))


@frozen
class MapInfo:
    id: str
    name: str
    width: int = 20
    height: int = 20
