"""DamageHealBox: the GM's Damage and Heal box (ref: Combat screen).

The Target select picks who the box acts on and the buttons name it ("Heal Mirelle"); with no
target it reads "Choose a target" and both buttons stay disabled. The Amount starts at 1, each
press sets it back to 1, and an empty field or a number below 1 disables both buttons. Which
target is the default (the inspected combatant, never the current turn's) is the screen's call,
and so is the list: the combatants standing, and the inspected one even when it has fallen.

Whole damage in a few keys ("Fast at the table"): after an Amount is typed, a letter that starts
a target's label (any letter but `d` and `h`, which press the buttons) begins a typed target, and
the digits, letters and spaces after it narrow it ("7 g 2 d" is 7 damage to Goblin 2; "7 gob 2 d"
too). The box shows who it will be as it is typed; a start that fits several (Goblin 1, 2, 3)
goes to the likeliest of them (the screen's order: the inspected one, else the nearest standing
foe of the current combatant for damage, the most hurt for a heal). A key that would fit no one
rings the bell and is left out; Backspace takes one back; `d` or `h` applies it and makes it the
box's target; Esc, Enter, a new inspection or Next turn drop it. No timer drops it: a slow typist
loses nothing. The Target select takes the same type-ahead while it has the focus, from a letter
on (a digit first still starts the Amount; Enter keeps the pick and goes on to the Amount).
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Label, Select

from combat_tui.systems.dnd5e.targets import label_rank, match_label
from combat_tui.widgets.number_input import NumberInput

Order = Callable[[str], list[tuple[str, str]]]
"""(ref, label) of the box's targets for `damage` or `heal`, the likeliest first."""
APPLY = "dh"
"""The keys that press the buttons, never a typed target's."""


class AmountInput(NumberInput):
    """The Amount: its digits go to a typed target instead while one is being typed."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        box = self.parent.parent if self.parent is not None else None
        if isinstance(box, DamageHealBox) and box.typed:
            return False
        return super().check_consume_key(key, character)

    @property
    def waiting(self) -> bool:
        """The field has the focus, or a typed digit asked for it."""
        return self.has_focus or self._focus_pending


class DamageHealBox(Vertical):
    """Target, Amount, and the Damage and Heal buttons; posts `Requested`."""

    DEFAULT_CSS = """
    DamageHealBox { height: auto; }
    DamageHealBox Horizontal { height: auto; }
    DamageHealBox #amount { width: 10; }
    DamageHealBox #dh-typed { color: $text-accent; display: none; }
    DamageHealBox #dh-typed.-shown { display: block; }
    """

    BINDINGS = [
        Binding("d", "press('damage')", "Damage", id="box.damage"),
        Binding("h", "press('heal')", "Heal", id="box.heal"),
    ]
    """`d` and `h` press the buttons, from the Amount field too (it takes digits only)."""

    class Requested(Message):
        """Damage or heal `target` by `amount` (`kind` is `damage` or `heal`)."""

        def __init__(self, kind: str, target: str, amount: int) -> None:
            super().__init__()
            self.kind, self.target, self.amount = kind, target, amount

    class Finished(Message):
        """The Amount field was left (Enter, Esc): focus can go back to the cards."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._labels: dict[str, str] = {}
        self._options: list[tuple[str, str]] = []
        self._order: Order = lambda kind: [(ref, label) for label, ref in self._options]
        self.typed = ""
        """The target typed after an Amount ("g2"), until `d`, `h` or Esc."""
        self._found = ""
        """What the Target select's type-ahead has typed while it has the focus."""
        self._armed = False
        """The last key the screen passed on was a digit: it is starting an Amount."""

    def compose(self) -> ComposeResult:
        yield Select([], prompt="Choose a target", compact=True, id="dh-target")
        with Horizontal():
            yield Label("Amount ")
            yield AmountInput("1", id="amount")
        yield Label("", id="dh-typed")
        yield Button("Damage", compact=True, disabled=True, id="damage-button")
        yield Button("Heal", compact=True, disabled=True, id="heal-button")

    @property
    def target(self) -> str | None:
        value = self.query_one("#dh-target", Select).value
        return None if value is Select.NULL else value

    def aim(self, kind: str) -> str | None:
        """Whom `kind` (`damage`, `heal`) goes to: the typed target, else the select's."""
        if self.typed:
            found = match_label(self._order(kind), self.typed)
            return found[0] if found else None
        return self.target

    @property
    def amount(self) -> int | None:
        try:
            value = int(self.query_one("#amount", Input).value)
        except ValueError:
            return None
        return value if value >= 1 else None

    @property
    def ready(self) -> bool:
        return self.aim("damage") is not None and self.amount is not None

    def set_targets(self, options: list[tuple[str, str]]) -> None:
        """The select's (label, ref) options; the target stays when it is still among them."""
        if options == self._options:
            return
        kept = self.target
        self._options = list(options)
        self._labels = {ref: label for label, ref in options}
        select = self.query_one("#dh-target", Select)
        select.set_options(options)
        if kept in self._labels:
            select.value = kept
        self._refresh_buttons()

    def set_order(self, order: Order) -> None:
        """Where typed targets are looked up (the screen's order, from the rules)."""
        self._order = order

    def set_target(self, ref: str | None) -> None:
        """A new inspection, or Next turn (None): the target, and any typed one goes."""
        self._drop_typed()
        select = self.query_one("#dh-target", Select)
        if ref is None or ref not in self._labels:
            if not select.is_blank():
                select.clear()
        elif select.value != ref:
            select.value = ref
        self._refresh_buttons()

    def type_digit(self, digit: str) -> None:
        """Start typing a new amount: the field takes focus and the digit replaces the number."""
        self.query_one("#amount", NumberInput).type_over(digit)

    # -- type-ahead --------------------------------------------------------------------------

    def take_key(self, event: events.Key) -> bool:
        """Read a key the fight's screen got before its bindings do: a typed target after an
        Amount, or the Target select's type-ahead. True when the key was taken.

        Keys reach the screen before its bindings run, so a fast "7g2d" brings the g here before
        the 7 has moved the focus: a digit that goes on to the bindings arms the box for a letter."""
        taken = self._take(event.key, event.character)
        if not taken:
            self._armed = event.character is not None and event.character.isdigit()
        return taken

    def _take(self, key: str, char: str | None) -> bool:
        if key == "escape":
            self._drop_typed()
            return False  # Esc still leaves the field
        if self.typed:
            if key == "backspace":
                self.typed = self.typed[:-1]
                self._show_typed()
                return True
            if char is None or char in APPLY or not (char.isalnum() or char == " "):
                return False
            self._extend(self.typed + char)
            return True
        armed = self._armed or self.query_one("#amount", AmountInput).waiting
        select = self.query_one("#dh-target", Select)
        if not armed and select.has_focus and not select.expanded:
            return self._select_key(key, char)
        if not armed or char is None or not char.isalpha() or char in APPLY:
            return False
        if not any(label_rank(label, char) in (0, 1) for _, label in self._order("damage")):
            return False  # no label starts so: the letter keeps its key
        self._extend(char)
        return True

    def _extend(self, typed: str) -> None:
        if match_label(self._order("damage"), typed):
            self.typed = typed
            self._show_typed()
        else:
            self._no_match(typed)

    def _drop_typed(self) -> None:
        if self.typed:
            self.typed = ""
            self._show_typed()

    def _show_typed(self) -> None:
        shown = self.query_one("#dh-typed", Label)
        shown.set_class(bool(self.typed), "-shown")
        if self.typed:
            damage, heal = self.aim("damage"), self.aim("heal")
            count = len(match_label(self._order("damage"), self.typed))
            who = self._label(damage) if damage == heal else f"d {self._label(damage)} · h {self._label(heal)}"
            more = f"  ({count} fit: type more)" if count > 1 else ""
            shown.update(f"Typed {self.typed}: {who}{more}")
        self._refresh_buttons()

    def _select_key(self, key: str, char: str | None) -> bool:
        if key == "backspace" and self._found:
            self._found = self._found[:-1]
            self._pick_found()
            return True
        if key == "enter" and self._found:
            self._found = ""
            self._show_found()
            self.query_one("#amount", NumberInput).focus()
            return True
        if char is None or char in APPLY or not (char.isalpha() or (self._found and (char.isdigit() or char == " "))):
            return False  # a digit first is an Amount, as from anywhere on the board
        typed = self._found + char
        if match_label(self._select_order(), typed):
            self._found = typed
            self._pick_found()
        else:
            self._no_match(typed)
        return True

    def _no_match(self, typed: str) -> None:
        """A key that fits no label is dropped, and says so (a bell alone tells a player nothing)."""
        self.app.bell()
        self.notify(f"No one standing has a label that fits '{typed}'; Backspace takes a key back.",
                    severity="warning", timeout=4, markup=False)

    def _select_order(self) -> list[tuple[str, str]]:
        listed = set(self._labels)
        return [(ref, label) for ref, label in self._order("damage") if ref in listed]

    def _pick_found(self) -> None:
        found = match_label(self._select_order(), self._found)
        if found:
            self.query_one("#dh-target", Select).value = found[0]
        self._show_found()

    def _show_found(self) -> None:
        shown = self.query_one("#dh-typed", Label)
        shown.set_class(bool(self._found), "-shown")
        if self._found:
            shown.update(f"Typed {self._found} · Enter: on to the Amount")

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if event.widget.id == "dh-target" and self._found:
            self._found = ""
            self._show_found()

    def _label(self, ref: str | None) -> str:
        return self._labels.get(ref or "", ref or "no one")

    # -- pressing ----------------------------------------------------------------------------

    def action_press(self, kind: str) -> None:
        target = self.aim(kind)
        if target is None or self.amount is None:
            self.app.bell()
            missing = "a target" if target is None else "an Amount (type its digits)"
            self.notify(f"{'Damage' if kind == 'damage' else 'Heal'} needs {missing} first.",
                        severity="warning", timeout=4, markup=False)
            return
        self.post_message(self.Requested(kind, target, self.amount))
        if self.typed:
            self.set_target(target)  # the typed target becomes the box's (Next turn clears it)
        self.query_one("#amount", Input).value = "1"
        self.post_message(self.Finished())

    @on(Button.Pressed, "#damage-button")
    def _damage_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_press("damage")

    @on(Button.Pressed, "#heal-button")
    def _heal_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_press("heal")

    @on(Select.Changed)
    @on(Input.Changed)
    def _changed(self, event: Message) -> None:
        event.stop()
        self._refresh_buttons()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._drop_typed()
        self.post_message(self.Finished())

    def key_escape(self) -> None:
        self._drop_typed()
        self.post_message(self.Finished())

    def _refresh_buttons(self) -> None:
        damage, heal = self.query_one("#damage-button", Button), self.query_one("#heal-button", Button)
        for button, kind, word in ((damage, "damage", "Damage"), (heal, "heal", "Heal")):
            ref = self.aim(kind)
            button.label = f"{word} {self._labels[ref]}" if ref in self._labels else word
        damage.disabled = heal.disabled = not self.ready
