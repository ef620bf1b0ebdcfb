"""RedirectDialog: a creature with Redirect Attack is attacked (ref: Redirect Attack).

"before the attack roll a Redirect Attack dialog lists every ally of the creature in the fight that
is not down. Pick an ally that qualifies and press Swap places. Press Keep target or Escape to keep
the creature as the target, with its reaction unspent." The creature's notes say which allies
qualify (a goblin boss: only another goblin within 5 feet).

Keys: up/down pick an ally, Enter or s Swap places, k or Esc Keep target.
"""

from __future__ import annotations

from typing import Callable

from attrs import evolve
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.model import Actor, Campaign
from combat_tui.systems.dnd5e.monsters import can_redirect, redirect_allies
from combat_tui.widgets.key_footer import KeyFooter


def ask_redirect(screen: ModalScreen, state: Campaign, target: Actor | None, attacker: str, command,
                 label: Callable[[str], str], post: Callable[[object], None]) -> bool:  # fmt: skip
    """Open the dialog before the roll when `target` can redirect to an ally; `post` then gets the
    command, with `redirect` set when the GM swaps places. False: nothing to ask, post it yourself."""
    if target is None or not can_redirect(state, target):
        return False
    allies = [(label(ref), ref) for ref in redirect_allies(state, target) if ref != attacker]
    if not allies:
        return False

    def chosen(ally: str | None) -> None:
        post(evolve(command, redirect=ally) if ally else command)

    screen.app.push_screen(RedirectDialog(target.id, label(target.id), allies, target.notes), chosen)
    return True


class RedirectDialog(ModalScreen[str | None]):
    """Dismissed with the ally to swap in, or None to keep the target."""

    DEFAULT_CSS = """
    RedirectDialog { align: center middle; }
    RedirectDialog #redirect-box { width: 56; max-width: 100%; height: auto; border: round $warning;
        background: $surface; padding: 0 1; }
    RedirectDialog OptionList { height: auto; max-height: 12; }
    RedirectDialog #redirect-notes { color: $text-muted; }
    """

    BINDINGS = [
        Binding("s", "swap", "Swap places", id="redirect.swap"),
        Binding("k,escape", "keep", "Keep target", id="redirect.keep"),
    ]

    def __init__(self, creature: str, label: str, allies: list[tuple[str, str]], notes: str = "") -> None:
        super().__init__()
        self.creature, self.label, self.allies, self.notes = creature, label, allies, notes

    def compose(self) -> ComposeResult:
        with Vertical(id="redirect-box"):
            yield Static(f"{self.label} can use its reaction to swap places with an ally, who becomes the target.",
                         markup=False)  # fmt: skip
            if self.notes:
                yield Static(self.notes, id="redirect-notes", markup=False)
            yield OptionList(*(Option(label, id=ref) for label, ref in self.allies), id="redirect-allies")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#redirect-box").border_title = "Redirect Attack"
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_swap(self) -> None:
        options = self.query_one(OptionList)
        if options.highlighted is None:
            tell(self, "No ally is highlighted to swap in: k keeps the target.")
            return
        self.dismiss(options.get_option_at_index(options.highlighted).id)

    def action_keep(self) -> None:
        self.dismiss(None)
