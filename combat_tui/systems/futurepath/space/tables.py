"""The space tables, read from `data/space/*.toml` (hulls, the Battle Damage Chart, distance
bands, weapon types, crew function DCs). A GM may edit them; a bad file raises `TableError`
naming the file, the entry and the problem. `load_space_tables(folder)` reads another folder."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from attrs import field

from combat_tui.core.records import frozen
from combat_tui.systems.futurepath.tables import DATA, TableError, read_table

SPACE = DATA / "space"


@frozen
class Hull:
    name: str
    tracking_dc: int
    size_mod: int
    detection_dc: int
    max_damage: int
    military: tuple[int, int]
    civilian: tuple[int, int]


@frozen
class ChartRow:
    roll: int
    dc: int
    name: str
    effect: str
    text: str
    consoles: tuple[str, ...] = ()


@frozen
class Band:
    name: str
    bonus: int
    turns: int


@frozen
class WeaponType:
    name: str
    bonus: int = 0
    reroll_ones: bool = False
    range: str = ""


@frozen
class SpaceTables:
    hulls: tuple[Hull, ...]
    chart: tuple[ChartRow, ...]
    bands: tuple[Band, ...]
    weapons: tuple[WeaponType, ...]
    functions: dict[str, int | str] = field(hash=False)
    hit_die: str = "d6"

    def hull(self, name: str) -> Hull:
        for hull in self.hulls:
            if hull.name == name.casefold():
                return hull
        raise TableError(f"hulls.toml: no hull size '{name}'")

    def step(self, size: str) -> int:
        """The size step, 0 for the largest hull."""
        return self.hulls.index(self.hull(size))

    def row(self, roll: int) -> ChartRow:
        for row in self.chart:
            if row.roll == roll:
                return row
        raise TableError(f"battle_damage.toml: no row for a roll of {roll}")

    def band(self, name: str) -> Band:
        for band in self.bands:
            if band.name == name.casefold():
                return band
        raise TableError(f"distance.toml: no band '{name}'")

    def band_index(self, name: str) -> int:
        return self.bands.index(self.band(name))

    def weapon(self, name: str) -> WeaponType:
        for weapon in self.weapons:
            if weapon.name == name.casefold():
                return weapon
        return WeaponType(name.casefold())

    def dc(self, key: str) -> int:
        return int(self.functions[key])


def _entries(folder: Path, file: str, key: str, make) -> tuple:
    data = read_table(folder, file)
    entries = data.get(key)
    if not isinstance(entries, list) or not entries:
        raise TableError(f"{folder / file}: needs [[{key}]] entries")
    result = []
    for index, entry in enumerate(entries):
        try:
            result.append(make(entry))
        except (KeyError, TypeError, ValueError) as error:
            raise TableError(f"{folder / file}: {key}[{index}] {entry.get('name', '')}: {error}".replace(" :", ":")) from None
    return tuple(result)


def _hull(entry: dict) -> Hull:
    values = {**entry, "name": entry["name"].casefold()}
    for kind in ("military", "civilian"):
        pair = values[kind]
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(n, int) and n >= 0 for n in pair)):
            raise ValueError(f"{kind} is [hard points, bays]")
        values[kind] = tuple(pair)
    return Hull(**values)


def _row(entry: dict) -> ChartRow:
    if not 2 <= entry.get("roll", 0) <= 12:
        raise ValueError("roll is 2 to 12")
    return ChartRow(**{**entry, "consoles": tuple(entry.get("consoles", ()))})


def load_space_tables(folder: Path = SPACE) -> SpaceTables:
    hulls = _entries(folder, "hulls.toml", "hull", _hull)
    chart_data = read_table(folder, "battle_damage.toml")
    chart = _entries(folder, "battle_damage.toml", "row", _row)
    if sorted(row.roll for row in chart) != list(range(2, 13)):
        raise TableError(f"{folder / 'battle_damage.toml'}: needs one row for each roll 2 to 12")
    bands = _entries(folder, "distance.toml", "band", lambda e: Band(**{**e, "name": e["name"].casefold()}))
    weapons = _entries(folder, "weapons.toml", "weapon", lambda e: WeaponType(**{**e, "name": e["name"].casefold()}))
    functions = read_table(folder, "functions.toml")
    return SpaceTables(hulls, chart, bands, weapons, functions, str(chart_data.get("hit_die", "d6")))


@cache
def space_tables() -> SpaceTables:
    """The built-in space tables, read once."""
    return load_space_tables(SPACE)
