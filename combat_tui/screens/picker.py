"""CampaignPickerScreen: the campaigns in the user's folder; Enter opens one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.screens.refusals import refuse
from combat_tui.widgets.key_footer import KeyFooter

Loader = Callable[[], tuple[Sequence, str]]
"""Returns (campaign infos with .path .name .system .error, a problem with the folder or "")."""


class CampaignPickerScreen(Screen):
    """The list of campaigns; a campaign that cannot be read shows its error, never a traceback."""

    CSS_PATH = "picker.tcss"
    AUTO_FOCUS = "#campaign-list"

    BINDINGS = [
        Binding("o", "open", "Open", id="picker.open"),
        Binding("b,escape", "back", "Back to the campaign", id="picker.back"),
        Binding("g", "reload", "Reload the list", id="picker.reload"),
    ]
    """Enter on the list opens too (the list's own key)."""

    class OpenRequested(Message):
        """Open the campaign folder at `path` (the app opens it, or says why it cannot)."""

        def __init__(self, path: Path) -> None:
            super().__init__()
            self.path = path

    def __init__(self, loader: Loader, *, message: str = "", can_go_back: bool = False) -> None:
        super().__init__()
        self._loader = loader
        self._message = message
        self._infos: list = []
        self.can_go_back = can_go_back
        """True when a campaign is open underneath, so Back has somewhere to go."""

    def compose(self) -> ComposeResult:
        yield Static("Open a campaign", classes="title-bar")
        yield Static("", id="picker-message")
        yield OptionList(id="campaign-list", classes="box")
        yield Static("", id="picker-folder")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.action_reload()
        self.show_message(self._message)

    def show_message(self, text: str) -> None:
        """Say what went wrong opening a campaign (the file, the place in it, the problem)."""
        message = self.query_one("#picker-message", Static)
        message.update(Text(text))
        message.display = bool(text)

    def action_reload(self) -> None:
        infos, problem = self._loader()
        self._infos = list(infos)
        options = self.query_one(OptionList)
        options.clear_options()
        options.add_options(Option(self._prompt(info)) for info in self._infos)
        if self._infos:
            options.highlighted = 0
        folder = problem or (f"Campaigns live in {self._infos[0].path.parent}" if self._infos else "")
        self.query_one("#picker-folder", Static).update(Text(folder or "No campaigns found."))

    def _prompt(self, info) -> Text:
        text = Text(info.name, style="bold")
        text.append(f"  {info.system}  ", style="italic")
        text.append(str(info.path.name), style="dim")
        if info.error:
            text.append(f"\n  cannot be read: {info.error}", style="italic")
        return text

    def action_open(self) -> None:
        index = self.query_one(OptionList).highlighted
        if index is not None and index < len(self._infos):
            self._request(index)
        else:
            refuse(self, "open")

    @on(OptionList.OptionSelected)
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._request(event.option_index)

    def _request(self, index: int) -> None:
        info = self._infos[index]
        if info.error:
            self.show_message(info.error)
            return
        self.show_message("")
        self.post_message(self.OpenRequested(info.path))

    def action_back(self) -> None:
        if self.can_go_back:
            self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "back":
            return self.can_go_back
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> str:
        if action == "open":
            return "There is no campaign in the list to open (g reloads it)."
        return "No campaign is open to go back to: open one from the list (o or Enter)." if action == "back" else ""
