"""ReactionSpellPicker: which reaction spell of a card's Reaction row to cast, when it has several.

ref: Reactions and opportunity attacks — "It also has one button per spell that casts as a
reaction, as in Cast Shield." The combat screen's `R` opens this list; the spell picked opens the
usual cast dialog.

Keys: up/down move, Enter or the row's digit picks, Esc or q closes.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option


class ReactionSpellPicker(ModalScreen[str | None]):
    """Dismissed with the spell picked, or None."""

    DEFAULT_CSS = """
    ReactionSpellPicker { align: center middle; background: $background 60%; }
    ReactionSpellPicker #reaction-spell-box { width: 52; max-width: 100%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1; }
    ReactionSpellPicker OptionList { height: auto; max-height: 12; border: none; }
    ReactionSpellPicker .hint { color: $text-muted; }
    """

    BINDINGS = [
        Binding("escape,q", "close", "Close", id="reaction-spell.close"),
        *(Binding(str(n), f"pick({n - 1})", "Cast the spell of this number", show=False, id=f"reaction-spell.pick-{n}",
                  group=Binding.Group("Cast the spell of this number")) for n in range(1, 10)),
    ]

    def __init__(self, label: str, spells: tuple[str, ...]) -> None:
        super().__init__()
        self.label = label
        self.spells = spells

    def compose(self) -> ComposeResult:
        with Vertical(id="reaction-spell-box"):
            yield OptionList(*(Option(f"{at}  Cast {name}", id=str(at - 1)) for at, name in enumerate(self.spells, 1)),
                             id="reaction-spells", compact=True)  # fmt: skip
            yield Static("↑↓ choose · Enter or a digit casts · q closes", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#reaction-spell-box").border_title = f"Reaction spell of {self.label}"
        listing = self.query_one(OptionList)
        listing.highlighted = 0 if self.spells else None
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_pick(int(event.option.id))

    def action_pick(self, at: int) -> None:
        if not 0 <= at < len(self.spells):
            self.notify(f"Pick 1 to {len(self.spells)}.", timeout=3, markup=False)
            return
        self.dismiss(self.spells[at])

    def action_close(self) -> None:
        self.dismiss(None)
