"""The seat's widgets: the ribbon, the party's and the foes' tables, the map. Each `show` updates cells in
place (DESIGN.md §6): a row is added or taken away only when someone joins or leaves."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import DataTable, Static

from combat_tui.widgets.quick_cells import QuickCells
from combat_tui.widgets.steady_scrollbars import SteadyScrollbars

HEALTH_STYLE = {
    "unhurt": "green",
    "wounded": "yellow",
    "bloodied": "bold red",
    "down": "dim",
}


class Ribbon(Static):
    """The turn order, the current combatant marked, and the round."""

    def show(self, view: dict) -> None:
        if not view.get("order"):
            self.update(Text(f"{view.get('campaign', '')}: no fight running", style="dim"))
            return
        text = Text(f"Round {view['round']}  ", style="bold")
        for label, side, now in view["order"]:
            style = "reverse bold" if now else ("cyan" if side == "party" else "red")
            text.append(f" {label} ", style=style)
            text.append(" ")
        self.update(text)


class RowTable(SteadyScrollbars, QuickCells, DataTable):
    """A table of rows keyed by ref whose cells change in place."""

    COLUMNS: tuple[str, ...] = ()

    def on_mount(self) -> None:
        for column in self.COLUMNS:
            self.add_column(column, key=column)
        self.cursor_type = "none"

    def cells(self, row: dict) -> tuple:
        raise NotImplementedError

    def show(self, rows: list[dict]) -> None:
        wanted = [row["ref"] for row in rows]
        have = [key.value for key in self.rows]
        if have != wanted:  # someone joined, left or moved: the one rebuild
            self.clear()
            for row in rows:
                self.add_row(*self.cells(row), key=row["ref"])
            return
        for row in rows:
            for column, value in zip(self.COLUMNS, self.cells(row), strict=True):
                if self.get_cell(row["ref"], column) != value:
                    self.update_cell(row["ref"], column, value, update_width=True)


class PartyTable(RowTable):
    COLUMNS = ("Name", "HP", "State", "Death saves", "Conditions")

    def cells(self, row: dict) -> tuple:
        successes, failures = row["saves"]
        saves = f"{'●' * successes}{'○' * (3 - successes)} / {'✖' * failures}{'·' * (3 - failures)}"
        return (row["label"], f"{row['hp']}/{row['max_hp']}", row["status"],
                saves if row["hp"] <= 0 else "", ", ".join(row["chips"]))  # fmt: skip


class FoeTable(RowTable):
    COLUMNS = ("Name", "Health", "Conditions")

    def cells(self, row: dict) -> tuple:
        word = row["health"]
        return (
            row["label"],
            Text(word, style=HEALTH_STYLE.get(word, "")),
            ", ".join(row["chips"]),
        )


MARK_STYLE = {
    "party": "bold reverse",
    "character": "bold cyan",
    "hostile": "bold red",
    "neutral": "yellow",
    "friendly": "green",
    "defeated": "dim",
}


class SeatMap(Widget):
    """The party's map as the party knows it (player_view.party_map): a window around the party,
    one cell a tile; a new record only repaints (the widget stays)."""

    DEFAULT_CSS = """
    SeatMap { width: 23; height: 11; border: round $primary; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.record: dict = {}

    def show(self, record: dict | None) -> None:
        record = record or {}
        if record == self.record:
            return
        self.record = record
        self.border_title = record.get("name", "")
        party = record.get("party")
        self.border_subtitle = f"({party[0]}, {party[1]})" if party else ""
        self.refresh()

    def render(self) -> Text:
        record = self.record
        if not record:
            return Text("")
        width, height = max(1, self.content_region.width), max(1, self.content_region.height)
        columns, rows = min(record["width"], width), min(record["height"], height)
        px, py = record["party"]
        left = min(max(0, px - columns // 2), max(0, record["width"] - columns))
        top = min(max(0, py - rows // 2), max(0, record["height"] - rows))
        marks = {(x, y): (glyph, kind) for x, y, glyph, kind in record["marks"]}
        text = Text(no_wrap=True, overflow="crop")
        for y in range(top, top + rows):
            if y > top:
                text.append("\n")
            for x in range(left, left + columns):
                glyph, kind = marks.get((x, y), ("·", ""))
                text.append(glyph, MARK_STYLE.get(kind, "dim"))
        return text
