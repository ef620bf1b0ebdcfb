"""Undo history as stored states (python-chess's stack, IDLE's pointer and saved marker).

An entry keeps (commands, before, after, events, lines, faces). Undo goes back to `before`,
redo restores `after` and never re-rolls, a new entry drops the redo tail, and the saved pointer
gives the dirty flag. Old entries past the cap are dropped from the front.
"""

from __future__ import annotations

from combat_tui.core.campaign import Campaign
from combat_tui.core.records import frozen


@frozen
class Entry:
    label: str
    commands: tuple
    before: Campaign
    after: Campaign
    events: tuple
    lines: tuple[str, ...]
    faces: tuple[int, ...]


class History:
    def __init__(self, cap: int = 500) -> None:
        if cap < 1:
            raise ValueError("the history keeps at least one entry")
        self.cap = cap
        self.entries: list[Entry] = []
        self.pointer = 0
        """Entries below the pointer are done; those at and above it can be redone."""
        self._saved_at: int | None = 0

    @property
    def can_undo(self) -> bool:
        return self.pointer > 0

    @property
    def can_redo(self) -> bool:
        return self.pointer < len(self.entries)

    @property
    def is_dirty(self) -> bool:
        return self._saved_at != self.pointer

    def mark_saved(self) -> None:
        self._saved_at = self.pointer

    def push(self, entry: Entry) -> None:
        del self.entries[self.pointer :]
        if self._saved_at is not None and self._saved_at > self.pointer:
            self._saved_at = None  # the saved state was in the dropped redo tail
        self.entries.append(entry)
        self.pointer += 1
        if len(self.entries) > self.cap:
            del self.entries[0]
            self.pointer -= 1
            if self._saved_at is not None:
                self._saved_at = self._saved_at - 1 if self._saved_at > 0 else None

    def undo(self) -> Entry | None:
        if not self.can_undo:
            return None
        self.pointer -= 1
        return self.entries[self.pointer]

    def redo(self) -> Entry | None:
        if not self.can_redo:
            return None
        entry = self.entries[self.pointer]
        self.pointer += 1
        return entry

    def peek_undo(self) -> Entry | None:
        return self.entries[self.pointer - 1] if self.can_undo else None

    def peek_redo(self) -> Entry | None:
        return self.entries[self.pointer] if self.can_redo else None

    def first_state(self, current: Campaign) -> Campaign:
        """The state undo can go back to at most: before the first entry (`current` if none)."""
        return self.entries[0].before if self.entries else current

    def graft(self, older: list[Entry]) -> None:
        """Put entries that led to `first_state` under the others (the history before a restart),
        the oldest dropped beyond the cap."""
        room = self.cap - len(self.entries)
        if room <= 0 or not older:
            return
        older = older[-room:]
        self.entries[:0] = older
        self.pointer += len(older)
        if self._saved_at is not None:
            self._saved_at += len(older)

    def clear(self) -> None:
        self.entries.clear()
        self.pointer = 0
        self._saved_at = 0
