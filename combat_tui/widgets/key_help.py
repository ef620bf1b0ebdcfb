"""KeyHelp: the F1 panel, with the screen's own keys first.

Textual's help panel lists the focused widget's keys first (a list's cursor keys), then the
screen's, then the app's. A GM looks for the screen's actions, so here they come first: the keys
the footer shows, in its order and grouped as it groups them (a `Binding.Group` is one row), then
the screen's other keys, then the focused list's or field's, then the keys that work everywhere.
"""

from __future__ import annotations

from itertools import groupby

from rich import box
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import HelpPanel, KeyPanel, Markdown
from textual.widgets._key_panel import BindingsTable

DIM = Style(dim=True)

Row = tuple[list[Binding], bool, str, str]
"""The bindings of one action (or of one footer group), whether it can run now, its words, a note."""


def key_sections(screen: Screen) -> list[tuple[str, list[Row]]]:
    """(title, rows) in the order the panel shows them."""
    per_node: dict[object, list[tuple[Binding, bool]]] = {}
    for node, binding, enabled, _tooltip in screen.active_bindings.values():
        if not binding.system:
            per_node.setdefault(node, []).append((binding, enabled))
    own = per_node.pop(screen, [])
    app_entries = per_node.pop(screen.app, [])
    sections = [
        ("This screen", _rows([entry for entry in own if entry[0].show])),
        ("More keys here", _rows([entry for entry in own if not entry[0].show])),
    ]
    sections += [(_title(node), _rows(entries)) for node, entries in per_node.items()]  # the focused widget up
    sections.append(("Everywhere", _rows(app_entries)))
    return [(title, rows) for title, rows in sections if rows]


def _rows(entries: list[tuple[Binding, bool]]) -> list[Row]:
    by_action: dict[str, list[tuple[Binding, bool]]] = {}
    for binding, enabled in entries:
        by_action.setdefault(binding.action, []).append((binding, enabled))
    rows: list[Row] = []
    for group, actions in groupby(by_action.values(), key=lambda same: same[0][0].group):
        actions = list(actions)
        if group is not None and len(actions) > 1:  # the footer shows these as one key group
            bindings = [binding for same in actions for binding, _ in same]
            rows.append((bindings, any(enabled for same in actions for _, enabled in same), group.description, ""))
        else:
            rows += [([b for b, _ in same], same[0][1], same[0][0].description, same[0][0].tooltip) for same in actions]
    return rows


def _title(node: object) -> str:
    return getattr(node, "BINDING_GROUP_TITLE", None) or str(getattr(node, "border_title", "") or "") or type(node).__name__


class ScreenBindingsTable(BindingsTable):
    def render_bindings_table(self) -> Table:
        key_style = self.get_component_rich_style("bindings-table--key")
        description_style = self.get_component_rich_style("bindings-table--description")
        header_style = self.get_component_rich_style("bindings-table--header")
        table = Table(padding=(0, 0), show_header=False, box=box.SIMPLE)
        table.add_column("", justify="right")
        display = self.app.get_key_display
        for title, rows in key_sections(self.screen):
            table.add_row("", Text(title, style=header_style, end=""))
            for bindings, enabled, words, note in rows:
                keys = " ".join(dict.fromkeys(display(binding) for binding in bindings))
                dim = DIM if not enabled else None  # as the footer dims what cannot run now
                description = Text(words, style=description_style + dim, end="")
                if note:
                    description.append(f" {note}", "dim")
                table.add_row(Text(keys, style=key_style + dim), description)
            table.add_section()
        return table


class ScreenKeyPanel(KeyPanel):
    def compose(self) -> ComposeResult:
        yield ScreenBindingsTable(shrink=True, expand=False)


class KeyHelp(HelpPanel):
    """Textual's help panel with the screen's keys first, and the focused widget's help text
    below them (Textual's puts it on top)."""

    DEFAULT_CSS = """
    KeyHelp { width: 40%; max-width: 64; }
    """
    """Wider than Textual's (33%, at most 60): a key's words and note wrap less."""

    def compose(self) -> ComposeResult:
        yield ScreenKeyPanel(id="keys-help")
        yield Markdown(id="widget-help")
