"""FPDiceDialog: the round screen's next roll with the faces rolled at the table (`g`).

The dialog is for the roll `r` would make now: the head of the queue's declared attack or
grenade. It says which dice that roll takes, in the order the rules roll them ("d20 for
Brandon's attack, then d2 for Advantage, then d8 for damage on a hit"), takes the faces, and
Enter (or `r`) rolls it with them, as `dice` then `r` would, for that one roll: the faces it
does not reach are dropped, and the next roll is the app's. A face its die does not have (7 on
a d6) is refused with a message and nothing rolls. `c` or Esc closes it without a roll.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from combat_tui.screens.futurepath.run_here import tell_refusal
from combat_tui.screens.futurepath.table_roll import check, plan, roll_with
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.dice_roles import say_dice
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.model import FuturePath
from combat_tui.systems.futurepath.phases import queue
from combat_tui.systems.futurepath.round_view import is_movement
from combat_tui.widgets.dice_field import DiceField


def head_roll(fp: FuturePath) -> object:
    """The command `r` sends for the head of the queue (a movement: None, `r` asks its feet)."""
    fight = fp.fight
    order = queue(fp, fight)
    if not order:
        return fc.Resolve()  # the rules say why nothing is waiting
    head = fight.declarations[order[0]]
    if is_movement(head):
        return None
    if head.grenade and fight.committed:
        return fc.ThrowGrenade(head.actor)
    if head.category == "attack" and head.target and head.rolls and fight.committed:
        off_hand = fp.actor(head.actor).off_hand.casefold()
        # a Bonus Attack with the off-hand weapon is two-weapon fighting's (R78), as `r` rolls it
        offhand = head.slot == "bonus" and bool(off_hand) and head.weapon.casefold() in ("", off_hand)
        return fc.FPAttack(head.actor, head.target, head.weapon, offhand=offhand)
    return fc.Resolve()


def open_head_dice(app: App, fp: FuturePath) -> None:
    """The dice dialog for the head of the queue's roll, or why there is none to type."""
    fight = fp.fight
    order = queue(fp, fight)
    head = fight.declarations[order[0]] if order else None
    command = head_roll(fp)
    if command is None:
        app.notify(f"{label(fp, head.actor)}'s {head.name} rolls no dice: m asks the feet moved.", timeout=5, markup=False)
        return
    dice, more, refusal = plan(app.session, command)
    if refusal is not None:
        tell_refusal(app, refusal)
        return
    if not dice:
        what = f"{label(fp, head.actor)}'s {head.name} at the head of the queue" if head is not None else "Nothing here"
        app.notify(f"{what} rolls no dice: r resolves it.", timeout=5, markup=False)
        return
    goes = say_dice(dice) + (f"; {more}" if more else "")
    app.push_screen(FPDiceDialog(command, _what(fp, command), goes))


def _what(fp: FuturePath, command: object) -> str:
    if isinstance(command, fc.FPAttack):
        weapon = f" with {command.weapon}" if command.weapon else ""
        return f"{label(fp, command.attacker)} attacks {label(fp, command.target)}{weapon}"
    return f"{label(fp, command.thrower)} throws a grenade"


class FPDiceDialog(ModalScreen[None]):
    """The faces for one command; closed once it rolled."""

    CSS_PATH = "dice_dialog.tcss"
    BINDINGS = [
        Binding("r", "roll", "Roll", id="fp-dice.roll", tooltip="Roll with the faces typed (none: the app rolls)"),
        Binding("c", "close", "Cancel", id="fp-dice.close", tooltip="Close without rolling"),
        Binding("escape", "close", "Cancel", show=False, priority=True, id="fp-dice.close-escape"),
    ]  # fmt: skip
    """Esc closes even from the field (its own Esc would only put the faces back)."""

    def __init__(self, command: object, what: str, goes: str) -> None:
        super().__init__()
        self.command = command
        self._what = what
        self._goes = goes

    def compose(self) -> ComposeResult:
        with Vertical(id="fp-dice-box") as box:
            box.border_title = "Dice rolled at the table"
            yield Static(Text(self._what, style="bold"), id="fp-dice-what")
            yield DiceField(self._check, id="fp-dice-field")
            yield Static("Type the faces in that order · Enter or r rolls · c cancels", id="fp-dice-keys")

    def on_mount(self) -> None:
        field = self.query_one(DiceField)
        field.set_goes(f"Faces for: {self._goes}")
        field.open()

    def _check(self, faces: tuple[int, ...]) -> tuple[str, str]:
        return check(self.app.session, self.command, faces)

    def on_dice_field_kept(self, event: DiceField.Kept) -> None:
        event.stop()
        self.action_roll()

    def on_dice_field_left(self, event: DiceField.Left) -> None:
        event.stop()

    def action_roll(self) -> None:
        field = self.query_one(DiceField)
        field.recheck()
        if field.problem:
            self.app.bell()
            self.notify(field.problem, title="Not rolled", severity="warning", timeout=6, markup=False)
            return
        if roll_with(self.app, self.command, field.faces):
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
