"""CharacterForm: the sheet editor, one labelled field per field of `editing.CHARACTER_FIELDS`.

`CharacterForm(ref)` edits that character; `CharacterForm()` makes a new one. The fields are in
sections (identity, abilities, proficiencies, defense and HP, spells, weapons, inventory and
coins); each shows what `editing.shown` gives, so an untouched field reads back to the same
value. Save sends one command with the fields whose text changed: `EditActor(ref, changes)`, or
`AddCharacter(name, changes)` for a new one (its blank fields left to the rules). The rules read,
check and derive: a refusal keeps the form open with the reason, the named fields marked, and the
character unchanged. The numbers the rules derive (level, proficiency bonus, max HP by hit dice,
AC, saves, slots, pools) show read-only beside the fields, from the record as the rules left it;
F5 saves and stays, so the GM sees them follow.

Keys that work in a field: ctrl+s or F2 saves and closes, F5 saves and stays, F4 opens the list
of the focused field (race, classes, spells, skills, weapons, items), Esc or F3 cancels.
"""

from __future__ import annotations

import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, Static, TextArea

from combat_tui.core.command import CommandRejected
from combat_tui.core.session import Session
from combat_tui.screens.dnd5e.form_lists import SUGGEST, TAKE_ON_LEAVING, CompleteSuggester, pick_list, with_picked
from combat_tui.screens.dnd5e.name_picker import NamePicker
from combat_tui.systems.dnd5e import building
from combat_tui.systems.dnd5e.armor import armor_class
from combat_tui.systems.dnd5e.checks import save_bonus
from combat_tui.systems.dnd5e.commands import AddCharacter, EditActor
from combat_tui.systems.dnd5e.editing import CHARACTER_FIELDS, shown
from combat_tui.systems.dnd5e.model import ABILITIES, Character

SECTIONS: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...] = (
    ("Identity", (("name",), ("race",), ("classes",))),
    ("Abilities", (("str", "dex", "con"), ("int", "wis", "cha"))),
    ("Proficiencies", (("saves",), ("skills",), ("expertise",), ("weapon_proficiencies",),
                       ("armor_proficiencies",), ("feats",), ("fighting_styles",))),
    ("Defense and HP", (("ac", "speed"), ("hp", "max_hp"), ("max_hp_override",), ("condition_immunities",))),
    ("Spells", (("spellcasting",), ("spells",), ("slots",))),
    ("Weapons", (("weapons",),)),
    ("Inventory and coins", (("inventory",), ("gold", "silver"), ("copper", "platinum"), ("xp",))),
)  # fmt: skip
"""Where each field sits; a field of `CHARACTER_FIELDS` missing here goes to an Other section."""

PLACEHOLDERS = {
    "race": "e.g. Hill Dwarf, Human (F4: the list)",
    "classes": "e.g. Fighter 5 (Champion), Wizard 2",
    "saves": "e.g. strength, constitution",
    "skills": "e.g. athletics, perception",
    "expertise": "skills at twice the bonus, e.g. stealth",
    "weapon_proficiencies": "e.g. simple, martial, hand crossbow",
    "armor_proficiencies": "e.g. light, medium, heavy, shield",
    "feats": "e.g. Tough, Resilient (Constitution)",
    "fighting_styles": "e.g. Defense, Dueling",
    "spellcasting": "an ability, e.g. wisdom",
    "spells": "e.g. Fire Bolt, Cure Wounds (F4: the list)",
    "slots": "left per level, e.g. 4, 3, 2",
    "inventory": "e.g. Rope, Scimitar (F4: the library)",
    "condition_immunities": "e.g. Poisoned, Charmed",
}
WIDE = {"name", "race", "classes"} | {key for key in CHARACTER_FIELDS if key not in {
    "str", "dex", "con", "int", "wis", "cha", "ac", "speed", "hp", "max_hp", "max_hp_override",
    "gold", "silver", "copper", "platinum", "xp"}}  # fmt: skip
"""Fields that take a whole row; the others are numbers, several to a row."""
HINT = "Tab/Enter next · F4 list · ctrl+s/F2 save · F5 save, stay · Esc/F3 cancel"


def sections() -> list[tuple[str, tuple[tuple[str, ...], ...]]]:
    placed = {key for _, rows in SECTIONS for row in rows for key in row if key in CHARACTER_FIELDS}
    found = [(title, tuple(tuple(k for k in row if k in CHARACTER_FIELDS) for row in rows)) for title, rows in SECTIONS]
    other = tuple((key,) for key in CHARACTER_FIELDS if key not in placed)
    return found + ([("Other", other)] if other else [])


def label_of(key: str) -> tuple[str, str]:
    """(label, note): `Max HP override (0: by hit dice)` -> (`Max HP override`, `0: by hit dice`)."""
    label = CHARACTER_FIELDS[key].label
    name, _, note = label.partition(" (")
    if key in ("gold", "silver", "copper", "platinum"):
        return label, ""  # the bracket is the coin's unit
    return name, note.rstrip(")")


class CharacterForm(ModalScreen[str | None]):
    """Dismissed with the character's id once saved, None on cancel."""

    CSS_PATH = "character_form.tcss"
    AUTO_FOCUS = "#field-name"

    BINDINGS = [
        Binding("ctrl+s,f2", "save(True)", "Save", id="character.save", tooltip="Save the changes and close"),
        Binding("f5", "save(False)", "Save and stay", id="character.apply",
                tooltip="Save the changes and keep the form open: the derived numbers follow"),
        Binding("f4", "pick", "List", id="character.pick", tooltip="Pick from the list of the field"),
        Binding("escape,f3", "cancel", "Cancel", id="character.cancel", tooltip="Close without saving"),
    ]  # fmt: skip
    """F-keys and ctrl+s: the fields take every letter as typing."""

    def __init__(self, ref: str = "") -> None:
        super().__init__()
        self.ref = ref
        self._shown: dict[str, str] = {}
        """What each field showed when last filled: a field keeps the GM's typing until it changes."""

    # -- building ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical(id="form-box"):
            with Horizontal(id="form-body"):
                with VerticalScroll(id="form-fields", can_focus=False):  # Tab goes field to field
                    for title, rows in sections():
                        yield Static(title, classes="form-section")
                        for row in rows:
                            yield from self._row(row)
                yield Static("", id="form-derived")
            yield Static("", id="form-message")
            yield Static(HINT, id="form-hint", classes="hint")

    def _row(self, keys: tuple[str, ...]) -> ComposeResult:
        if not keys:
            return
        tall = " -tall" if "weapons" in keys else ""
        with Horizontal(classes="form-row" + (" -numbers" if keys[0] not in WIDE else "") + tall):
            for index, key in enumerate(keys):
                label, note = label_of(key)
                wide = key in WIDE
                yield Label(label, classes="form-label" if wide or index == 0 else "form-label -next")
                yield self._field(key, note)
                if not wide and len(keys) == 1 and note:
                    yield Static(f" ({note})", classes="form-note")

    def _field(self, key: str, note: str) -> Widget:
        if key == "weapons":
            return TextArea(
                "", id="field-weapons", classes="form-input", compact=True, soft_wrap=False,
                placeholder="one a line: Longsword 1d8 slashing martial versatile 1d10 (F4: the library)",
            )  # fmt: skip
        complete = SUGGEST.get(key)
        return Input(
            "", placeholder=PLACEHOLDERS.get(key, note), compact=True, id=f"field-{key}",
            classes="form-input" + ("" if key in WIDE else " -number"),
            suggester=CompleteSuggester(complete) if complete else None,
            select_on_focus=key not in WIDE,  # a number is retyped; a list is added to
        )  # fmt: skip

    def on_mount(self) -> None:
        self.query_one("#form-derived").border_title = "Derived by the rules"
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    # -- state down --------------------------------------------------------------------------

    @property
    def character(self) -> Character | None:
        actor = self.app.session.state.actor(self.ref) if self.ref else None
        return actor if isinstance(actor, Character) else None

    def _state_changed(self, session: Session) -> None:
        character = self.character
        box = self.query_one("#form-box")
        if self.ref and character is None:  # deleted, or an undo took it away
            self.dismiss(None)
            return
        if character is None:
            box.border_title = "New character"
            self._show_derived(None)
            return
        box.border_title = f"Edit · {session.system.labels(session.state).get(self.ref, character.name)}"
        for key in CHARACTER_FIELDS:
            text = shown(character, key)
            if self._shown.get(key) != text:
                self._set_text(key, text)
                self._shown[key] = text
        self._show_derived(character)

    def _show_derived(self, character: Character | None) -> None:
        wide = not self.has_class("-narrow")
        self.query_one("#form-derived", Static).update(derived_text(character, wide) if character else NEW_NOTE)

    def on_resize(self) -> None:
        self.call_after_refresh(lambda: self._show_derived(self.character))  # the breakpoint class is set

    def _widget(self, key: str) -> Input | TextArea:
        return self.query_one(f"#field-{key}")

    def _text(self, key: str) -> str:
        widget = self._widget(key)
        if isinstance(widget, TextArea):  # one weapon a line; the field reads `;` between them
            return "; ".join(line.strip() for line in widget.text.splitlines() if line.strip())
        return widget.value

    def _set_text(self, key: str, text: str) -> None:
        widget = self._widget(key)
        if isinstance(widget, TextArea):
            widget.load_text(text.replace("; ", "\n"))
        else:
            widget.value = text
            widget.cursor_position = len(text)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()  # Enter moves on, as Tab does: a long form is not saved by accident

    # -- the list and the suggestions --------------------------------------------------------

    def on_descendant_blur(self, event) -> None:
        key = _key_of(event.control)
        if key in TAKE_ON_LEAVING:
            self._take_suggestion(key)

    def _take_suggestion(self, key: str) -> None:
        widget = self._widget(key)
        if self._shown.get(key) == widget.value:
            return  # untouched: the record's own text stays as it is
        done = SUGGEST[key](widget.value)
        if done != widget.value:
            widget.value = done

    def action_pick(self) -> None:
        key = _key_of(self.focused)
        found = pick_list(key) if key else None
        if found is None:
            self._say(Text("This field has no list; F4 lists races, classes, spells, skills, weapons and items."))
            return
        title, groups = found
        self.app.push_screen(NamePicker(title, groups), lambda name: self._picked(key, name))

    def _picked(self, key: str, name: str | None) -> None:
        widget = self._widget(key)
        if name:
            typed = widget.text if isinstance(widget, TextArea) else widget.value
            self._set_text(key, with_picked(key, typed, name))
        widget.focus()

    # -- commands up -------------------------------------------------------------------------

    def changes(self) -> tuple[tuple[str, str], ...]:
        """The (field, text) pairs the GM changed; for a new character, the fields filled in."""
        for key in TAKE_ON_LEAVING:
            self._take_suggestion(key)
        character = self.character
        found = []
        for key in CHARACTER_FIELDS:
            text = self._text(key)
            if character is None:
                if key != "name" and text.strip():
                    found.append((key, text))
            elif text.strip() != shown(character, key).strip():
                found.append((key, text))
        return tuple(found)

    def action_save(self, close: bool) -> None:
        changes = self.changes()
        if self.character is not None:
            if not changes:
                self._done(close, "Nothing changed.")
                return
            command = EditActor(self.ref, changes)
        else:
            command = AddCharacter(self._text("name"), changes)
        known = {c.id for c in self.app.session.state.characters}
        error = self.app.execute(command)
        if error is not None:
            self._refused(error)
            return
        if not self.ref:
            self.ref = next((c.id for c in self.app.session.state.characters if c.id not in known), "")
            self._state_changed(self.app.session)
        self._done(close, "Saved.")

    def _done(self, close: bool, said: str) -> None:
        self._mark(set())
        if close:
            self.dismiss(self.ref or None)
        else:
            self._say(Text(said, style="italic"))

    def _refused(self, error: CommandRejected) -> None:
        bad = {key for key in CHARACTER_FIELDS if re.search(rf"(^|[\s'\"(]){re.escape(key)}:", error.reason)}
        self._mark(bad)
        text = Text(f"Not saved: {error.reason}", style="bold")
        if error.detail:
            text.append(f" {error.detail}")
        self._say(text, error=True)
        first = next((key for _, rows in sections() for row in rows for key in row if key in bad), None)
        if first is not None:
            self._widget(first).focus()

    def _mark(self, bad: set[str]) -> None:
        for key in CHARACTER_FIELDS:
            self._widget(key).set_class(key in bad, "-refused")

    def _say(self, text: Text, error: bool = False) -> None:
        message = self.query_one("#form-message", Static)
        message.update(text)
        message.set_class(error, "-error")
        message.display = bool(text.plain)

    def action_cancel(self) -> None:
        self.dismiss(None)


NEW_NOTE = Text(
    "Saved, the rules derive the level, proficiency bonus, max HP by hit dice, AC, saves, slots "
    "and class pools from the classes, race and CON. F5 saves and stays to see them.",
    style="italic",
)


def _key_of(widget) -> str:
    wid = getattr(widget, "id", None) or ""
    return wid.removeprefix("field-") if wid.startswith("field-") else ""


def derived_text(character: Character, wide: bool = True) -> Text:
    """The numbers the rules derived on the record: level, proficiency bonus, max HP, AC, saves,
    slots and pools; a line each when `wide` (the side panel), fewer lines under the fields."""
    parts: list[Text] = []
    level = building.total_level(character.classes)
    parts.append(Text.assemble((f"Level {level}" if character.classes else "No class", "bold"),
                               f" · Prof +{character.proficiency_bonus}"))  # fmt: skip
    try:
        by_dice = building.max_hp_for(character) if character.classes else 0
    except CommandRejected:
        by_dice = 0
    hp = Text(f"Max HP {character.max_hp}", style="bold")
    if character.max_hp_override:
        hp.append(f" (override; {by_dice} by hit dice)" if by_dice else " (override)")
    elif character.classes:
        hp.append(" by hit dice")
    parts.append(hp)
    ac, how = armor_class(character)
    parts.append(Text.assemble((f"AC {ac}", "bold"), f" ({'the sheet' if how == 'sheet' else how})" if wide else ""))
    saves = Text("Saves", style="bold")
    for index, ability in enumerate(ABILITIES):
        mark = "●" if ability in character.save_proficiencies else " "
        gap = "\n     " if wide and index == 3 else " "  # two rows of three in the side panel
        saves.append(f"{gap}{ability[:3].upper()} {save_bonus(character, ability):+d}{mark}")
    parts.append(saves)
    if character.slots or character.spellcasting:
        slots = Text("Slots left ", style="bold")
        slots.append(" ".join(f"{n}×L{level}" for level, n in enumerate(character.slots, 1) if n) or "none")
        if character.spellcasting:
            slots.append(f" · casts with {character.spellcasting[:3].upper()}")
        parts.append(slots)
    if character.pools:
        pools = " · ".join(f"{pool.name} {pool.uses}/{pool.max}" for pool in character.pools)
        parts.append(Text.assemble(("Pools ", "bold"), pools))
    problems = building.multiclass_problems(character.abilities, character.classes)
    parts += [Text(problem, style="italic") for problem in problems]
    if not wide:  # under the fields: the first three share a line
        parts = [Text(" · ").join(parts[:3]), *parts[3:]]
    return Text("\n").join(parts)
