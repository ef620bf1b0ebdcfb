"""NamePicker: pick one name from a long list by typing part of it (items, spells, races, classes).

The filter field keeps the focus: typing narrows the list to the names that hold the typed text
(those that begin with it first), the arrows move the highlight, Enter picks the highlighted name and Esc (or F3) cancels. The
names come in groups (`Carried`, `Library`); a group's heading is shown but cannot be picked.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.screens.refusals import tell

Groups = Sequence[tuple[str, Sequence[str]]]
"""(heading, names) pairs; an empty heading shows none."""

SHOWN = 200
"""The most names listed at once: the rest wait for a narrower filter."""


class NamePicker(ModalScreen[str | None]):
    """Dismissed with the picked name, or None."""

    DEFAULT_CSS = """
    NamePicker {
        align: center middle;
        background: $background 60%;
    }
    NamePicker #picker-box {
        width: 60;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: thick $primary;
        border-title-color: $text;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }
    NamePicker #picker-filter { width: 1fr; }
    NamePicker #picker-names { height: auto; max-height: 16; min-height: 3; border: none; }
    NamePicker .hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape,f3", "cancel", "Cancel", id="names.cancel"),
        Binding("down", "move(1)", "Next", show=False, id="names.down"),
        Binding("up", "move(-1)", "Previous", show=False, id="names.up"),
        Binding("pagedown", "move(10)", "Page down", show=False, id="names.page-down"),
        Binding("pageup", "move(-10)", "Page up", show=False, id="names.page-up"),
    ]
    """The arrows move the list's highlight while the filter field has the focus."""

    def __init__(self, title: str, groups: Groups, *, note: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.groups = [(heading, list(names)) for heading, names in groups]
        self.note = note
        self._names: list[str] = []
        """The names listed now, by option id."""

    def compose(self) -> ComposeResult:
        with Vertical(id="picker-box"):
            yield Input(placeholder="type to narrow the list", compact=True, id="picker-filter")
            yield OptionList(id="picker-names", compact=True)
            yield Static(self.note or "↑↓ choose · Enter picks · Esc cancels", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#picker-box").border_title = self.title_text
        self._fill("")
        self.query_one("#picker-filter").focus()

    @on(Input.Changed, "#picker-filter")
    def _narrow(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def _fill(self, typed: str) -> None:
        wanted = typed.strip().casefold()
        options: list[Option] = []
        self._names = []
        for heading, names in self.groups:
            found = [name for name in names if name.casefold().startswith(wanted)]  # the typed start first
            found += [name for name in names if wanted in name.casefold() and name not in found]
            if not found:
                continue
            if heading:
                options.append(Option(Text(heading, style="bold"), disabled=True))
            for name in found[: SHOWN - len(self._names)]:
                options.append(Option(name, id=str(len(self._names))))
                self._names.append(name)
            if len(self._names) >= SHOWN:
                options.append(Option(Text("… type more to see the rest", style="italic"), disabled=True))
                break
        if not options:
            options.append(Option(Text("Nothing holds that text.", style="italic"), disabled=True))
        listing = self.query_one("#picker-names", OptionList)
        listing.set_options(options)
        first = next((i for i, option in enumerate(options) if not option.disabled), None)
        listing.highlighted = first

    def action_move(self, step: int) -> None:
        listing = self.query_one("#picker-names", OptionList)
        if step > 0:
            for _ in range(step):
                listing.action_cursor_down()
        else:
            for _ in range(-step):
                listing.action_cursor_up()

    @on(Input.Submitted, "#picker-filter")
    def _submitted(self, event: Input.Submitted) -> None:
        listing = self.query_one("#picker-names", OptionList)
        at = listing.highlighted
        option = listing.get_option_at_index(at) if at is not None else None
        if option is None or option.disabled or option.id is None:
            tell(self, "No name is highlighted: type part of one, or pick one under a heading.")
            return
        self.dismiss(self._names[int(option.id)])

    @on(OptionList.OptionSelected, "#picker-names")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.dismiss(self._names[int(event.option.id)])

    def action_cancel(self) -> None:
        self.dismiss(None)
