"""AttackBox: the current combatant's weapons, one button each with its to-hit bonus and damage.

ref: Attack dialog — "A weapon button in the action bar opens the attack dialog." A press posts
`WeaponChosen`; the screen opens the dialog. The buttons are a pool that is relabelled in place
when the turn passes (Next turn must not mount widgets), and grows only when an attacker has more
weapons than any before it.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Button, Static


class AttackBox(Vertical):
    """A button per weapon of the current combatant; posts `WeaponChosen`."""

    DEFAULT_CSS = """
    AttackBox { height: auto; }
    AttackBox #attack-none { color: $text-muted; }
    AttackBox Button.-spent { color: $text-muted; text-style: italic; border: dashed $panel-lighten-2; }
    """

    class WeaponChosen(Message):
        """The GM picked a weapon: open the attack dialog with it."""

        def __init__(self, weapon: str) -> None:
            super().__init__()
            self.weapon = weapon

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._weapons: list[tuple[str, str]] = []
        """(shown text, weapon name) of the buttons on show."""
        self._pool: list[Button] = []

    def compose(self) -> ComposeResult:
        yield Static("No weapons", id="attack-none", markup=False)

    @property
    def weapons(self) -> list[str]:
        return [name for _, name in self._weapons]

    def set_attacker(self, label: str, weapons: list[tuple[str, str]]) -> None:
        """The attacker's weapons as (shown text, weapon name)."""
        self.border_title = f"Attacks of {label}"
        self.border_subtitle = "a Attack" if weapons else ""
        if weapons == self._weapons:
            return  # the same weapons (another Goblin): touch nothing
        self._weapons = weapons
        new = [Button("", compact=True, classes="attack-weapon") for _ in range(len(weapons) - len(self._pool))]
        if new:
            self._pool.extend(new)
            self.mount_all(new)
        for at, button in enumerate(self._pool):
            shown = at < len(weapons)
            if shown:
                button.label = weapons[at][0]
            button.display = shown
        self.query_one("#attack-none").display = not weapons

    def set_spent(self, cost: str) -> None:
        """ref: Action, bonus action, and reaction — "A button that needs a spent cost has a muted
        label and a dashed edge, and its tooltip names the cost, as in 'Action spent'." The button
        still opens the dialog, which refuses the swing and offers Ignore action cost."""
        for button in self._pool:
            button.set_class(bool(cost), "-spent")
            button.tooltip = cost or None

    @on(Button.Pressed, ".attack-weapon")
    def _button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        at = self._pool.index(event.button)
        if at < len(self._weapons):
            self.post_message(self.WeaponChosen(self._weapons[at][1]))
