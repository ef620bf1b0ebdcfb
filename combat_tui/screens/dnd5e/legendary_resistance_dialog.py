"""LegendaryResistanceDialog: a creature with legendary resistance failed a save (ref: Legendary
resistance).

"When such a creature fails the save of a save spell, or its save against Turn Undead, a dialog
asks 'Use legendary resistance? N left today'. Click Succeed instead to spend one use, or Let it
fail to keep the failure."

Keys: s or Enter Succeed instead, f or Esc Let it fail. `ask_legendary_resistance` opens it after
a command whose events hold such a failed save (the cast and Channel Divinity dialogs call it).
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import evolve
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from combat_tui.core.history import Entry
from combat_tui.core.session import Session
from combat_tui.systems.dnd5e.events import SpellSaveRolled
from combat_tui.systems.dnd5e.legendary import resistance_left
from combat_tui.widgets.key_footer import KeyFooter


class LegendaryResistanceDialog(ModalScreen[bool]):
    """Dismissed with True for Succeed instead, False for Let it fail."""

    DEFAULT_CSS = """
    LegendaryResistanceDialog { align: center middle; }
    LegendaryResistanceDialog #lr-box { width: 56; max-width: 100%; height: auto; border: round $warning;
        background: $surface; padding: 0 1; }
    """

    BINDINGS = [
        Binding("s,enter", "succeed", "Succeed instead", id="lr.succeed"),
        Binding("f,escape", "fail", "Let it fail", id="lr.fail"),
    ]

    def __init__(self, label: str, left: int, save_line: str) -> None:
        super().__init__()
        self.label, self.left, self.save_line = label, left, save_line

    def compose(self) -> ComposeResult:
        with Vertical(id="lr-box"):
            yield Static(self.save_line, markup=False)
            yield Static(f"Use legendary resistance? {self.left} left today", id="lr-question", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#lr-box").border_title = f"{self.label}: legendary resistance"

    def action_succeed(self) -> None:
        self.dismiss(True)

    def action_fail(self) -> None:
        self.dismiss(False)


def ask_legendary_resistance(screen: Screen, session: Session, entry: Entry, label: Callable[[str], str],
                             recast: Callable[[object], None], declined: Callable[[], None] | None = None) -> bool:  # fmt: skip
    """Ask about the first creature of `entry` that failed its save and has uses left. On Succeed
    instead the command (a cast, Turn Undead) is undone and its dice are forced again, then
    `recast` gets the command to post, the creature added to its `resist`; on Let it fail,
    `declined` is called. False: no one to ask.

    Succeed instead recasts on the same dice, so the recast is one entry in the history like the
    command it replaces."""
    command = entry.commands[0]
    for event in entry.events:
        if not isinstance(event, SpellSaveRolled) or event.success or event.ref in command.resist:
            continue
        actor = session.state.actor(event.ref)
        left = resistance_left(actor) if actor is not None else 0
        if not left:
            continue
        line = next((text for text in entry.lines if text.startswith(f"{label(event.ref)} fails")), "")

        def answered(succeed: bool | None, ref: str = event.ref) -> None:
            if not succeed:
                if declined is not None:
                    declined()
                return
            screen.app.action_undo()
            screen.app.session.dice.force(entry.faces)
            recast(evolve(command, resist=tuple(dict.fromkeys(command.resist + (ref,)))))

        screen.app.push_screen(LegendaryResistanceDialog(label(event.ref), left, line), answered)
        return True  # one question per cast; a second creature is asked after the recast
    return False
