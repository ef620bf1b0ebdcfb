"""The text forms of the world around a fight (issue 5, item 1): the party's walk, creatures,
split-off characters."""

from __future__ import annotations

from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import LIMIT, Args, Parsed, one_name
from combat_tui.systems.dnd5e import commands as cmd

DIRECTIONS = {"n": (0, -1), "s": (0, 1), "e": (1, 0), "w": (-1, 0), "ne": (1, -1), "nw": (-1, -1),
              "se": (1, 1), "sw": (-1, 1), "north": (0, -1), "south": (0, 1), "east": (1, 0), "west": (-1, 0),
              "northeast": (1, -1), "northwest": (-1, -1), "southeast": (1, 1), "southwest": (-1, 1)}  # fmt: skip
"""y grows southward, as the map panel draws it."""


def _move(a: Args) -> Parsed:
    words = [w.casefold() for w in a.words]
    if words and words[0] in DIRECTIONS and len(words) <= 2:
        dx, dy = DIRECTIONS[words.pop(0)]
        a.words = a.words[1:]
        steps = a.number("a number of tiles") if a.words else 1
        return Parsed("move", cmd.MoveParty(dx, dy, steps))
    if len(words) == 2:
        width, height = _map_size(a)  # the walk is built tile by tile: a far target would hang it
        x, y = a.number("the x of a tile", 0, width - 1), a.number("the y of a tile", 0, height - 1)
        return Parsed("move", cmd.MovePartyTo(x, y))
    raise CommandRejected(f"Cannot read 'move {' '.join(a.words)}'.", f"Usage: {WORLD_USAGE['move']}")


def _map_size(a: Args) -> tuple[int, int]:
    from combat_tui.systems.dnd5e.world import map_info

    info = map_info(a.state, a.state.party_tile.map)
    return (info.width, info.height) if info is not None else (LIMIT, LIMIT)


def _disposition(a: Args) -> Parsed:
    if not a.words or a.words[-1].casefold() not in ("hostile", "neutral", "friendly"):
        raise CommandRejected("'disposition' ends with hostile, neutral or friendly.", f"Usage: {WORLD_USAGE['disposition']}")
    disposition = a.words.pop().casefold()
    ref = a.name()
    a.none()
    return Parsed("disposition", cmd.SetDisposition(ref, disposition))


def _tile_words(a: Args) -> tuple[str, int, int, str]:
    """(ref, x, y, map id) of `NAME X Y [MAP]`."""
    from combat_tui.systems.dnd5e.world import find_map

    map_text = a.words.pop() if a.words and not a.words[-1].lstrip("-").isdigit() else ""
    if len(a.words) < 3:
        raise CommandRejected(f"'{a.verb}' needs a name, then X and Y.", f"Usage: {a.usage()}")
    y_word, x_word = a.words.pop(), a.words.pop()
    ref = a.name()
    a.none()
    a.words = [x_word, y_word]
    x, y = a.number("the x of a tile"), a.number("the y of a tile")
    return ref, x, y, find_map(a.state, map_text) if map_text else ""


def _place(a: Args) -> Parsed:
    return Parsed("place", cmd.PlaceCreature(*_tile_words(a)))


def _split(a: Args) -> Parsed:
    return Parsed("split", cmd.SplitCharacter(*_tile_words(a)))


def _hp(a: Args) -> Parsed:
    ref = a.name(leave=1)
    hp = a.number("an HP value")
    a.none()
    return Parsed("hp", cmd.SetCreatureHp(ref, hp))


WORLD_VERBS: dict[str, Callable[[Args], Parsed]] = {
    "move": _move,
    "disposition": _disposition,
    "place": _place,
    "hp": _hp,
    "delete": one_name("delete", cmd.DeleteCreature),
    "split": _split,
    "rejoin": one_name("rejoin", cmd.RejoinParty),
}
WORLD_USAGE = {
    "move": "move DIR [TILES] | move X Y",
    "disposition": "disposition NAME hostile|neutral|friendly",
    "place": "place NAME X Y [MAP]",
    "hp": "hp NAME HP",
    "delete": "delete NAME",
    "split": "split NAME X Y [MAP]",
    "rejoin": "rejoin NAME",
}  # fmt: skip
COMPASS = {step: word for word, step in DIRECTIONS.items() if len(word) <= 2}
