"""ShipEditor: a ship as a form, to add one or edit one (notes §2.8).

The fields are the rules' (`systems/futurepath/space/ship_fields.py`): name, side, hull size,
military or civilian, tech level, the Helm's Pilot skill, swarm, silent running and the six Core
System Attributes; below, the hard points (`p` adds one), the bays (`b`) and the seven crew posts,
each entry edited in a small form of its own (Enter on it; `x` removes a hard point or bay, or
empties a post). The line under the fields shows what the rules make of the ship: BD-DC, Tracking
DC, the hull's room for hard points and bays. Saving checks the whole ship with the rules (a hard
point the hull lacks is refused with its number) and dismisses with one command (`AddShip` or
`EditShip` with the changed fields), which the screen below sends: one undo step.
"""

from __future__ import annotations

from attrs import define
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.core.command import CommandRejected
from combat_tui.screens.futurepath.editor_form import EntryForm, FieldRows, FormScreen
from combat_tui.screens.refusals import tell
from combat_tui.systems.futurepath.fields import item_key
from combat_tui.systems.futurepath.labels import labels
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space import ships
from combat_tui.systems.futurepath.space.crew import TITLES
from combat_tui.systems.futurepath.space.labels import ship_labels
from combat_tui.systems.futurepath.space.model import POSITIONS
from combat_tui.systems.futurepath.space.ship_fields import (  # fmt: skip
    BAY_FIELDS,
    CREW_FIELDS,
    FIELDS,
    POINT_FIELDS,
    bay_texts,
    check_item,
    crew_texts,
    point_texts,
    texts,
)
from combat_tui.systems.futurepath.space.tables import space_tables
from combat_tui.systems.futurepath.stats import fp_state

SPECS = {spec.key: spec for spec in FIELDS}
ROWS = (("name", "side", "size", "military"), ("tech", "pilot", "swarm", "silent", "cloak"),
        ("engines", "weapons", "structure", "shields", "electronics", "sensors"))  # fmt: skip
CAPTIONS = {"size": "Hull", "tech": "Tech", "pilot": "Pilot", "engines": "Eng", "weapons": "Wpn", "structure": "Str",
            "shields": "Shd", "electronics": "Elc", "sensors": "Sen"}  # fmt: skip
WIDTHS = {"name": 16, "side": 15, "size": 10, "swarm": 14, "cloak": 10}
LISTS = {"point": ("Hard point", POINT_FIELDS, (("name", "weapon"),), point_texts),
         "bay": ("Bay", BAY_FIELDS, (("name", "external"),), bay_texts)}  # fmt: skip
"""group -> (title, fields, rows of its form, its texts)."""
ALWAYS = {"point": "weapon", "bay": "name"}
"""The field a new entry always carries, so the pairs make it even at its defaults."""
CREW_ROWS = (("",), ("bonus", "wisdex", "out"))
HINT = "Tab fields · Enter/ctrl+s saves · c/Esc closes · letter keys off text fields"


@define
class Entry:
    """A hard point or bay as the form holds it: its place before the edit (None: new) and texts."""

    origin: int | None
    values: dict[str, str]


class ShipEditor(FormScreen):
    """Add a ship (`ref` None), or edit `ref`."""

    CSS_PATH = ["editor_form.tcss", "ship_editor.tcss"]
    AUTO_FOCUS = "#fp-ship-name"

    BINDINGS = [
        Binding("p", "add('point')", "Add hard point", id="fp-ship.add-point", tooltip="A new hard point, in its own form"),
        Binding("b", "add('bay')", "Add bay", id="fp-ship.add-bay", tooltip="A new bay, in its own form"),
        Binding("x", "remove", "Remove", id="fp-ship.remove",
                tooltip="Remove the highlighted hard point or bay, or empty the highlighted crew post"),
    ]  # fmt: skip

    def __init__(self, ref: str | None = None) -> None:
        super().__init__()
        self.ref = ref
        self._original: dict[str, str] = {}
        self._before: dict[str, dict[int, dict[str, str]]] = {"point": {}, "bay": {}}
        self._entries: dict[str, list[Entry]] = {"point": [], "bay": []}
        self._removed: dict[str, set[int]] = {"point": set(), "bay": set()}
        self._crew_before: dict[str, dict[str, str]] = {}
        self._crew: dict[str, dict[str, str]] = {}

    def compose(self) -> ComposeResult:
        state = self.app.session.state
        fp, names = fp_state(state), labels(state)
        who = next((s for s in fp.ships if s.id == self.ref), None) if self.ref else None
        self._original = texts(fp, who)
        values = dict(self._original)
        if who is None:
            values.update(side=fp.teams[0].name if fp.teams else "", size="medium")
        for group, items in (("point", who.hard_points if who else ()), ("bay", who.bays if who else ())):
            make = LISTS[group][3]
            self._before[group] = {i: make(item) for i, item in enumerate(items, 1)}
            self._entries[group] = [Entry(i, dict(v)) for i, v in self._before[group].items()]
        self._crew_before = {p: crew_texts(who, p, names) for p in POSITIONS}
        self._crew = {p: dict(v) for p, v in self._crew_before.items()}
        title = f"Edit ship {ship_labels(state).get(who.id, who.name)}" if who else "New ship"
        suggest = {"side": [t.name for t in fp.teams], "size": [h.name for h in space_tables().hulls],
                   "swarm": sorted({s.swarm for s in fp.ships if s.swarm})}  # fmt: skip
        with Vertical(id="fp-ship-box", classes="fp-form-box") as box:
            box.border_title = title
            yield FieldRows("fp-ship", SPECS, ROWS, values, CAPTIONS, WIDTHS, suggest=suggest, id="fp-ship-rows")
            with Horizontal(id="fp-ship-lists"):
                yield OptionList(id="fp-ship-points", compact=True)
                yield OptionList(id="fp-ship-bays", compact=True)
            yield OptionList(id="fp-ship-crew", compact=True)
            yield Static("", id="fp-ship-preview")
            yield Static("", classes="fp-form-error")
            yield Static(HINT, classes="fp-form-hint")

    def on_mount(self) -> None:
        self.query_one("#fp-ship-points").border_title = "Hard points · p add"
        self.query_one("#fp-ship-bays").border_title = "Bays · b add"
        self.query_one("#fp-ship-crew").border_title = "Crew · Enter edits · x empties"
        self.show_error(None)
        for group in LISTS:
            self._list(group)
        self._list_crew()
        self._preview()

    # -- what the form holds, as the rules read it -------------------------------------------

    @property
    def _rows(self) -> FieldRows:
        return self.query_one("#fp-ship-rows", FieldRows)

    def pairs(self) -> tuple[tuple[str, str], ...]:
        """The (field, value text) pairs of what changed: every field of a new one that is set."""
        now, pairs = self._rows.texts(), []
        for spec in FIELDS:
            value = now[spec.key]
            if self.ref is None and (spec.key == "name" or not value):
                continue  # a new one's name is the command's own; an empty field keeps its default
            if value != self._original[spec.key]:
                pairs.append((spec.key, value))
        for group, (_, _, _, make) in LISTS.items():
            pairs += [(f"{group}{origin}", "none") for origin in sorted(self._removed[group])]
            blank, new = make(None), len(self._before[group])
            for entry in self._entries[group]:
                if entry.origin is not None:
                    old = self._before[group][entry.origin]
                    pairs += [(f"{group}{entry.origin}.{k}", v) for k, v in entry.values.items() if v != old[k]]
                else:
                    new += 1
                    pairs += [(f"{group}{new}.{k}", v) for k, v in entry.values.items()
                              if v != blank[k] or k == ALWAYS[group]]  # fmt: skip
        for position in POSITIONS:
            old, now_post = self._crew_before[position], self._crew[position]
            if now_post[""] != old[""]:
                pairs.append((f"crew.{position}", now_post[""]))
            if now_post[""]:
                pairs += [(f"crew.{position}.{k}", v) for k, v in now_post.items() if k and v != old[k]]
        return tuple(pairs)

    def command(self) -> object | None:
        pairs = self.pairs()
        if self.ref is not None:
            return sc.EditShip(self.ref, pairs) if pairs else None
        return sc.AddShip(self._rows.text("name"), pairs)

    # -- saving --------------------------------------------------------------------------------

    def action_save(self) -> None:
        command = self.command()
        if command is None:
            self.dismiss(None)  # nothing changed
            return
        try:
            ships.check(self.app.session.state, command)
        except CommandRejected as error:
            self.show_error(error)
            self._point_at(getattr(error, "field", ""))
            return
        self.dismiss(command)

    def _point_at(self, field: str) -> None:
        """The cursor on the refused field, or on the entry of a list it is about."""
        if field.startswith("crew."):
            crew = self.query_one("#fp-ship-crew", OptionList)
            position = field.split(".")[1]
            if position in POSITIONS:
                crew.highlighted = POSITIONS.index(position)
            crew.focus()
            return
        for group in LISTS:
            item = item_key(field, group)
            if item is not None:
                listing = self._listing(group)
                at = self._at(group, item[0])
                if at is not None:
                    listing.highlighted = at
                listing.focus()
                return
        self._rows.focus_field(field)

    def _at(self, group: str, index: int) -> int | None:
        """The list row of the entry numbered `index` in the pairs."""
        entries = self._entries[group]
        found = next((i for i, e in enumerate(entries) if e.origin == index), None)
        if found is not None:
            return found
        news = [i for i, e in enumerate(entries) if e.origin is None]
        n = index - len(self._before[group])
        return news[n - 1] if 0 < n <= len(news) else (len(entries) - 1 if entries else None)

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _changed(self, event) -> None:
        self._preview()

    def _preview(self) -> None:
        if not self.is_mounted:
            return
        state = self.app.session.state
        command = self.command()
        try:
            if command is None:
                who = next(s for s in fp_state(state).ships if s.id == self.ref)
            else:
                who = ships.draft(state, command)
        except CommandRejected:
            who = None
        line = Text(ships.ship_line(who)) if who is not None else Text("BD-DC and the hull's room show once every field is right", "dim")
        self.query_one("#fp-ship-preview", Static).update(line)

    # -- the lists -----------------------------------------------------------------------------

    def _listing(self, group: str) -> OptionList:
        return self.query_one("#fp-ship-points" if group == "point" else "#fp-ship-bays", OptionList)

    def _list(self, group: str, at: int | None = None) -> None:
        listing, entries = self._listing(group), self._entries[group]
        listing.clear_options()
        if not entries:
            listing.add_option(Option(Text(f"none ({'p' if group == 'point' else 'b'} adds one)", style="italic"), disabled=True))
            return
        line = (lambda v: f"{v['name'] or '(unnamed)'} ({v['weapon']})") if group == "point" else \
            (lambda v: v["name"] + (" (external)" if v["external"] == "yes" else ""))  # fmt: skip
        listing.add_options([Option(Text(f"{i}. {line(e.values)}")) for i, e in enumerate(entries, 1)])
        listing.highlighted = min(at if at is not None else 0, len(entries) - 1)

    def _list_crew(self, at: int | None = None) -> None:
        crew = self.query_one("#fp-ship-crew", OptionList)
        crew.clear_options()
        for position in POSITIONS:
            v = self._crew[position]
            extra = "".join([f" {int(v['bonus']):+d}" if v["bonus"].lstrip("+-").isdigit() and int(v["bonus"]) else "",
                             f" · WIS/DEX {v['wisdex']}" if v["wisdex"] not in ("", "0") else "",
                             " · out" if v["out"] == "yes" else ""])  # fmt: skip
            crew.add_option(Option(Text(f"{TITLES[position]}: {v[''] or '(empty)'}{extra}")))
        crew.highlighted = at or 0

    def _index(self, group: str, entry: Entry) -> int:
        if entry.origin is not None:
            return entry.origin
        news = [e for e in self._entries[group] if e.origin is None]
        return len(self._before[group]) + (news.index(entry) + 1 if entry in news else len(news) + 1)

    def action_add(self, group: str) -> None:
        self._open(group, Entry(None, LISTS[group][3](None)), new=True)

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        listing = event.option_list
        if listing.id == "fp-ship-crew":
            self._open_post(POSITIONS[event.option_index])
            return
        group = "point" if listing.id == "fp-ship-points" else "bay"
        if 0 <= event.option_index < len(self._entries[group]):
            self._open(group, self._entries[group][event.option_index], new=False)

    def _open(self, group: str, entry: Entry, *, new: bool) -> None:
        title, specs, rows, _ = LISTS[group]
        index = self._index(group, entry)
        key = f"{group}{index}"
        fp = fp_state(self.app.session.state)
        suggest = {"weapon": [w.name for w in space_tables().weapons]}
        form = EntryForm(f"{title} {index}", key, {s.key: s for s in specs}, rows, entry.values,
                         lambda values: check_item(fp, key, values, labels(self.app.session.state)), suggest=suggest)  # fmt: skip
        self.app.push_screen(form, lambda values: self._kept(group, entry, values, new))

    def _kept(self, group: str, entry: Entry, values: dict[str, str] | None, new: bool) -> None:
        if values is None:
            return
        entry.values = values
        if new:
            self._entries[group].append(entry)
        self._list(group, self._entries[group].index(entry))
        self.show_error(None)
        self._preview()

    def _open_post(self, position: str) -> None:
        state = self.app.session.state
        names = labels(state)
        characters = [names.get(a.id, a.name) for a in fp_state(state).actors if not a.creature]
        key = f"crew.{position}"
        form = EntryForm(TITLES[position], key, {s.key: s for s in CREW_FIELDS}, CREW_ROWS, self._crew[position],
                         lambda values: check_item(fp_state(state), key, values, names), {"wisdex": "WIS/DEX mod"},
                         {"": 30}, {"": characters})  # fmt: skip
        self.app.push_screen(form, lambda values: self._post_kept(position, values))

    def _post_kept(self, position: str, values: dict[str, str] | None) -> None:
        if values is None:
            return
        self._crew[position] = values
        self._list_crew(POSITIONS.index(position))
        self.show_error(None)
        self._preview()

    def action_remove(self) -> None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.id == "fp-ship-crew":
            position = POSITIONS[focused.highlighted or 0]
            self._crew[position] = {**self._crew[position], "": ""}
            self._list_crew(POSITIONS.index(position))
            self._preview()
            return
        group = "bay" if isinstance(focused, OptionList) and focused.id == "fp-ship-bays" else "point"
        listing, entries = self._listing(group), self._entries[group]
        at = listing.highlighted
        if at is None or not 0 <= at < len(entries) or not isinstance(focused, OptionList):
            tell(self, "x removes the highlighted hard point or bay: move to its list first.")
            return
        entry = entries.pop(at)
        if entry.origin is not None:
            self._removed[group].add(entry.origin)
        self._list(group, at)
        self._preview()
