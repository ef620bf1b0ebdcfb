"""What the kernel knows of commands: how a rule refuses one, and a system's table of kinds.

A command is a frozen attrs record with a `kind` class variable (DESIGN.md §2); each rule system
defines its own and lists them in a `CommandKinds` table, so the journal can read them back.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping


class CommandRejected(Exception):
    """A command that cannot run; `reason` is a sentence a GM reads, `detail` says more."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.detail = detail

    def __str__(self) -> str:
        return f"{self.reason} {self.detail}".strip()


class CommandKinds(Mapping[str, type]):
    """A rule system's command classes by their `kind` tag; a kind names one class."""

    def __init__(self, *types: type) -> None:
        self._by_kind: dict[str, type] = {}
        self.add(*types)

    def add(self, *types: type) -> None:
        for cls in types:
            known = self._by_kind.get(cls.kind)
            if known is not None and known is not cls:
                raise ValueError(f"the command kind {cls.kind!r} is taken by {known.__name__}")
            self._by_kind[cls.kind] = cls

    def __getitem__(self, kind: str) -> type:
        return self._by_kind[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_kind)

    def __len__(self) -> int:
        return len(self._by_kind)
