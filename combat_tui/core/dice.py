"""The one dice roller: a seeded `random.Random`, forced faces, and every face kept.

Forced faces come first, in order, for tests, replays, and a GM who rolls physical dice and types
the result (`dice 17 4`). Rules roll only through a `Dice`, never the global `random`.
"""

from __future__ import annotations

import random
import re
from collections import deque
from collections.abc import Iterable

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import frozen

# Digits are capped so that a hostile number never reaches int() (which refuses 4,300 digits).
_EXPR = re.compile(r"^\s*(\d{0,6})\s*d\s*(\d{1,6})\s*(?:([+-])\s*(\d{1,6}))?\s*$", re.IGNORECASE)
MAX_COUNT = 100
MAX_SIDES = 1000
MAX_MODIFIER = 1000
"""Bounds of one expression: more would be no die a table rolls, and rolling it could hang."""
REPLAYED = 64
"""Random rolls after the last copied generator state before it is copied again; a rewind
replays at most this many."""


@frozen
class DiceExpr:
    count: int
    sides: int
    modifier: int = 0

    def __str__(self) -> str:
        mod = f"{self.modifier:+d}" if self.modifier else ""
        return f"{self.count}d{self.sides}{mod}"


def parse_dice(text: str) -> DiceExpr:
    """`2d4+2` -> DiceExpr(2, 4, 2); a bad expression is rejected with the text it got."""
    known = _parsed.get(text)
    if known is None:
        known = _parse_dice(text)
        if len(_parsed) >= PARSED:
            _parsed.clear()
        _parsed[text] = known
    return known


PARSED = 512
"""Expressions remembered by their text: a weapon's damage is read at every swing."""
_parsed: dict[str, DiceExpr] = {}


def _parse_dice(text: str) -> DiceExpr:
    match = _EXPR.match(text)
    if not match:
        raise CommandRejected(f"'{_shown(text)}' is not a dice expression.", "Write it like 1d8 or 2d6+3.")
    count = int(match.group(1) or 1)
    sides = int(match.group(2))
    modifier = int(match.group(4) or 0) * (-1 if match.group(3) == "-" else 1)
    if count < 1 or sides < 2:
        raise CommandRejected(f"'{_shown(text)}' is not a dice expression.", "Roll at least one die of two sides.")
    if count > MAX_COUNT or sides > MAX_SIDES or abs(modifier) > MAX_MODIFIER:
        raise CommandRejected(
            f"'{_shown(text)}' is more dice than a table rolls.",
            f"Roll 1 to {MAX_COUNT} dice of 2 to {MAX_SIDES} sides, adding at most {MAX_MODIFIER}.",
        )
    return DiceExpr(count, sides, modifier)


def _shown(text: str) -> str:
    """A message quotes a bad text, but never a whole hostile one."""
    return text if len(text) <= 40 else text[:40] + "..."


@frozen
class Roll:
    """The faces of one roll of some dice of one size, as the log shows them."""

    sides: int
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    def __str__(self) -> str:
        faces = "+".join(str(face) for face in self.faces)
        return f"{len(self.faces)}d{self.sides} {faces}"


class Dice:
    """Seeded dice with a queue of forced faces; `used` lists every face since `begin()`."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self._forced: deque[int] = deque()
        self._base: tuple | None = None
        """The generator's state at some earlier moment, shared by the marks taken since."""
        self._since: list[int] = []
        """The sides of each random roll after `_base`: a mark rewinds by replaying a prefix."""
        self.used: list[int] = []

    @property
    def forced(self) -> tuple[int, ...]:
        return tuple(self._forced)

    def force(self, faces: Iterable[int]) -> None:
        """The next dice rolled come out as these faces, in order."""
        faces = tuple(faces)
        for face in faces:
            if face < 1:
                raise CommandRejected(f"A die cannot show {face}.", "Faces start at 1.")
        self._forced.extend(faces)

    def clear_forced(self) -> None:
        self._forced.clear()

    def begin(self) -> tuple:
        """Start recording; the returned mark lets `rewind` undo a refused command's rolls."""
        self.used = []
        # Copying the generator's state (625 numbers) costs more than a command's rolls, and a
        # rewind is rare: the state is copied once per REPLAYED random rolls, and a mark is
        # that state plus how many rolls after it to replay.
        if self._base is None or len(self._since) >= REPLAYED:
            self._base, self._since = self._rng.getstate(), []
        return (tuple(self._forced), self._base, self._since, len(self._since))

    def rewind(self, mark: tuple) -> None:
        forced, base, since, count = mark
        self._forced = deque(forced)
        self._rng.setstate(base)
        for sides in since[:count]:  # the same calls from the same state draw the same numbers
            self._rng.randint(1, sides)
        self._base, self._since = base, since[:count]  # a new list: older marks keep theirs
        self.used = []

    def _random(self, sides: int) -> int:
        self._since.append(sides)
        return self._rng.randint(1, sides)

    def die(self, sides: int) -> int:
        if self._forced:
            face = self._forced[0]
            if face > sides:
                raise CommandRejected(
                    f"The forced face {face} is not on a d{sides}.",
                    "Clear it or give a face the die has.",
                )
            self._forced.popleft()
        else:
            face = self._random(sides)
        self.used.append(face)
        return face

    def roll(self, count: int, sides: int) -> Roll:
        return Roll(sides, tuple(self.die(sides) for _ in range(count)))

    def d20(self) -> int:
        return self.die(20)
