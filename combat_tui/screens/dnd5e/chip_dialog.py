"""ChipDialog: one character's or creature's chips, to read, remove and add (ref: Conditions).

"Point at a chip to read what it does and when it ends": the highlighted chip's tooltip shows
under the list. "The remove button of a chip removes only that chip, so the other cast keeps its
chip": `x` removes the highlighted chip of its own caster. `a` goes to the add row: a name (the
condition names are suggested; any other name is a note with no rule), a number of rounds (blank
lasts until removed), and, in a running fight, "next turn" (it ends at the start of the current
combatant's next turn).

Fast at the table: a letter typed on the list that is not one of its keys starts the add row's
name with it ("po" is Poisoned, as suggested); a digit typed after a name that a condition begins
takes the name as suggested and goes on in the rounds, so Poisoned for 2 rounds from the fight is
`x p o 2 Enter`. `/` finds another combatant by typing part of its label, and shows its chips.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.core.session import Session
from combat_tui.screens.dnd5e import key_reasons
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.refusals import Reason, refuse
from combat_tui.systems.dnd5e.commands import AddChip, RemoveChip
from combat_tui.systems.dnd5e.conditions import CONDITIONS, NO_RULE, chip_label, chip_tooltip
from combat_tui.systems.dnd5e.model import Chip
from combat_tui.widgets.number_input import NumberInput

CONDITION_NAMES = tuple(dict.fromkeys(condition.name for condition in CONDITIONS.values())) + NO_RULE
"""The names the add row suggests: the conditions with rules, then those the app only notes."""

HINT = "↑↓ choose · type to add · x remove · / whose chips · n next turn · c close"
ADD_HINT = "Enter adds it (the suggestion too) · blank rounds: until removed"


class ChipDialog(ModalScreen[None]):
    """The chips of `ref`; it follows the app's state while open."""

    CSS_PATH = "chip_dialog.tcss"
    AUTO_FOCUS = "#chip-list"

    BINDINGS = [
        Binding("x", "remove", "Remove chip", id="chips.remove", tooltip="Remove the highlighted chip"),
        Binding("a", "add", "Add chip", id="chips.add", tooltip="Go to the add row: name, rounds, next turn"),
        Binding("n", "toggle_next_turn", "Next turn", id="chips.next-turn",
                tooltip="The new chip ends at the start of the current combatant's next turn"),
        Binding("slash", "find_target", "Whose chips", key_display="/", id="chips.find-target",
                tooltip="Show another combatant's chips: type part of its name (g2, gob 2)"),
        Binding("c", "close", "Close", id="chips.close"),
        Binding("escape", "close", "Close", show=False, id="chips.close-escape"),
    ]  # fmt: skip
    """Letters act from the list and the rounds field; the name field takes them as typing."""

    def __init__(self, ref: str) -> None:
        super().__init__()
        self.ref = ref
        self._chips: tuple[Chip, ...] = ()
        self._labels: dict[str, str] = {}
        self._current: str = ""
        """The running fight's current combatant, for a "next turn" chip; empty outside a fight."""
        self.next_turn = False
        """The chip to add ends at the start of the current combatant's next turn (`n`)."""
        self._typing = ""
        """The field that type-ahead sends keys to until its focus lands (`chip-name`, `chip-rounds`)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="chips-box"):
            yield OptionList(id="chip-list", compact=True)
            yield Static("", id="chip-tooltip")
            with Horizontal(id="chip-add"):
                yield Label("Add ")
                yield ChipNameInput(
                    placeholder="name", compact=True, id="chip-name",
                    suggester=SuggestFromList(CONDITION_NAMES, case_sensitive=False),
                )  # fmt: skip
                yield Label(" rounds ")
                yield NumberInput("", id="chip-rounds")
                yield Static("", id="chip-next-turn")
            yield Static(ADD_HINT, id="chip-add-hint", classes="hint")
            yield Static(HINT, id="chip-hint", classes="hint")

    def on_mount(self) -> None:
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    # -- state down --------------------------------------------------------------------------

    def _state_changed(self, session: Session) -> None:
        state = session.state
        actor = state.actor(self.ref)
        if actor is None:  # an undo took it away
            self.dismiss(None)
            return
        self._labels = session.system.labels(state)
        fight = state.fight
        current = fight.current() if fight is not None else None
        self._current = current.ref if current is not None else ""
        if not self._current:
            self._set_next_turn(False)
        else:
            self._show_next_turn()
        self.query_one("#chips-box").border_title = f"Chips · {self._labels.get(self.ref, actor.name)}"
        if actor.chips != self._chips:
            self._show_chips(actor.chips)
        self._show_tooltip()
        self.refresh_bindings()

    def _show_chips(self, chips: tuple[Chip, ...]) -> None:
        listing = self.query_one("#chip-list", OptionList)
        old, at = self._chips, listing.highlighted
        self._chips = chips
        added = [i for i, chip in enumerate(chips) if chip not in old]
        listing.set_options(Option(self._row(chip), id=str(i)) for i, chip in enumerate(chips))
        if not chips:
            return
        if added and old:
            listing.highlighted = added[-1]  # the chip just added
        else:
            listing.highlighted = min(at or 0, len(chips) - 1)

    def _row(self, chip: Chip) -> Text:
        """The chip's label, and its caster's name, which keeps two casts of one name apart."""
        row = Text(chip_label(chip))
        if chip.caster:
            row.append(f" · {self._labels.get(chip.caster, chip.caster)}", style="dim")
        return row

    def _show_tooltip(self) -> None:
        chip = self.highlighted_chip
        tooltip = self.query_one("#chip-tooltip", Static)
        if chip is None:
            tooltip.update(Text("No chips. Press a to add one.", style="italic"))
        else:
            tooltip.update(Text(chip_tooltip(chip, self._labels)))

    @property
    def highlighted_chip(self) -> Chip | None:
        at = self.query_one("#chip-list", OptionList).highlighted
        return self._chips[at] if at is not None and 0 <= at < len(self._chips) else None

    @on(OptionList.OptionHighlighted, "#chip-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._show_tooltip()
        self.refresh_bindings()

    def on_descendant_focus(self) -> None:
        self.set_class(self.focused is not None and self.focused.id != "chip-list", "-adding")
        if self.focused is not None and self.focused.id == self._typing:
            self._typing = ""

    # -- type-ahead --------------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A letter on the list that no key takes starts the name (keys that come before the
        focus lands go on into the field)."""
        char = event.character
        if self._typing:
            if event.key == "enter":  # before the focus landed: the field's Enter
                self._typing = ""
                self._add()
                event.stop()
                event.prevent_default()
            elif char is not None and char.isprintable():
                if not (self._typing == "chip-name" and self.name_digit(char)):
                    self._type_into(self._typing, char)
                event.stop()
                event.prevent_default()
            return
        focused = self.focused
        if focused is None or focused.id != "chip-list" or char is None or not char.isalpha():
            return
        if event.key in self.active_bindings:
            return
        self.query_one("#chip-name", Input).value = ""
        self._type_into("chip-name", char)
        event.stop()
        event.prevent_default()

    def _type_into(self, field: str, text: str) -> None:
        widget = self.query_one(f"#{field}", Input)
        widget.value += text
        widget.cursor_position = len(widget.value)
        if self.focused is not widget:
            self._typing = field
            widget.select_on_focus = False  # the letters typed go on after it, not over it
            self.set_focus(widget)

    def name_digit(self, char: str) -> bool:
        """A digit after the start of a condition's name: the suggested name, and the digit starts
        the rounds (True). A note's name may hold digits: one that no condition begins keeps them."""
        name, rounds = self.query_one("#chip-name", Input), self.query_one("#chip-rounds", Input)
        typed = name.value.strip().casefold()
        if not char.isdigit() or not typed or rounds.disabled:
            return False
        if not any(condition.casefold().startswith(typed) for condition in CONDITION_NAMES):
            return False
        name.value = complete(name.value)
        rounds.value = ""
        self._type_into("chip-rounds", char)
        return True

    def on_descendant_blur(self, event) -> None:
        if getattr(event.control, "id", None) == "chip-name":  # Tab to the rounds takes the suggestion
            event.control.value = complete(event.control.value)

    # -- commands up -------------------------------------------------------------------------

    def action_remove(self) -> None:
        chip = self.highlighted_chip
        if chip is None:
            refuse(self, "remove")
            return
        self.post_message(CommandRequested(RemoveChip(self.ref, chip.name, chip.caster)))

    def action_add(self) -> None:
        self.set_focus(self.query_one("#chip-name", Input))  # now, not after the keys typed next

    def action_toggle_next_turn(self) -> None:
        if self._current:
            self._set_next_turn(not self.next_turn)
        else:
            refuse(self, "toggle_next_turn")

    def _set_next_turn(self, on: bool) -> None:
        """Next turn replaces the rounds: the field empties and takes no digits while it is on."""
        self.next_turn = on
        rounds = self.query_one("#chip-rounds", Input)
        if on:
            rounds.value = ""
            if rounds.has_focus:
                self.set_focus(self.query_one("#chip-name", Input))  # not where a disabled field sends it
        rounds.disabled = on
        self._show_next_turn()

    def _show_next_turn(self) -> None:
        if not self._current:
            text = Text(" next turn: fights only", style="dim")
        elif self.next_turn:
            label = self._labels.get(self._current, self._current)
            text = Text(" ")
            text.append(f" until {label}'s next turn ", style="reverse bold")
        else:
            text = Text(" next turn (n): off")
        self.query_one("#chip-next-turn", Static).update(text)

    @on(Input.Submitted, "#chip-name")
    @on(Input.Submitted, "#chip-rounds")
    def _submitted(self, event: Input.Submitted) -> None:
        self._add()

    def _add(self) -> None:
        name_field = self.query_one("#chip-name", Input)
        name = complete(name_field.value)
        if not name:  # Enter on an empty row goes back to the list
            self.set_focus(self.query_one("#chip-list"))
            return
        rounds_text = self.query_one("#chip-rounds", Input).value.strip()
        try:
            rounds = int(rounds_text) if rounds_text else 0
        except ValueError:
            rounds = -1  # the rule refuses it with its own message
        until = self._current if self.next_turn and self._current else ""
        self.post_message(CommandRequested(AddChip(self.ref, name, 0 if until else rounds, until)))
        name_field.value = ""
        self.query_one("#chip-rounds", Input).value = ""
        self._set_next_turn(False)
        self.set_focus(self.query_one("#chip-list"))

    def action_find_target(self) -> None:
        """Another combatant's chips, found by typing part of its label."""
        from combat_tui.screens.dnd5e.target_finder import find_target

        state = self.app.session.state

        def picked(ref: str) -> None:
            self.ref = ref
            self._chips = ()
            self.query_one("#chip-list", OptionList).clear_options()
            self._state_changed(self.app.session)

        find_target(self, "Whose chips", state, self._current or self.ref, "any", self._labels, picked, first=self.ref)

    def action_close(self) -> None:
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted:
            return True
        if action == "remove":
            return True if self.highlighted_chip is not None else None
        if action == "toggle_next_turn":
            return True if self._current else None
        return True

    def refusal(self, action: str, parameters: tuple[object, ...]) -> Reason:
        """Why a key is refused now (screens/refusals.py shows it when pressed)."""
        return key_reasons.chips(self, action, parameters)


class ChipNameInput(Input):
    """The add row's name: a digit typed after the start of a condition's name goes to the rounds."""

    async def _on_key(self, event: events.Key) -> None:
        if event.character is not None and self.screen.name_digit(event.character):
            event.stop()
            event.prevent_default()  # not Input's: the digit is the rounds'


def complete(typed: str) -> str:
    """The name the field shows: the first condition name that `typed` begins (as suggested)."""
    typed = typed.strip()
    if not typed:
        return ""
    folded = typed.casefold()
    return next((name for name in CONDITION_NAMES if name.casefold().startswith(folded)), typed)
