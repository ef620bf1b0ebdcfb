"""CampaignScreen: the party and its tile, the creatures nearby, and the travelogue."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Static

from ..core.commands import OpenSetup
from ..core.model import Campaign, Character
from ..core.rules.dnd5e.armor import armor_class
from ..core.rules.dnd5e.view import actor_status, nearby_creatures
from ..core.session import Session
from ..widgets.key_footer import KeyFooter
from ..widgets.travelogue import Travelogue
from .messages import CommandRequested

PARTY_COLUMNS = ("Character", "Class", "HP", "AC", "XP")
NEARBY_COLUMNS = ("Creature", "Tiles", "Disposition", "HP")


class CampaignScreen(Screen):
    """The campaign outside a fight; `s` opens combat setup, `c` or Enter a character's sheet."""

    CSS_PATH = "campaign.tcss"
    AUTO_FOCUS = "#party-table"

    BINDINGS = [
        Binding("s", "open_setup", "Set up combat", id="campaign.open-setup",
                tooltip="Open combat setup with its default lists and roll initiative"),
        Binding("c", "open_sheet", "Character sheet", id="campaign.open-sheet",
                tooltip="Open the sheet of the highlighted character (Enter too)"),
        Binding("o", "open_picker", "Open campaign", id="campaign.open-picker",
                tooltip="Open another campaign"),
    ]  # fmt: skip
    """The campaign's own keys; undo, redo, `:` and quit are the app's."""

    def __init__(self) -> None:
        super().__init__()
        self._painted = None
        """The state last painted; a resume repaints when the session has moved on since."""

    @property
    def _futurepath(self) -> bool:
        """A FuturePath campaign: its roster instead of the 5e party and creatures; no sheet."""
        return self.app.session is not None and self.app.session.state.system == "futurepath"

    def compose(self) -> ComposeResult:
        yield Static("", id="campaign-title", classes="title-bar")
        with Horizontal(id="campaign-body"):
            if self._futurepath:
                from ..widgets.fp_roster import FPRoster

                yield FPRoster(id="party-table", classes="box")
            else:
                yield DataTable(id="party-table", cursor_type="row", classes="box")
                yield DataTable(id="nearby-table", cursor_type="row", classes="box")
        yield Travelogue(id="travelogue", classes="box")
        yield KeyFooter()

    def on_mount(self) -> None:
        if not self._futurepath:
            self.query_one("#party-table", DataTable).add_columns(*PARTY_COLUMNS)
            self.query_one("#nearby-table", DataTable).add_columns(*NEARBY_COLUMNS)
        self.query_one("#travelogue").border_title = "Travelogue"
        self._paint(self.app.session)

    def on_screen_resume(self) -> None:
        signal = self.app.state_changed
        signal.unsubscribe(self)
        signal.subscribe(self, self._state_changed)
        session = self.app.session
        if session is not None and session.state is not self._painted:
            self._paint(session)
        elif session is not None:
            self.query_one(Travelogue).show(session.log)

    def on_screen_suspend(self) -> None:
        """Hear no changes while covered (the fight's keys), and catch up on resume.

        Textual counts the screen just below the top as current (for see-through screens), and
        a message waking it (a signal's callback is one) forwarded its pending repaint to the
        top screen as a repaint of the whole terminal, on every key of the fight.
        """
        self.app.state_changed.unsubscribe(self)

    def _state_changed(self, session: Session) -> None:
        if self.is_active:
            self._paint(session)

    def _paint(self, session: Session) -> None:
        self._painted = session.state
        state = session.state
        labels = session.system.labels(state)
        self.query_one("#campaign-title", Static).update(Text(f"{state.name} · {session.system.name}"))
        if self._futurepath:
            from ..core.rules.futurepath.labels import team_names

            table = self.query_one("#party-table")
            table.border_title = "Combatants · s sets up a ground fight"
            table.show(state.futurepath, labels, team_names(state))
        else:
            self._fill_party(state)
            self._fill_nearby(state, labels)
        self.query_one(Travelogue).show(session.log)

    def _fill_party(self, state: Campaign) -> None:
        table = self.query_one("#party-table", DataTable)
        table.border_title = f"Party · {_place(state)}"
        table.clear()
        for character in state.characters:
            where = "" if character.tile == state.party_tile else " (away)"
            table.add_row(
                Text(character.name + where), Text(_classes(character)), _hp(character),
                str(armor_class(character)[0]), str(character.xp), key=character.id,
            )  # fmt: skip

    def _fill_nearby(self, state: Campaign, labels: dict[str, str]) -> None:
        table = self.query_one("#nearby-table", DataTable)
        table.border_title = f"Nearby · within {state.nearby_range} tiles"
        table.clear()
        for creature, distance in nearby_creatures(state):
            table.add_row(
                Text(labels.get(creature.id, creature.name)), str(distance),
                Text(creature.disposition), _hp(creature), key=creature.id,
            )  # fmt: skip

    def action_open_setup(self) -> None:
        if self._futurepath:
            from ..core.rules.futurepath.commands import OpenGroundSetup

            self.post_message(CommandRequested(OpenGroundSetup()))
            return
        self.post_message(CommandRequested(OpenSetup()))

    def action_open_sheet(self) -> None:
        table = self.query_one("#party-table", DataTable)
        if table.row_count:
            self._open_sheet(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)

    @on(DataTable.RowSelected, "#party-table")
    def _character_selected(self, event: DataTable.RowSelected) -> None:
        self._open_sheet(event.row_key.value)

    def _open_sheet(self, ref: str) -> None:
        if self._futurepath:  # the sheet screen reads 5e records
            self.notify("FuturePath characters have no sheet screen; ':show NAME' prints one.", timeout=5, markup=False)
            return
        from .sheet import SheetScreen  # imported on first use, as the fight's screens are

        self.app.push_screen(SheetScreen(ref))

    def action_open_picker(self) -> None:
        self.app.action_open_picker()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "open_sheet" and self.is_mounted and self._futurepath:
            return False  # 5e only: hidden from the footer and the palette
        return True


def _place(state: Campaign) -> str:
    tile = state.party_tile
    names = {info.id: info.name for info in state.maps}
    return f"{names.get(tile.map, tile.map)} ({tile.x}, {tile.y})"


def _classes(character: Character) -> str:
    return " / ".join(f"{c.name} {c.level}" for c in character.classes) or character.race


def _hp(actor) -> Text:
    word = actor_status(actor)
    return Text(f"{actor.hp}/{actor.max_hp}" + (f" {word}" if word else ""))
