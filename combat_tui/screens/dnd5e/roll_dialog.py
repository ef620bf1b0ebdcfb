"""RollDialog: what the attack and cast dialogs share (ref: Attack dialog, Cast dialog).

Both dialogs show their settings in labelled rows, post one rolled command (`Attack`, `Cast`),
then keep the travelogue lines of that command on show under a titled border, marked undone after
an undo, and stay open so the table can read them. `u` and `U` undo and redo from inside the
dialog, because the app's letters stop at a modal screen. This module holds that plumbing, the
keys both dialogs end with (`roll_keys`) and the few texts both show (the Roll mode choices, the
tick boxes, the reasons for the d20). The Dice row of faces rolled at the table is `roll_faces`.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from combat_tui.core.history import Entry
from combat_tui.core.session import Session
from combat_tui.screens.dnd5e.roll_faces import FACES, TypedFaces
from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.dnd5e.advantage import Resolved
from combat_tui.systems.dnd5e.model import Campaign
from combat_tui.widgets.dice_field import DiceField
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.result_lines import ResultLines

MODES = (("", "Auto"), ("adv", "Advantage"), ("dis", "Disadvantage"), ("normal", "Normal"))
"""The Roll mode values of the `Attack` and `Cast` commands and their names, in the order `v`
cycles them."""
OUT = ("defeated", "dead")
"""Statuses that take a combatant out of the fight's targets."""
KEY = "bold $accent"
CHOSEN = "bold $text-accent"


def cycle(values: Sequence, current: object, step: int = 1):
    """The value `step` places after `current` in `values`, round the end (a `current` not among
    them counts as standing last)."""
    at = values.index(current) if current in values else -1
    return values[(at + step) % len(values)]


def next_mode(mode: str) -> str:
    """The Roll mode after `mode`, in the order of `MODES`."""
    return cycle([value for value, _ in MODES], mode)


def tick_box(ticked: bool, key: str, name: str) -> list:
    """The parts of a box the GM ticks with `key`: `[x] i Ignore armor`."""
    return ["[x] " if ticked else "[ ] ", (key, KEY), f" {name}"]


def choices(options: Sequence[tuple[object, str]], chosen: object) -> Content:
    """Every choice on one line, the chosen one lit."""
    parts: list = []
    for value, name in options:
        if parts:
            parts.append("   ")
        parts.append((f"◉ {name}", CHOSEN) if value == chosen else (f"○ {name}", "$text-muted"))
    return Content.assemble(*parts)


def d20_text(resolved: Resolved) -> str:
    """How the d20 rolls and why: the sources, the cancel, or the Roll mode that overrode them."""
    named = ", ".join(str(slant) for slant in resolved.slants)
    way = {"adv": "at advantage", "dis": "at disadvantage", "": ""}[resolved.mode]
    if resolved.origin == "chosen":
        chosen = {"adv": "Advantage", "dis": "Disadvantage", "": "Normal"}[resolved.mode]
        if named:
            return f"Roll mode {chosen} overrides: {named}"
        return f"Rolls {way}: Roll mode {chosen}" if way else f"Normal roll: Roll mode {chosen}"
    if resolved.origin == "cancel":
        return f"Advantage and disadvantage cancel, a normal roll: {named}"
    if resolved.origin == "tray":
        return f"Rolls {way}: the dice tray's mode" if way else "Normal roll"
    return f"Rolls {way}: {named}"


def roll_keys(prefix: str, action: str, name: str, tooltip: str, undoes: str) -> list[Binding]:
    """The keys a roll dialog's bindings end with, ids under `prefix`: r and Enter run `action`,
    u and U undo and redo (`undoes`: what an undo takes back), c and Esc close. A subclass lists
    them after its own, so the key bar keeps its order (a base class's bindings would come first)."""
    return [
        Binding("r", action, name, id=f"{prefix}.{action}", tooltip=tooltip),
        Binding("enter", action, name, show=False, id=f"{prefix}.{action}-enter"),
        Binding("u", "undo", "Undo", show=False, id=f"{prefix}.undo", tooltip=f"Take back the last change ({undoes})"),
        Binding("U", "redo", "Redo", show=False, id=f"{prefix}.redo", tooltip="Do again what was undone"),
        Binding("c", "close", "Close", id=f"{prefix}.close", tooltip="Back to the fight"),
        Binding("escape", "close", "Close", show=False, id=f"{prefix}.close-escape"),
    ]


class RollDialog(TypedFaces, ModalScreen[str | None]):
    """A dialog of labelled rows that posts one rolled command and shows what it did.

    A subclass names its rows and ids, reads the state it needs in `_take_state`, fills its rows
    in `_show` (with `_set`), and builds its command in `command`. A row named `faces` is the
    Dice field (`roll_faces`), with `faces_key` among the bindings."""

    AUTO_FOCUS = ""
    """The keys are the dialog's: the Dice field takes them only when `d` opens it."""

    PREFIX = ""
    """The ids' and classes' prefix: `#PREFIX-box`, `#PREFIX-ROW`, `#PREFIX-result`, `.PREFIX-row`."""
    ROW_ID = ""
    """What a row's line id puts before the row's name (the attack dialog's lines predate PREFIX)."""
    ROWS: tuple[tuple[str, str, str], ...] = ()
    """(row, label, key) of every row, top to bottom; a row with nothing to show is hidden."""
    RESULT = ("", 4)
    """The result box's title and the number of lines it starts with."""
    READY_ACTION = ""
    """The action that posts the command; the Footer dims it while there is no command to post."""

    def __init__(self) -> None:
        super().__init__()
        self._state: Campaign | None = None
        self._labels: dict[str, str] = {}
        self._pending: object | None = None
        """The command posted last, until its history entry shows up."""
        self._result: Entry | None = None
        """The history entry of that command, on show in the result box."""
        self._shown: dict[str, object] = {}
        """What each row shows, so a key updates only the rows it changed."""
        self._ready = True
        """Whether the settings make a command (the Footer dims READY_ACTION otherwise)."""
        self._rolling: tuple[int, ...] = ()
        """The typed faces of the roll being posted (its Reaction dialogs may be open)."""

    # -- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        prefix = self.PREFIX
        with Vertical(id=f"{prefix}-box"):
            for row, label, key in self.ROWS:
                with Horizontal(id=f"{self.ROW_ID}{row}", classes=f"{prefix}-row"):
                    yield Label(Content.assemble((key, KEY), " " if key else "", label), classes=f"{prefix}-label")
                    if row == FACES:
                        yield DiceField(self._check_faces, id=f"{prefix}-{row}", classes=f"{prefix}-value")
                    else:
                        yield Static("", id=f"{prefix}-{row}", classes=f"{prefix}-value", markup=False)
            title, rows = self.RESULT
            yield ResultLines(title, rows=rows, id=f"{prefix}-result")
        yield KeyFooter()

    def on_mount(self) -> None:
        if self._faces_field() is not None:
            self.query_one(f"#{self.ROW_ID}{FACES}").display = False  # until `d` opens it
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session, first=True)

    def on_unmount(self) -> None:
        self.app.state_changed.unsubscribe(self)

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session, first: bool = False) -> None:
        state = session.state
        if state.fight is None or state.fight.stage != "running":
            return  # the fight ended or was undone; the app is taking the fight's screens away
        self._state = state
        self._labels = session.system.labels(state)
        self._take_state(session, first)
        entry = session.history.peek_undo()
        if self._pending is not None and entry is not None and entry.commands and entry.commands[0] is self._pending:
            self._result, self._pending = entry, None
            self._result_arrived(session, entry)
        self._show_result(session)
        self._show()
        self._show_faces()
        if first:
            self.refresh_bindings()

    def _take_state(self, session: Session, first: bool) -> None:
        """Read what the dialog offers from the new state (`first`: the dialog just opened)."""

    def _result_arrived(self, session: Session, entry: Entry) -> None:
        """The command posted last has run: `entry` is its history entry."""

    def _show_result(self, session: Session) -> None:
        entry = self._result
        box = self.query_one(f"#{self.PREFIX}-result", ResultLines)
        if entry is None:
            box.display = False
            return
        undone = not any(done is entry for done in reversed(session.history.entries[: session.history.pointer]))
        if box.show(entry.lines or ("(no lines)",), undone):
            self.query_one(f"#{self.PREFIX}-box").scroll_end(animate=False)  # a short terminal shows the result first

    # -- showing -----------------------------------------------------------------------------

    def _show(self) -> None:
        """Fill every row from the settings and the state."""

    def command(self) -> object | None:
        """The command the settings make, or None when they make none."""
        return None

    def _set(self, row: str, content: str | Content, style: str = "") -> None:
        """Show `content` in a row (hidden when empty), touching the widgets only on a change
        (of the text or of its styles: two Contents of one text compare equal)."""
        key = (content, tuple(content.spans) if isinstance(content, Content) else (), style)
        if self._shown.get(row) == key:
            return
        was = self._shown.get(row)
        self._shown[row] = key
        prefix = self.PREFIX
        if content:
            self.query_one(f"#{prefix}-{row}", Static).update(Content(content) if isinstance(content, str) else content)
            self.query_one(f"#{prefix}-{row}").set_classes(f"{prefix}-value {style}".strip())
        shown = bool(content)
        if was is None or bool(was[0]) != shown:
            self.query_one(f"#{self.ROW_ID}{row}").display = shown

    def _label_row(self, row: str, label: str | Content) -> None:
        """Name a row whose label depends on the settings."""
        key = ("label", label)
        if self._shown.get(f"{row}-label") != key:
            self._shown[f"{row}-label"] = key
            self.query_one(f"#{self.ROW_ID}{row} .{self.PREFIX}-label", Label).update(label)

    def _label(self, ref: str) -> str:
        return self._labels.get(ref, ref)

    def _set_ready(self, ready: bool) -> None:
        """Whether there is a command to post; the Footer re-checks READY_ACTION on a change."""
        if ready != self._ready:
            self._ready = ready
            self.refresh_bindings()

    # -- keys --------------------------------------------------------------------------------

    def _post(self, command: object) -> None:
        """Post the dialog's command, after the Reaction dialogs it opens are answered; the faces
        typed in the Dice row go into every dry run of those questions and into the command."""
        from combat_tui.screens.dnd5e.reaction_dialog import ask_reactions

        faces = self._typed()
        if faces is None:
            return  # a face its die does not have: said, nothing posted
        self._rolling = faces
        dry = (lambda line: self._dry_faces(line, faces)) if faces else None
        ask_reactions(self, command, self._post_now, self._label, dry)

    def _post_now(self, command: object) -> None:
        faces, self._rolling = self._rolling, ()
        if faces:
            self._run_typed(command, faces)
            return
        self._pending = command
        self.post_message(CommandRequested(command))

    def action_undo(self) -> None:
        self.app.action_undo()  # the app's letters do not reach past a modal screen

    def action_redo(self) -> None:
        self.app.action_redo()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo"):
            return self.app.check_action(action, parameters)
        if action == self.READY_ACTION:
            return True if self._ready else None
        return True
