"""Distance bands between two ships (notes §2.13): Short ... Astronomical; the default is Medium."""

from __future__ import annotations

from combat_tui.core.records import evolve
from combat_tui.systems.futurepath.space.model import SpaceFight
from combat_tui.systems.futurepath.space.tables import space_tables

DEFAULT = "medium"


def _key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def band_of(space: SpaceFight, a: str, b: str) -> str:
    wanted = _key(a, b)
    for x, y, band, _ in space.distances:
        if (x, y) == wanted:
            return band
    return DEFAULT


def progress_of(space: SpaceFight, a: str, b: str) -> int:
    wanted = _key(a, b)
    return next((p for x, y, _, p in space.distances if (x, y) == wanted), 0)


def set_band(space: SpaceFight, a: str, b: str, band: str, progress: int = 0) -> SpaceFight:
    x, y = _key(a, b)
    rest = tuple(d for d in space.distances if (d[0], d[1]) != (x, y))
    return evolve(space, distances=rest + ((x, y, band, progress),))


def move(space: SpaceFight, a: str, b: str, step: int) -> tuple[SpaceFight, str, int, int]:
    """One successful Helm round toward (step -1) or away (+1): the band changes once enough
    rounds have gone into it (Short<->Medium 1, Medium<->Long 1, Long<->Huge 2, ...)."""
    tables = space_tables()
    names = [band.name for band in tables.bands]
    here = names.index(band_of(space, a, b))
    there = here + step
    if not 0 <= there < len(names):
        return space, names[here], 0, 0
    needed = tables.bands[min(here, there)].turns
    progress = progress_of(space, a, b) + 1
    if progress >= needed:
        return set_band(space, a, b, names[there]), names[there], 0, 0
    return set_band(space, a, b, names[here], progress), names[here], progress, needed


def in_range(weapon_range: str, band: str) -> bool:
    if not weapon_range:
        return True
    tables = space_tables()
    return tables.band_index(band) <= tables.band_index(weapon_range)
