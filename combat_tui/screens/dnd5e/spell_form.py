"""The campaign's custom spells: a list (`S` on the campaign screen) and the spell form.

ref: Death saves and Resisting a hit — the form has the reference's boxes: Raises the dead and
Stabilizes the dying (on a heal), Resists and Caster picks one of (the types a chip resists), and
casts as a reaction; beside them every field the cast reads (`systems/dnd5e/spellbook.py`).

The form checks nothing itself: Save sends the whole spell as one `spell save` command (one undo
step) and the rules read it; a refusal stays in the form with its reason and the bad field marked.

Keys of the list: n new, e or Enter edit, x delete (asks first; undo brings it back), c or Esc
closes. Keys of the form (letters go into the fields): Tab / shift+Tab, space or Enter ticks a box,
ctrl+s or F2 saves (Enter in a text field too), F3 or Esc cancels.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Checkbox, DataTable, Input, Label, Static

from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.catalog import custom_spell
from combat_tui.systems.dnd5e.commands_build import DeleteSpell, SaveSpell
from combat_tui.systems.dnd5e.custom_spell import CUSTOM_KINDS, CustomSpell
from combat_tui.systems.dnd5e.spellbook import FIELDS, shown

SECTIONS = (
    ("Spell", ("level", "kind", "range", "targets", "concentration")),
    ("Effect", ("dice", "type", "upcast", "modifier", "scaling", "save", "half", "chip", "rounds", "repeat")),
    ("The reference's boxes", ("raises_dead", "stabilizes", "resists", "picks", "reaction")),
    ("Notes", ("note",)),
)
_BLANK = CustomSpell("")
BOXES = frozenset(key for key, field in FIELDS.items() if isinstance(getattr(_BLANK, field.attr), bool))
"""The yes/no fields, shown as boxes that space or Enter ticks."""
PLACEHOLDERS = {
    "name": "such as Frost Ward", "level": "0 (cantrip) to 9", "kind": ", ".join(CUSTOM_KINDS),
    "range": "Self, Touch, 60 feet", "targets": "1; 0: any number (an area)", "dice": "such as 2d6 or 1d4+1",
    "type": "a damage type, such as fire", "upcast": "dice per slot level above, such as 1d6",
    "save": "str, dex, con, int, wis or cha", "chip": "empty: the spell's name (a chip spell)",
    "rounds": "0: until removed; 10 = 1 minute", "resists": "damage types, such as cold, fire",
    "picks": "types the cast picks one of, such as acid, cold, fire", "note": "what the GM applies by hand",
}  # fmt: skip
HINT = "Tab field · space ticks a box · Enter/ctrl+s/F2 save · Esc/F3 cancel"


class SpellForm(ModalScreen[bool]):
    """A new custom spell (`name` empty) or one of the campaign's; dismissed with True once saved."""

    CSS_PATH = "spell_form.tcss"
    AUTO_FOCUS = "#sf-name"

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="spell-form.save", tooltip="Save the spell (one undo step)"),
        Binding("f2", "save", "Save", show=False, id="spell-form.save-f2"),
        Binding("escape", "cancel", "Cancel", id="spell-form.cancel", tooltip="Close without a change"),
        Binding("f3", "cancel", "Cancel", show=False, id="spell-form.cancel-f3"),
    ]  # fmt: skip
    """Letters go into the fields, so every key here is a ctrl or F key."""

    def __init__(self, name: str = "") -> None:
        super().__init__()
        self.spell_name = name

    def _record(self) -> CustomSpell:
        found = custom_spell(self.app.session.state, self.spell_name) if self.spell_name else None
        return found or _BLANK

    def compose(self) -> ComposeResult:
        record = self._record()
        with Vertical(id="sf-box"):
            with VerticalScroll(id="sf-fields"):
                with Grid(classes="sf-grid"):
                    yield Label("Name", classes="sf-label")
                    yield Input(record.name, placeholder=PLACEHOLDERS["name"], compact=True, id="sf-name",
                                classes="sf-input")  # fmt: skip
                for title, keys in SECTIONS:
                    yield Static(title, classes="sf-section")
                    with Grid(classes="sf-grid"):
                        for key in keys:
                            yield from self._row(key, record)
            yield Static("", id="sf-error")
            yield Static(HINT, classes="hint")

    def _row(self, key: str, record: CustomSpell) -> ComposeResult:
        field = FIELDS[key]
        yield Label(field.label, classes="sf-label")
        if key in BOXES:
            yield Checkbox("yes", getattr(record, field.attr), compact=True, id=f"sf-{key}", classes="sf-field sf-box")
        else:
            yield Input(shown(record, key), placeholder=PLACEHOLDERS.get(key, ""), compact=True, id=f"sf-{key}",
                        classes="sf-field sf-input")  # fmt: skip

    def on_mount(self) -> None:
        box = self.query_one("#sf-box")
        box.border_title = f"Custom spell · {self.spell_name}" if self.spell_name else "New custom spell"

    # -- reading the fields ------------------------------------------------------------------

    def _text(self, key: str) -> str:
        widget = self.query_one(f"#sf-{key}")
        if isinstance(widget, Checkbox):
            return "yes" if widget.value else "no"
        return widget.value

    def command(self) -> SaveSpell:
        """The whole spell: every field that differs from a blank spell's (the rest take the default)."""
        pairs = tuple((key, text) for key in FIELDS if (text := self._text(key).strip()) != shown(_BLANK, key))
        name = " ".join(self.query_one("#sf-name", Input).value.split())
        renamed = self.spell_name and name.casefold() != self.spell_name.casefold()
        return SaveSpell(name, pairs, self.spell_name if renamed else "")

    # -- keys --------------------------------------------------------------------------------

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        error = self.app.execute(self.command())
        if error is None:
            self.dismiss(True)
            return
        text = Text(error.reason, style="bold")
        if error.detail:
            text.append(f"\n{error.detail}")
        message = self.query_one("#sf-error", Static)
        message.update(text)
        message.display = True
        named = [key for key in ("name", *FIELDS) if re.search(rf"(?<!\w){re.escape(key)}:", error.reason)]
        for widget in self.query(".sf-field"):
            widget.set_class(widget.id.removeprefix("sf-") in named, "-refused")
        if named:
            self.query_one(f"#sf-{named[0]}").focus()
        self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(False)


COLUMNS = ("Spell", "Level", "Kind", "Boxes")


class SpellList(ModalScreen[None]):
    """The campaign's custom spells: new, edit, delete."""

    CSS_PATH = "spell_form.tcss"
    AUTO_FOCUS = "#spell-table"

    BINDINGS = [
        Binding("n", "new", "New spell", id="spells.new", tooltip="Make a custom spell in the spell form"),
        Binding("e", "edit", "Edit", id="spells.edit", tooltip="Open the highlighted spell in the spell form (Enter too)"),
        Binding("x", "delete", "Delete", id="spells.delete", tooltip="Delete the highlighted spell (asks first)"),
        Binding("c", "close", "Close", id="spells.close"),
        Binding("escape", "close", "Close", show=False, id="spells.close-escape"),
    ]  # fmt: skip

    def compose(self) -> ComposeResult:
        with Vertical(id="spell-list-box"):
            yield DataTable(id="spell-table", cursor_type="row")
            yield Static("", id="spell-empty")
            yield Static("n new · e/Enter edit · x delete · c/Esc close", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#spell-list-box").border_title = "Custom spells"
        self.query_one(DataTable).add_columns(*COLUMNS)
        self._shown: tuple[CustomSpell, ...] | None = None
        self.app.state_changed.subscribe(self, self._state_changed)  # a save, a delete, an undo
        self._state_changed(self.app.session)

    def _state_changed(self, session) -> None:
        if session.state.custom_spells is not self._shown:
            self._shown = session.state.custom_spells
            self.fill()

    def fill(self) -> None:
        table = self.query_one(DataTable)
        kept = self.highlighted
        table.clear()
        spells = self.app.session.state.custom_spells
        for spell in spells:
            table.add_row(Text(spell.name), str(spell.level) if spell.level else "cantrip", spell.kind,
                          Text(_boxes(spell)), key=spell.name)  # fmt: skip
        names = [spell.name for spell in spells]
        if kept in names:
            table.move_cursor(row=names.index(kept), animate=False)
        self.query_one("#spell-empty", Static).update("" if spells else "No custom spells yet: n makes one.")

    @property
    def highlighted(self) -> str | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value

    def action_new(self) -> None:
        self.app.push_screen(SpellForm())

    def action_edit(self) -> None:
        name = self.highlighted
        if name is None:
            tell(self, "No custom spell is highlighted: n makes one.")
            return
        self.app.push_screen(SpellForm(name))

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        self.app.push_screen(SpellForm(event.row_key.value))

    def action_delete(self) -> None:
        name = self.highlighted
        if name is None:
            tell(self, "No custom spell is highlighted to delete.")
            return
        from combat_tui.screens.dnd5e.sheet import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(CommandRequested(DeleteSpell(name)))

        self.app.push_screen(ConfirmDialog(f"Delete the custom spell {name}? Undo brings it back."), answered)

    def action_close(self) -> None:
        self.dismiss(None)


def _boxes(spell: CustomSpell) -> str:
    """The reference's boxes that are ticked, as the list shows them."""
    found = ["raises the dead" if spell.raises_dead else "", "stabilizes" if spell.stabilizes else "",
             f"resists {', '.join(spell.resists)}" if spell.resists else "",
             f"picks {', '.join(spell.choose_type)}" if spell.choose_type else "",
             "reaction" if spell.reaction else ""]  # fmt: skip
    return "; ".join(filter(None, found))
