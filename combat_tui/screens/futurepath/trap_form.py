"""FPTrapForm: put a trap or mine in the area, as a form of the `trap NAME field=value` fields.

Trigger (contact, tripwire, motion, electronic, gravity, remote), Trap level, damage and its type,
the conditions a failed save brings and for how many rounds, the detection DC by construction,
the disarm DC, the radius, and the ticks: a Clocked (cloaked) Mine, a Stealth Mine, electronic,
chasing. Saving checks the fields with the rules; a refusal names the field, puts the cursor on
it and keeps the form open. Dismissed with the `AddTrap` command (only the fields that differ
from the defaults), or None.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from combat_tui.core.command import CommandRejected
from combat_tui.screens.futurepath.editor_form import FieldRows, FormScreen
from combat_tui.screens.futurepath.run_here import tell_refusal
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.systems.futurepath.trap_fields import build
from combat_tui.systems.futurepath.trap_view import TRAP_FIELDS, trap_pairs, trap_texts
from combat_tui.systems.futurepath.traps import TRIGGERS

SPECS = {spec.key: spec for spec in TRAP_FIELDS}
ROWS = (("name", "trigger", "level"), ("damage", "type", "conditions", "rounds"), ("dc", "disarm", "radius"),
        ("cloaked", "stealth", "electronic", "chasing"))  # fmt: skip
CAPTIONS = {"type": "Type", "level": "Level", "dc": "Detect DC", "radius": "Radius ft", "cloaked": "Clocked"}
WIDTHS = {"name": 20, "trigger": 12, "damage": 8, "type": 10, "conditions": 16, "radius": 5}
HINT = "Tab fields · Enter/ctrl+s places it · c or Esc closes · space ticks a box"


class FPTrapForm(FormScreen):
    """A new trap's fields, filled with the page's defaults."""

    CSS_PATH = ["editor_form.tcss", "trap_form.tcss"]
    AUTO_FOCUS = "#fp-trap-name"

    def compose(self) -> ComposeResult:
        with Vertical(id="fp-trap-box", classes="fp-form-box") as box:
            box.border_title = "Place a trap or mine"
            rows = FieldRows("fp-trap", SPECS, ROWS, trap_texts(), CAPTIONS, WIDTHS,
                             suggest={"trigger": list(TRIGGERS)}, id="fp-trap-rows")  # fmt: skip
            yield rows
            yield Static("", classes="fp-form-error")
            yield Static(HINT, classes="fp-form-hint")

    def on_mount(self) -> None:
        self.show_error(None)

    def command(self) -> fc.AddTrap:
        texts = self.query_one("#fp-trap-rows", FieldRows).texts()
        return fc.AddTrap(texts["name"], trap_pairs(texts))

    def action_save(self) -> None:
        command = self.command()
        try:
            build(fp_state(self.app.session.state), command.name, command.fields)
        except CommandRejected as error:
            self.show_error(error)
            tell_refusal(self.app, error)
            self.query_one("#fp-trap-rows", FieldRows).focus_field(getattr(error, "field", "") or "name")
            return
        self.dismiss(command)
