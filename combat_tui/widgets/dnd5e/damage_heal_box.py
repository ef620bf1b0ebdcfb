"""DamageHealBox: the GM's Damage and Heal box (ref: Combat screen).

The Target select picks who the box acts on and the buttons name it ("Heal Mirelle"); with no
target it reads "Choose a target" and both buttons stay disabled. The Amount starts at 1, each
press sets it back to 1, and an empty field or a number below 1 disables both buttons. Which
target is the default (the inspected combatant, never the current turn's) is the screen's call.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Select

from combat_tui.widgets.number_input import NumberInput


class DamageHealBox(Vertical):
    """Target, Amount, and the Damage and Heal buttons; posts `Requested`."""

    DEFAULT_CSS = """
    DamageHealBox { height: auto; }
    DamageHealBox Horizontal { height: auto; }
    DamageHealBox #amount { width: 10; }
    """

    BINDINGS = [
        Binding("d", "press('damage')", "Damage", id="box.damage"),
        Binding("h", "press('heal')", "Heal", id="box.heal"),
    ]
    """`d` and `h` press the buttons, from the Amount field too (it takes digits only)."""

    class Requested(Message):
        """Damage or heal `target` by `amount` (`kind` is `damage` or `heal`)."""

        def __init__(self, kind: str, target: str, amount: int) -> None:
            super().__init__()
            self.kind, self.target, self.amount = kind, target, amount

    class Finished(Message):
        """The Amount field was left (Enter, Esc): focus can go back to the cards."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._labels: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        yield Select([], prompt="Choose a target", compact=True, id="dh-target")
        with Horizontal():
            yield Label("Amount ")
            yield NumberInput("1", id="amount")
        yield Button("Damage", compact=True, disabled=True, id="damage-button")
        yield Button("Heal", compact=True, disabled=True, id="heal-button")

    @property
    def target(self) -> str | None:
        value = self.query_one("#dh-target", Select).value
        return None if value is Select.NULL else value

    @property
    def amount(self) -> int | None:
        try:
            value = int(self.query_one("#amount", Input).value)
        except ValueError:
            return None
        return value if value >= 1 else None

    @property
    def ready(self) -> bool:
        return self.target is not None and self.amount is not None

    def set_targets(self, options: list[tuple[str, str]]) -> None:
        self._labels = {ref: label for label, ref in options}
        self.query_one("#dh-target", Select).set_options(options)
        self._refresh_buttons()

    def set_target(self, ref: str | None) -> None:
        select = self.query_one("#dh-target", Select)
        if ref is None or ref not in self._labels:
            if not select.is_blank():
                select.clear()
        elif select.value != ref:
            select.value = ref
        self._refresh_buttons()

    def type_digit(self, digit: str) -> None:
        """Start typing a new amount: the field takes focus and the digit replaces the number."""
        self.query_one("#amount", NumberInput).type_over(digit)

    def action_press(self, kind: str) -> None:
        if not self.ready:
            self.app.bell()
            return
        self.post_message(self.Requested(kind, self.target, self.amount))
        self.query_one("#amount", Input).value = "1"
        self.post_message(self.Finished())

    @on(Button.Pressed, "#damage-button")
    def _damage_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_press("damage")

    @on(Button.Pressed, "#heal-button")
    def _heal_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_press("heal")

    @on(Select.Changed)
    @on(Input.Changed)
    def _changed(self, event: Message) -> None:
        event.stop()
        self._refresh_buttons()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.post_message(self.Finished())

    def key_escape(self) -> None:
        self.post_message(self.Finished())

    def _refresh_buttons(self) -> None:
        name = self._labels.get(self.target or "", "")
        damage, heal = self.query_one("#damage-button", Button), self.query_one("#heal-button", Button)
        damage.label = f"Damage {name}" if name else "Damage"
        heal.label = f"Heal {name}" if name else "Heal"
        damage.disabled = heal.disabled = not self.ready
