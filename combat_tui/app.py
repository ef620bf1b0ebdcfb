"""CombatApp: the session, the app-wide keys, the palette and the `state_changed` signal.

Screens post `CommandRequested` (a form that shows a refusal itself calls `execute`); `execute`
is the only caller of `Session.execute`.
After every change the app journals through storage (when a campaign folder is open), shows the
screen the campaign's stage calls for (campaign, setup, combat), and publishes `state_changed`.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from time import monotonic

from rich.text import Text
from textual import events
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen
from textual.signal import Signal

from combat_tui.core.command import CommandRejected
from combat_tui.core.session import Session
from combat_tui.key_order import KeysInOrder
from combat_tui.screens.breakpoints import take_breakpoints
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.palette import TypedLine, screen_commands
from combat_tui.screens.picker import CampaignPickerScreen
from combat_tui.screens.refusals import RefusedKeys
from combat_tui.screens.systems import system_screens
from combat_tui.terminal_frames import FrameDiffApp
from combat_tui.warm_up import WARM_STEPS, freeze_heap

_HERE = Path(__file__).resolve().parent
IDLE = 0.5
"""Seconds without a key after which the GM counts as idle: a due snapshot is written then."""
IDLE_COLLECT = 1.0
"""Seconds without a key before the garbage is collected (automatic collection is off after
start-up: its pauses of 5-150 ms landed on keys, DESIGN.md section 6)."""
YOUNG_LIMIT = 50_000
"""Young objects past which a short collection runs even while the GM types (a long script of
seat lines), so memory stays bounded."""
SHORT_PAUSE = 0.2
"""Seconds between two keys that count as a gap: a GM pressing Next turn every half second never
pauses a whole second, and the garbage of their keys reached the oldest generation uncollected."""
GAP_YOUNG = 10_000
"""Young objects past which a gap between keys collects everything (about 20 keys of a 2,000-row
fight; the collection then took 5-10 ms, with the heap of start-up frozen)."""


def stage_screens(system: str) -> dict[str, type[Screen]]:
    """The screen each stage of a fight shows on top of the campaign screen, per rule system.

    Imported on first use (or just after the first paint, `_after_first_paint`): the fight's
    screens and widgets are not needed to show the campaign, and start-up waits for every import.
    """
    return system_screens(system).stage_screens()


class CombatApp(RefusedKeys, KeysInOrder, FrameDiffApp):
    """The combat tracker; give it a campaign folder, an in-memory session, or nothing (the picker)."""

    CSS_PATH = [_HERE / "app.tcss", _HERE / "screens" / "campaign.tcss", _HERE / "screens" / "prompt.tcss"]
    """What the first screen needs; the other screens' CSS is read after it (`_warm_styles`)."""
    TITLE = "combat-tui"
    COMMANDS = App.COMMANDS | {TypedLine}
    """The palette also runs a line typed in it that reads as a command (screens/palette.py)."""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]

    BINDINGS = [
        Binding("u", "undo", "Undo", show=False, id="app.undo", tooltip="Take back the last change"),
        Binding("U", "redo", "Redo", show=False, id="app.redo", tooltip="Do again what was undone"),
        Binding("ctrl+z", "undo", "Undo", show=False, priority=True, id="app.undo-ctrl"),
        Binding("ctrl+y", "redo", "Redo", show=False, priority=True, id="app.redo-ctrl"),
        Binding("colon", "prompt", "Command line", key_display=":", id="app.prompt",
                tooltip="Type a command in its text form, such as 'damage Goblin 5'"),
        Binding("f1", "toggle_help", "Keys", show=False, priority=True, id="app.help"),
        Binding("question_mark", "toggle_help", "Keys", show=False, id="app.help-question"),
        Binding("q", "quit", "Quit", show=False, id="app.quit", tooltip="In a fight it asks first"),
    ]  # fmt: skip
    """App-wide keys; the ctrl ones and F1 work in dialogs and fields too (priority), the letters
    stay free for typing. ctrl+q (Textual's) quits too, and ctrl+p opens the palette. A keymap file
    rebinds any of them by id (`_apply_keymap`)."""

    def __init__(
        self, campaign: Path | None = None, *, session: Session | None = None, seed: int | None = None
    ) -> None:
        super().__init__()
        self.session: Session | None = session
        """The open campaign's session; None while the picker is all there is."""
        self.opened = None
        """The storage handle (`OpenCampaign`) when a campaign folder is open, else None."""
        self._campaign = campaign
        self._seed = seed
        self.state_changed: Signal[Session] = Signal(self, "state_changed")
        """Published after every change of the campaign, with the session."""
        self.prompt_history: list[str] = []
        self.seats = None
        """The player seats' server (`seats.server.SeatServer`) while a campaign folder is open."""
        self._last_input = monotonic()
        self._collected = 0.0
        """The `_last_input` of the last idle collection."""
        self._warmed = False
        """Every `WARM_STEPS` done and the heap frozen."""
        self._warming = False
        self._after_start: list[Callable[[], object]] | None = []
        """What `call_after_start` was handed before the warm-up took it (then None)."""

    def on_mount(self) -> None:
        self._apply_keymap()
        self.set_interval(0.1, self._idle_tick)
        if self.session is not None:
            self._show_campaign()
        elif self._campaign is not None:
            error = self.open_campaign(self._campaign)
            if error:
                self.push_screen(CampaignPickerScreen(_load_campaigns, message=error))
        else:
            self.push_screen(CampaignPickerScreen(_load_campaigns))
        self.call_after_refresh(self._after_first_paint)

    def _after_first_paint(self) -> None:
        """Warm up once the first real screen is on the terminal with its content (the log's
        lines included: `Travelogue._size_updated`), so the first frame waits for none of it; a
        step at a time (`WARM_STEPS`), each a message of its own, so a key typed meanwhile waits
        for one step, not all."""
        if self.screen.id == "_default":  # the first screen is not up yet
            self.call_after_refresh(self._after_first_paint)
        elif not self._warming:
            self._warming = True
            self.call_later(self._warm_step, 0)

    def _warm_step(self, step: int) -> None:
        system = self.session.state.system if self.session is not None else None
        if step == len(WARM_STEPS):
            self._warmed = True
            if self.opened is not None and self.seats is None:
                self._start_seats()
            freeze_heap()
            return
        WARM_STEPS[step](self, system)
        self.call_later(self._warm_step, step + 1)

    def call_after_start(self, callback: Callable[..., object], *args: object) -> None:
        """`callback(*args)` once the first screen is on the terminal with its content: early in
        the warm-up (now, once that is past)."""
        if self._after_start is None:
            self.call_later(callback, *args)
        else:
            self._after_start.append(partial(callback, *args))

    def run_after_start(self) -> None:
        waiting, self._after_start = self._after_start or [], None
        for callback in waiting:
            callback()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, (events.Key, events.Paste)):
            self._last_input = monotonic()
        await super().on_event(event)

    def _idle_tick(self) -> None:
        """Work kept off the keys: the due snapshot once the GM pauses, then the garbage."""
        if not self._warmed:
            return
        quiet = monotonic() - self._last_input
        if quiet >= IDLE and self.opened is not None:
            self.opened.idle()
        if quiet >= IDLE_COLLECT and self._collected != self._last_input:
            self._collected = self._last_input  # once a pause: a collection costs tens of ms
            gc.collect()
        elif (young := gc.get_count()[0]) > YOUNG_LIMIT:
            gc.collect(1)
        elif quiet >= SHORT_PAUSE and young > GAP_YOUNG:
            gc.collect()

    def push_screen(self, screen, *args, **kwargs):
        if isinstance(screen, Screen):
            take_breakpoints(self, screen)  # before its first styling, not after its first layout
        return super().push_screen(screen, *args, **kwargs)

    # -- opening -----------------------------------------------------------------------------

    def open_campaign(self, path: Path) -> str:
        """Open a campaign folder through storage; returns the error to show, or ""."""
        from combat_tui.storage import CampaignError, open_campaign

        if self.opened is not None and Path(path).resolve() == Path(self.opened.path).resolve():
            self._show_campaign()
            return ""
        try:
            opened = open_campaign(Path(path), seed=self._seed)
        except CampaignError as error:
            return str(error)
        self._tell_storage(self._close_storage())
        self.opened, self.session = opened, opened.session
        opened.defer_snapshots = True  # written when the GM pauses (`_idle_tick`), not on a key
        self._show_campaign()
        if self._warmed:  # else after the first screen: the seat server imports the 5e views
            self._start_seats()
        return ""

    def on_campaign_picker_screen_open_requested(self, message: CampaignPickerScreen.OpenRequested) -> None:
        error = self.open_campaign(message.path)
        if error and isinstance(self.screen, CampaignPickerScreen):
            self.screen.show_message(error)

    def action_open_picker(self) -> None:
        self.push_screen(CampaignPickerScreen(_load_campaigns, can_go_back=True))

    def _show_campaign(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.sub_title = self.session.state.name
        self.push_screen(system_screens(self.session.state.system).campaign_screen()())
        self._route()

    # -- changing ----------------------------------------------------------------------------

    def on_command_requested(self, message: CommandRequested) -> None:
        message.stop()
        if self.session is None:
            return
        error = self.execute(message.command)
        if error is not None:
            self._rejected(error)

    def execute(self, command: object) -> CommandRejected | None:
        """Run one command as `CommandRequested` does, but hand a refusal back instead of showing
        it: a form keeps itself open with the reason beside its fields. None: it ran."""
        if self.session is None:
            return CommandRejected("No campaign is open.")
        try:
            self.session.execute(command)
        except CommandRejected as error:
            return error
        self._changed()
        return None

    def action_undo(self) -> None:
        self._step(self.session.undo, "Undone")

    def action_redo(self) -> None:
        self._step(self.session.redo, "Redone")

    def _step(self, step: Callable, verb: str) -> None:
        try:
            entry = step()
        except CommandRejected as error:
            self._rejected(error)
            return
        self.notify(f"{verb}: {entry.label}", timeout=3, markup=False)
        self._changed()

    def action_prompt(self) -> None:
        from combat_tui.screens.prompt import CommandPrompt

        self.push_screen(CommandPrompt(self.prompt_history, keep=True), self._run_line)

    def _run_line(self, line: str | None) -> None:
        if not line or self.session is None:
            return
        from combat_tui.core.runner import run_line
        from combat_tui.library.sharing import is_file_verb, run_file_verb

        try:
            result = run_file_verb(self.session, line) if is_file_verb(line) else run_line(self.session, line)
        except CommandRejected as error:
            self._rejected(error)
            return
        if result.changed:
            self._changed()
        if result.output:  # the travelogue lines are in the log of every screen already
            self.notify(result.output, title=f":{line}", timeout=6, markup=False)

    def _rejected(self, error: CommandRejected) -> None:
        self.notify(error.detail, title=error.reason, severity="warning", timeout=6, markup=False)

    def _changed(self) -> None:
        self._last_input = monotonic()  # a seat's line or a form's command: the GM is busy too
        if self.opened is not None:
            self.opened.after_command()
            self._tell_storage(self.opened.take_error())  # a background snapshot that failed
        self._route()
        self.state_changed.publish(self.session)
        if self.seats is not None:
            self.seats.publish()
        self.refresh_bindings()

    def _route(self) -> None:
        """Show the screen the campaign's stage calls for: the campaign, setup or the fight."""
        state = self.session.state
        stage = self.session.system.stage(state)
        stack = self.screen_stack
        base = max(i for i, screen in enumerate(stack) if isinstance(screen, CampaignScreen))
        above = stack[base + 1 :]
        if stage is None and not above:
            return  # nothing to show or take off: the fight's screens need not be imported yet
        stages = stage_screens(state.system)
        want = stages.get(stage)
        have = next((type(s) for s in above if isinstance(s, tuple(stages.values()))), None)
        if have is want:
            return
        for _ in above:
            self.pop_screen()
        if want is not None:
            self.push_screen(want())

    # -- player seats ------------------------------------------------------------------------

    def _start_seats(self) -> None:
        """Serve the player seats on the campaign folder's socket (combat_tui/seats/)."""
        from combat_tui.seats.server import SeatServer

        self.seats = SeatServer(Path(self.opened.path), lambda: self.session, self.run_seat_line, self._seats_changed)
        self.run_worker(self._serve_seats(self.seats), group="seats", exit_on_error=False)

    async def _serve_seats(self, seats) -> None:
        """Start the seat server; one that cannot (a socket path too long for the system, a folder
        it may not write) turns the seats off with one notification, and the GM plays on."""
        try:
            await seats.start()
        except OSError as error:
            if self.seats is seats:
                self.seats = None
            why = error.strerror or str(error)
            self.notify(f"No player seats for this campaign: {why} ({seats.path}).",
                        title="Seats off", severity="warning", timeout=10, markup=False)  # fmt: skip

    def _stop_seats(self) -> None:
        seats, self.seats = self.seats, None
        if seats is not None:
            seats.stop()

    def run_seat_line(self, line: str, seat: str) -> CommandRejected | None:
        """A bound seat's line, checked by the server: the `:` prompt's path; a refusal goes back."""
        from combat_tui.core.runner import run_line

        try:
            result = run_line(self.session, line)
        except CommandRejected as error:
            return error
        if result.changed:
            self._changed()
        body = result.output or (result.lines[-1] if result.lines else "Done.")
        self.notify(body, title=f":{line} ({seat}'s seat)", timeout=4, markup=False)
        return None

    def _seats_changed(self) -> None:
        from combat_tui.seats.seat_list import SeatList

        for screen in self.screen_stack:
            if isinstance(screen, SeatList):
                screen.show()

    def action_seat_list(self) -> None:
        from combat_tui.seats.seat_list import SeatList

        self.push_screen(SeatList())

    def action_lock_seats(self) -> None:
        if self.seats is not None:
            self.seats.set_locked(not self.seats.locked)
            self.notify("Seats locked" if self.seats.locked else "Seats unlocked", timeout=3)

    # -- app-wide ----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "redo", "prompt"):
            if self.session is None or isinstance(self.screen, CampaignPickerScreen):
                return False
            if action == "undo":
                return True if self.session.can_undo else None
            if action == "redo":
                return True if self.session.can_redo else None
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str:
        """Why an app-wide key is refused now (screens/refusals.py shows it)."""
        if self.session is None or isinstance(self.screen, CampaignPickerScreen):
            return "Open a campaign first: the list shows the campaigns in the folder."
        return {"undo": "Nothing to undo.", "redo": "Nothing to redo."}.get(action, "")

    def _apply_keymap(self) -> None:
        """The GM's keymap file (storage/keymap.py); one that cannot be used: one message, the default keys."""
        from combat_tui.screens.key_list import is_key
        from combat_tui.storage.keymap import read_keymap

        keymap, problem = read_keymap(is_key=is_key)
        if keymap:
            from combat_tui.widgets.key_footer import keep_keymap_order

            keep_keymap_order()
            self.set_keymap(keymap)
        if problem:
            self.notify(problem, title="Keymap", severity="warning", timeout=12, markup=False)

    def action_show_help_panel(self) -> None:
        """The keys panel with the screen's own keys first (Textual's lists the cursor keys first)."""
        from combat_tui.widgets.key_help import KeyHelp

        if not self.screen.query(KeyHelp):
            self.screen.mount(KeyHelp())

    def action_toggle_help(self) -> None:
        from textual.widgets import HelpPanel  # Markdown and markdown-it with it: slow to import

        if self.screen.query(HelpPanel):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from screen_commands(self, screen)
        if self.seats is not None:
            yield SystemCommand("Seats", "The player seats connected, and as whom", self.action_seat_list)
            lock = "Unlock seats" if self.seats.locked else "Lock seats"
            yield SystemCommand(lock, "Seats may look but not act while locked", self.action_lock_seats)

    async def action_quit(self) -> None:
        """`q`, ctrl+q and the palette's Quit. In a fight it asks first: quitting ends the tmux
        session the players watch. Asked again over the question (ctrl+q twice), it quits."""
        from combat_tui.screens.quit_dialog import QuitDialog

        if self.fight_on() and not isinstance(self.screen, QuitDialog):
            self.push_screen(QuitDialog(), lambda yes: self._quit() if yes else None)
            return
        self._quit()

    def fight_on(self) -> bool:
        """A stage with a screen of its own (setup, the fight; not a FuturePath fight that ended)."""
        stage = self.session.system.stage(self.session.state) if self.session is not None else None
        return stage is not None and stage in stage_screens(self.session.state.system)

    def _quit(self) -> None:
        problem = self._close_storage()
        self.exit(message=Text(problem) if problem else None)  # printed once the terminal is back

    def on_unmount(self) -> None:
        gc.enable()  # `freeze_heap` turned automatic collection off and froze the heap for the app's life only
        gc.unfreeze()  # (an app run again in the same process, as the tests do, would keep every old one)
        problem = self._close_storage()
        if problem:
            self.exit(message=Text(problem))

    def _close_storage(self) -> str:
        """Close the open campaign folder; what went wrong (the journal still has it all), or ""."""
        self._stop_seats()
        opened, self.opened = self.opened, None
        return opened.close() if opened is not None else ""

    def _tell_storage(self, problem: str) -> None:
        if problem:
            self.notify(problem, title="Saving", severity="error", timeout=12, markup=False)


def _load_campaigns() -> tuple[list, str]:
    """The user's campaigns for the picker, or the reason the folder cannot be read."""
    from combat_tui.storage import CampaignError, list_campaigns, user_campaigns_dir

    try:
        return list_campaigns(), ""
    except (CampaignError, OSError) as error:
        return [], f"The campaigns folder {user_campaigns_dir()} cannot be read: {error}"
