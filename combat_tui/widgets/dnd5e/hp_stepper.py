"""HpStepper: a sheet's HP line with the amount that its heal and damage keys use.

The amount is a number the keys edit: `+` and `-` step it, digits type a new one (the first digit
after a heal or damage starts over), backspace takes a digit off. It never takes focus, so the
sheet's letter keys and arrows keep working while the GM sets it.
ref: Exhaustion — level 4 halves the HP maximum; the line shows the halved one.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from combat_tui.systems.dnd5e.exhaustion import max_hp
from combat_tui.systems.dnd5e.model import Actor
from combat_tui.systems.dnd5e.view import actor_status
from combat_tui.widgets.dnd5e.hp_bar import hp_bar, theme_styles

LARGEST = 9999
BAR_WIDTH = 10


class HpStepper(Static):
    """`HP ██████░░░░ 31/49 · bonus 5   Amount 5 (+/-, digits)`."""

    DEFAULT_CSS = """
    HpStepper { height: auto; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__("", id=id, classes=classes)
        self.amount = 1
        self._fresh = True
        """The next digit starts a new amount (after a heal or damage, and at first)."""
        self._actor: Actor | None = None

    def show(self, actor: Actor) -> None:
        self._actor = actor
        self._paint()

    def step(self, delta: int) -> None:
        self.amount = max(1, min(LARGEST, self.amount + delta))
        self._fresh = False
        self._paint()

    def type_digit(self, digit: str) -> None:
        typed = digit if self._fresh else str(self.amount) + digit
        self.amount = max(1, min(LARGEST, int(typed)))
        self._fresh = False
        self._paint()

    def backspace(self) -> None:
        """Take the last digit off; taking the only one leaves 1, and the next digit starts over."""
        text = str(self.amount)[:-1]
        self.amount = int(text) if text and int(text) >= 1 else 1
        self._fresh = not text
        self._paint()

    def used(self) -> None:
        """A heal or damage used the amount: the next digit types a new one."""
        self._fresh = True

    def _paint(self) -> None:
        actor = self._actor
        if actor is None:
            return
        top = max_hp(actor)
        text = Text("HP ", style="bold")
        text.append_text(hp_bar(actor.hp, top, BAR_WIDTH, theme_styles(self.app.theme_variables)))
        if top != actor.max_hp:
            text.append(f" (max {actor.max_hp} halved by exhaustion)")
        text.append(f" · bonus {actor.bonus_hp}")
        word = actor_status(actor)
        if word:
            text.append("  ")
            text.append(f" {word} ", style="reverse bold")
        text.append("\nAmount ", style="bold")
        text.append(f" {self.amount} ", style="reverse")
        text.append("  +/- step · digits type · h heal · d damage", style="dim")
        self.update(text)
