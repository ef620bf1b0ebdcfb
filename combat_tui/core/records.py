"""`frozen`: attrs' frozen records, with one shared `__repr__` instead of one generated per class.

attrs writes and compiles the source of each class's methods when the class is made; the repr is a
third of that work, and start-up makes some 500 record classes, so it is left out and every record
shares the function below, which prints what attrs' own repr prints.
"""

from __future__ import annotations

import attrs


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
