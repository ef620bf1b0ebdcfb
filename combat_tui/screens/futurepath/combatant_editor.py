"""CombatantEditor: a FuturePath combatant's sheet as a form, to add one or edit one.

The fields are the rules' (`systems/futurepath/combatant_fields.py`): name, team, HP, the six
abilities, Initiative MISC, the parts of AC, DR, Path and level (the Advantage Die and Extra Damage
by level, or the GM's), Stealth and Perception, the off-hand weapon; the weapons are a list, each
edited in a small form of its own (`w` adds one, Enter edits the highlighted one, `x` removes it).
Saving checks the whole sheet with the rules, then dismisses with one command (`AddCombatant`, or
`EditCombatant` with the changed fields only), which the screen below sends: one undo step. A
refusal names the field and keeps the form open as typed; the line under the fields shows what
the rules make of the sheet (AC, Initiative, Advantage Die, Extra Damage).
"""

from __future__ import annotations

from attrs import define
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.core.command import CommandRejected
from combat_tui.screens.futurepath.editor_form import EntryForm, FieldRows, FormScreen
from combat_tui.screens.refusals import tell
from combat_tui.systems.futurepath import combatants
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.combatant_fields import FIELDS, WEAPON_FIELDS, check_weapon, texts, weapon_texts
from combat_tui.systems.futurepath.fields import item_key
from combat_tui.systems.futurepath.stats import fp_state

SPECS = {spec.key: spec for spec in FIELDS}
ROWS = (
    ("name", "hp", "hp_now", "team"),
    ("player", "path", "level", "creature"),
    ("str", "dex", "con", "int", "wis", "cha", "init"),
    ("armor", "natural", "size", "ac_misc", "stealth", "perception"),
    ("dr", "extra_damage", "advantage_die", "die_level"),
    ("off_hand", "walk"),
)
CAPTIONS = {"hp_now": "now", "init": "Init MISC", "natural": "Natural", "size": "Size", "ac_misc": "AC misc",
            "extra_damage": "Extra Dmg", "advantage_die": "Adv Die", "die_level": "Die lvl", "off_hand": "Off-hand",
            "perception": "Perc"}  # fmt: skip
WIDTHS = {"name": 18, "team": 17, "player": 11, "path": 15, "dr": 14, "extra_damage": 6, "advantage_die": 8,
          "off_hand": 18}  # fmt: skip
WEAPON_SPECS = {spec.key: spec for spec in WEAPON_FIELDS}
WEAPON_ROWS = (("name", "damage", "type"), ("accuracy", "crit", "multiplier", "level"),
               ("ranged", "range", "proficient", "short"), ("attributes",))  # fmt: skip
WEAPON_CAPTIONS = {"multiplier": "x", "range": "Range ft", "short": "Levels short"}
WEAPON_WIDTHS = {"name": 18, "damage": 9, "type": 11, "crit": 8, "attributes": 34}
HINT = "Tab fields · Enter/ctrl+s saves · c/Esc closes · letter keys off text fields"


@define
class Entry:
    """A weapon as the form holds it: its place in the sheet before the edit (None: new) and texts."""

    origin: int | None
    values: dict[str, str]


class CombatantEditor(FormScreen):
    """Add a combatant (`ref` None; `copy_of` fills it from another), or edit `ref`."""

    CSS_PATH = ["editor_form.tcss", "combatant_editor.tcss"]
    AUTO_FOCUS = "#fp-edit-name"

    BINDINGS = [
        Binding("w", "add_weapon", "Add weapon", id="fp-edit.add-weapon", tooltip="A new weapon, in its own form"),
        Binding("e", "edit_weapon", "Edit weapon", show=False, id="fp-edit.edit-weapon",
                tooltip="Edit the highlighted weapon (Enter on the list too)"),
        Binding("x", "remove_weapon", "Remove weapon", id="fp-edit.remove-weapon",
                tooltip="In the weapon list: remove the highlighted weapon (saving takes it off the sheet)"),
    ]  # fmt: skip

    def __init__(self, ref: str | None = None, *, copy_of: str | None = None, team: str = "") -> None:
        super().__init__()
        self.ref, self.copy_of, self.team = ref, copy_of, team
        self._original: dict[str, str] = {}
        """The fields' texts the form started from (a new one's: the defaults)."""
        self._weapons: dict[int, dict[str, str]] = {}
        """The sheet's weapons before the edit, by place."""
        self._entries: list[Entry] = []
        self._removed: set[int] = set()

    def compose(self) -> ComposeResult:
        session = self.app.session
        fp = fp_state(session.state)
        who = fp.actor(self.ref) if self.ref else None
        source = who or (fp.actor(self.copy_of) if self.copy_of else None)
        self._original = texts(fp, who)
        values = texts(fp, source)
        if who is None and source is None:
            team = fp.team(self.team) or (fp.teams[0] if fp.teams else None)
            values["team"] = team.name if team else ""
        if who is not None:
            self._weapons = {i: weapon_texts(w) for i, w in enumerate(who.weapons, 1)}
        self._entries = [Entry(i if who else None, weapon_texts(w)) for i, w in enumerate(source.weapons if source else (), 1)]
        names = session.system.labels(session.state)
        if who is not None:
            title = f"Edit {names.get(who.id, who.name)}"
        else:
            title = f"New combatant · a copy of {names.get(source.id, source.name)}" if source else "New combatant"
        with Vertical(id="fp-edit-box", classes="fp-form-box") as box:
            box.border_title = title
            suggest = {"team": [t.name for t in fp.teams], "path": sorted({a.path for a in fp.actors if a.path})}
            yield FieldRows("fp-edit", SPECS, ROWS, values, CAPTIONS, WIDTHS, suggest=suggest, id="fp-edit-rows")
            yield Label("Weapons · w add · Enter edits · x removes", id="fp-edit-weapons-title")
            yield OptionList(id="fp-edit-weapons", compact=True)
            yield Static("", id="fp-edit-preview")
            yield Static("", classes="fp-form-error")
            yield Static(HINT, classes="fp-form-hint")

    def on_mount(self) -> None:
        self.show_error(None)
        self._list_weapons()
        self._preview()

    # -- what the form holds, as the rules read it -------------------------------------------

    @property
    def _rows(self) -> FieldRows:
        return self.query_one("#fp-edit-rows", FieldRows)

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """The (field, value text) pairs of what changed: every field of a new one that is set."""
        now, pairs = self._rows.texts(), []
        for spec in FIELDS:
            value, was = now[spec.key], self._original[spec.key]
            if self.ref is None and (spec.key == "name" or not value):
                continue  # a new one's name is the command's own; an empty field keeps its default
            if value != was:
                pairs.append((spec.key, value))
        pairs += [(f"weapon{origin}", "none") for origin in sorted(self._removed)]
        blank, new = weapon_texts(None), len(self._weapons)
        for entry in self._entries:
            if entry.origin is not None:
                old = self._weapons[entry.origin]
                pairs += [(f"weapon{entry.origin}.{k}", v) for k, v in entry.values.items() if v != old[k]]
            else:
                new += 1
                pairs += [(f"weapon{new}.{k}", v) for k, v in entry.values.items()
                          if v != blank[k] or k in ("name", "damage")]  # fmt: skip
        return tuple(pairs)

    def command(self) -> object | None:
        """The command the form would send; None for an edit that changes nothing."""
        pairs = self.pairs()
        if self.ref is not None:
            return fc.EditCombatant(self.ref, pairs) if pairs else None
        return fc.AddCombatant(self._rows.text("name"), pairs)

    # -- saving --------------------------------------------------------------------------------

    def action_save(self) -> None:
        command = self.command()
        if command is None:
            self.dismiss(None)  # nothing changed
            return
        try:
            combatants.check(self.app.session.state, command)
        except CommandRejected as error:
            self.show_error(error)
            self._point_at(getattr(error, "field", ""))
            return
        self.dismiss(command)

    def _point_at(self, field: str) -> None:
        """The cursor on the refused field: a field of the form, or the weapon it is about."""
        item = item_key(field, "weapon")
        if item is None:
            self._rows.focus_field(field)
            return
        index = item[0]
        at = next((i for i, e in enumerate(self._entries) if e.origin == index), None)
        if at is None:
            news = [i for i, e in enumerate(self._entries) if e.origin is None]
            at = news[index - len(self._weapons) - 1] if 0 < index - len(self._weapons) <= len(news) else None
        weapons = self.query_one("#fp-edit-weapons", OptionList)
        if at is not None and weapons.option_count:
            weapons.highlighted = at
        weapons.focus()

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _changed(self, event) -> None:
        self._preview()

    def _preview(self) -> None:
        """What the rules make of the sheet as typed, or nothing while it is incomplete."""
        if not self.is_mounted:
            return
        state = self.app.session.state
        command = self.command()
        try:
            who = combatants.draft(state, command) if command is not None else fp_state(state).actor(self.ref)
        except CommandRejected:
            who = None
        line = Text(combatants.sheet_line(state, who) if who is not None else "AC and Initiative show once every field is right",
                    style="" if who is not None else "dim")  # fmt: skip
        self.query_one("#fp-edit-preview", Static).update(line)

    # -- the weapons -------------------------------------------------------------------------

    def _list_weapons(self, at: int | None = None) -> None:
        weapons = self.query_one("#fp-edit-weapons", OptionList)
        weapons.clear_options()
        if not self._entries:
            weapons.add_option(Option(Text("No weapons (w adds one).", style="italic"), disabled=True))
            return
        weapons.add_options([Option(Text(_weapon_row(e.values))) for e in self._entries])
        weapons.highlighted = min(at if at is not None else 0, len(self._entries) - 1)

    def _highlighted(self) -> int | None:
        at = self.query_one("#fp-edit-weapons", OptionList).highlighted
        if at is None or not 0 <= at < len(self._entries):
            tell(self, "No weapon is highlighted: w adds one.")
            return None
        return at

    def _index(self, entry: Entry) -> int:
        """The weapon's number in the command's pairs (new ones after the sheet's)."""
        if entry.origin is not None:
            return entry.origin
        news = [e for e in self._entries if e.origin is None]
        return len(self._weapons) + (news.index(entry) + 1 if entry in news else len(news) + 1)

    def action_add_weapon(self) -> None:
        self._open(Entry(None, weapon_texts(None)), new=True)

    @on(OptionList.OptionSelected, "#fp-edit-weapons")
    def action_edit_weapon(self) -> None:
        at = self._highlighted()
        if at is not None:
            self._open(self._entries[at], new=False)

    def _open(self, entry: Entry, *, new: bool) -> None:
        index = self._index(entry)
        title = f"Weapon {index}" + (f" · {entry.values['name']}" if entry.values["name"] else " · new")
        fp = fp_state(self.app.session.state)
        types = sorted({w.damage_type for a in fp.actors for w in a.weapons if w.damage_type})
        form = EntryForm(title, f"weapon{index}", WEAPON_SPECS, WEAPON_ROWS, entry.values,
                         lambda values: check_weapon(index, values), WEAPON_CAPTIONS, WEAPON_WIDTHS, {"type": types})  # fmt: skip
        self.app.push_screen(form, lambda values: self._kept(entry, values, new))

    def _kept(self, entry: Entry, values: dict[str, str] | None, new: bool) -> None:
        if values is None:
            return
        entry.values = values
        if new:
            self._entries.append(entry)
        self._list_weapons(self._entries.index(entry))
        self.show_error(None)
        self._preview()

    def action_remove_weapon(self) -> None:
        if self.focused is not self.query_one("#fp-edit-weapons"):
            tell(self, "x removes the highlighted weapon: move to the weapon list first.")  # not from a number field
            return
        at = self._highlighted()
        if at is None:
            return
        entry = self._entries.pop(at)
        if entry.origin is not None:
            self._removed.add(entry.origin)
        self._list_weapons(at)
        self._preview()


def _weapon_row(v: dict[str, str]) -> str:
    """`Laser Pistol 1d8+1 thermal · 20/x2 · acc +1 · level 1 · ranged 60 ft · light`."""
    parts = [f"{v['name']} {v['damage']} {v['type']}".strip(), f"{v['crit']}/x{v['multiplier']}"]
    if v["accuracy"] not in ("", "0"):
        parts.append(f"acc {v['accuracy']}")
    parts.append(f"level {v['level']}")
    parts.append(f"ranged {v['range']} ft" if v["ranged"] == "yes" else "melee")
    if v["proficient"] == "no":
        parts.append(f"not proficient ({v['short']} short)")
    if v["attributes"]:
        parts.append(v["attributes"])
    return " · ".join(parts)
