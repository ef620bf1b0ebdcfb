"""ActionsDialog: the action bar's groups for the current combatant (ref: Action, bonus action, and
reaction): Standard actions, a Rogue's Cunning Action, the Fighter, Barbarian and Channel Divinity
groups, the Off-hand group after a light melee swing, and a creature's save actions.

Each row is one control. A control whose cost the turn already spent shows muted with the cost
named ("Action spent"); pressing it shows a toast and does nothing, so press the pip first
("A button whose cost the turn already spent shows a toast and does nothing"). The rows come from
`reactions.controls`; the dialog computes no rule.

Keys: up/down move, Enter runs the control, Esc or q closes.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from combat_tui.screens.messages import CommandRequested
from combat_tui.systems.dnd5e.reactions import Control, controls
from combat_tui.widgets.key_footer import KeyFooter


class ActionsDialog(ModalScreen[Control | None]):
    """Dismissed with a control that needs more from the combat screen (an off-hand swing, a save
    action's target), or None; a plain control posts its command itself."""

    DEFAULT_CSS = """
    ActionsDialog { align: center middle; }
    ActionsDialog #actions-box { width: 60; max-width: 100%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1; }
    ActionsDialog OptionList { height: auto; max-height: 20; }
    """

    BINDINGS = [
        Binding("enter", "run", "Run the control", id="actions.run", priority=False),
        Binding("escape,q", "close", "Close", id="actions.close"),
    ]

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
        self._controls: tuple[Control, ...] = ()

    def compose(self) -> ComposeResult:
        with Vertical(id="actions-box"):
            yield OptionList(id="actions-list")
        yield KeyFooter()

    def on_mount(self) -> None:
        session = self.app.session
        label = session.system.labels(session.state).get(self.ref, self.ref)
        self.query_one("#actions-box").border_title = f"Actions of {label}"
        self._controls = controls(session.state, self.ref)
        options: list = []
        group = ""
        for at, control in enumerate(self._controls):
            if control.group != group:
                group = control.group
                options.append(Option(Content.styled(group, "bold $text-accent"), disabled=True))
            if control.spent:  # muted, and the cost named
                prompt = Content.assemble(("  " + control.name, "$text-muted strike"), (f"  ({control.spent})", "$text-muted"))
            else:
                prompt = Content("  " + control.name)
            options.append(Option(prompt, id=str(at)))
        listing = self.query_one(OptionList)
        listing.add_options(options)
        listing.highlighted = next((at for at, option in enumerate(options) if not option.disabled), None)
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        control = self._controls[int(event.option.id)]
        if control.spent:
            self.notify(f"{control.name}: {control.spent}.", timeout=4, markup=False)
            return
        if control.command is not None:
            self.app.post_message(CommandRequested(control.command))
            self.dismiss(None)
            return
        self.dismiss(control)

    def action_run(self) -> None:
        self.query_one(OptionList).action_select()

    def action_close(self) -> None:
        self.dismiss(None)
