"""AttackBox: the current combatant's weapon attacks with their to-hit bonus, and a target pick."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Select

MODES = ("", "adv", "dis")
MODE_WORDS = {"": "", "adv": " (adv)", "dis": " (dis)"}


class AttackBox(Vertical):
    """Weapon and target selects and the Attack button; posts `AttackRequested`."""

    DEFAULT_CSS = """
    AttackBox { height: auto; }
    AttackBox Horizontal { height: auto; }
    """

    class AttackRequested(Message):
        """The GM asked for an attack with the chosen weapon on the chosen target."""

        def __init__(self, weapon: str, target: str, mode: str) -> None:
            super().__init__()
            self.weapon, self.target, self.mode = weapon, target, mode

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.mode = ""
        self._labels: dict[str, str] = {}
        self._weapons: list[str] = []
        self._options: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield Select([], prompt="No weapon", allow_blank=True, compact=True, id="attack-weapon")
        yield Select([], prompt="Choose a target", compact=True, id="attack-target")
        with Horizontal():
            yield Button("Attack", compact=True, disabled=True, id="attack-button")

    @property
    def weapon(self) -> str | None:
        value = self.query_one("#attack-weapon", Select).value
        return None if value is Select.NULL else value

    @property
    def target(self) -> str | None:
        value = self.query_one("#attack-target", Select).value
        return None if value is Select.NULL else value

    @property
    def ready(self) -> bool:
        return self.weapon is not None and self.target is not None

    def set_attacker(self, label: str, weapons: list[tuple[str, str]]) -> None:
        """The attacker's weapons as (shown text, weapon name); the first is chosen."""
        self.border_title = f"Attacks of {label}"
        if weapons == self._options:
            return  # the same weapons (another Goblin): keep the choice, skip the rebuild
        self._options = weapons
        select = self.query_one("#attack-weapon", Select)
        self._weapons = [name for _, name in weapons]
        select.set_options(weapons)
        if weapons:
            select.value = weapons[0][1]
        self._refresh_button()

    def set_targets(self, options: list[tuple[str, str]]) -> None:
        self._labels = {ref: label for label, ref in options}
        self.query_one("#attack-target", Select).set_options(options)
        self._refresh_button()

    def set_target(self, ref: str | None) -> None:
        select = self.query_one("#attack-target", Select)
        if ref is None or ref not in self._labels:
            if not select.is_blank():
                select.clear()
        elif select.value != ref:
            select.value = ref
        self._refresh_button()

    def cycle_weapon(self) -> None:
        select = self.query_one("#attack-weapon", Select)
        values = self._weapons
        if values:
            at = values.index(select.value) if select.value in values else -1
            select.value = values[(at + 1) % len(values)]

    def cycle_mode(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self._refresh_button()

    def press(self) -> None:
        if self.ready:
            self.post_message(self.AttackRequested(self.weapon, self.target, self.mode))
            self.mode = ""
            self._refresh_button()

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._refresh_button()

    @on(Button.Pressed, "#attack-button")
    def _button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.press()

    def _refresh_button(self) -> None:
        button = self.query_one("#attack-button", Button)
        target = self._labels.get(self.target or "", "")
        button.label = f"Attack {target}{MODE_WORDS[self.mode]}" if target else "Attack: choose a target"
        button.disabled = not self.ready
