"""EndCombatDialog: the XP offered, who it splits among, the share and the leftover (ref: Combat screen).

"The dialog opens before the fight ends, so Back to the fight keeps the fight, the XP, and every
foe as they are. End and award ends the fight and gives the XP."
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ..core.commands import EndFight
from ..core.rules.dnd5e.ending import XpOffer, xp_offer
from ..core.session import Session
from ..widgets.number_input import NumberInput
from .messages import CommandRequested


class EndCombatDialog(ModalScreen[None]):
    """End combat: `e` ends the fight and awards the amount, `b` goes back to the fight."""

    CSS_PATH = "end_combat.tcss"
    AUTO_FOCUS = "#award"

    BINDINGS = [
        Binding("e", "end", "End and award", id="end.award"),
        Binding("b", "back", "Back to the fight", id="end.back"),
        Binding("escape", "back", "Back to the fight", show=False),
    ]
    """The letters work while the amount field has focus too: it takes digits only."""

    def __init__(self) -> None:
        super().__init__()
        self._offer: XpOffer | None = None
        self._labels: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        offered = xp_offer(self.app.session.state).offered
        with Vertical(id="end-box"):
            yield Static("", id="end-offer")
            with Horizontal(id="end-amount"):
                yield Label("Award XP ")
                yield NumberInput(str(offered), id="award")
            yield Static("", id="end-split")
            with Horizontal(id="end-buttons"):
                yield Button("End and award (e)", variant="primary", compact=True, id="end-award")
                yield Label("  ")
                yield Button("Back to the fight (b)", compact=True, id="end-back")

    def on_mount(self) -> None:
        self.query_one("#end-box").border_title = "End combat"
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def _state_changed(self, session: Session) -> None:
        state = session.state
        if state.fight is None or state.fight.stage != "running":
            return
        self._labels = session.system.labels(state)
        old, self._offer = self._offer, xp_offer(state)
        field = self.query_one("#award", Input)
        if old is not None and field.value == str(old.offered):  # not changed by the GM: follow the offer
            field.value = str(self._offer.offered)
        self.query_one("#end-offer", Static).update(self._offer_text())
        self._show_split()

    def _offer_text(self) -> Text:
        offer = self._offer
        names = ", ".join(self._labels.get(ref, ref) for ref in offer.receivers)
        if offer.party_lost:
            return Text("The party lost: no XP is offered.")
        text = Text(f"The defeated foes are worth {offer.offered} XP.\n")
        count = len(offer.receivers)
        text.append(f"Split among {count} living character{'s' if count != 1 else ''}: {names or 'none'}.")
        return text

    def _amount(self) -> int | None:
        try:
            value = int(self.query_one("#award", Input).value)
        except ValueError:
            return None
        return value if value >= 0 else None

    def _show_split(self) -> None:
        amount = self._amount()
        split = self.query_one("#end-split", Static)
        if amount is None or self._offer is None:
            split.update(Text("Give an amount of 0 or more."))
        elif not self._offer.receivers:
            split.update(Text(f"No living character takes it; {amount} XP left over."))
        else:
            share, leftover = self._offer.split(amount)
            rest = f"; {leftover} XP left over." if leftover else "; nothing left over."
            split.update(Text(f"Each gets {share} XP{rest}"))
        self.query_one("#end-award", Button).disabled = amount is None

    @on(Input.Changed, "#award")
    def _amount_changed(self, event: Input.Changed) -> None:
        self._show_split()

    @on(Input.Submitted, "#award")
    def _amount_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#end-award", Button).focus()

    @on(Button.Pressed, "#end-award")
    def _award_pressed(self) -> None:
        self.action_end()

    @on(Button.Pressed, "#end-back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_end(self) -> None:
        amount = self._amount()
        if amount is None:
            self.app.bell()
            return
        self.post_message(CommandRequested(EndFight(amount)))

    def action_back(self) -> None:
        self.dismiss(None)
