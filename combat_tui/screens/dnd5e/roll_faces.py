"""The Dice row of the roll dialogs: faces rolled at the table, typed instead of `:dice` first.

`d` opens the row: a line saying which rolls the faces go to ("d20 for the attack, then 1d8 + 4
piercing on a hit"), the field, and where each face lands as it is typed. Rolling runs the line
dry on those faces (the Reaction dialogs' questions come from that run, so the preview and the
result agree), then queues them right before the one command it posts, the way `dice` does, and
clears the queue after it: a face the roll did not reach is not left for a later command. A face
its die does not have (21 on a d20) is refused with a message and nothing is posted. After the
roll the field is empty again: the next roll is the app's unless new faces are typed.

A mixin of `RollDialog`, which gives `PREFIX`, `ROW_ID`, `command` and the `_pending` command.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from textual.binding import Binding

from combat_tui.core.table_dice import Placed, load_faces, place_faces
from combat_tui.screens.refusals import tell
from combat_tui.widgets.dice_field import DiceField

FACES = "faces"
"""The row of the typed faces in a dialog's ROWS (hidden until `d` opens it)."""


def faces_key(prefix: str, show: bool = True) -> Binding:
    """The `d` of a roll dialog, id `PREFIX.faces` (`show`: on the key bar, where it fits)."""
    return Binding("d", "faces", "Dice", id=f"{prefix}.faces", show=show,
                   tooltip="Type the faces rolled at the table (such as 17 4); the next roll uses them")  # fmt: skip


class TypedFaces:
    """The Dice row's plumbing."""

    # -- what a dialog tells -----------------------------------------------------------------

    def _faces_goes(self, command: object | None) -> str:
        """Which rolls the typed faces go to, in order, for the dialog's command."""
        return "The dice of the roll, in the order the rules roll them"

    def _d20s_only(self, command: object) -> bool:
        """The faces go to the d20s alone (each target's save of an area spell)."""
        return False

    def _faces_kept(self, faces: tuple[int, ...]) -> None:
        """Enter kept the faces in the field (a death save rolls at once)."""

    # -- the row -----------------------------------------------------------------------------

    def _faces_field(self) -> DiceField | None:
        found = self.query(f"#{self.PREFIX}-{FACES}")
        return found.first(DiceField) if found else None

    def action_faces(self) -> None:
        field = self._faces_field()
        if field is None:
            tell(self, "This dialog has no Dice row for the faces rolled at the table.")
            return
        row = self.query_one(f"#{self.ROW_ID}{FACES}")
        self._show_faces(opening=True)
        field.open()
        self.call_after_refresh(row.scroll_visible, animate=False)  # a short terminal: the field in view

    def _show_faces(self, opening: bool = False) -> None:
        """The row on show while it has the keys (`opening`: is taking them) or holds faces;
        checked again on a change of the settings (another target, advantage: the faces land
        elsewhere)."""
        field = self._faces_field()
        if field is None:
            return
        shown = opening or field.has_focus_within or bool(field.text.strip())
        row = self.query_one(f"#{self.ROW_ID}{FACES}")
        if row.display != shown:
            row.display = shown
        if shown:
            field.set_goes(self._faces_goes(self.command()))
            field.recheck()

    def on_dice_field_left(self, event: DiceField.Left) -> None:
        event.stop()
        self._show_faces()

    def on_dice_field_kept(self, event: DiceField.Kept) -> None:
        event.stop()
        self._faces_kept(event.faces)

    def _check_faces(self, faces: tuple[int, ...]) -> tuple[str, str]:
        """The field's check: where each face lands, or the face its die does not have."""
        command = self.command()
        if command is None:
            return "", ""
        placed = self._place(command, faces)
        if placed.problem:
            return "", placed.problem
        note = ", ".join(f"d{sides} {face}" for sides, face in zip(placed.landed, faces, strict=False))
        note = f"Rolls {note}" if note else "The roll reaches none of them"
        if placed.unused:
            note += f"; not reached, dropped after the roll: {' '.join(map(str, placed.unused))}"
        return note, ""

    def _place(self, command: object, faces: tuple[int, ...]) -> Placed:
        session = self.app.session

        def run(dice):
            return session.system.apply(session.state, command, dice)

        return place_faces(run, faces, session.dice, self._d20s_only(command))

    # -- rolling -----------------------------------------------------------------------------

    def _typed(self) -> tuple[int, ...] | None:
        """The faces to roll (empty: none typed), or None when one is wrong (said, nothing posted)."""
        field = self._faces_field()
        if field is None or not field.text.strip():
            return ()
        field.recheck()
        if field.problem:
            self.app.bell()
            self.notify(field.problem, title="Not rolled", severity="warning", timeout=6, markup=False)
            return None
        return field.faces

    @contextmanager
    def _dry_faces(self, line: object, faces: tuple[int, ...]) -> Iterator[None]:
        """`faces` queued for one dry run of `line` (a Reaction dialog's question), and the dice
        as they were after it."""
        dice = self.app.session.dice
        mark = dice.begin()
        try:
            load_faces(dice, self._place(line, faces))
            yield
        finally:
            dice.rewind(mark)

    def _run_typed(self, command: object, faces: tuple[int, ...]) -> None:
        """Run `command` on the typed faces, then leave no face queued; a refusal is said and the
        faces stay in the field to be fixed."""
        placed = self._place(command, faces)
        if placed.problem:
            self.app.bell()
            self.notify(placed.problem, title="Not rolled", severity="warning", timeout=6, markup=False)
            return
        dice = self.app.session.dice
        mark = dice.begin()
        load_faces(dice, placed)
        self._pending = command
        error = self.app.execute(command)
        if error is not None:
            dice.rewind(mark)
            self._pending = None
            self.notify(error.detail, title=error.reason, severity="warning", timeout=6, markup=False)
            return
        dice.clear_forced()  # a face the roll did not reach is not left for the next command
        field = self._faces_field()
        if field is not None and self.is_attached:  # a death save's dialog closes once it rolled
            field.clear()
            self._show_faces()
