"""The FuturePath tables, read from the data files beside this module (data/*.toml).

A GM may edit those files: the wiki's pages disagree (notes §2.14), so nothing here is a
constant. A bad file raises `TableError` naming the file, the entry and the problem.
`load_tables(folder)` reads another folder of the same files (a GM's edited copy).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from attrs import field

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import parse_dice
from combat_tui.core.records import frozen

DATA = Path(__file__).resolve().parent / "data"
ROLL_KINDS = frozenset(
    ("all", "attack", "melee", "ranged", "save", "skill", "initiative", "perception",
     "str", "dex", "con", "int", "wis", "cha")
)  # fmt: skip
_CONDITION_KEYS = frozenset(
    ("name", "track", "step", "aliases", "dice", "flat", "no_advantage", "loses_dex", "cannot_act",
     "cannot_attack", "cannot_move", "helpless", "attackers", "rounds", "dot", "dot_type",
     "dot_ignores_dr", "no_extra_damage", "half_speed", "no_run", "speed_cap", "note")
)  # fmt: skip


class TableError(ValueError):
    """A data file that cannot be used: `file: entry: problem`."""


@frozen
class ConditionRule:
    """One entry of the condition catalogue (conditions.toml)."""

    name: str
    track: str = ""
    step: int = 0
    aliases: tuple[str, ...] = ()
    dice: tuple[tuple[str, int], ...] = ()
    flat: tuple[tuple[str, int], ...] = ()
    no_advantage: bool = False
    loses_dex: bool = False
    cannot_act: bool = False
    cannot_attack: bool = False
    cannot_move: bool = False
    helpless: bool = False
    attackers: int = 0
    rounds: int = 0
    dot: str = ""
    dot_type: str = ""
    dot_ignores_dr: bool = False
    no_extra_damage: bool = False
    half_speed: bool = False
    no_run: bool = False
    """Walk speed only: no running, so no Run speed in combat either."""
    speed_cap: int = 0
    """The most feet a move may cover (Overloaded: 5); 0 for no cap."""
    note: str = ""


@frozen
class ActionRule:
    """One entry of the action menu (actions.toml)."""

    name: str
    slot: str
    category: str = ""
    rolls: bool = False
    grenade: bool = False
    also: str = ""
    aliases: tuple[str, ...] = ()
    changes: bool = False
    """A Free action that changes a state (drop an object, drop prone): once per thing a turn."""


@frozen
class PathRow:
    advantage_die_level: tuple[int, ...]
    extra_damage_levels: tuple[int, ...]


@frozen
class Tables:
    advantage_die: dict[int, str] = field(hash=False)
    paths: dict[str, PathRow] = field(hash=False)
    conditions: tuple[ConditionRule, ...]
    defaults: dict[str, dict[str, str]] = field(hash=False)
    actions: tuple[ActionRule, ...] = ()

    def action(self, name: str) -> ActionRule | None:
        wanted = name.casefold()
        for rule in self.actions:
            if rule.name == wanted or wanted in rule.aliases:
                return rule
        return None

    def condition(self, name: str) -> ConditionRule | None:
        """The catalogue entry of a name or alias, any case; None for a custom condition."""
        wanted = name.casefold()
        for rule in self.conditions:
            if rule.name.casefold() == wanted or wanted in (alias.casefold() for alias in rule.aliases):
                return rule
        return None

    def track(self, track: str) -> tuple[ConditionRule, ...]:
        return tuple(sorted((r for r in self.conditions if r.track == track), key=lambda r: r.step))

    def path(self, name: str) -> PathRow:
        return self.paths.get(name.casefold(), self.paths["default"])


def read_table(folder: Path, name: str) -> dict:
    file = folder / name
    try:
        with file.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise TableError(f"{file}: cannot be read ({error.strerror or error})") from None
    except tomllib.TOMLDecodeError as error:
        raise TableError(f"{file}: {error}") from None


def _advantage_die(folder: Path) -> dict[int, str]:
    file = folder / "advantage_die.toml"
    levels = read_table(folder, "advantage_die.toml").get("levels")
    if not isinstance(levels, dict) or not levels:
        raise TableError(f"{file}: needs a [levels] table of die level = dice expression")
    result = {}
    for key, expr in levels.items():
        if not key.isdigit() or not 1 <= int(key) <= 99:
            raise TableError(f"{file}: levels.{key}: a die level is a whole number from 1")
        try:
            parse_dice(str(expr))
        except CommandRejected as error:
            raise TableError(f"{file}: levels.{key}: {error.reason}") from None
        result[int(key)] = str(expr)
    return result


def _paths(folder: Path, die_levels: dict[int, str]) -> dict[str, PathRow]:
    file = folder / "paths.toml"
    paths = read_table(folder, "paths.toml").get("paths")
    if not isinstance(paths, dict) or "default" not in paths:
        raise TableError(f"{file}: needs a [paths.default] table")
    result = {}
    for name, row in paths.items():
        where = f"{file}: paths.{name}"
        levels = row.get("advantage_die_level")
        ed = row.get("extra_damage_levels", [])
        if not isinstance(levels, list) or len(levels) != 20:
            raise TableError(f"{where}.advantage_die_level: give 20 die levels, one per character level")
        for level in levels:
            if level not in die_levels:
                raise TableError(f"{where}.advantage_die_level: {level} is not a level of advantage_die.toml")
        if not isinstance(ed, list) or not all(isinstance(n, int) and 1 <= n <= 20 for n in ed):
            raise TableError(f"{where}.extra_damage_levels: give character levels from 1 to 20")
        result[name.casefold()] = PathRow(tuple(levels), tuple(sorted(ed)))
    return result


def _conditions(folder: Path) -> tuple[ConditionRule, ...]:
    file = folder / "conditions.toml"
    entries = read_table(folder, "conditions.toml").get("condition")
    if not isinstance(entries, list) or not entries:
        raise TableError(f"{file}: needs [[condition]] entries")
    result = []
    for index, entry in enumerate(entries):
        where = f"{file}: condition[{index}]"
        if not isinstance(entry.get("name"), str) or not entry["name"].strip():
            raise TableError(f"{where}: every condition needs a name")
        where = f"{file}: {entry['name']}"
        unknown = set(entry) - _CONDITION_KEYS
        if unknown:
            raise TableError(f"{where}: unknown field {sorted(unknown)[0]!r}")
        values = dict(entry)
        for key in ("dice", "flat"):
            table = values.get(key, {})
            if not isinstance(table, dict):
                raise TableError(f"{where}: {key} is a table of roll kind = number")
            for kind, number in table.items():
                if kind not in ROLL_KINDS:
                    raise TableError(f"{where}: {key}.{kind}: not a roll kind ({', '.join(sorted(ROLL_KINDS))})")
                if not isinstance(number, int):
                    raise TableError(f"{where}: {key}.{kind}: {number!r} is not a whole number")
            values[key] = tuple(table.items())
        values["aliases"] = tuple(values.get("aliases", ()))
        if values.get("dot"):
            try:
                parse_dice(values["dot"])
            except CommandRejected as error:
                raise TableError(f"{where}: dot: {error.reason}") from None
        try:
            result.append(ConditionRule(**values))
        except TypeError as error:
            raise TableError(f"{where}: {error}") from None
    return tuple(result)


def _defaults(folder: Path) -> dict[str, dict[str, str]]:
    return {key: dict(value) for key, value in read_table(folder, "defaults.toml").items()}


def _actions(folder: Path) -> tuple[ActionRule, ...]:
    file = folder / "actions.toml"
    result = []
    for index, entry in enumerate(read_table(folder, "actions.toml").get("action", [])):
        where = f"{file}: action[{index}] {entry.get('name', '')}".rstrip()
        if entry.get("slot") not in ("free", "simple", "standard", "bonus"):
            raise TableError(f"{where}: slot is free, simple, standard or bonus")
        if entry.get("category", "") not in ("", "move", "attack", "technique", "item"):
            raise TableError(f"{where}: category is move, attack, technique or item")
        if entry["slot"] in ("standard", "bonus") and not entry.get("category"):
            raise TableError(f"{where}: a {entry['slot']} action needs a category")
        try:
            values = {**entry, "name": entry["name"].casefold(),
                      "aliases": tuple(a.casefold() for a in entry.get("aliases", ()))}  # fmt: skip
            result.append(ActionRule(**values))
        except (KeyError, TypeError) as error:
            raise TableError(f"{where}: {error}") from None
    return tuple(result)


def load_tables(folder: Path = DATA) -> Tables:
    die = _advantage_die(folder)
    return Tables(die, _paths(folder, die), _conditions(folder), _defaults(folder), _actions(folder))


@cache
def tables() -> Tables:
    """The built-in tables, read once."""
    return load_tables(DATA)
