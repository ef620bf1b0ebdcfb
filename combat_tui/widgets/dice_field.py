"""DiceField: the faces a player rolled at the table, typed into a roll dialog ("17" or "17 4 3").

The field takes digits, spaces and commas; every other key goes on to the dialog's bindings, so
`r` rolls straight from the field. As the faces are typed the dialog's check says where each lands
("d20 17, d8 4") or why one cannot be rolled ("The 1st face, 21, is not on a d20."). Enter keeps
the faces and hands the keys back to the dialog (refused while a face is wrong); Esc puts back the
faces kept before. A line above the field says which rolls the faces go to.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Key
from textual.message import Message
from textual.widgets import Input, Static

from combat_tui.core.command import CommandRejected
from combat_tui.core.table_dice import parse_faces

Check = Callable[[tuple[int, ...]], tuple[str, str]]
"""(where the faces land, or the problem that refuses them) of some faces."""


class _FacesInput(Input):
    """The text of the faces; claims only what a face list is made of."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and (character.isdigit() or character in " ,")

    async def _on_key(self, event: Key) -> None:
        if event.is_printable and not self.check_consume_key(event.key, event.character):
            event.prevent_default()  # not Input's: the key goes on up to the dialog's bindings


class DiceField(Vertical):
    """Typed faces, checked as they are typed; `faces` holds them once they are all good."""

    DEFAULT_CSS = """
    DiceField { height: auto; }
    DiceField .dice-goes { color: $text-muted; height: auto; }
    DiceField .dice-status { height: auto; color: $text-success; }
    DiceField .dice-status.-problem { color: $text-error; text-style: bold; }
    DiceField Input { width: 1fr; }
    """

    BINDINGS = [
        Binding("escape", "leave", "Leave the field", id="dice-field.leave",
                tooltip="Put back the faces kept before and leave the field"),
    ]  # fmt: skip

    class Kept(Message):
        """Enter kept the faces (empty: the app rolls every die)."""

        def __init__(self, field: DiceField, faces: tuple[int, ...]) -> None:
            super().__init__()
            self.field = field
            self.faces = faces

    class Left(Message):
        """The keys went back to the dialog (Enter or Esc)."""

        def __init__(self, field: DiceField) -> None:
            super().__init__()
            self.field = field

    def __init__(self, check: Check | None = None, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._check = check
        self._before = ""
        """The text when the field took the keys: Esc puts it back."""
        self._problem = ""
        self._faces: tuple[int, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static("", classes="dice-goes", markup=False)
        yield _FacesInput(placeholder="faces rolled at the table, such as 17 4", restrict=r"[0-9 ,]*",
                          compact=True, select_on_focus=False)  # fmt: skip
        yield Static("", classes="dice-status", markup=False)

    # -- reading -----------------------------------------------------------------------------

    @property
    def text(self) -> str:
        return self.query_one(_FacesInput).value

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces typed, or () while there are none or one is wrong (see `problem`)."""
        return () if self._problem else self._faces

    @property
    def problem(self) -> str:
        """Why the faces typed cannot be rolled, or ""."""
        return self._problem

    @property
    def shown(self) -> tuple[str, str]:
        """(which rolls the faces go to, where they land or the problem) as the field shows them."""
        return tuple(str(self.query_one(name, Static).content) for name in (".dice-goes", ".dice-status"))

    # -- changing ----------------------------------------------------------------------------

    def open(self) -> None:
        """Take the keys, to type the faces."""
        self._before = self.text
        field = self.query_one(_FacesInput)
        field.cursor_position = len(field.value)
        field.focus()

    def set_goes(self, text: str) -> None:
        """Which rolls the faces go to, shown above the field."""
        shown = self.query_one(".dice-goes", Static)
        if str(shown.content) != text:
            shown.update(text)

    def set_text(self, text: str) -> None:
        self.query_one(_FacesInput).value = text
        self.recheck()

    def clear(self) -> None:
        """The faces were rolled: empty again."""
        self.set_text("")

    def recheck(self) -> None:
        """Check the faces again (the dialog's settings changed where they land)."""
        self._faces, self._problem, note = (), "", ""
        try:
            self._faces = parse_faces(self.text)
        except CommandRejected as error:
            self._problem = f"{error.reason} {error.detail}"
        if self._faces and self._check is not None:
            note, self._problem = self._check(self._faces)
        status = self.query_one(".dice-status", Static)
        status.update(self._problem or note)
        status.set_class(bool(self._problem), "-problem")

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.recheck()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.recheck()
        if self._problem:
            self.app.bell()
            return
        self._leave()
        self.post_message(self.Kept(self, self._faces))

    def action_leave(self) -> None:
        self.set_text(self._before)
        self._leave()

    def _leave(self) -> None:
        self.screen.set_focus(None)
        self.post_message(self.Left(self))
