"""SeatApp: `combat-tui seat CAMPAIGN [--as CHARACTER | --watch]`, a player's view of the GM's
live campaign. It paints each view message the GM's process sends, holds no game state of its
own and writes no file; a bound seat sends text lines, and a refusal shows here only."""

from __future__ import annotations

import gc
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Log, Static

from combat_tui import start_cache
from combat_tui.key_order import KeysInOrder
from combat_tui.screens.prompt import CommandPrompt
from combat_tui.screens.refusals import RefusedKeys
from combat_tui.seats.client import SeatClient
from combat_tui.seats.widgets import FoeTable, PartyTable, Ribbon, SeatMap
from combat_tui.terminal_frames import FrameDiffApp

LOG_LINES = 500


class SeatPrompt(CommandPrompt):
    """The `:` prompt, opened with a line begun (`attack Brom `)."""

    CSS_PATH = str(Path(__file__).resolve().parent.parent / "screens" / "prompt.tcss")

    def __init__(self, history: list[str], start: str = "") -> None:
        super().__init__(history)
        self.start = start

    def on_mount(self) -> None:
        field = self.query_one("#prompt-input")
        field.value = self.start
        field.cursor_position = len(self.start)


class SeatApp(RefusedKeys, KeysInOrder, FrameDiffApp):
    TITLE = "combat-tui seat"
    CSS = """
    #status { height: 1; background: $panel; padding: 0 1; }
    #ribbon { height: auto; max-height: 3; padding: 0 1; }
    #message { height: 1; color: $warning; padding: 0 1; }
    #tables { height: auto; }
    #tables > Vertical { height: auto; }
    PartyTable, FoeTable { height: auto; max-height: 12; margin-bottom: 1; }
    Log { height: 1fr; border-top: solid $primary; }
    """
    BINDINGS = [
        Binding("a", "attack", "Attack", id="seat.attack"),
        Binding("c", "cast", "Cast", id="seat.cast"),
        Binding("colon", "prompt", "Command line", key_display=":", id="seat.prompt"),
        Binding("r", "deathsave", "Death save", id="seat.deathsave"),
        Binding("n", "next", "End turn", id="seat.next"),
        Binding("q", "quit", "Quit", id="seat.quit"),
    ]

    def __init__(self, campaign: Path, character: str | None = None, *, connect: bool = True) -> None:
        super().__init__()
        self.campaign = Path(campaign)
        self.character = character
        self.client = SeatClient(self.campaign, character, self.receive, self.set_status)
        self._connect = connect
        self.view: dict = {}
        self.me_label = character or ""
        self.locked = False
        self.status = "connecting…"
        self.lines: list[str] = []
        self.offset = 0
        """The absolute index of `lines[0]` in the GM's player log."""
        self.history: list[str] = []
        self.painted = 0
        """Views painted, for the benchmark and the tests."""

    def compose(self) -> ComposeResult:
        yield Static(self.status, id="status")
        yield Ribbon(id="ribbon")
        with Horizontal(id="tables"):
            with Vertical():
                yield PartyTable(id="party")
                yield FoeTable(id="foes")
            yield SeatMap(id="map")
        yield Static("", id="message")
        yield Log(max_lines=LOG_LINES, id="log")
        yield Footer()

    def on_mount(self) -> None:
        if self._connect:
            self.run_worker(self.client.run(), exclusive=True, group="seat")
        self.call_after_refresh(_freeze)

    def on_unmount(self) -> None:
        gc.unfreeze()  # the freeze is for this app's life (tests run many apps in one process)

    # -- what the GM sends -------------------------------------------------------------------

    def set_status(self, status: str) -> None:
        self.status = status
        self._paint_status()

    def receive(self, message: dict) -> None:
        kind = message.get("t")
        if kind == "view":
            self.show_view(message)
        elif kind == "welcome":
            self.me_label = message.get("label") or ""
            self.locked = bool(message.get("locked"))
            self._paint_status()
        elif kind == "lock":
            self.locked = bool(message.get("locked"))
            self._paint_status()
        elif kind == "refusal":
            detail = f" {message['detail']}" if message.get("detail") else ""
            self.show_message(f"{message.get('reason', '')}{detail}")
        elif kind == "bye":
            self.show_message(str(message.get("reason", "")))
        elif kind == "ask":
            self.ask(message)
        elif kind == "unask":
            self.unask(message.get("id"))

    def ask(self, message: dict) -> None:
        """A Reaction dialog of this seat's own line (Shield, Absorb Elements): the answer goes back
        to the GM's process, which runs the line with it."""
        from combat_tui.screens.dnd5e.reaction_dialog import ReactionDialog

        texts = [str(message.get(key, "")) for key in ("who", "spell", "happened", "does", "take")]

        def answered(cast: bool | None) -> None:
            if cast is not None:  # None: the GM answered first and took the question back
                self.client.send({"t": "answer", "id": message.get("id"), "cast": bool(cast)})

        dialog = ReactionDialog(*texts)
        dialog.question_id = message.get("id")
        self.push_screen(dialog, answered)

    def unask(self, question_id: object) -> None:
        for screen in self.screen_stack:
            if getattr(screen, "question_id", None) == question_id:
                screen.dismiss(None)
                self.show_message("The GM answered the Reaction question.")

    def show_view(self, message: dict) -> None:
        """Paint one view message: every widget updated in place."""
        turn_changed = message["view"].get("my_turn") != self.view.get("my_turn")
        self.view = message["view"]
        self.query_one(Ribbon).show(self.view)
        self.query_one(PartyTable).show(self.view["party"])
        self.query_one(FoeTable).show(self.view["foes"])
        self.query_one(SeatMap).show(self.view.get("map"))
        self._paint_log(message.get("keep", 0), message.get("log", []), bool(message.get("reset")))
        self._paint_status()
        if turn_changed:  # the footer's keys follow the turn; redrawn only then
            self.refresh_bindings()
        self.painted += 1

    def _paint_log(self, keep: int, new: list[str], reset: bool) -> None:
        log = self.query_one(Log)
        if reset or keep < self.offset:
            self.lines, self.offset = list(new), keep
            log.clear()
            log.write_lines(self.lines)
        elif keep < self.offset + len(self.lines):  # an undo took lines back: write the tail again
            self.lines = self.lines[: keep - self.offset] + list(new)
            log.clear()
            log.write_lines(self.lines)
        else:
            self.lines.extend(new)
            if new:
                log.write_lines(new)
        if len(self.lines) > LOG_LINES:
            drop = len(self.lines) - LOG_LINES
            self.lines, self.offset = self.lines[drop:], self.offset + drop

    def _paint_status(self) -> None:
        who = f"as {self.me_label}" if self.character else "watching"
        turn = " · your turn" if self.view.get("my_turn") else ""
        lock = " · locked by the GM" if self.locked else ""
        name = self.view.get("campaign", self.campaign.name)
        self.query_one("#status", Static).update(f"{name} · {who}{turn}{lock} · {self.status}")

    def show_message(self, text: str) -> None:
        self.query_one("#message", Static).update(text)

    # -- what the player does ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("attack", "cast", "prompt", "deathsave", "next"):
            if not self.character:
                return False
            if action in ("attack", "next"):
                return True if self.view.get("my_turn") else None
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str:
        """Why a player's key is refused now (screens/refusals.py shows it)."""
        if not self.character:
            return "This seat only watches: open a seat as a character (--as NAME) to act."
        if action == "attack":
            return "It is not your turn: you attack on your own turn."
        return "It is not your turn: n ends your own turn only."

    def action_attack(self) -> None:
        from combat_tui.seats.action_dialog import SeatActionDialog

        self.push_screen(SeatActionDialog("attack", self.me_label, self.view), self.send)

    def action_cast(self) -> None:
        """Begin a cast line (on its own turn, or a reaction spell between turns: the GM's process
        decides whether the rules allow it)."""
        from combat_tui.seats.action_dialog import SeatActionDialog

        self.push_screen(SeatActionDialog("cast", self.me_label, self.view), self.send)

    def action_prompt(self) -> None:
        self.push_screen(SeatPrompt(self.history), self.send)

    def action_deathsave(self) -> None:
        self.send(f"deathsave {_quoted(self.me_label)}")

    def action_next(self) -> None:
        self.send("next")

    def send(self, line: str | None) -> None:
        if not line:
            return
        self.show_message("")
        if not self.client.send_line(line):
            self.show_message("Not connected to the GM: the line was not sent.")


def _freeze() -> None:
    """Collect once after the first paint and freeze what is left (DESIGN.md §6)."""
    start_cache.finish()
    gc.collect()
    gc.freeze()


def _quoted(name: str) -> str:
    return f'"{name}"' if " " in name else name
