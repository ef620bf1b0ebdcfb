"""ShipSetupScreen: FuturePath space combat setup, opened from the campaign screen (S).

The campaign's ships with their side, hull, BD-DC and Tracking DC, and whether they start seen
or with the surprise Action Phase (R102, by Passive Sensors against Detection or Stealth DC);
below, the highlighted ship's seven positions with who holds each (a crew of one or two has no
Captain and its pilot covers the stations, §2.13) and the ship in full. Keys: a or Enter puts a
character or a named NPC in the highlighted position (`space crew`), x empties it, o marks its
crew member out of action or back (R104), p leaves a ship out of the fight or brings it back,
s starts the fight with the ships in it (`space start`); + and - step the crew member's bonus
(`space bonus`); n adds a ship, e edits the highlighted one and r removes it (the ship editor,
`space add` / `space edit` / `space remove`); Esc or b goes back to the campaign. Which ships
are in is this screen's own choice until s (a ship added comes in): the core keeps no setup
stage for space.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Static

from combat_tui.core.session import Session
from combat_tui.screens.futurepath.ship_setup_name import CrewNameDialog
from combat_tui.screens.futurepath.ship_setup_view import crew_cells, detail, ship_cells
from combat_tui.screens.futurepath.space_choice import SpaceChoiceDialog
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import Reason, core_reason
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.space import commands as sc
from combat_tui.systems.futurepath.space.crew import TITLES, manned
from combat_tui.systems.futurepath.space.detect import surprise_preview
from combat_tui.systems.futurepath.space.labels import ship_labels
from combat_tui.systems.futurepath.space.model import POSITIONS
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.travelogue import Travelogue

SHIP_COLUMNS = ("In", "Ship", "Side", "Hull", "BD-DC", "Trk", "Crew", "Start")
CREW_COLUMNS = ("Position", "Crew", "+N", "Acts in")
NPC = "\0npc"
"""The assign dialog's choice that asks for a name (no character id can be it)."""


class ShipSetupScreen(Screen):
    """The ships and the crew of the highlighted one; each key is a `space` setup command."""

    CSS_PATH = "ship_setup.tcss"
    AUTO_FOCUS = "#ship-setup-ships"

    BINDINGS = [
        Binding("s", "start", "Start fight", id="ship-setup.start",
                tooltip="Start the space fight with the ships marked In (surprise by Passive Sensors)"),
        Binding("a", "assign", "Assign", id="ship-setup.assign",
                tooltip="Put a character or a named NPC in the highlighted position (Enter on the crew too)"),
        Binding("x,delete", "empty", "Empty", key_display="x", id="ship-setup.empty",
                tooltip="Take the crew member out of the highlighted position"),
        Binding("o", "out", "Out/back", id="ship-setup.out",
                tooltip="The highlighted position's crew member is out of action (skipped), or back"),
        Binding("plus,equals_sign", "bonus(1)", "Bonus +1", key_display="+", show=False, id="ship-setup.bonus-up",
                tooltip="The highlighted crew member's bonus to the position's rolls +1"),
        Binding("minus", "bonus(-1)", "Bonus -1", key_display="-", show=False, id="ship-setup.bonus-down",
                tooltip="The highlighted crew member's bonus to the position's rolls -1"),
        Binding("p", "present", "In/out", id="ship-setup.present",
                tooltip="Leave the highlighted ship out of the fight, or bring it back"),
        Binding("n", "new_ship", "New ship", show=False, id="ship-setup.new-ship",
                tooltip="Add a ship: hull, side, attributes, hard points, bays and crew in a form"),
        Binding("e", "edit_ship", "Edit ship", show=False, id="ship-setup.edit-ship",
                tooltip="Edit the highlighted ship in the ship editor"),
        Binding("r", "remove_ship", "Remove ship", show=False, id="ship-setup.remove-ship",
                tooltip="Remove the highlighted ship from the campaign (asks first)"),
        Binding("escape", "close", "Back", id="ship-setup.close", tooltip="Back to the campaign screen"),
        Binding("b", "close", "Back", show=False, id="ship-setup.back", tooltip="Back to the campaign screen"),
    ]  # fmt: skip
    """Tab moves between the ships and the crew; the keys act on the highlighted ship and position."""

    def __init__(self) -> None:
        super().__init__()
        self._ships: tuple[str, ...] = ()
        self._present: set[str] | None = None
        """The ships marked In; all of them at first, and a ship added since."""
        self._seen: set[str] = set()
        """Every ship this screen has shown, so a new one comes in marked In."""

    def compose(self) -> ComposeResult:
        yield Static("", id="ship-setup-title", classes="title-bar")
        yield DataTable(id="ship-setup-ships", cursor_type="row", classes="box")
        with Horizontal(id="ship-setup-body"):
            yield DataTable(id="ship-setup-crew", cursor_type="row", classes="box")
            yield Static("", id="ship-setup-detail", classes="box")
        yield Travelogue(id="ship-setup-log", classes="box")
        yield KeyFooter()

    def on_mount(self) -> None:
        ships = self.query_one("#ship-setup-ships", DataTable)
        for column in SHIP_COLUMNS:
            ships.add_column(column, key=column)
        ships.border_title = "Ships · n new · e edit · p in/out · s starts"
        crew = self.query_one("#ship-setup-crew", DataTable)
        for column in CREW_COLUMNS:
            crew.add_column(column, key=column)
        self.query_one(Travelogue).border_title = "Log"
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def on_screen_suspend(self) -> None:
        """Hear no changes while a dialog covers it, and catch up on resume (see CampaignScreen)."""
        self.app.state_changed.unsubscribe(self)

    def on_screen_resume(self) -> None:
        signal = self.app.state_changed
        signal.unsubscribe(self)
        signal.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session) -> None:
        state = session.state
        fp = fp_state(state)
        refs = tuple(s.id for s in fp.ships)
        if self._present is None:
            self._present = set(refs)
        self._present = (self._present | (set(refs) - self._seen)) & set(refs)
        self._seen |= set(refs)
        self.query_one("#ship-setup-title", Static).update(Text(f"{state.name} · Space combat setup"))
        labels, sides = ship_labels(state), team_names(state)
        preview = surprise_preview(state, self._in_fight(refs)) if self._in_fight(refs) else {}
        table = self.query_one("#ship-setup-ships", DataTable)
        rows = {s.id: ship_cells(s, labels[s.id], sides.get(s.side, s.side), s.id in self._present, preview.get(s.id))
                for s in fp.ships}  # fmt: skip
        if refs != self._ships:
            table.clear()
            for ref, cells in rows.items():
                table.add_row(*cells, key=ref)
            self._ships = refs
        else:
            for ref, cells in rows.items():
                for column, cell in zip(SHIP_COLUMNS, cells, strict=True):
                    table.update_cell(ref, column, cell)
        self._paint_ship(session)
        self.query_one(Travelogue).show(session.log)
        self.refresh_bindings()

    def _paint_ship(self, session: Session) -> None:
        ref = self._ship
        if ref is None:
            return
        state = session.state
        who = next(s for s in fp_state(state).ships if s.id == ref)
        labels = ship_labels(state)
        crew = self.query_one("#ship-setup-crew", DataTable)
        crew.border_title = f"{labels[ref]} crew · a assign · x empty · o out"
        if crew.row_count != len(POSITIONS):
            crew.clear()
            for position in POSITIONS:
                crew.add_row(*crew_cells(state, who, position), key=position)
        else:
            for position in POSITIONS:
                for column, cell in zip(CREW_COLUMNS, crew_cells(state, who, position), strict=True):
                    crew.update_cell(position, column, cell, update_width=True)
        box = self.query_one("#ship-setup-detail", Static)
        box.border_title = labels[ref]
        box.update(detail(who))

    @on(DataTable.RowHighlighted, "#ship-setup-ships")
    def _ship_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._paint_ship(self.app.session)
        self.refresh_bindings()

    @on(DataTable.RowHighlighted, "#ship-setup-crew")
    def _position_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.refresh_bindings()

    @on(DataTable.RowSelected, "#ship-setup-crew")
    def _position_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_assign()

    def _in_fight(self, refs: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(r for r in refs if self._present is not None and r in self._present)

    @property
    def _ship(self) -> str | None:
        table = self.query_one("#ship-setup-ships", DataTable)
        if not self._ships or table.cursor_row is None:
            return None
        return self._ships[min(table.cursor_row, len(self._ships) - 1)]

    @property
    def _position(self) -> str:
        row = self.query_one("#ship-setup-crew", DataTable).cursor_row
        return POSITIONS[min(row or 0, len(POSITIONS) - 1)]

    def _post(self):
        ref = self._ship
        if ref is None:
            return None
        who = next(s for s in fp_state(self.app.session.state).ships if s.id == ref)
        return who.post(self._position)

    # -- commands up -------------------------------------------------------------------------

    def _send(self, command: object | None) -> None:
        if command is not None:
            self.post_message(CommandRequested(command))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted:
            return True
        if action in ("empty", "out", "bonus"):
            return True if manned(self._post()) else None
        if action in ("edit_ship", "remove_ship", "present", "assign"):
            return True if self._ship is not None else None
        if action == "start":
            state = self.app.session.state
            sides = {s.side for s in fp_state(state).ships if s.id in (self._present or ())}
            return True if len(sides) >= 2 else None
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> Reason:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        if action in ("empty", "out", "bonus"):
            return "No one holds the highlighted position: a puts someone in it."
        if action in ("edit_ship", "remove_ship", "present", "assign"):
            return "No ship is highlighted: n adds one."
        if action == "start":
            refs = self._in_fight(self._ships)
            if not refs:
                return "No ship is marked In: p brings the highlighted ship into the fight."
            why = core_reason(self.app.session, sc.SpaceStart(refs))
            return why or "A space fight needs ships of two sides marked In: p marks a ship In or out."
        return ""

    def action_start(self) -> None:
        refs = self._in_fight(self._ships)
        self._send(sc.SpaceStart(() if refs == self._ships else refs))

    def action_present(self) -> None:
        ref = self._ship
        if ref is None or self._present is None:
            return
        self._present ^= {ref}
        self._state_changed(self.app.session)

    def action_empty(self) -> None:
        if manned(self._post()):
            self._send(sc.SetCrew(self._ship, self._position))

    def action_bonus(self, step: int) -> None:
        post = self._post()
        if manned(post):
            self._send(sc.CrewBonus(self._ship, self._position, post.bonus + step))

    def action_out(self) -> None:
        post = self._post()
        if manned(post):
            self._send(sc.CrewOut(self._ship, self._position, not post.out))

    def action_assign(self) -> None:
        ref, position = self._ship, self._position
        if ref is None:
            return
        state = self.app.session.state
        fp = fp_state(state)
        labels, ships = self.app.session.system.labels(state), ship_labels(state)
        posted = {p.actor: (s.id, p.position) for s in fp.ships for p in s.crew if p.actor}
        choices = []
        for actor in fp.actors:
            if actor.creature:
                continue
            where = posted.get(actor.id)
            at = f" ({ships[where[0]]} {TITLES[where[1]]})" if where else ""
            choices.append((actor.id, labels.get(actor.id, actor.name) + at))
        choices.append((NPC, "Someone else: type a name"))
        title = f"{ships[ref]} {TITLES[position]}"
        self.app.push_screen(SpaceChoiceDialog(title, choices), lambda choice: self._assign(ref, position, choice))

    def _assign(self, ref: str, position: str, choice: str | None) -> None:
        if choice is None:
            return
        if choice != NPC:
            self._send(sc.SetCrew(ref, position, actor=choice))
            return
        title = f"{ship_labels(self.app.session.state)[ref]} {TITLES[position]}"
        self.app.push_screen(CrewNameDialog(title), lambda name: self._send(sc.SetCrew(ref, position, name=name))
                             if name else None)  # fmt: skip

    def action_new_ship(self) -> None:
        from combat_tui.screens.futurepath.ship_editor import ShipEditor

        self.app.push_screen(ShipEditor(), self._send)

    def action_edit_ship(self) -> None:
        from combat_tui.screens.futurepath.ship_editor import ShipEditor

        if self._ship is not None:
            self.app.push_screen(ShipEditor(self._ship), self._send)

    def action_remove_ship(self) -> None:
        from combat_tui.screens.futurepath.confirm_dialog import FPConfirmDialog

        ref = self._ship
        if ref is None:
            return
        question = f"Remove the ship {ship_labels(self.app.session.state)[ref]} from the campaign? Undo brings it back."
        self.app.push_screen(FPConfirmDialog(question), lambda yes: self._send(sc.RemoveShip(ref) if yes else None))

    def action_close(self) -> None:
        self.app.pop_screen()
