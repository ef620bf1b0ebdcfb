"""ChannelDivinityDialog: Turn Undead's list and Preserve Life's share-out (ref: Action, bonus
action, and reaction — "Each button opens a dialog first, and a cancel keeps the use and the
action").

Turn Undead "lists every undead in the fight, all ticked. Untick the ones that are out of range
(30 feet) or cannot see or hear the cleric." Preserve Life "has one amount per ally below half its
max HP, and each amount stops at half the max HP"; the rules refuse a share-out over a limit
(the app shows the refusal as a toast and spends nothing).

Keys: up/down pick a row, space ticks (Turn Undead), + and - change the amount by 1 and > and < by 5
(Preserve Life), Enter uses the Channel Divinity, `c` (or Esc) cancels.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.screens.dnd5e.legendary_resistance_dialog import ask_legendary_resistance
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.abilities import class_level
from combat_tui.systems.dnd5e.channel_divinity import preserve_rows, turnable
from combat_tui.systems.dnd5e.commands import PreserveLife, TurnUndead
from combat_tui.widgets.key_footer import KeyFooter


class ChannelDivinityDialog(ModalScreen[None]):
    DEFAULT_CSS = """
    ChannelDivinityDialog { align: center middle; }
    ChannelDivinityDialog #cd-box { width: 60; max-width: 100%; height: auto; border: round $accent;
        background: $surface; padding: 0 1; }
    ChannelDivinityDialog OptionList { height: auto; max-height: 14; }
    ChannelDivinityDialog #cd-note { color: $text-muted; }
    """

    BINDINGS = [
        Binding("space", "toggle", "Tick", id="cd.toggle"),
        Binding("plus,equals_sign", "amount(1)", "+1", id="cd.more"),
        Binding("minus", "amount(-1)", "-1", id="cd.less"),
        Binding("greater_than_sign", "amount(5)", "+5", show=False, id="cd.more5"),
        Binding("less_than_sign", "amount(-5)", "-5", show=False, id="cd.less5"),
        Binding("enter", "go", "Use it", id="cd.go", priority=True),
        Binding("c", "cancel", "Cancel", id="cd.cancel"),
        Binding("escape", "cancel", "Cancel", show=False, id="cd.cancel-escape"),
    ]

    def __init__(self, cleric: str, feature: str) -> None:
        super().__init__()
        self.cleric, self.feature = cleric, feature
        self.rows: list[str] = []
        self.ticked: set[str] = set()
        self.amounts: dict[str, int] = {}
        self.limits: dict[str, int] = {}
        self.budget = 0
        self._pending: TurnUndead | None = None
        self._subscribed = False

    def compose(self) -> ComposeResult:
        with Vertical(id="cd-box"):
            yield Static("", id="cd-note", markup=False)
            yield OptionList(id="cd-rows")
        yield KeyFooter()

    def on_mount(self) -> None:
        session = self.app.session
        state = session.state
        self._labels = session.system.labels(state)
        self.query_one("#cd-box").border_title = f"Channel Divinity: {self.feature}"
        if self.feature == "Turn Undead":
            self.rows = list(turnable(state))
            self.ticked = set(self.rows)  # all ticked
        else:
            self.limits = dict(preserve_rows(state, self.cleric))
            self.rows = list(self.limits)
            self.amounts = dict.fromkeys(self.rows, 0)
            self.budget = 5 * class_level(state.actor(self.cleric), "Cleric")
        self._paint()
        self.query_one(OptionList).focus()

    def _paint(self) -> None:
        listing = self.query_one(OptionList)
        at = listing.highlighted
        listing.clear_options()
        for ref in self.rows:
            label = self._labels.get(ref, ref)
            if self.feature == "Turn Undead":
                prompt = f"[{'x' if ref in self.ticked else ' '}] {label}"
            else:
                prompt = f"{label}: {self.amounts[ref]} HP (up to {self.limits[ref]})"
            listing.add_option(Option(prompt, id=ref))
        if self.rows:
            listing.highlighted = min(at or 0, len(self.rows) - 1)
        if self.feature == "Turn Undead":
            note = "Untick the undead out of range (30 feet) or that cannot see or hear the cleric."
            if not self.rows:
                note = "No undead in the fight."
        else:
            shared = sum(self.amounts.values())
            note = f"{shared} of {self.budget} HP shared among the allies below half their max HP."
            if not self.rows:
                note = "No ally is below half its max HP (undead and constructs get no row)."
        self.query_one("#cd-note", Static).update(note)

    def _current(self) -> str | None:
        listing = self.query_one(OptionList)
        return self.rows[listing.highlighted] if listing.highlighted is not None and self.rows else None

    def action_toggle(self) -> None:
        ref = self._current()
        if ref is None or self.feature != "Turn Undead":
            tell(self, "No one is listed to tick." if ref is None
                 else "Only Turn Undead ticks creatures: + and - set each share.")  # fmt: skip
            return
        self.ticked ^= {ref}
        self._paint()

    def action_amount(self, step: int) -> None:
        ref = self._current()
        if ref is None or self.feature == "Turn Undead":
            tell(self, "No one is listed to share with." if ref is None
                 else "Turn Undead has no shares: space ticks the creatures.")  # fmt: skip
            return
        self.amounts[ref] = max(0, self.amounts[ref] + step)  # the rules refuse a share over a limit
        self._paint()

    def action_go(self) -> None:
        if self.feature == "Turn Undead":
            command = TurnUndead(self.cleric, tuple(ref for ref in self.rows if ref in self.ticked))
            self._post(command)  # the dialog stays until the saves are in: legendary resistance may ask
            return
        command = PreserveLife(self.cleric, tuple((ref, n) for ref, n in self.amounts.items() if n > 0))
        self.app.post_message(CommandRequested(command))
        self.dismiss(None)

    def _post(self, command: TurnUndead) -> None:
        if self._pending is None and not self._subscribed:
            self.app.state_changed.subscribe(self, self._state_changed)
            self._subscribed = True
        self._pending = command
        self.app.post_message(CommandRequested(command))
        self.set_timer(0.5, self._refused)

    def _refused(self) -> None:
        """A refused command leaves no entry: the app showed why; close."""
        if self._pending is not None and self.is_attached:
            self._pending = None
            self.dismiss(None)

    def _state_changed(self, session) -> None:
        entry = session.history.peek_undo()
        if self._pending is None or entry is None or not entry.commands or entry.commands[0] is not self._pending:
            return
        self._pending = None
        # ref: Legendary resistance — "or its save against Turn Undead, a dialog asks"
        if not ask_legendary_resistance(self, session, entry, self._label, self._post, lambda: self.dismiss(None)):
            self.dismiss(None)

    def _label(self, ref: str) -> str:
        return self._labels.get(ref, ref)

    def action_cancel(self) -> None:
        self.dismiss(None)  # a cancel keeps the use and the action

    def on_unmount(self) -> None:
        self.app.state_changed.unsubscribe(self)
