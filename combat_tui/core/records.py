"""`frozen`: attrs' frozen records, with one shared `__repr__`, `__eq__` and `__hash__` instead of
ones generated per class; `evolve`: attrs' `evolve`, faster.

attrs writes and compiles the source of each class's methods when the class is made: the repr is
a third of that work and the eq and hash another fifth, and start-up makes some 500 record
classes. So those are left out and every record shares the functions below, which print, compare
and hash what attrs' own would: the fields attrs would use, read with one `attrgetter` per class.

`attrs.evolve` walks a record's fields in Python on every call, and a command evolves a creature
of fifty fields several times; `evolve` reads them all with one `attrgetter` made once per class,
then calls the class as attrs does (by position when it can), so converters and validators run
the same.
"""

from __future__ import annotations

from operator import attrgetter

import attrs

_readers: dict[type, tuple[tuple[str, ...], attrgetter | None, dict[str, int] | None]] = {}
"""Per class: the `__init__` names of its fields, a getter of their values in that order, and
each name's position when `__init__` takes them all by position (no keyword-only field)."""


def evolve(inst, **changes):
    """A copy of the record `inst` with `changes` (by `__init__` name), as `attrs.evolve`."""
    cls = type(inst)
    held = _readers.get(cls)
    if held is None:
        fields = [a for a in attrs.fields(cls) if a.init]
        names = tuple(a.alias for a in fields)
        at = None if any(a.kw_only for a in fields) else {name: i for i, name in enumerate(names)}
        held = _readers[cls] = (names, attrgetter(*(a.name for a in fields)) if fields else None, at)
    names, read, at = held
    if read is None:
        return cls(**changes)
    values = read(inst) if len(names) > 1 else (read(inst),)
    if at is not None and changes.keys() <= at.keys():
        # by position: half the cost of fifty keywords for a creature
        values = list(values)
        for name, value in changes.items():
            values[at[name]] = value
        return cls(*values)
    given = dict(zip(names, values))
    given.update(changes)
    return cls(**given)


def _repr(self) -> str:
    fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)) if a.repr)
    return f"{type(self).__qualname__}({fields})"


def _eq(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = self.__class__._record_eq
    return key(self) == key(other)


def _ne(self, other):
    equal = _eq(self, other)
    return equal if equal is NotImplemented else not equal


def _hash(self) -> int:
    return hash((self.__class__._record_seed, self.__class__._record_hash(self)))


def _getter(names: list[str]):
    if not names:
        return lambda _: ()
    if len(names) == 1:
        name = names[0]
        return lambda record: (getattr(record, name),)
    return attrgetter(*names)


def _compare_as_attrs(cls) -> None:
    """Give `cls` (made with eq=False) the eq and hash attrs makes for a frozen class."""
    fields = attrs.fields(cls)
    if any(a.eq_key is not None for a in fields):
        raise TypeError(f"{cls.__qualname__}: a field with an eq key needs attrs' own eq")
    cls._record_eq = staticmethod(_getter([a.name for a in fields if a.eq]))
    cls._record_hash = staticmethod(_getter([a.name for a in fields if a.hash is True or (a.hash is None and a.eq)]))
    cls._record_seed = hash(cls.__qualname__)
    cls.__eq__, cls.__ne__, cls.__hash__ = _eq, _ne, _hash


_EQ_OPTIONS = frozenset({"eq", "hash", "unsafe_hash", "order", "cache_hash"})
"""Options that ask attrs for its own eq or hash."""


def frozen(maybe_cls=None, **options):
    """`attrs.frozen`, used as `@frozen` or `@frozen(...)`, whose repr is `_repr` and whose eq and
    hash are `_eq` and `_hash` (unless the class or the options ask for their own)."""

    def wrap(cls):
        own_repr = "__repr__" in cls.__dict__ or "repr" in options
        own_eq = "__eq__" in cls.__dict__ or "__hash__" in cls.__dict__ or not _EQ_OPTIONS.isdisjoint(options)
        ours = {**({} if own_repr else {"repr": False}), **({} if own_eq else {"eq": False})}
        made = attrs.frozen(cls, **{**ours, **options})
        made.__frozen_record__ = True  # immutable: equal ones may be one object (`decoded_cache`)
        if not own_repr:
            made.__repr__ = _repr
        if not own_eq:
            _compare_as_attrs(made)
        return made

    return wrap if maybe_cls is None else wrap(maybe_cls)
