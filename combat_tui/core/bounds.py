"""Ranges for every whole number of a record: the load checks of each rule system, the forms and
the imports refuse a number outside its field's bound with the same words.

A bounds table maps a record class to {field: (low, high, noun)}; a field with no entry gets
`WIDE`. The walk goes into tuples and nested attrs records, and caches its plan per class.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import get_args, get_type_hints

import attrs

Bound = tuple[int, int, str]
WIDE: Bound = (-(10**9), 10**9, "")


def out_of_range(
    record: object, bounds: Mapping[type, Mapping[str, Bound]], path: str, only: tuple[str, ...] = ()
) -> list[tuple[str, str]]:
    """Every whole number of a record (of its fields `only`, if given), at any depth, outside its bound."""
    problems = []
    for name, bound, plain in _plan(type(record), bounds):
        if only and name not in only:
            continue
        value = getattr(record, name)
        if plain:  # an int field: the common case, kept short (a campaign has thousands)
            if value is not None and not bound[0] <= value <= bound[1]:
                problems += bound_problem(value, bound, f"{path}.{name}" if path else name)
        else:
            problems += _numbers(value, bound, bounds, f"{path}.{name}" if path else name)
    return problems


def _numbers(value: object, bound: Bound, bounds: Mapping[type, Mapping[str, Bound]], where: str) -> list[tuple[str, str]]:
    if type(value) is int:
        return bound_problem(value, bound, where)
    if isinstance(value, tuple):
        return [problem for index, item in enumerate(value) for problem in _numbers(item, bound, bounds, f"{where}[{index}]")]
    if attrs.has(type(value)):
        return out_of_range(value, bounds, where)
    return []


def bound_problem(value: int, bound: Bound, where: str) -> list[tuple[str, str]]:
    low, high, noun = bound
    if low <= value <= high:
        return []
    return [(where, f"{number_text(value)} is not {noun + ' ' if noun else ''}from {low} to {high}")]


_PLANS: dict[tuple[type, int], tuple[tuple[str, Bound, bool], ...]] = {}


def _plan(cls: type, bounds: Mapping[type, Mapping[str, Bound]]) -> tuple[tuple[str, Bound, bool], ...]:
    """(field, bound, a plain int?) of the fields that can hold a number or a record: the walk
    skips plain text and flags."""
    key = (cls, id(bounds))
    if key not in _PLANS:
        hints, table = get_type_hints(cls), bounds.get(cls, {})
        _PLANS[key] = tuple((field.name, table.get(field.name, WIDE), _plain_int(hints[field.name]))
                            for field in attrs.fields(cls) if _may_hold_number(hints[field.name]))  # fmt: skip
    return _PLANS[key]


def _plain_int(hint: object) -> bool:
    return hint is int or bool(get_args(hint)) and all(arg is int or arg is type(None) for arg in get_args(hint))


def _may_hold_number(hint: object) -> bool:
    return hint is int or attrs.has(hint) or any(_may_hold_number(arg) for arg in get_args(hint))


def number_text(value: int) -> str:
    """A number as a message shows it; a hostile one of thousands of digits is not printed whole."""
    return str(value) if value.bit_length() < 64 else f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"


def shown(text: str) -> str:
    """A text as a message quotes it, cut short: a hand edit can hold a name of a million characters."""
    return text if len(text) <= 60 else text[:60] + "..."
