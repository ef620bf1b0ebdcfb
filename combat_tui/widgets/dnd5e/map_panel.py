"""MapPanel: the party's map drawn from state, and the arrow keys that walk the party on it.

`@` is the party; a split-off character shows the first letter of its name in capitals; a
creature shows the first letter of its name in lower case, coloured by its disposition, `%` when
it is defeated. Where a tile holds several creatures, a wide cell adds their number. The view
follows the party over a map larger than the panel.
"""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from combat_tui.core.maps import MapInfo, Tile
from combat_tui.systems.dnd5e.model import Campaign, Creature

STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0),
         "home": (-1, -1), "pageup": (1, -1), "end": (-1, 1), "pagedown": (1, 1)}  # fmt: skip
"""Arrows walk; Home, PgUp, End and PgDn walk diagonally (the corners of a keypad)."""
LEGEND_LINES = 2
"""At 100 columns and more: `@ party  A split off  % defeated`, then the creatures' colours."""


class MapPanel(Widget, can_focus=True):
    """The map of the party's tile; focus it (`m` on the campaign screen) and walk with the arrows."""

    COMPONENT_CLASSES = {f"map-panel--{name}" for name in ("party", "character", "hostile", "neutral", "friendly",
                                                           "defeated", "ground", "marked")}  # fmt: skip
    DEFAULT_CSS = """
    MapPanel {
        width: auto;
        height: auto;
    }
    """
    HELP = """
    ## Map

    The party's map: `@` is the party, a capital letter a split-off character, a small letter
    the first letter of a creature's name in the colour of its disposition (hostile, neutral,
    friendly), `%` a defeated one. The creature highlighted in the Nearby list is reversed.

    - **← → ↑ ↓** walk the party one tile; **Home PgUp End PgDn** walk diagonally.
    - A walk that stops next to a live hostile creature opens **Encounter!** (no fight running).
    - In a fight, walking out of its range ends it (`:move w 8` from the combat screen too).
    - Typed: `move DIR [TILES]` or `move X Y`.
    """

    BINDINGS = [
        Binding(key, f"step({dx}, {dy})", "Walk", show=False, id=f"map.step-{key}",
                tooltip="Walk the party one tile; next to a live hostile creature, Encounter! opens")
        for key, (dx, dy) in STEPS.items()
    ]  # fmt: skip

    class Step(Message):
        """The GM walks the party one tile: the screen turns it into a command."""

        def __init__(self, dx: int, dy: int) -> None:
            super().__init__()
            self.dx, self.dy = dx, dy

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._state: Campaign | None = None
        self._marked: Tile | None = None

    def show(self, state: Campaign, marked: Tile | None = None) -> None:
        """Draw `state`; `marked` (the creature highlighted in a list) shows reversed."""
        if state is self._state and marked == self._marked:
            return
        old = self._info()
        self._state, self._marked = state, marked
        self.border_title = self._info().name if self._info() else "Map"
        here = state.party_tile
        self.border_subtitle = f"({here.x}, {here.y})"
        self.refresh(layout=self._info() != old)

    def action_step(self, dx: int, dy: int) -> None:
        self.post_message(self.Step(dx, dy))

    # -- drawing -----------------------------------------------------------------------------

    def _info(self) -> MapInfo | None:
        if self._state is None:
            return None
        here = self._state.party_tile
        found = next((info for info in self._state.maps if info.id == here.map), None)
        return found or MapInfo(here.map, here.map)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        info = self._info()
        if info is None:
            return 1
        return min(info.width * (2 if viewport.width >= 100 else 1), container.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        info = self._info()
        if info is None:
            return 1
        legend = LEGEND_LINES if viewport.width >= 100 and viewport.height >= 40 else 0
        return min(info.height + legend, container.height)

    def render(self) -> Text:
        info = self._info()
        if info is None:
            return Text("")
        width, height = self.content_region.width or 1, self.content_region.height or 1
        cell = 2 if width >= info.width * 2 else 1
        columns, rows = min(info.width, width // cell), min(info.height, height)
        left, top = _window(self._state.party_tile, info, columns, rows)
        things = _things(self._state)
        text = Text(no_wrap=True, overflow="crop")
        styles: dict[str, Style] = {}
        for y in range(top, top + rows):
            if y > top:
                text.append("\n")
            run: list[str] = []
            run_style = None
            for x in range(left, left + columns):
                glyph, style, count = self._glyph(things.get((x, y), ()), Tile(info.id, x, y), styles)
                if cell == 2:
                    glyph += str(count) if 1 < count < 10 else ("+" if count >= 10 else " ")
                if style != run_style and run:  # a run of one style is one span: ground rows are most of a map
                    text.append("".join(run), run_style)
                    run = []
                run.append(glyph)
                run_style = style
            if run:
                text.append("".join(run), run_style)
        if height >= rows + LEGEND_LINES and width >= 36:
            text.append("\n")
            text.append_text(self._legend())
        return text

    def _glyph(self, things: tuple, tile: Tile, styles: dict[str, Style]) -> tuple[str, Style, int]:
        """A tile's glyph, style and creature count; `styles` keeps the styles of one render."""
        glyph, kind = _pick(things, tile == self._state.party_tile)
        if tile == self._marked:
            kind += " marked"
        style = styles.get(kind)
        if style is None:
            name, _, marked = kind.partition(" ")
            style = self.get_component_rich_style(f"map-panel--{name}")
            if marked:
                style += self.get_component_rich_style("map-panel--marked")
            styles[kind] = style
        creatures = sum(1 for thing in things if isinstance(thing, Creature)) if things else 0
        return glyph, style, creatures

    def _legend(self) -> Text:
        """What the glyphs mean: a creature is the first letter of its name, in its colour."""
        style = self.get_component_rich_style
        legend = Text()
        marks = (("@", "party", "party"), ("A", "split off", "character"), ("%", "defeated", "defeated"))
        for glyph, words, kind in marks:
            legend.append(glyph, style(f"map-panel--{kind}"))
            legend.append(f" {words}  ")
        legend.append("\ncreatures: ")
        for kind in ("hostile", "neutral", "friendly"):
            legend.append(kind, style(f"map-panel--{kind}"))
            legend.append("  ")
        return legend


def _things(state: Campaign) -> dict[tuple[int, int], tuple]:
    """Split-off characters and creatures on the party's map, by (x, y)."""
    here = state.party_tile
    found: dict[tuple[int, int], tuple] = {}
    for actor in (*state.characters, *state.creatures):
        tile = actor.tile
        if (tile.map == here.map and tile != here) or (isinstance(actor, Creature) and tile == here):
            found[(tile.x, tile.y)] = found.get((tile.x, tile.y), ()) + (actor,)
    return found


def _pick(things: tuple, party: bool) -> tuple[str, str]:
    """The glyph of a tile and its kind: the party, then a character, then the live creature
    that matters most (hostile, neutral, friendly), then the defeated."""
    if party:
        return "@", "party"
    characters = [t for t in things if not isinstance(t, Creature)]
    if characters:
        return characters[0].name[:1].upper(), "character"
    live = [t for t in things if t.hp > 0]
    for disposition in ("hostile", "neutral", "friendly"):
        for creature in live:
            if creature.disposition == disposition:
                return creature.name[:1].lower(), disposition
    if things:
        return "%", "defeated"
    return "·", "ground"


def _window(here: Tile, info: MapInfo, columns: int, rows: int) -> tuple[int, int]:
    """The top-left tile of a view of `columns` x `rows` around the party, inside the map."""
    left = min(max(0, here.x - columns // 2), max(0, info.width - columns))
    top = min(max(0, here.y - rows // 2), max(0, info.height - rows))
    return left, top
