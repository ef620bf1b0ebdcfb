"""The 5e campaign screen: the party's map, the party and its tile, the creatures nearby.

`m` focuses the map, where the arrow keys walk the party tile by tile; a walk that stops next to
a live hostile creature opens the Encounter! dialog. `e` or Enter on the Nearby list opens the
creature dialog; `p` splits the highlighted character off, `j` brings it back.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable
from textual.widgets.data_table import RowDoesNotExist

from combat_tui.core.session import Session
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import refuse
from combat_tui.systems.dnd5e.armor import armor_class
from combat_tui.systems.dnd5e.campaign_view import actor_status, nearby_creatures
from combat_tui.systems.dnd5e.model import Campaign, Character
from combat_tui.widgets.dnd5e.map_panel import MapPanel
from combat_tui.widgets.steady_scrollbars import SteadyTable

PARTY_COLUMNS = ("Character", "Class", "HP", "AC", "XP")
NEARBY_COLUMNS = ("Creature", "Tiles", "HP", "Side")
"""HP before the disposition: at 120 columns the panel cut the last column, and HP counts more."""


class Dnd5eCampaignScreen(CampaignScreen):
    """The campaign outside a fight; `s` opens combat setup, `c` or Enter a character's sheet."""

    AUTO_FOCUS = "#party-table"

    BINDINGS = [
        Binding("s", "open_setup", "Set up", id="campaign.open-setup",
                tooltip="Open combat setup with its default lists and roll initiative"),
        Binding("m", "focus_map", "Walk", id="campaign.walk",
                tooltip="Focus the map: the arrows walk the party (Home, PgUp, End, PgDn diagonally)"),
        Binding("e", "edit_creature", "Creature", id="campaign.creature",
                tooltip="Open the creature dialog of the highlighted Nearby row (Enter on the list too)"),
        Binding("c", "open_sheet", "Sheet", id="campaign.open-sheet",
                tooltip="Open the sheet of the highlighted character (Enter too)"),
        Binding("p", "split", "Split off", show=False, id="campaign.split",
                tooltip="Split the highlighted character off from the party to a tile"),
        Binding("j", "rejoin", "Rejoin", show=False, id="campaign.rejoin",
                tooltip="The highlighted split-off character goes back to the party"),
        Binding("o", "open_picker", "Open", id="campaign.open-picker",
                tooltip="Open another campaign"),
        # priority: a name typed right after `l` reaches the library (a field that takes letters keeps them)
        Binding("l", "library", "Library", id="campaign.library", priority=True,
                tooltip="The creature library: search the SRD creatures and templates, spawn them on the party's tile"),
        Binding("A", "new_character", "New PC", id="campaign.new-character",
                tooltip="Make a new character in the character form"),
        Binding("S", "custom_spells", "Spells", id="campaign.custom-spells",
                tooltip="The campaign's custom spells: new, edit, delete in the spell form"),
    ]  # fmt: skip
    """The campaign's own keys; undo, redo, `:` and quit are the app's."""

    def __init__(self) -> None:
        super().__init__()
        self._log_seen = 0
        """The travelogue's length at the last paint: only a walk that added lines can meet foes."""
        self._nearby_to_come: list | None = None
        """The Nearby rows a first fill left for after its frame (`_fill_nearby`)."""

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="campaign-body"):
            yield MapPanel(id="map-panel", classes="box")
            with Horizontal(id="campaign-lists"):
                yield SteadyTable(id="party-table", cursor_type="row", classes="box")
                yield SteadyTable(id="nearby-table", cursor_type="row", classes="box")

    def on_mount(self) -> None:
        """Before the shell's first paint (Textual runs this class's handler, then the shell's)."""
        self.query_one("#party-table", DataTable).add_columns(*PARTY_COLUMNS)
        self.query_one("#nearby-table", DataTable).add_columns(*NEARBY_COLUMNS)
        self._log_seen = len(self.app.session.log)

    def paint_body(self, session: Session) -> None:
        state = session.state
        self._fill_party(state)
        self._fill_nearby(state, session.system.labels(state))
        self._show_map(state)
        self._open_encounter(session)
        self._log_seen = len(session.log)

    def _fill_party(self, state: Campaign) -> None:
        table = self.query_one("#party-table", DataTable)
        table.border_title = f"Party · {_place(state)}"
        kept = _row_key(table)
        table.clear()
        for character in state.characters:
            table.add_row(
                _who(state, character), Text(_classes(character)), _hp(character),
                str(armor_class(character)[0]), str(character.xp), key=character.id,
            )  # fmt: skip
        _restore(table, kept)

    def _fill_nearby(self, state: Campaign, labels: dict[str, str]) -> None:
        """Every row; on a fill with no cursor to keep, a screenful now and the rest once the
        first screen is up (at once after that), at the widths the whole list takes, so nothing
        on show moves when they come (500 creatures spent 25 ms of the first screen on rows)."""
        table = self.query_one("#nearby-table", DataTable)
        table.border_title = f"Nearby · within {state.nearby_range} tiles"
        kept = _row_key(table)
        table.clear()
        rows = [
            ((Text(labels.get(creature.id, creature.name)), str(distance), _hp(creature), Text(creature.disposition)),
             creature.id)
            for creature, distance in nearby_creatures(state)
        ]  # fmt: skip
        first = len(rows) if kept is not None else max(1, self.app.size.height)
        self._nearby_to_come = rows[first:] or None  # a fill replaces rows still to come
        if self._nearby_to_come:
            _widen(table, rows)
            self.app.call_after_start(self._add_nearby, self._nearby_to_come)
        _add_rows(table, rows[:first])
        _restore(table, kept)

    def _add_nearby(self, rows: list) -> None:
        if rows is self._nearby_to_come and self.is_attached:  # else a later fill has taken their place
            self._nearby_to_come = None
            _add_rows(self.query_one("#nearby-table", DataTable), rows)

    # -- the map and the walk ----------------------------------------------------------------

    def _show_map(self, state: Campaign) -> None:
        marked = self.highlighted_creature
        creature = state.actor(marked) if marked else None
        self.query_one(MapPanel).show(state, creature.tile if creature is not None else None)

    @on(DataTable.RowHighlighted, "#nearby-table")
    def _creature_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if self.app.session is not None:
            self._show_map(self.app.session.state)
        self.refresh_bindings()

    @on(DataTable.RowHighlighted, "#party-table")
    def _character_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()  # Rejoin is for a split-off character

    def action_focus_map(self) -> None:
        self.set_focus(self.query_one(MapPanel))

    @on(MapPanel.Step)
    def _step(self, event: MapPanel.Step) -> None:
        from combat_tui.systems.dnd5e.commands import MoveParty  # the rules come after the first frame

        self.post_message(CommandRequested(MoveParty(event.dx, event.dy)))

    def _open_encounter(self, session: Session) -> None:
        """Encounter! after a walk (a key, or `move` typed) that stopped beside hostile creatures."""
        entry = session.history.peek_undo()
        if entry is None or entry.after is not session.state or len(session.log) <= self._log_seen:
            return  # an undo, a repaint, or nothing new
        from combat_tui.systems.dnd5e.events import EncounterFound

        found = [event for event in entry.events if isinstance(event, EncounterFound)]
        if found and self.is_active:
            from .encounter_dialog import EncounterDialog

            self.app.push_screen(EncounterDialog(found[-1].foes), self._encounter_answered)

    def _encounter_answered(self, set_up: bool | None) -> None:
        if set_up:
            self.action_open_setup()

    # -- creatures and characters ------------------------------------------------------------

    @property
    def highlighted_creature(self) -> str | None:
        return _row_key(self.query_one("#nearby-table", DataTable))

    def action_edit_creature(self) -> None:
        ref = self.highlighted_creature
        if ref is None:
            refuse(self, "edit_creature")
            return
        self._open_creature(ref)

    @on(DataTable.RowSelected, "#nearby-table")
    def _creature_selected(self, event: DataTable.RowSelected) -> None:
        self._open_creature(event.row_key.value)

    def _open_creature(self, ref: str) -> None:
        from .creature_dialog import CreatureDialog

        self.app.push_screen(CreatureDialog(ref))

    def action_split(self) -> None:
        ref = _row_key(self.query_one("#party-table", DataTable))
        if ref is None:
            refuse(self, "split")
        else:
            from .split_dialog import SplitDialog

            self.app.push_screen(SplitDialog(ref))

    def action_rejoin(self) -> None:
        ref = _row_key(self.query_one("#party-table", DataTable))
        if ref is not None:
            from combat_tui.systems.dnd5e.commands import RejoinParty

            self.post_message(CommandRequested(RejoinParty(ref)))

    def action_open_setup(self) -> None:
        from combat_tui.systems.dnd5e.commands import OpenSetup

        self.post_message(CommandRequested(OpenSetup()))

    def action_open_sheet(self) -> None:
        table = self.query_one("#party-table", DataTable)
        if table.row_count:
            self._open_sheet(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        else:
            refuse(self, "open_sheet")

    @on(DataTable.RowSelected, "#party-table")
    def _character_selected(self, event: DataTable.RowSelected) -> None:
        self._open_sheet(event.row_key.value)

    def _open_sheet(self, ref: str) -> None:
        from .sheet import SheetScreen  # imported on first use, as the fight's screens are

        self.app.push_screen(SheetScreen(ref))

    def action_library(self) -> None:
        from combat_tui.screens.dnd5e.library import open_library

        open_library(self.app)

    def action_new_character(self) -> None:
        from combat_tui.screens.dnd5e.character_form import CharacterForm

        self.app.push_screen(CharacterForm())

    def action_custom_spells(self) -> None:
        from combat_tui.screens.dnd5e.spell_form import SpellList

        self.app.push_screen(SpellList())

    def allows(self, action: str) -> bool | None:
        if action == "edit_creature" and self.is_mounted:
            return True if self.highlighted_creature is not None else None
        if action == "rejoin" and self.is_mounted and self.app.session is not None:
            state = self.app.session.state
            character = state.actor(_row_key(self.query_one("#party-table", DataTable)) or "")
            return True if character is not None and character.tile != state.party_tile else None
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str:
        if action == "edit_creature":
            return "No creature is nearby to open: walk the party near one (m), or spawn one (l)."
        if action in ("open_sheet", "split", "rejoin") and not self.query_one("#party-table", DataTable).row_count:
            return "The party has no characters yet: A makes one."
        if action == "rejoin":
            return "The highlighted character is with the party already: p splits one off."
        return super().refusal(action, parameters)


def _add_rows(table: DataTable, rows: list) -> None:
    for cells, key in rows:
        table.add_row(*cells, key=key)


def _widen(table: DataTable, rows: list) -> None:
    """Each column as wide as its widest cell in `rows` (DataTable widens columns to the rows it
    has measured and never narrows one on a clear, so this is the width they all reach)."""
    for column, cells in zip(table.ordered_columns, zip(*(cells for cells, _ in rows))):
        widest = max(cell.cell_len if isinstance(cell, Text) else cell_len(cell) for cell in cells)
        column.content_width = max(column.content_width, widest)


def _row_key(table: DataTable) -> str | None:
    """The key of the row under the table's cursor, or None for an empty table."""
    if not table.row_count:
        return None
    return table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value


def _restore(table: DataTable, key: str | None) -> None:
    """Put the cursor back on the row it was on before a refill (the row's new place)."""
    if key is None:
        return
    try:
        table.move_cursor(row=table.get_row_index(key), animate=False, scroll=False)
    except RowDoesNotExist:  # the row is gone (a deleted creature): the cursor stays where it is
        pass


def _who(state: Campaign, character: Character) -> Text:
    """The name, and where a split-off character stands."""
    if character.tile == state.party_tile:
        return Text(character.name)
    tile = character.tile
    where = f" ({tile.x}, {tile.y})" if tile.map == state.party_tile.map else " (other map)"
    return Text(character.name) + Text(where, style="dim")


def _place(state: Campaign) -> str:
    tile = state.party_tile
    names = {info.id: info.name for info in state.maps}
    return f"{names.get(tile.map, tile.map)} ({tile.x}, {tile.y})"


def _classes(character: Character) -> str:
    return " / ".join(f"{c.name} {c.level}" for c in character.classes) or character.race


def _hp(actor) -> Text:
    word = actor_status(actor)
    return Text(f"{actor.hp}/{actor.max_hp}" + (f" {word}" if word else ""))
