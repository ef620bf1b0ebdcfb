"""EndCombatDialog: the XP offered and its split, a fate for each hostile foe still standing, the
loot of the defeated with who takes it, and the coins (ref: Combat screen).

"The dialog opens before the fight ends, so Back to the fight keeps the fight, the XP, and every
foe as they are. End and award ends the fight and gives the XP." The fates, ticks and fields are the
dialog's form; nothing changes until End and award sends one `end` command.

The timed chips (those that count rounds, or wait for a turn the end never brings) end with the
fight; the dialog lists them, each with what it has left, and the GM ticks the ones to keep
(`k`, or space on the list). None is kept unless ticked, as the text form `end` ends them all.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Input, Label, Static

from combat_tui.core.session import Session
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import tell
from combat_tui.systems.dnd5e.commands import EndFight
from combat_tui.systems.dnd5e.ending import (
    FATES,
    LootItem,
    TimedChip,
    XpOffer,
    coins_found,
    loot_items,
    standing_foes,
    timed,
    timed_chips,
    xp_offer,
)
from combat_tui.systems.dnd5e.model import Campaign
from combat_tui.widgets.number_input import NumberInput

FATE_WORDS = {"hostile": "Still hostile", "fled": "Fled", "captured": "Captured"}


class EndCombatDialog(ModalScreen[None]):
    """End combat: `e` ends the fight and awards the amount, `b` goes back to the fight."""

    CSS_PATH = "end_combat.tcss"
    AUTO_FOCUS = "#award"

    BINDINGS = [
        Binding("e", "end", "End and award", id="end.award"),
        Binding("b", "back", "Back to the fight", id="end.back"),
        Binding("escape", "back", "Back to the fight", show=False, id="end.back-escape"),
        Binding("f", "fate", "Fate", id="end.fate", tooltip="Next fate for the highlighted foe still standing"),
        Binding("space", "tick", "Tick", id="end.tick",
                tooltip="Tick or clear the highlighted loot item (or timed chip, while the chip list has focus)"),
        Binding("a", "tick_all", "Tick all loot", id="end.tick-all"),
        Binding("g", "loot_to", "Loot goes to", id="end.loot-to", tooltip="The next character to take the loot"),
        Binding("k", "keep", "Keep chip", id="end.keep", tooltip="Keep the highlighted timed chip after the fight, or let it end"),
    ]  # fmt: skip
    """The letters work while a number field has focus too: it takes digits only."""

    def __init__(self) -> None:
        super().__init__()
        self._offer: XpOffer | None = None
        self._labels: dict[str, str] = {}
        self._fates: dict[str, str] = {}
        self._standing: tuple[str, ...] = ()
        self._items: tuple[LootItem, ...] = ()
        self._ticked: set[str] = set()
        self._takers: tuple[str, ...] = ()
        self._taker = ""
        self._coins = 0
        self._chips: tuple[tuple[TimedChip, str], ...] = ()
        """The timed chips listed, each with what it has left ("7 rounds left")."""
        self._kept: set[str] = set()

    def compose(self) -> ComposeResult:
        state = self.app.session.state
        with VerticalScroll(id="end-box"):
            yield Static("", id="end-offer")
            with Horizontal(classes="end-field"):
                yield Label("Award XP ")
                yield NumberInput(str(xp_offer(state).offered), id="award")
                yield Static("", id="end-split")
            yield Static("Foes still standing · f: fate", id="fates-title", classes="end-heading")
            yield DataTable(id="fates", cursor_type="row", show_header=False)
            yield Static("Loot · space: tick, a: all", id="loot-title", classes="end-heading")
            yield DataTable(id="loot", cursor_type="row", show_header=False)
            yield Static("", id="loot-to")
            with Horizontal(classes="end-field"):
                yield Label("Total gp ")
                yield NumberInput(str(coins_found(state)), id="gold")
                yield Static("", id="gold-split")
            yield Static("Timed chips end with the fight · k: keep", id="keep-title", classes="end-heading")
            yield DataTable(id="keep", cursor_type="row", show_header=False)
            with Horizontal(id="end-buttons"):
                yield Button("End and award (e)", variant="primary", compact=True, id="end-award")
                yield Label("  ")
                yield Button("Back to the fight (b)", compact=True, id="end-back")

    def on_mount(self) -> None:
        self.query_one("#end-box").border_title = "End combat"
        self.query_one("#fates", DataTable).add_columns("Foe", "Fate")
        self.query_one("#loot", DataTable).add_columns("Take", "Item")
        self.query_one("#keep", DataTable).add_columns("Keep", "Chip")
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
        coins, self._coins = self._coins, coins_found(state)
        gold = self.query_one("#gold", Input)
        if old is not None and gold.value == str(coins):
            gold.value = str(self._coins)
        self.query_one("#end-offer", Static).update(self._offer_text())
        self._show_split()
        self._fill_fates(state)
        self._fill_loot(state)
        self._fill_keep(state)

    # -- XP and coins -------------------------------------------------------------------------

    def _offer_text(self) -> Text:
        offer = self._offer
        names = ", ".join(self._labels.get(ref, ref) for ref in offer.receivers)
        if offer.party_lost:
            return Text("The party lost: no XP is offered.")
        text = Text(f"The defeated foes are worth {offer.offered} XP.\n")
        count = len(offer.receivers)
        text.append(f"Split among {count} living character{'s' if count != 1 else ''}: {names or 'none'}.")
        return text

    def _number(self, field: str) -> int | None:
        try:
            value = int(self.query_one(field, Input).value)
        except ValueError:
            return None
        return value if value >= 0 else None

    def _split_text(self, amount: int | None, unit: str) -> str:
        if amount is None or self._offer is None:
            return "  Give an amount of 0 or more."
        if not self._offer.receivers:
            return f"  No living character takes it; {amount} {unit} left over."
        share, leftover = self._offer.split(amount)
        return f"  Each gets {share} {unit}" + (f"; {leftover} {unit} left over." if leftover else ".")

    def _show_split(self) -> None:
        award, gold = self._number("#award"), self._number("#gold")
        self.query_one("#end-split", Static).update(Text(self._split_text(award, "XP")))
        self.query_one("#gold-split", Static).update(Text(self._split_text(gold, "gp")))
        self.query_one("#end-award", Button).disabled = award is None or gold is None

    @on(Input.Changed)
    def _amount_changed(self, event: Input.Changed) -> None:
        self._show_split()

    @on(Input.Submitted)
    def _amount_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#end-award", Button).focus()

    # -- fates --------------------------------------------------------------------------------

    def _fill_fates(self, state: Campaign) -> None:
        """ref: Combat screen — "A foe that falls while the dialog is open gets no fate": its row goes."""
        standing = standing_foes(state)
        table = self.query_one("#fates", DataTable)
        shown = self._standing
        self._standing = standing
        self._fates = {ref: self._fates.get(ref, "hostile") for ref in standing}
        for widget in (table, self.query_one("#fates-title")):
            widget.display = bool(standing)
        if standing != shown:
            at = table.cursor_row
            table.clear()
            for ref in standing:
                table.add_row(Text(self._labels.get(ref, ref)), Text(FATE_WORDS[self._fates[ref]]), key=ref)
            if standing:
                table.move_cursor(row=min(at or 0, len(standing) - 1))

    def action_fate(self) -> None:
        table = self.query_one("#fates", DataTable)
        if not self._standing:
            tell(self, "No foe is still standing: there is no fate to choose.")
            return
        ref = self._standing[min(table.cursor_row or 0, len(self._standing) - 1)]
        self._fates[ref] = FATES[(FATES.index(self._fates[ref]) + 1) % len(FATES)]
        table.update_cell(ref, table.ordered_columns[1].key, Text(FATE_WORDS[self._fates[ref]]))

    @on(DataTable.RowSelected, "#fates")
    def _fate_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_fate()

    # -- loot ---------------------------------------------------------------------------------

    def _fill_loot(self, state: Campaign) -> None:
        items = loot_items(state, self._labels)
        self._takers = tuple(ref for ref in self._offer.receivers)
        if self._taker not in self._takers:
            self._taker = self._takers[0] if self._takers else ""
        table = self.query_one("#loot", DataTable)
        for widget in (table, self.query_one("#loot-title"), self.query_one("#loot-to")):
            widget.display = bool(items)
        if items != self._items:
            keys = {item.key for item in items}
            self._ticked &= keys
            at = table.cursor_row
            table.clear()
            for item in items:
                table.add_row(Text(_box(item.key in self._ticked)), Text(item.label), key=item.key)
            if items:
                table.move_cursor(row=min(at or 0, len(items) - 1))
            self._items = items
        self._show_taker()

    def _show_taker(self) -> None:
        name = self._labels.get(self._taker, "no one") if self._taker else "no living character"
        count = len(self._ticked)
        text = Text("Loot goes to: ", style="bold")
        text.append(name)
        text.append(f" · g: next · {count} item{'s' if count != 1 else ''} ticked", style="dim")
        self.query_one("#loot-to", Static).update(text)

    def _tick(self, key: str) -> None:
        table = self.query_one("#loot", DataTable)
        self._ticked ^= {key}
        table.update_cell(key, table.ordered_columns[0].key, Text(_box(key in self._ticked)))

    def action_tick(self) -> None:
        if self.focused is self.query_one("#keep"):
            self.action_keep()
            return
        table = self.query_one("#loot", DataTable)
        if not self._items:
            tell(self, "There is no loot to tick.")
            return
        self._tick(self._items[min(table.cursor_row or 0, len(self._items) - 1)].key)
        self._show_taker()

    def action_tick_all(self) -> None:
        everything = {item.key for item in self._items}
        for item in self._items:  # all ticked: clear them; otherwise tick the rest
            if (item.key in self._ticked) == (self._ticked == everything):
                self._tick(item.key)
        self._show_taker()

    @on(DataTable.RowSelected, "#loot")
    def _loot_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_tick()

    def action_loot_to(self) -> None:
        if not self._takers:
            tell(self, "No living character can take the loot.")
            return
        at = self._takers.index(self._taker) if self._taker in self._takers else -1
        self._taker = self._takers[(at + 1) % len(self._takers)]
        self._show_taker()

    # -- timed chips ----------------------------------------------------------------------------

    def _fill_keep(self, state: Campaign) -> None:
        """Every timed chip on every combatant, offered to keep; a chip gone meanwhile (an undo
        inside the dialog) leaves the list and its tick."""
        chips = tuple((chip, _time_left(state, chip.key, self._labels)) for chip in timed_chips(state, self._labels))
        table = self.query_one("#keep", DataTable)
        for widget in (table, self.query_one("#keep-title")):
            widget.display = bool(chips)
        if chips != self._chips:
            self._kept &= {chip.key for chip, _ in chips}
            at = table.cursor_row
            table.clear()
            for chip, left in chips:
                table.add_row(Text(_box(chip.key in self._kept)), Text(f"{chip.label} — {left}"), key=chip.key)
            if chips:
                table.move_cursor(row=min(at or 0, len(chips) - 1))
            self._chips = chips

    def action_keep(self) -> None:
        table = self.query_one("#keep", DataTable)
        if not self._chips:
            self.notify("No timed chip is left to keep.", timeout=3, markup=False)
            return
        key = self._chips[min(table.cursor_row or 0, len(self._chips) - 1)][0].key
        self._kept ^= {key}
        table.update_cell(key, table.ordered_columns[0].key, Text(_box(key in self._kept)))
        self.query_one("#end-box", VerticalScroll).scroll_to_widget(table, animate=False)  # a short screen

    @on(DataTable.RowSelected, "#keep")
    def _keep_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_keep()

    # -- buttons ------------------------------------------------------------------------------

    @on(Button.Pressed, "#end-award")
    def _award_pressed(self) -> None:
        self.action_end()

    @on(Button.Pressed, "#end-back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_end(self) -> None:
        award, gold = self._number("#award"), self._number("#gold")
        if award is None or gold is None:
            tell(self, f"Give the {'XP' if award is None else 'gold'} as a whole number of 0 or more.")
            return
        fates = tuple((ref, fate) for ref, fate in self._fates.items() if fate != "hostile")
        loot = tuple(item.key for item in self._items if item.key in self._ticked)
        taker = self._taker if loot else ""
        keep = tuple(chip.key for chip, _ in self._chips if chip.key in self._kept)
        self.post_message(CommandRequested(EndFight(award, fates, loot, taker, gold, keep)))

    def action_back(self) -> None:
        self.dismiss(None)


def _box(ticked: bool) -> str:
    return "[x]" if ticked else "[ ]"


def _time_left(state: Campaign, key: str, labels: dict[str, str]) -> str:
    """What the timed chip `holder-id/name` has left: the longest of its holder's chips of that
    name ("7 rounds left", "10 rounds left (1 minute)"), or the turn it waits for."""
    holder, _, name = key.partition("/")
    actor = state.actor(holder)
    chips = [c for c in actor.chips if c.name == name and timed(c)] if actor is not None else []
    rounds = max((c.rounds for c in chips), default=0)
    if rounds:
        text = f"{rounds} round{'s' if rounds != 1 else ''} left"
        if rounds % 10 == 0:
            minutes = rounds // 10
            text += f" ({minutes} minute{'s' if minutes != 1 else ''})"
        return text
    turn = next((c.until_turn_of for c in chips if c.until_turn_of), "")
    if turn == holder:
        return "until its next turn"
    return f"until {labels[turn]}'s next turn" if turn in labels else "until a next turn"
