"""What the FuturePath editor forms share: rows of fields, the keys, the error line, and the small
form of one list entry (a weapon, a hard point, a bay, a crew post).

A field is a text line, a number (its letters go on to the keys, as in `NumberInput`) or a tick
box, as its `FieldSpec` (from the rules' field tables) says. Tab and shift+Tab move between the
fields; Enter in a line or ctrl+s saves (`s` too where a letter is not typing), `c`, `q` or Esc
closes without a change. A refusal shows under the fields with the field's name and puts the
cursor on that field; the form keeps what was typed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Checkbox, Input, Label, Static

from combat_tui.core.command import CommandRejected
from combat_tui.systems.futurepath.fields import FieldSpec
from combat_tui.widgets.number_input import NumberInput

CLOSE_KEYS = [
    Binding("ctrl+s", "save", "Save", priority=True, id="fp-form.save", tooltip="Check the form and save it"),
    Binding("s", "save", "Save", show=False, id="fp-form.save-letter"),
    Binding("c", "close", "Close", id="fp-form.close", tooltip="Close without a change"),
    Binding("q", "close", "Close", show=False, id="fp-form.close-q"),
    Binding("escape", "close", "Close", show=False, id="fp-form.close-esc"),
    Binding("tab", "app.focus_next", "Next field", show=False, priority=True, id="fp-form.next-field"),
    Binding("shift+tab", "app.focus_previous", "Previous field", show=False, priority=True,
            id="fp-form.previous-field"),
]
"""The keys every form has; a letter acts where it is not typing (a number field, a tick box, a list).
Tab moves at once (priority), so what is typed right after it lands in the next field."""


def widget_id(prefix: str, key: str) -> str:
    """`fp-edit-weapon1-name` for the key `weapon1.name`; a crew post's who-field is `who`."""
    return f"{prefix}-{key.replace('.', '-') or 'who'}"


class FieldRows(Vertical):
    """Rows of fields; `text(key)` reads one back as the rules read it (a tick box: yes or no)."""

    def __init__(self, prefix: str, specs: dict[str, FieldSpec], rows: Iterable[Iterable[str]], values: dict[str, str],
                 captions: dict[str, str] | None = None, widths: dict[str, int] | None = None, *,
                 suggest: dict[str, list[str]] | None = None, id: str | None = None) -> None:  # fmt: skip
        super().__init__(id=id, classes="fp-form-rows")
        self.prefix, self.specs, self.values = prefix, specs, values
        self.rows = [tuple(row) for row in rows]
        self.captions, self.widths = captions or {}, widths or {}
        self.suggest = suggest or {}
        """Words a text field completes to (the teams, the hull sizes ...): right arrow takes one."""

    def compose(self) -> ComposeResult:
        for row in self.rows:
            with Horizontal(classes="fp-form-row"):
                for key in row:
                    yield from self._field(key)

    def _field(self, key: str) -> ComposeResult:
        spec = self.specs[key]
        caption = self.captions.get(key, spec.label)
        ident = widget_id(self.prefix, key)
        value = self.values.get(key, "")
        if spec.kind == "yesno":
            yield Checkbox(_tick_label(caption, value == "yes"), value == "yes", compact=True, id=ident, classes="fp-form-tick")
            return
        yield Label(caption + " ", classes="fp-form-caption")
        if spec.kind == "number":
            field: Input = NumberInput(value, id=ident, classes="fp-form-number")
        else:
            words = self.suggest.get(key)
            suggester = SuggestFromList(words, case_sensitive=False) if words else None
            field = Input(value, placeholder=spec.hint, compact=True, id=ident, classes="fp-form-text", suggester=suggester)
        field.styles.width = self.widths.get(key, 5 if spec.kind == "number" else 14)
        yield field

    @on(Checkbox.Changed)
    def _ticked(self, event: Checkbox.Changed) -> None:
        key = next(k for row in self.rows for k in row if widget_id(self.prefix, k) == event.checkbox.id)
        event.checkbox.label = _tick_label(self.captions.get(key, self.specs[key].label), event.value)

    def text(self, key: str) -> str:
        widget = self.query_one("#" + widget_id(self.prefix, key))
        if isinstance(widget, Checkbox):
            return "yes" if widget.value else "no"
        assert isinstance(widget, Input)
        return widget.value.strip()

    def texts(self) -> dict[str, str]:
        return {key: self.text(key) for row in self.rows for key in row}

    def focus_field(self, key: str) -> bool:
        """Put the cursor on the field of `key`; False when this form has none."""
        found = self.query("#" + widget_id(self.prefix, key))
        if not found:
            return False
        found.first().focus()
        return True


def _tick_label(caption: str, ticked: bool) -> str:
    """`Creature: yes`: the tick's colour alone is easy to miss."""
    return f"{caption}: {'yes' if ticked else 'no'}"


class FormScreen(ModalScreen[object | None]):
    """A modal form with an error line; a subclass composes it and saves it."""

    BINDINGS = CLOSE_KEYS

    def show_error(self, error: CommandRejected | None) -> None:
        line = self.query_one(".fp-form-error", Static)
        line.update(str(error) if error is not None else "")
        line.display = error is not None
        if error is not None:
            self.app.bell()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        """Check and dismiss with what the form holds (each form its own)."""

    def action_close(self) -> None:
        self.dismiss(None)


class EntryForm(FormScreen):
    """One list entry's fields; dismissed with their texts once `check` lets them through, or None.

    `check(texts)` raises the rules' refusal (a `FieldRejected` names the field, `key.FIELD`:
    `key` is the entry's own, such as `weapon2` or `crew.helm`).
    """

    CSS_PATH = "editor_form.tcss"

    def __init__(self, title: str, key: str, specs: dict[str, FieldSpec], rows: Iterable[Iterable[str]],
                 values: dict[str, str], check: Callable[[dict[str, str]], None], captions: dict[str, str] | None = None,
                 widths: dict[str, int] | None = None, suggest: dict[str, list[str]] | None = None) -> None:  # fmt: skip
        super().__init__()
        self._title, self._key = title, key
        self._rows = FieldRows("fp-entry", specs, rows, values, captions, widths, suggest=suggest, id="fp-entry-rows")
        self._check = check

    def compose(self) -> ComposeResult:
        with Vertical(id="fp-entry-box", classes="fp-form-box") as box:
            box.border_title = self._title
            yield self._rows
            yield Static("", classes="fp-form-error")
            yield Static("Tab fields · Enter/ctrl+s keeps it · c/Esc closes", classes="fp-form-hint")

    def on_mount(self) -> None:
        self.show_error(None)
        first = self._rows.rows[0][0]
        self._rows.focus_field(first)

    def action_save(self) -> None:
        texts = self._rows.texts()
        try:
            self._check(texts)
        except CommandRejected as error:
            self.show_error(error)
            field = getattr(error, "field", "")
            if field.startswith(self._key):
                self._rows.focus_field(field.removeprefix(self._key).lstrip("."))
            return
        self.dismiss(texts)

