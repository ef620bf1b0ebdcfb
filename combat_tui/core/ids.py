"""Records found by id in constant time: a position index per tuple of records.

A campaign's characters, creatures or actors are a tuple of frozen records with an `id`. Rules
look them up many times per command (a turn boundary asks for every combatant), and a linear
scan per lookup makes a turn quadratic in the number of combatants. The index maps each id to
the position of its first record, and is cached by the identity of the tuple it was built from
(the cache holds that tuple, so the identity cannot be reused while the entry lives). A tuple
that replaces one record by another of the same id keeps every position, so it shares the
index (`reindex`): a change of one actor costs no rebuild.
"""

from __future__ import annotations

from collections.abc import Sequence

CACHED = 32
"""Tuples remembered: the states of a command and the few before it; older ones are rebuilt."""
_cache: dict[int, tuple[tuple, dict[str, int]]] = {}


def index_of(items: tuple) -> dict[str, int]:
    """id -> position of its first record in `items`."""
    entry = _cache.get(id(items))
    if entry is not None and entry[0] is items:
        return entry[1]
    positions: dict[str, int] = {}
    for position, item in enumerate(items):
        positions.setdefault(item.id, position)
    _remember(items, positions)
    return positions


def find(items: tuple, ref: str):
    """The first record of `items` whose id is `ref`, or None."""
    if len(items) < 8 or type(items) is not tuple:  # a scan is cheaper than the cache for a handful
        for item in items:
            if item.id == ref:
                return item
        return None
    position = index_of(items).get(ref)
    return None if position is None else items[position]


def replaced(items: tuple, new) -> tuple:
    """`items` with the first record of `new.id` replaced by `new` (KeyError if there is none);
    the new tuple shares the index of the old one."""
    position = index_of(items).get(new.id) if len(items) >= 8 and type(items) is tuple else _scan(items, new.id)
    if position is None:
        raise KeyError(new.id)
    result = items[:position] + (new,) + items[position + 1 :]
    reindex(items, result)
    return result


def reindex(old: Sequence, new: tuple) -> None:
    """Let `new` share the index of `old`: the same ids at the same positions."""
    entry = _cache.get(id(old))
    if entry is not None and entry[0] is old:
        _remember(new, entry[1])


def _scan(items: tuple, ref: str) -> int | None:
    for position, item in enumerate(items):
        if item.id == ref:
            return position
    return None


def _remember(items: tuple, positions: dict[str, int]) -> None:
    _cache.pop(id(items), None)
    _cache[id(items)] = (items, positions)
    if len(_cache) > CACHED:
        del _cache[next(iter(_cache))]
