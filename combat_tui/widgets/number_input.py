"""NumberInput: an integer field that leaves letter keys to the bindings around it.

A plain Input claims every printable key, which hides the letter bindings of its screen while it
has focus; this one claims only digits and the sign, so `d`, `h` or `e` still act as keys.
"""

from __future__ import annotations

from textual.events import Blur, Focus, Key
from textual.widgets import Input


class NumberInput(Input):
    """A compact integer field; `type_over(digit)` focuses it and starts a new number."""

    def __init__(self, value: str = "", *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(value, type="integer", compact=True, id=id, classes=classes)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and (character.isdigit() or character in "+-")

    async def _on_key(self, event: Key) -> None:
        if event.is_printable and not self.check_consume_key(event.key, event.character):
            event.prevent_default()  # not Input's: the key goes on up to the bindings, in order

    _focus_pending = False
    """A `type_over` asked for focus that has not landed yet: quick digits after it add on."""

    def type_over(self, digit: str) -> None:
        """Focus with `digit` as the whole value and the cursor after it (no select-all).

        Focus lands a moment later, so the next digits of a fast typist ("48d") still come
        through the screen's bindings: they add to the number instead of starting over."""
        value = self.value + digit if self._focus_pending and not self.has_focus else digit
        self._focus_pending = True
        self.select_on_focus = False
        self.value = value
        self.cursor_position = len(value)
        self.focus()

    def _on_focus(self, event: Focus) -> None:
        self._focus_pending = False
        super()._on_focus(event)

    def _on_blur(self, event: Blur) -> None:
        self.select_on_focus = True
        super()._on_blur(event)
