"""CampaignScreen: the shell every campaign screen shares, whatever its rule system.

The title bar, the system's body (its own subclass composes it: `screens/dnd5e/campaign.py`,
`screens/futurepath/campaign.py`), the travelogue and the footer. It repaints on every change
while it is on top, and catches up when it comes back.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import DataTable, OptionList, Static

from combat_tui.core.session import Session
from combat_tui.screens.one_frame import OneFrameScreen
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.travelogue import Travelogue


class CampaignScreen(OneFrameScreen):
    """The campaign outside a fight; a rule system's subclass fills the body and adds its keys."""

    CSS_PATH = Path(__file__).parent / "campaign.tcss"
    """Beside this module for every subclass (a relative path would be read beside theirs)."""

    def __init__(self) -> None:
        super().__init__()
        self._painted = None
        """The state last painted; a resume repaints when the session has moved on since."""
        self._fight_covered = False
        """A fight's screen covered this one: on the resume after it, focus goes to the lists."""

    def compose(self) -> ComposeResult:
        yield Static("", id="campaign-title", classes="title-bar")
        yield from self.compose_body()
        yield Travelogue(id="travelogue", classes="box")
        yield KeyFooter()

    def compose_body(self) -> ComposeResult:
        """The rule system's part of the screen, between the title and the travelogue."""
        yield from ()

    def on_mount(self) -> None:
        self.query_one("#travelogue").border_title = "Travelogue"
        self._paint(self.app.session)

    def on_screen_resume(self) -> None:
        signal = self.app.state_changed
        signal.unsubscribe(self)
        signal.subscribe(self, self._state_changed)
        session = self.app.session
        if session is not None and session.state is not self._painted:
            self._paint(session)
        elif session is not None:
            self.query_one(Travelogue).show(session.log)
        if self._fight_covered and not self._fight_on():
            self._fight_covered = False
            self.focus_lists()

    def focus_lists(self) -> None:
        """After a fight: a list (`AUTO_FOCUS`) keeps the focus, not the map, whose arrows would
        walk the party. A list the GM had focused stays focused."""
        if not isinstance(self.focused, (DataTable, OptionList)) and self.AUTO_FOCUS:
            lists = [widget for widget in self.query(self.AUTO_FOCUS) if widget.focusable]
            if lists:
                self.set_focus(lists[0])

    def _fight_on(self) -> bool:
        fight_on = getattr(self.app, "fight_on", None)
        return bool(fight_on and fight_on())

    def on_screen_suspend(self) -> None:
        """Hear no changes while covered (the fight's keys), and catch up on resume.

        Textual counts the screen just below the top as current (for see-through screens), and
        a message waking it (a signal's callback is one) forwarded its pending repaint to the
        top screen as a repaint of the whole terminal, on every key of the fight.
        """
        self.app.state_changed.unsubscribe(self)
        self._fight_covered = self._fight_covered or self._fight_on()

    def _state_changed(self, session: Session) -> None:
        if self.is_active:
            self._paint(session)

    def _paint(self, session: Session) -> None:
        self._painted = session.state
        state = session.state
        self.query_one("#campaign-title", Static).update(Text(f"{state.name} · {session.system.name}"))
        self.paint_body(session)
        self.query_one(Travelogue).show(session.log)

    def paint_body(self, session: Session) -> None:
        """Show the session's state in the rule system's part of the screen."""

    def action_open_picker(self) -> None:
        self.app.action_open_picker()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in {binding.action for binding in self.BINDINGS}:
            return False  # another rule system's keys (the 5e map, the FuturePath ships) are not here
        return self.allows(action)

    def allows(self, action: str) -> bool | None:
        """One of this screen's own actions: True to run, None to dim it (nothing to act on)."""
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str:
        """Why one of this screen's keys cannot be used now (screens/refusals.py shows it)."""
        return "Nothing to copy: this screen has no text to select." if action == "copy_text" else ""
