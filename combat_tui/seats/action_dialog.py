"""A seat's attack and cast dialogs: the GM's dialogs' choices (target, weapon or spell, slot
level, roll mode) over what the player view holds, since a seat keeps no game state. The dialog
builds the text line and the GM's process checks, journals and runs it; its refusal comes back
to the seat's message line, and the Reaction questions the line opens for this character come as
their own dialog (seats/server.py).

Keys: t target (T back), space ticks a target (a cast of several), w weapon or s spell (S back),
l slot level, v roll mode, r or Enter sends, c or Esc closes.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from combat_tui.screens.refusals import tell
from combat_tui.widgets.key_footer import KeyFooter

MODES = ("", "adv", "dis", "normal")
MODE_NAMES = {"": "Auto", "adv": "Advantage", "dis": "Disadvantage", "normal": "Normal"}


def quoted(name: str) -> str:
    return f'"{name}"' if " " in name or "," in name else name


def attack_line(me: str, target: str, weapon: str, mode: str) -> str:
    return " ".join(filter(None, ["attack", quoted(me), quoted(target), quoted(weapon), mode]))


def cast_line(me: str, spell: str, level: int, targets: list[str], mode: str) -> str:
    on = "on " + ", ".join(quoted(t) for t in targets) if targets else ""
    return " ".join(filter(None, ["cast", quoted(me), quoted(spell), f"at {level}" if level else "", on, mode]))


class SeatActionDialog(ModalScreen[str | None]):
    """Dismissed with the line to send, or None."""

    DEFAULT_CSS = """
    SeatActionDialog { align: center middle; }
    SeatActionDialog #seat-action-box { width: 70; max-width: 100%; height: auto; border: round $accent;
        background: $surface; padding: 0 1; }
    SeatActionDialog #seat-action-line { color: $text-muted; }
    """

    BINDINGS = [
        Binding("t", "target(1)", "Target", id="seat-action.target"),
        Binding("T", "target(-1)", "Previous target", show=False, id="seat-action.target-back"),
        Binding("space", "tick", "Tick", show=False, id="seat-action.tick", tooltip="Tick or untick the target (a cast)"),
        Binding("w,s", "choice(1)", "Weapon or spell", id="seat-action.choice"),
        Binding("S", "choice(-1)", "Previous", show=False, id="seat-action.choice-back"),
        Binding("l", "level", "Slot level", show=False, id="seat-action.level"),
        Binding("v", "mode", "Roll mode", id="seat-action.mode"),
        Binding("r,enter", "send", "Send", id="seat-action.send"),
        Binding("c,escape", "close", "Close", id="seat-action.close"),
    ]

    def __init__(self, kind: str, me: str, view: dict) -> None:
        super().__init__()
        self.kind, self.me = kind, me
        foes = [foe["label"] for foe in view.get("foes", []) if foe.get("health") != "down"]
        party = [member["label"] for member in view.get("party", [])]
        self.targets = foes + [label for label in party if kind == "cast" or label != me]
        self.choices = list(view.get("my_weapons" if kind == "attack" else "my_spells", []))
        slots = view.get("my_slots", [])
        self.levels = [0] + [index + 1 for index, left in enumerate(slots) if left > 0]
        self.cursor = 0
        self.ticked: list[str] = []
        self.choice = 0
        self.level = 0
        self.mode = ""

    def compose(self) -> ComposeResult:
        with Vertical(id="seat-action-box"):
            yield Static("", id="seat-action-body", markup=False)
            yield Static("", id="seat-action-line", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#seat-action-box").border_title = f"{self.me}: {'Attack' if self.kind == 'attack' else 'Cast'}"
        self._show()

    def line(self) -> str | None:
        if not self.choices or not self.targets:
            return None
        chosen = self.choices[self.choice]
        target = self.targets[self.cursor]
        if self.kind == "attack":
            return attack_line(self.me, target, chosen, self.mode)
        return cast_line(self.me, chosen, self.level, self.ticked or [target], self.mode)

    def _show(self) -> None:
        what = "Weapon" if self.kind == "attack" else "Spell"
        chosen = self.choices[self.choice] if self.choices else f"(no {what.lower()} on the sheet)"
        rows = [f"t Target   {self.targets[self.cursor] if self.targets else '(no one to target)'}"]
        if self.kind == "cast":
            rows.append(f"  Ticked   {', '.join(self.ticked) or '(the target above; space ticks several)'}")
        rows.append(f"{'w' if self.kind == 'attack' else 's'} {what:<8} {chosen}")
        if self.kind == "cast":
            rows.append(f"l Slot     {ordinal(self.level) if self.level else 'the lowest left'}")
        rows.append(f"v Roll     {MODE_NAMES[self.mode]}")
        self.query_one("#seat-action-body", Static).update("\n".join(rows))
        line = self.line()
        self.query_one("#seat-action-line", Static).update(f"Sends: {line}" if line else "Nothing to send.")

    def action_target(self, step: int) -> None:
        if self.targets:
            self.cursor = (self.cursor + step) % len(self.targets)
            self._show()

    def action_tick(self) -> None:
        if self.kind != "cast" or not self.targets:
            return
        target = self.targets[self.cursor]
        self.ticked.remove(target) if target in self.ticked else self.ticked.append(target)
        self._show()

    def action_choice(self, step: int) -> None:
        if self.choices:
            self.choice = (self.choice + step) % len(self.choices)
            self._show()

    def action_level(self) -> None:
        self.level = self.levels[(self.levels.index(self.level) + 1) % len(self.levels)]
        self._show()

    def action_mode(self) -> None:
        self.mode = MODES[(MODES.index(self.mode) + 1) % len(MODES)]
        self._show()

    def action_send(self) -> None:
        line = self.line()
        if line is None:
            what = "weapon" if self.kind == "attack" else "spell"
            tell(self, f"No {what} on the sheet: nothing to send." if self.targets else "No one to target.")
            return
        self.dismiss(line)

    def action_close(self) -> None:
        self.dismiss(None)


def ordinal(level: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(level, f"{level}th")
