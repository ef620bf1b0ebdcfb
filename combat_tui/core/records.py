"""`frozen`: attrs' frozen records, with one shared `__repr__` instead of one generated per class;
`evolve`: attrs' `evolve`, faster.

attrs writes and compiles the source of each class's methods when the class is made; the repr is a
third of that work, and start-up makes some 500 record classes, so it is left out and every record
shares the function below, which prints what attrs' own repr prints.

`attrs.evolve` walks a record's fields in Python on every call, and a command evolves a creature
of fifty fields several times; `evolve` reads them all with one `attrgetter` made once per class,
then calls the class as attrs does, so converters and validators run the same.
"""

from __future__ import annotations

from operator import attrgetter

import attrs

_readers: dict[type, tuple[tuple[str, ...], attrgetter | None]] = {}
"""Per class: the `__init__` names of its fields, and a getter of their values in that order."""


def evolve(inst, **changes):
    """A copy of the record `inst` with `changes` (by `__init__` name), as `attrs.evolve`."""
    cls = type(inst)
    held = _readers.get(cls)
    if held is None:
        fields = [a for a in attrs.fields(cls) if a.init]
        names = tuple(a.alias for a in fields)
        held = _readers[cls] = (names, attrgetter(*(a.name for a in fields)) if fields else None)
    names, read = held
    if read is None:
        return cls(**changes)
    values = read(inst)
    given = dict(zip(names, values if len(names) > 1 else (values,)))
    given.update(changes)
    return cls(**given)


def _repr(self) -> str:
    fields = ", ".join(f"{a.name}={getattr(self, a.name)!r}" for a in attrs.fields(type(self)) if a.repr)
    return f"{type(self).__qualname__}({fields})"


def frozen(maybe_cls=None, **options):
    """`attrs.frozen`, used as `@frozen` or `@frozen(...)`, whose repr is `_repr`."""

    def wrap(cls):
        own = "__repr__" in cls.__dict__ or options.get("repr") is False
        made = attrs.frozen(cls, **{"repr": False, **options}) if "repr" not in options else attrs.frozen(cls, **options)
        if not own and "repr" not in options:
            made.__repr__ = _repr
        return made

    return wrap if maybe_cls is None else wrap(maybe_cls)
