"""ActionEditor: the creature dialog's form for one save action (Add, or Open on a listed one).

ref: Creature actions — "The action dialog asks for a name, the saving throw, the DC, one damage
term (dice, die, and type), a Recharge face, and whether a save halves the damage ... Click Done
to go back to the creature dialog." Done (Enter in a field, or the Done button) checks the terms
with the core's own check and dismisses with the action; the creature dialog posts the command.
A bad term keeps the form open with the reason, so the GM's typing is not lost. Esc cancels.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Static

from combat_tui.core.command import CommandRejected
from combat_tui.systems.dnd5e.checks import ability_name
from combat_tui.systems.dnd5e.creature_actions import check_action
from combat_tui.systems.dnd5e.model import CreatureAction
from combat_tui.widgets.number_input import NumberInput

FIELDS = (
    ("name", "Name", "e.g. Cold Breath"),
    ("save", "Save", "str dex con int wis cha"),
    ("dc", "DC", "1-30"),
    ("damage", "Damage", "4d8 or 2d6+3"),
    ("type", "Type", "cold, fire, ... or empty"),
    ("recharge", "Recharge", "0 none · 6 · 5 (5-6) · 4 (4-6)"),
)  # fmt: skip


class ActionEditor(ModalScreen[CreatureAction | None]):
    """Dismissed with the action as typed (checked), or None on Esc / Cancel."""

    CSS_PATH = "action_editor.tcss"
    AUTO_FOCUS = "#action-name"

    BINDINGS = [
        Binding("escape,f3", "cancel", "Cancel", id="action.cancel"),
        Binding("ctrl+s", "done", "Done", id="action.done", tooltip="Check the action and go back"),
    ]

    def __init__(self, title: str, action: CreatureAction | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.original = action

    def compose(self) -> ComposeResult:
        action = self.original
        values = {
            "name": action.name if action else "",
            "save": action.save[:3] if action else "",
            "dc": str(action.dc) if action else "",
            "damage": action.damage if action else "",
            "type": action.damage_type if action else "",
            "recharge": str(action.recharge) if action else "0",
        }
        with Vertical(id="action-box"):
            for key, label, placeholder in FIELDS:
                with Horizontal(classes="action-row"):
                    yield Label(label, classes="action-label")
                    field = NumberInput if key in ("dc", "recharge") else Input
                    if field is Input:
                        yield Input(values[key], placeholder=placeholder, compact=True, id=f"action-{key}")
                    else:
                        yield NumberInput(values[key], id=f"action-{key}")
                        yield Static(f" {placeholder}", classes="action-note")
            with Horizontal(classes="action-row"):
                yield Label("", classes="action-label")
                half = action.half if action else True
                yield Checkbox(_half_label(half), half, compact=True, id="action-half")
            yield Static("", id="action-error")
            with Horizontal(id="action-buttons"):
                yield Button("Done", variant="primary", compact=True, id="action-done")
                yield Button("Cancel", compact=True, id="action-cancel")
            yield Static("Tab next field · Space ticks Half · Enter or ctrl+s: Done · Esc: Cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#action-box").border_title = self.title_text

    def _text(self, key: str) -> str:
        return self.query_one(f"#action-{key}", Input).value.strip()

    def _typed(self) -> CreatureAction:
        """The action the fields hold; the core's check gives the reasons for a bad one."""
        if not self._text("save"):
            raise CommandRejected("Pick a save: str, dex, con, int, wis or cha.")
        try:
            dc, recharge = int(self._text("dc")), int(self._text("recharge") or 0)
        except ValueError:
            raise CommandRejected("The DC and the recharge face are whole numbers.") from None
        action = CreatureAction(self._text("name"), ability_name(self._text("save")), dc, self._text("damage"),
                                self._text("type"), recharge, self.query_one("#action-half", Checkbox).value)  # fmt: skip
        return check_action(action)

    @on(Input.Submitted)
    @on(Button.Pressed, "#action-done")
    def action_done(self) -> None:
        try:
            action = self._typed()
        except CommandRejected as error:
            self.query_one("#action-error", Static).update(str(error))
            self.app.bell()
            return
        self.dismiss(action)

    @on(Checkbox.Changed, "#action-half")
    def _half_changed(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = _half_label(event.value)  # the tick's colour alone is easy to miss

    @on(Button.Pressed, "#action-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def _half_label(half: bool) -> str:
    return "Half: a save halves the damage (yes)" if half else "Half: a save takes no damage (no)"
