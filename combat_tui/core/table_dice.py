"""Faces rolled at the table, typed in a dialog: where each lands, and loading them for one command.

A dialog's typed faces work as `dice N [N ...]` does, for its one command only: `place_faces` runs
the command dry to find the die each face lands on (a face its die does not have is refused
before anything is posted), `load_faces` queues them right before the command, and the dialog
clears the queue after it, so a face the roll did not reach never comes out in a later command.

By default the faces go to the dice in the order the rules roll them. With `d20s_only` they go to
the d20s alone, in order (the saves of an area spell, whose damage is rolled once before them),
and the app rolls every other die; those dice are rolled off the session's own generator, the
same faces in the dry run and in the command.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.records import frozen

MAX_FACE = 1000
"""The largest face typed (the `dice` verb's bound)."""
_WORD = re.compile(r"[\s,]+")


def parse_faces(text: str) -> tuple[int, ...]:
    """`"17 4, 3"` -> (17, 4, 3); a word that is no face is refused, naming it."""
    faces = []
    for word in _WORD.split(text.strip()):
        if not word:
            continue
        if not word.isdigit() or len(word) > 4 or not 1 <= int(word) <= MAX_FACE:
            shown = word if len(word) <= 12 else word[:12] + "..."
            raise CommandRejected(f"'{shown}' is not a die face.", f"Faces are whole numbers from 1 to {MAX_FACE}.")
        faces.append(int(word))
    return tuple(faces)


def ordinal(number: int) -> str:
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


@frozen
class Placed:
    """Where typed faces land in one command's roll."""

    faces: tuple[int, ...] = ()
    """What to queue before the command: the typed faces it reaches, with the app's dice that come
    between them (`d20s_only`)."""
    app: tuple[int, ...] = ()
    """The sides of the app's dice among `faces`, in order (rolled off the generator to load them)."""
    landed: tuple[int, ...] = ()
    """The sides of the die each typed face lands on, in typed order."""
    unused: tuple[int, ...] = ()
    """The typed faces the roll does not reach (a miss rolls no damage)."""
    problem: str = ""
    """A typed face its die does not have, in words; nothing is to be posted then."""


class _Unfit(Exception):
    """A typed face higher than its die: stops the dry run (not a CommandRejected, which a rule
    might catch)."""


class _Placing(Dice):
    """Dice that hand out the typed faces, and the source's generator for the rest."""

    def __init__(self, typed: tuple[int, ...], source: Dice, d20s_only: bool) -> None:
        super().__init__(0)
        self.typed, self.source, self.d20s_only = typed, source, d20s_only
        self.next = 0
        self.queued: list[int] = []
        self.app: list[int] = []
        self.landed: list[int] = []
        self.unfit: tuple[int, int, int] | None = None
        self._pending_app: list[tuple[int, int]] = []
        """The app's dice since the last typed face: queued only if another typed face follows."""

    def die(self, sides: int) -> int:
        if self.next < len(self.typed) and (sides == 20 or not self.d20s_only):
            face = self.typed[self.next]
            if face > sides:
                self.unfit = (self.next, face, sides)
                raise _Unfit
            self.next += 1
            for app_sides, app_face in self._pending_app:
                self.app.append(app_sides)
                self.queued.append(app_face)
            self._pending_app.clear()
            self.queued.append(face)
            self.landed.append(sides)
        else:
            face = self.source.die(sides)
            if self.next < len(self.typed):
                self._pending_app.append((sides, face))
        self.used.append(face)
        return face


def place_faces(run: Callable[[Dice], object], typed: tuple[int, ...], source: Dice,
                d20s_only: bool = False) -> Placed:  # fmt: skip
    """Run the command dry (`run(dice)` applies it) on the typed faces, the app's dice off
    `source`'s generator; `source` is left as it was. A refusal of the rules ends the dry run
    quietly: the faces it reached are placed, and the refusal shows where it always does."""
    if not typed:
        return Placed()
    mark = source.begin()
    source.clear_forced()
    dice = _Placing(typed, source, d20s_only)
    try:
        run(dice)
    except (_Unfit, CommandRejected):
        pass
    finally:
        source.rewind(mark)
    if dice.unfit is not None:
        at, face, sides = dice.unfit
        return Placed(landed=tuple(dice.landed), problem=f"The {ordinal(at + 1)} face, {face}, is not on a d{sides}.")
    return Placed(tuple(dice.queued), tuple(dice.app), tuple(dice.landed), typed[dice.next :])


def load_faces(dice: Dice, placed: Placed) -> None:
    """Queue `placed` for the next command in place of any faces queued before: the app's dice
    among them are rolled off the generator first, so the dice after them do not repeat them."""
    dice.clear_forced()
    for sides in placed.app:
        dice.die(sides)
    dice.force(placed.faces)


class Recording(Dice):
    """Dice that pass every roll on to `inner` and note the sides of each die, in order: what a
    dialog needs to say which die each face goes to."""

    def __init__(self, inner: Dice) -> None:
        super().__init__(0)
        self.inner = inner
        self.sides: list[int] = []

    def die(self, sides: int) -> int:
        face = self.inner.die(sides)
        self.sides.append(sides)
        self.used.append(face)
        return face


@frozen
class DryRun:
    """One dry run of a command on the app's dice: the dice it rolled, and what came of it."""

    sides: tuple[int, ...] = ()
    """The sides of every die rolled, in order."""
    result: object = None
    """What `run` returned (a rule system's Outcome), None when refused."""
    refusal: CommandRejected | None = None


def dry_run(run: Callable[[Dice], object], source: Dice, first: tuple[int, ...] = ()) -> DryRun:
    """Run the command dry on `source`'s generator, `first` as its first faces (none queued
    before count); `source` is left as it was."""
    mark = source.begin()
    source.clear_forced()
    dice = Recording(source)
    try:
        source.force(first)
        result = run(dice)
    except CommandRejected as error:
        return DryRun(tuple(dice.sides), None, error)
    finally:
        source.rewind(mark)
    return DryRun(tuple(dice.sides), result)
