"""A one-line text cell drawn by `quick_cell_lines` is the cell DataTable draws through Rich, segment
for segment; a table with QuickCells draws every cell the same as one without, and draws the text
cells without Rich's pipeline (counted)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.padding import Padding
from rich.style import Style
from rich.text import Text
from textual.app import App
from textual.renderables.styled import Styled
from textual.widgets import DataTable

from combat_tui.widgets.dnd5e.chip_row import ChipCell
from combat_tui.widgets.quick_cells import QuickCells, quick_cell_lines

STYLES = ["", "bold", "italic", "dim strike", "red", "on blue", "bold #ff8800 on #112233", "underline green"]
WORDS = ["", " ", "▶ Goblin 3", "██████░░░░ 31/49", "15", " 7 ", "‖ Ser Aldric ", "日本", "poisoned · prone"]


@st.composite
def texts(draw) -> Text:
    text = Text(draw(st.sampled_from(WORDS)) + draw(st.sampled_from(WORDS)), style=draw(st.sampled_from(STYLES)),
                justify=draw(st.sampled_from([None, "default", "left", "right", "center", "full"])),
                overflow=draw(st.sampled_from([None, "fold", "crop", "ellipsis"])),
                no_wrap=draw(st.booleans()), end=draw(st.sampled_from(["\n", ""])))  # fmt: skip
    for _ in range(draw(st.integers(0, 3))):
        start = draw(st.integers(0, len(text.plain)))
        text.stylize(draw(st.sampled_from(STYLES[1:])), start, draw(st.integers(start, len(text.plain) + 2)))
    return text


def through_rich(console: Console, cell, width: int, padding: int, pre: Style, post: Style) -> list:
    """What DataTable does with a cell of a row one line high."""
    options = console.options.update_dimensions(width, 1).update(no_wrap=True)
    return console.render_lines(Styled(Padding(cell, (0, padding)), pre_style=pre, post_style=post), options)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cell=texts(), width=st.integers(1, 30), padding=st.integers(0, 2),
       pre=st.sampled_from(STYLES), post=st.sampled_from(STYLES))  # fmt: skip
def test_a_text_cell_is_the_segments_rich_makes_of_it(cell: Text, width: int, padding: int, pre: str, post: str) -> None:
    console = Console(width=80, color_system="truecolor")
    pre_style = Style.parse(pre) + Style.from_meta({"row": 3, "column": 1})
    post_style = Style.parse(post)
    quick = quick_cell_lines(console, cell, width, padding, pre_style, post_style)
    if quick is None:  # left to DataTable: only what is not one line that fits, or no room at all
        inner = width - 2 * padding
        assert inner <= 0 or "\n" in cell.plain or "\t" in cell.plain or cell.cell_len > inner or cell.justify == "center"
        return
    assert quick == through_rich(console, cell, width, padding, pre_style, post_style)


def test_a_chip_cell_is_fitted_to_its_column_as_rich_would_fit_it() -> None:
    console = Console(width=80)
    chips = ChipCell([("poisoned", "condition"), ("prone", "condition"), ("note: hidden", "note")], {})
    for width in range(3, 40):
        quick = quick_cell_lines(console, chips, width, 1, Style(bold=True), Style())
        if quick is not None:
            assert quick == through_rich(console, chips, width, 1, Style(bold=True), Style())
    assert quick_cell_lines(console, chips, 30, 1, Style(bold=True), Style()) is not None


class Quick(QuickCells, DataTable):
    pass


class Tables(App):
    def compose(self):
        yield Quick(cursor_type="row", id="quick")
        yield DataTable(cursor_type="row", id="plain")

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            table.add_column(Text("Name"), key="name", width=14)
            table.add_column(Text("HP", justify="right"), key="hp", width=9)
            table.add_column("Chips", key="chips")
            for n in range(12):
                style = "bold" if n == 4 else "dim strike" if n % 5 == 2 else ""
                table.add_row(Text(f"▶ Goblin {n}" if n == 4 else f"  Goblin {n}", style=style),
                              Text(f"{n * 3}/40", justify="right"),
                              ChipCell([("prone", "condition")] * (n % 3), {}) if n % 4 else "[b]marked[/b] up",
                              key=f"g{n}")  # fmt: skip


async def test_a_table_with_quick_cells_draws_every_cell_as_datatable_does(monkeypatch) -> None:
    app = Tables()
    async with app.run_test(size=(100, 30)) as pilot:
        quick, plain = app.query_one("#quick", Quick), app.query_one("#plain", DataTable)
        await pilot.pause()
        rendered: list[int] = []
        real = type(app.console).render_lines

        def counted(console, *args, **kwargs):
            rendered.append(1)
            return real(console, *args, **kwargs)

        monkeypatch.setattr(type(app.console), "render_lines", counted)
        for cursor in (False, True):
            for hover in (False, True):
                for row in range(-1, 12):
                    for column in range(3):
                        style = quick.rich_style
                        quick._cell_render_cache.clear()
                        rendered.clear()
                        mine = quick._render_cell(row, column, style, 16, cursor, hover)
                        assert not rendered, (row, column)  # every cell here is one line of text that fits
                        quick._cell_render_cache.clear()
                        assert mine == DataTable._render_cell(quick, row, column, style, 16, cursor, hover)
                        assert rendered
        monkeypatch.undo()
        for table in (quick, plain):  # neither focused: their cursor styles are the same
            table.can_focus = False
            table.move_cursor(row=5)
        app.set_focus(None)
        await pilot.pause()
        for table in (quick, plain):
            table._clear_caches()
        assert [quick.render_line(y).text for y in range(14)] == [plain.render_line(y).text for y in range(14)]
        assert [quick.render_line(y) for y in range(14)] == [plain.render_line(y) for y in range(14)]
