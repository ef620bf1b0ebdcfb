"""CreatureForm: every field of a 5e creature that the rules read, on one scrolling form.

ref: Creature actions, Legendary actions, Legendary resistance, Turn Undead (the Turn Resistance
box), Damage and damage defenses ("A creature takes its three lists from the creature dialog"):
each number, list and box those rules read is a field here, one per field of `edit NAME
FIELD=VALUE` (`systems/dnd5e/editing.py`), grouped in sections. The form checks nothing itself:
Save sends the changed fields as one command (one undo step) and the rules read them; a refusal
stays in the form with its reason and the bad field marked, the creature unchanged and the
typing kept.

Three uses: `ref` edits a creature of the campaign (EditActor), `template` a saved template
(EditTemplate), neither makes a new creature on the party's tile (AddCreature). The save actions
stay with the creature dialog's action editor; the form lists them read-only.

Keys (letters go into the fields): Tab / shift+Tab the next and previous field, PgDn / PgUp the
next and previous section, Enter in a one-line field, ctrl+s or F2 saves, Esc or F3 cancels.
Weapons are one a line (the weapon_text form); a new line in the Weapons box is Enter.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static, TextArea

from combat_tui.core.command import CommandRejected
from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.commands import AddCreature, EditActor, EditTemplate
from combat_tui.systems.dnd5e.creature_actions import action_summary
from combat_tui.systems.dnd5e.editing import CREATURE_FIELDS, Field, shown
from combat_tui.systems.dnd5e.field_text import SIZES
from combat_tui.systems.dnd5e.model import Creature
from combat_tui.systems.dnd5e.roster import BLANK, find_template

SECTIONS = (
    ("Identity", ("name", "type", "size", "cr", "disposition", "npc")),
    ("Defense", ("ac", "ac_source", "hp", "max_hp", "hit_dice", "resistances", "vulnerabilities", "immunities",
                 "condition_immunities")),
    ("Abilities", ("str", "dex", "con", "int", "wis", "cha", "saves", "save_bonuses", "skills", "skill_bonuses",
                   "passive", "senses", "languages", "speed", "speeds", "prof")),
    ("Offense", ("weapons", "multiattack", "multiattack_dis", "pack_tactics", "surprise_attack", "redirect_attack",
                 "turn_resistance", "legendary_actions", "legendary_resistance", "spellcasting", "spells", "slots")),
    ("Notes", ("notes", "gold")),
)  # fmt: skip
SCORES = ("str", "dex", "con", "int", "wis", "cha")
"""The six scores share one row."""
MULTILINE = {"weapons": "; ", "notes": " "}
"""Fields typed in a box of lines, and how the lines join back into the field's one-line text."""
YES_NO = "yes or no"
PLACEHOLDERS = {
    "name": "such as Goblin Boss", "type": "humanoid, beast, undead ...", "size": ", ".join(SIZES),
    "cr": "0, 1/8, 1/4, 1/2, 1 to 30", "disposition": "hostile, neutral or friendly", "npc": YES_NO,
    "ac_source": "such as chain shirt, shield", "hit_dice": "such as 6d8+6",
    "resistances": "damage types, such as fire, cold", "vulnerabilities": "damage types, such as fire",
    "immunities": "damage types, such as poison", "condition_immunities": "such as poisoned, frightened",
    "saves": "such as dex, con", "save_bonuses": "such as dex +5, con +4", "skills": "such as stealth, perception",
    "skill_bonuses": "such as stealth +6", "passive": "0: 10 + Perception", "senses": "such as darkvision 60 ft.",
    "languages": "such as Common, Goblin", "speeds": "such as fly 60 ft., swim 30 ft.",
    "weapons": "one a line: Scimitar 1d6 slashing martial finesse light",
    "multiattack": "swings of the Attack action", "multiattack_dis": "the swing at disadvantage, 0: none",
    "pack_tactics": YES_NO, "surprise_attack": "dice such as 2d6", "redirect_attack": YES_NO,
    "turn_resistance": YES_NO, "spellcasting": "int, wis or cha (empty: none)", "spells": "such as Fire Bolt, Shield",
    "slots": "left per level, such as 4, 3, 2", "notes": "anything the table needs",
}  # fmt: skip
HINT = "Tab field · PgDn/PgUp section · Enter/ctrl+s/F2 save · Esc/F3 cancel"


def sections() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """SECTIONS with only the fields editing.py has, and any field it added since under Other."""
    listed = {key for _, keys in SECTIONS for key in keys}
    found = tuple((title, tuple(k for k in keys if k in CREATURE_FIELDS)) for title, keys in SECTIONS)
    other = tuple(key for key in CREATURE_FIELDS if key not in listed)
    return found + ((("Other", other),) if other else ())


def field_text(key: str, raw: str) -> str:
    """The one-line text of a field from what its widget holds."""
    joiner = MULTILINE.get(key)
    if joiner is None:
        return raw
    return joiner.join(line.strip() for line in raw.splitlines() if line.strip())


class CreatureForm(ModalScreen[bool]):
    """Dismissed with True once the command went through, False when cancelled or nothing changed."""

    CSS_PATH = "creature_form.tcss"
    AUTO_FOCUS = "#cf-name"

    BINDINGS = [
        Binding("ctrl+s", "save", "Save", id="creature-form.save", tooltip="Send the changed fields (one undo step)"),
        Binding("f2", "save", "Save", show=False, id="creature-form.save-f2"),
        Binding("escape", "cancel", "Cancel", id="creature-form.cancel", tooltip="Close without a change"),
        Binding("f3", "cancel", "Cancel", show=False, id="creature-form.cancel-f3"),
        Binding("pagedown", "section(1)", "Next section", show=False, priority=True, id="creature-form.next-section"),
        Binding("pageup", "section(-1)", "Previous section", show=False, priority=True,
                id="creature-form.previous-section"),
    ]  # fmt: skip
    """Letters go into the fields, so every key here is a ctrl, F or page key; the page keys win
    over the scrolling and the Weapons box (priority)."""

    def __init__(self, ref: str = "", template: str = "") -> None:
        super().__init__()
        self.ref = ref
        self.template = template
        self._loaded: dict[str, str] = {}
        """What each field's widget held when the form opened: a field differing from it is a change."""

    # -- building ----------------------------------------------------------------------------

    def _record(self) -> Creature:
        """The creature, the template or the blank a new creature starts from."""
        state = self.app.session.state
        if self.template:
            return find_template(state, self.template)
        if not self.ref:
            return BLANK
        creature = state.actor(self.ref)
        if not isinstance(creature, Creature):
            raise CommandRejected(f"There is no creature '{self.ref}' in the campaign.")
        return creature

    def _title(self, record: Creature) -> str:
        if self.template:
            return f"Template · {record.name}"
        if not self.ref:
            return "New creature · on the party's tile"
        session = self.app.session
        return f"Creature form · {session.system.labels(session.state).get(self.ref, record.name)}"

    def compose(self) -> ComposeResult:
        with Vertical(id="cf-box"):
            try:
                record = self._record()
            except CommandRejected as error:
                yield Static(Text(error.reason), id="cf-missing")
                yield Static("Esc or F3 closes", classes="hint")
                return
            with VerticalScroll(id="cf-fields"):
                for title, keys in sections():
                    yield Static(title, classes="cf-section", id=f"cf-section-{title.casefold()}")
                    with Grid(classes="cf-grid"):  # labels and fields in two columns, no box per row
                        scores = [key for key in keys if key in SCORES]
                        for key in keys:
                            if key in scores[1:]:
                                continue
                            if key in scores:
                                yield from self._scores(record, scores)
                            else:
                                yield from self._row(CREATURE_FIELDS[key], shown(record, key))
                    if title == "Offense":
                        yield Static(self._actions(record), id="cf-actions")
            yield Static("", id="cf-error")
            yield Static(HINT, classes="hint")

    def _row(self, field: Field, value: str) -> ComposeResult:
        yield Label(field.label, classes="cf-label")
        placeholder, ident = PLACEHOLDERS.get(field.key, ""), f"cf-{field.key}"
        if field.key in MULTILINE:
            if field.key == "weapons":  # one weapon a line
                value = "\n".join(part.strip() for part in value.split(";") if part.strip())
            yield TextArea(value, compact=True, id=ident, classes="cf-area cf-field", placeholder=placeholder)
        else:
            yield Input(value, placeholder=placeholder, compact=True, id=ident, classes="cf-input cf-field")

    def _scores(self, record: Creature, keys: list[str]) -> ComposeResult:
        yield Label("Ability scores", classes="cf-label")
        with Horizontal(classes="cf-scores"):
            for key in keys:
                yield Label(key.capitalize(), classes="cf-score-label")
                yield Input(shown(record, key), compact=True, id=f"cf-{key}", classes="cf-score cf-field",
                            tooltip=CREATURE_FIELDS[key].label)  # fmt: skip

    def _actions(self, record: Creature) -> Text:
        """ref: Creature actions — the save actions, read-only: the creature dialog edits them."""
        text = Text("Save actions ", style="bold")
        if self.template:
            where = "(kept from the creature it was saved from; spawned creatures get them)"
        elif self.ref:
            where = "(a add, o open, r remove in the creature dialog)"
        else:
            where = "(add them in the creature dialog once the creature is made)"
        text.append(where, style="italic")
        for action in record.actions:
            text.append(f"\n  {action.name} · {action_summary(action)}")
        if not record.actions:
            text.append("\n  none")
        return text

    def on_mount(self) -> None:
        box = self.query_one("#cf-box")
        try:
            box.border_title = self._title(self._record())
        except CommandRejected:
            box.border_title = "Creature form"
        self._loaded = {key: self._raw(key) for key in self._keys()}

    # -- reading the fields ------------------------------------------------------------------

    def _keys(self) -> list[str]:
        return [widget.id.removeprefix("cf-") for widget in self.query(".cf-field")]

    def _raw(self, key: str) -> str:
        widget = self.query_one(f"#cf-{key}")
        return widget.text if isinstance(widget, TextArea) else widget.value

    def changes(self) -> tuple[tuple[str, str], ...]:
        """(field, text) for each field that differs from what the form opened with."""
        raw = {key: self._raw(key) for key in self._keys()}
        return tuple((key, field_text(key, text)) for key, text in raw.items() if text != self._loaded[key])

    def command(self) -> object | None:
        """The one command Save sends; None when an edit changes nothing."""
        changes = self.changes()
        if self.template:
            return EditTemplate(self.template, changes) if changes else None
        if self.ref:
            return EditActor(self.ref, changes) if changes else None
        return AddCreature(self._raw("name"), tuple(pair for pair in changes if pair[0] != "name"))

    # -- keys --------------------------------------------------------------------------------

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        if not self._loaded:  # the record was not found: nothing to save
            tell(self, "The creature was not found: there is nothing to save.")
            return
        command = self.command()
        if command is None:
            self.notify("Nothing changed.", timeout=3)
            self.dismiss(False)
            return
        error = self.app.execute(command)
        if error is not None:
            self._refused(error)
            return
        self.dismiss(True)

    def _refused(self, error: CommandRejected) -> None:
        """The reason under the fields, each field it names marked, the first one focused."""
        text = Text(error.reason, style="bold")
        if error.detail:
            text.append(f"\n{error.detail}")
        message = self.query_one("#cf-error", Static)
        message.update(text)
        message.display = True
        named = [key for key in self._keys() if re.search(rf"(?<!\w){re.escape(key)}:", error.reason)]
        for widget in self.query(".cf-field"):
            widget.set_class(widget.id.removeprefix("cf-") in named, "-refused")
        if named:
            self.query_one(f"#cf-{named[0]}").focus()
        self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(False)

    def action_section(self, step: int) -> None:
        """Focus the first field of the next (or previous) section, its heading at the top."""
        if not self._loaded:
            return
        parts = [(title, keys) for title, keys in sections() if keys]
        focused = self.focused
        key = focused.id.removeprefix("cf-") if focused is not None and focused.id else ""
        at = next((i for i, (_, keys) in enumerate(parts) if key in keys), 0)
        target = max(0, min(len(parts) - 1, at + step))
        if target == at:
            tell(self, f"This is the {'last' if step > 0 else 'first'} section of the form.")
            return
        title, keys = parts[target]
        self.set_focus(self.query_one(f"#cf-{keys[0]}"), scroll_visible=False)  # at once: the next key reads it
        heading = self.query_one(f"#cf-section-{title.casefold()}")
        self.query_one("#cf-fields", VerticalScroll).scroll_to_widget(heading, top=True, animate=False)
