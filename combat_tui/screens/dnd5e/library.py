"""LibraryScreen: the SRD creatures and the campaign's templates, searched as you type, spawned.

Every key typed in the search field filters the list at once; the arrows and PgUp/PgDn move the
highlight while the field keeps the focus, and Enter spawns Count of the highlighted creature on
the party's tile (in a fight they join it and roll initiative: the rule does that). Tab goes to
the Count field, which takes digits only, so there the letters act: `r` rolled HP, `s` spawn,
`e` edit and `x` delete a template, `/` back to the search, `c` close. F3 (or F10) and Esc close
from anywhere (Esc is slow in a default tmux, DESIGN.md §6). ref: Creature actions — "A template
that you save from a creature keeps its actions, and a creature spawned from the template gets
them."

The list is one OptionList refilled per key (no widget per row), the stat block one Static that
repaints without a layout, and the screen is made once and kept: a second open only repaints it."""

from __future__ import annotations

import gc
import textwrap

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.core.session import Session
from combat_tui.library.srd import LibraryEntry, search, srd_creature, srd_entries
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.dnd5e.commands import DeleteTemplate, SpawnCreatures
from combat_tui.systems.dnd5e.model import Creature
from combat_tui.systems.dnd5e.stat_block import stat_block
from combat_tui.widgets.number_input import NumberInput

TEMPLATE = "template:"
"""The key prefix of a template row (an SRD row's key is the SRD's own, `srd:wolf`)."""
NAME_WIDTH, TYPE_WIDTH, CR_WIDTH = 21, 11, 4
HEADER = f"{'Name':<{NAME_WIDTH}} {'Type':<{TYPE_WIDTH}} {'CR':>{CR_WIDTH}}"
CREDIT = "Stat blocks: SRD 5.2, CC-BY-4.0 (the 5.2 creatures; the rules stay 2014)"
HINT = ("type to search · ↑↓ PgUp PgDn pick · Enter spawn · ^n new creature · F3/Esc close\n"
        "Tab → Count: r rolled HP · e edit, x delete template · / search · c close")  # fmt: skip
SECTIONS = frozenset({"Weapons", "Save actions", "Notes"})


class LibraryScreen(ModalScreen[None]):
    """Search, preview and spawn; it follows the campaign's templates while open."""

    CSS_PATH = "library.tcss"
    AUTO_FOCUS = "#library-search"

    BINDINGS = [
        # priority: the field changes before the next key of a burst is routed ("Tab 3" typed fast)
        Binding("tab", "app.focus_next", "Next field", show=False, priority=True, id="library.next-field"),
        Binding("shift+tab", "app.focus_previous", "Previous field", show=False, priority=True, id="library.previous-field"),
        Binding("up", "move('up')", "Previous", show=False, id="library.up"),
        Binding("down", "move('down')", "Next", show=False, id="library.down"),
        Binding("pageup", "move('page_up')", "Page up", show=False, id="library.page-up"),
        Binding("pagedown", "move('page_down')", "Page down", show=False, id="library.page-down"),
        Binding("shift+up", "scroll_preview(-1)", "Scroll the stat block up", show=False, id="library.preview-up"),
        Binding("shift+down", "scroll_preview(1)", "Scroll the stat block down", show=False, id="library.preview-down"),
        Binding("s", "spawn", "Spawn", id="library.spawn", tooltip="Spawn Count of the highlighted creature (Enter too)"),
        Binding("r", "rolled", "Rolled HP", id="library.rolled", tooltip="Roll each spawned creature's HP from its hit dice"),
        Binding("e", "edit", "Edit template", id="library.edit", tooltip="Open the highlighted template in the creature form"),
        Binding("x", "delete", "Delete template", id="library.delete", tooltip="Delete the highlighted template (asks first)"),
        Binding("ctrl+n", "new_creature", "New creature", priority=True, id="library.new",
                tooltip="Make a creature by hand in the creature form"),
        Binding("slash", "search", "Search", key_display="/", id="library.search", tooltip="Back to the search field"),
        Binding("c,f3,f10", "close", "Close", key_display="F3", id="library.close"),
        Binding("escape", "close", "Close", show=False, id="library.close-escape"),
    ]  # fmt: skip
    """Letters act from the Count field (it takes digits only); the search field takes them as text."""

    def __init__(self) -> None:
        super().__init__()
        self._srd: tuple[LibraryEntry, ...] = ()
        self._templates: tuple[Creature, ...] | None = None
        """The campaign's templates the rows were built from (rebuilt when they change)."""
        self._entries: tuple[LibraryEntry, ...] = ()
        self._query: str | None = None
        """The search the rows were filtered by."""
        self.rows: list[LibraryEntry] = []
        """The rows the list shows, in its order."""
        self._options: dict[str, Option] = {}
        """One Option per key, made once: a refill only hands the list the ones that match."""
        self._creatures: dict[str, Creature] = {}
        self._previewed: object = None
        self._from_line = 0
        """The first stat-block line on show (shift+down scrolls)."""
        self.block: list[str] = []
        """The lines of the stat block on show."""
        self._rolled = False
        self.reopened = False
        """Set by `open_library` on a second open: the resume starts it afresh (a dialog closing
        over it resumes it too, and keeps what the GM typed)."""
        self._spawn: SpawnCreatures | None = None
        """The spawn posted last: the history entry it makes closes the library (a refusal makes none)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="library-box"):
            with Horizontal(id="library-fields"):
                yield Label("Search ", classes="library-label")
                yield Input(placeholder="name, type or CR", id="library-search", compact=True)
                yield Label("  Count ", classes="library-label")
                yield NumberInput("1", id="library-count")
                yield Static("", id="library-rolled")
            with Horizontal(id="library-body"):
                with Vertical(id="library-left"):
                    yield Static(Text(HEADER), id="library-header")
                    yield OptionList(id="library-list", compact=True)
                with Vertical(id="library-preview-box"):
                    yield _BlockView(id="library-preview")
            yield Static(CREDIT, id="library-credit")
            yield Static(HINT, id="library-hint")

    def on_mount(self) -> None:
        self.query_one("#library-box").border_title = "Library · SRD creatures and templates"
        listing = self.query_one("#library-list", OptionList)
        listing.can_focus = False  # the search field keeps the focus; the arrows move the list
        self.query_one("#library-preview-box").border_subtitle = "shift+↑↓ scroll"
        self._srd = srd_entries()
        self._show_rolled()
        # the SRD index and this screen join what start-up froze: no collection walks them per key
        self.call_after_refresh(gc.freeze)

    def _fresh(self) -> None:
        """Ready for a new open: Count 1, average HP, the last search kept but selected (typing
        replaces it, Enter spawns the same creature again)."""
        self.reopened = False
        self._spawn = None
        self.query_one("#library-count", Input).value = "1"
        if self._rolled:
            self._rolled = False
            self._show_rolled()
        search = self.query_one("#library-search", Input)
        search.focus()
        search.select_all()

    def on_screen_resume(self) -> None:
        if self.reopened:  # here, not before the push: the changes paint with the first frame
            self._fresh()
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)  # what changed while it was closed or covered

    def on_screen_suspend(self) -> None:
        self.app.state_changed.unsubscribe(self)  # a closed library follows no fight

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session) -> None:
        entry = session.history.peek_undo()
        if self._spawn is not None and entry is not None and any(c is self._spawn for c in entry.commands):
            self.dismiss(None)
            return
        templates = session.state.templates
        if templates is not self._templates:
            self._templates = templates
            rows = tuple(_template_entry(t) for t in templates)
            self._entries = rows + self._srd
            for key in [key for key in self._options if key.startswith(TEMPLATE)]:
                del self._options[key]
            self._previewed = None
            self._filter()

    def on_key(self, event: Key) -> None:
        """A letter typed right after `l`, before the search field has the focus, still searches."""
        search = self.query_one("#library-search", Input)
        if event.is_printable and event.character and self.focused in (None, search):
            event.stop()
            event.prevent_default()
            search.focus()
            search.insert_text_at_cursor(event.character)

    @on(Input.Changed, "#library-search")
    def _typed(self, event: Input.Changed) -> None:
        query = event.input.value
        if query != self._query:  # keys typed in a burst: their later messages find it done
            self._filter()

    def _filter(self) -> None:
        """The rows matching the search, best first, the first one highlighted."""
        self._query = query = self.query_one("#library-search", Input).value
        rows = list(search(self._entries, query)) if query.strip() else list(self._entries)
        listing = self.query_one("#library-list", OptionList)
        if rows != self.rows or not listing.option_count:  # "owlbe" to "owlbea": the same one row
            self.rows = rows
            listing.set_options([self._option(entry) for entry in rows])
        if rows and listing.highlighted != 0:
            listing.highlighted = 0
        self._preview()

    def _option(self, entry: LibraryEntry) -> Option:
        option = self._options.get(entry.key)
        if option is None:
            option = self._options[entry.key] = Option(_row(entry), id=entry.key)
        return option

    def _preview(self) -> None:
        entry = self.highlighted_entry
        creature = self._creature(entry) if entry is not None else None
        if creature is self._previewed and creature is not None:
            return
        self._previewed = creature
        self._from_line = 0
        box = self.query_one("#library-preview-box")
        if creature is None:
            box.border_title = "Stat block"
            query = self.query_one("#library-search", Input).value.strip()
            self.block = [f"Nothing matches '{query}'." if query else "The library is empty."]
        else:
            box.border_title = creature.name + (" · template" if entry.key.startswith(TEMPLATE) else "")
            self.block = stat_block(creature)
        self._show_block()

    def _show_block(self) -> None:
        self.query_one(_BlockView).show(self.block[self._from_line :], italic=self._previewed is None)

    @property
    def highlighted_entry(self) -> LibraryEntry | None:
        at = self.query_one("#library-list", OptionList).highlighted
        return self.rows[at] if at is not None and 0 <= at < len(self.rows) else None

    def _creature(self, entry: LibraryEntry) -> Creature | None:
        if entry.key.startswith(TEMPLATE):
            name = entry.key.removeprefix(TEMPLATE)
            return next((t for t in self._templates or () if t.name == name), None)
        if entry.key not in self._creatures:
            found = srd_creature(entry.key)
            if found is None:
                return None
            self._creatures[entry.key] = found
        return self._creatures[entry.key]

    def _show_rolled(self) -> None:
        word = "rolled " if self._rolled else "average"  # one width: no layout for the toggle
        self.query_one("#library-rolled", Static).update(Text.assemble("  HP ", (word, "bold"), " (r)"), layout=False)

    # -- keys --------------------------------------------------------------------------------

    def action_move(self, how: str) -> None:
        listing = self.query_one("#library-list", OptionList)
        getattr(listing, f"action_{'cursor_' if how in ('up', 'down') else ''}{how}")()
        self._preview()

    @on(OptionList.OptionHighlighted, "#library-list")
    def _moved(self, event: OptionList.OptionHighlighted) -> None:
        self._preview()  # a no-op after a key: `_preview` already showed it

    def action_scroll_preview(self, step: int) -> None:
        """Three stat-block lines on or back (a line that wraps counts once)."""
        at = max(0, min(len(self.block) - 1, self._from_line + 3 * step))
        if at != self._from_line:
            self._from_line = at
            self._show_block()

    def action_search(self) -> None:
        self.query_one("#library-search", Input).focus()

    def action_rolled(self) -> None:
        self._rolled = not self._rolled
        self._show_rolled()

    @on(Input.Submitted, "#library-search")
    @on(Input.Submitted, "#library-count")
    def _submitted(self, event: Input.Submitted) -> None:
        self.action_spawn()

    def action_spawn(self) -> None:
        entry = self.highlighted_entry
        creature = self._creature(entry) if entry is not None else None
        if creature is None:
            self.notify("Pick a creature first: type part of its name.", severity="warning", timeout=4, markup=False)
            return
        text = self.query_one("#library-count", Input).value.strip()
        try:
            count = int(text)
        except ValueError:
            self.notify(f"Count: '{text}' is not a number of creatures.", severity="warning", timeout=4, markup=False)
            return
        self._spawn = SpawnCreatures(creature, count, None, self._rolled)
        self.post_message(CommandRequested(self._spawn))  # the rule refuses 0 or 21 with its message

    def _template_name(self, verb: str) -> str | None:
        entry = self.highlighted_entry
        if entry is None or not entry.key.startswith(TEMPLATE):
            what = f"{entry.name} is an SRD creature" if entry is not None else "nothing is highlighted"
            self.notify(f"Only a template can be {verb}; {what}.", severity="warning", timeout=4, markup=False)
            return None
        return entry.key.removeprefix(TEMPLATE)

    def action_edit(self) -> None:
        name = self._template_name("edited")
        if name is None:
            return
        from combat_tui.screens.dnd5e.creature_form import CreatureForm

        self.app.push_screen(CreatureForm(template=name))

    def action_new_creature(self) -> None:
        """A creature made by hand, on the party's tile (the creature form's New)."""
        from combat_tui.screens.dnd5e.creature_form import CreatureForm

        self.app.push_screen(CreatureForm())

    def action_delete(self) -> None:
        name = self._template_name("deleted")
        if name is None:
            return
        from combat_tui.screens.dnd5e.sheet import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self.post_message(CommandRequested(DeleteTemplate(name)))

        self.app.push_screen(ConfirmDialog(f"Delete the template {name}? Undo brings it back."), answered)

    def action_close(self) -> None:
        self.dismiss(None)


def _template_entry(template: Creature) -> LibraryEntry:
    return LibraryEntry(key=TEMPLATE + template.name, name=template.name, creature_type=template.creature_type,
                        challenge=template.challenge, size=template.size)  # fmt: skip


def _row(entry: LibraryEntry) -> Text:
    """`Wolf                   beast        1/4`; a template says so in the Type column."""
    name = entry.name if len(entry.name) <= NAME_WIDTH else entry.name[: NAME_WIDTH - 1] + "…"
    text = Text(f"{name:<{NAME_WIDTH}} ", no_wrap=True, overflow="ellipsis")
    if entry.key.startswith(TEMPLATE):
        text.append(f"{'template':<{TYPE_WIDTH}}", style="bold italic")
    else:
        text.append(f"{entry.creature_type[:TYPE_WIDTH]:<{TYPE_WIDTH}}")
    text.append(f" {entry.challenge:>{CR_WIDTH}}")
    return text


class _BlockView(Static):
    """The stat block, wrapped here to the box's width: plain lines paint fast, with no layout of
    the screen, and a line's wrapped part stays indented under it."""

    def __init__(self, id: str) -> None:
        super().__init__("", id=id)
        self._lines: list[str] = []
        self._italic = False

    def show(self, lines: list[str], italic: bool = False) -> None:
        self._lines, self._italic = lines, italic
        self._paint()

    def on_resize(self) -> None:
        self._paint()

    def _paint(self) -> None:
        width = self.size.width or 60  # before the first layout: repainted on its Resize
        out = []
        for line in self._lines:
            indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
            style = "italic" if self._italic else "bold" if line in SECTIONS else ""
            for part in textwrap.wrap(line, width, subsequent_indent=indent, drop_whitespace=True) or [""]:
                out.append(Content.styled(part, style))
        self.update(Content("\n").join(out), layout=False)


SCREEN_NAME = "dnd5e-library"


def open_library(app: App) -> None:
    """Push the library, made once per app and kept: a second open only repaints it."""
    if app.is_screen_installed(SCREEN_NAME):
        app.get_screen(SCREEN_NAME).reopened = True
    else:
        app.install_screen(LibraryScreen(), SCREEN_NAME)
    app.push_screen(SCREEN_NAME)
