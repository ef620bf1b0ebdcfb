"""NumberInput: an integer field that leaves letter keys to the bindings around it.

A plain Input claims every printable key, which hides the letter bindings of its screen while it
has focus; this one claims only digits and the sign, so `d`, `h` or `e` still act as keys.
"""

from __future__ import annotations

from textual.events import Blur, Key
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

    def type_over(self, digit: str) -> None:
        """Focus with `digit` as the whole value and the cursor after it (no select-all)."""
        self.select_on_focus = False
        self.value = digit
        self.cursor_position = len(digit)
        self.focus()

    def _on_blur(self, event: Blur) -> None:
        self.select_on_focus = True
        super()._on_blur(event)
