"""SplitDialog: split a character off from the party to a tile (of this map or another).

ref: Combat setup — a split-off character within one tile of the party is listed in setup; one
"split off to a tile farther away or to another map" is under Party members elsewhere. Type X and
Y, `m` for another map, Enter splits; `j` on the campaign screen brings the character back.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.commands import SplitCharacter
from combat_tui.systems.dnd5e.world import map_name
from combat_tui.widgets.number_input import NumberInput

HINT = "Tab next field · Enter splits off · m map · c close"


class SplitDialog(ModalScreen[None]):
    CSS_PATH = "creature_dialog.tcss"
    AUTO_FOCUS = "#split-x"

    BINDINGS = [
        Binding("m", "next_map", "Map", show=False, id="split.map", tooltip="The tile is on the next map"),
        Binding("c", "close", "Close", id="split.close"),
        Binding("escape", "close", "Close", show=False, id="split.close-escape"),
    ]

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
        self._map = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="creature-box"):
            yield Static("", id="creature-facts")
            with Horizontal(classes="creature-row"):
                yield Label("To tile ", classes="creature-label")
                yield Label("x ")
                yield NumberInput("", id="split-x")
                yield Label(" y ")
                yield NumberInput("", id="split-y")
                yield Static("", id="creature-map")
            yield Static(HINT, classes="hint")

    def on_mount(self) -> None:
        state = self.app.session.state
        character = state.actor(self.ref)
        here = state.party_tile
        tile = character.tile
        self._map = tile.map
        self.query_one("#creature-box").border_title = f"Split off · {character.name}"
        where = "with the party" if tile == here else f"at ({tile.x}, {tile.y}) on {map_name(state, tile.map)}"
        facts = f"{character.name} is {where}; the party is at ({here.x}, {here.y})."
        self.query_one("#creature-facts", Static).update(facts)
        self.query_one("#split-x", Input).value = str(tile.x)
        self.query_one("#split-y", Input).value = str(tile.y)
        self._show_map()

    def _show_map(self) -> None:
        state = self.app.session.state
        text = f" on {map_name(state, self._map)}" + (" (m: next map)" if len(state.maps) > 1 else "")
        self.query_one("#creature-map", Static).update(text)

    def action_next_map(self) -> None:
        maps = [info.id for info in self.app.session.state.maps]
        if len(maps) < 2:
            tell(self, "The campaign has one map: there is no other to put the tile on.")
            return
        self._map = maps[(maps.index(self._map) + 1) % len(maps)] if self._map in maps else maps[0]
        self._show_map()

    @on(Input.Submitted)
    def _split(self, event: Input.Submitted) -> None:
        try:
            x, y = (int(self.query_one(f"#split-{axis}", Input).value) for axis in "xy")
        except ValueError:
            tell(self, "Type the tile as two whole numbers, x and y.")
            return
        same_map = self._map == self.app.session.state.party_tile.map
        self.post_message(CommandRequested(SplitCharacter(self.ref, x, y, "" if same_map else self._map)))
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
