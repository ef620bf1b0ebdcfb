"""FPDeclareDialog: one combatant of the acting group declares an action (R34-R42).

Typing filters the action menu (actions.toml, each with its slot) and ↑↓ move in it; three
lists side by side: the action, the target (anyone in the fight, or none) and the weapon (the
declarer's, or none); an optional label names the action (`Shock` for a technique); a grenade
takes the distance of the throw in feet, with the thrower's maximum range beside it. Tab goes
from field to list, Enter anywhere declares; dismissed with the `Declare` command, or None.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from combat_tui.screens.futurepath.run_here import tell_refusal
from combat_tui.screens.refusals import core_reason
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.grenades import reach
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.systems.futurepath.tables import tables
from combat_tui.systems.futurepath.targets import likeliest_target, likeliest_weapon, target_choices

HINT = "type to find the action · Tab next list · ↑↓ choose · Enter declares · F3 or Esc closes"
SLOT_NAMES = {"free": "Free", "simple": "Simple", "standard": "Standard", "bonus": "Bonus"}


class FPDeclareDialog(ModalScreen[object | None]):
    """The declaration of `ref`; `target` is highlighted first in the target list."""

    CSS_PATH = "declare_dialog.tcss"
    AUTO_FOCUS = "#fp-declare-filter"

    BINDINGS = [
        Binding("escape", "close", "Close", id="fp-declare.close"),
        Binding("f3", "close", "Close", show=False, id="fp-declare.close-f3"),
        Binding("up", "move(-1)", "Previous action", show=False, id="fp-declare.previous"),
        Binding("down", "move(1)", "Next action", show=False, id="fp-declare.next"),
    ]
    """Esc closes; the arrows move the action list while the find line has focus (a focused list
    takes them itself); every list and field declares on Enter."""

    def __init__(self, ref: str, target: str | None = None) -> None:
        super().__init__()
        self.ref = ref
        self.highlighted = target
        """The round screen's highlighted combatant: the likeliest target of an aimed action."""

    def compose(self) -> ComposeResult:
        session = self.app.session
        fp = fp_state(session.state)
        labels = session.system.labels(session.state)
        who = fp.actor(self.ref)
        actions = [Option(Text(f"{rule.name} · {SLOT_NAMES.get(rule.slot, rule.slot)}"
                               + (f" {rule.category.capitalize()}" if rule.category else "")), id=rule.name)
                   for rule in tables().actions]  # fmt: skip
        targets = [Option("(no target)", id="")]
        targets += [Option(Text(labels.get(r, r)), id=r) for r in target_choices(fp, self.ref, self.highlighted)]
        weapons = [Option("(no weapon)", id="")] + [Option(Text(w.name), id=w.name) for w in who.weapons]
        self._actions = actions
        with Vertical(id="fp-declare-box") as box:
            box.border_title = f"{labels.get(self.ref, self.ref)} declares"
            yield Input(placeholder="find an action: att, hide, gren ...", compact=True, id="fp-declare-filter")
            with Horizontal(id="fp-declare-lists"):
                yield OptionList(*actions, id="fp-declare-action")
                yield OptionList(*targets, id="fp-declare-target")
                yield OptionList(*weapons, id="fp-declare-weapon")
            with Horizontal(id="fp-declare-feet-row"):  # before the label: a grenade's Tab reaches it first
                yield Label(f"Distance in feet (at most {reach(who)} ft): ")
                yield Input(placeholder="how far it is thrown", restrict=r"\d{0,5}", compact=True, id="fp-declare-feet")
            with Horizontal(id="fp-declare-label-row"):
                yield Label("Label (optional): ")
                yield Input(placeholder="a name, such as Shock", compact=True, id="fp-declare-label")
            yield Static(HINT, id="fp-declare-hint")

    def on_mount(self) -> None:
        action = self.query_one("#fp-declare-action", OptionList)
        action.border_title = "Action"
        action.highlighted = 0
        target = self.query_one("#fp-declare-target", OptionList)
        target.border_title = "Target"
        weapon = self.query_one("#fp-declare-weapon", OptionList)
        weapon.border_title = "Weapon"
        self._show_feet()

    @on(OptionList.OptionHighlighted, "#fp-declare-action")
    def _show_feet(self) -> None:
        """The distance row is there for a grenade only; an action aimed at someone (an attack,
        a technique, a grenade) starts on the likeliest target, any other on no target; the
        weapon list on the likeliest weapon (a Bonus Attack's is the off-hand one), dimmed for an
        action that names none."""
        rule = tables().action(self._chosen("#fp-declare-action"))
        self.query_one("#fp-declare-feet-row").display = rule is not None and rule.grenade
        aimed = rule is not None and (rule.grenade or rule.category in ("attack", "technique"))
        fp, slot = fp_state(self.app.session.state), rule.slot if rule is not None else ""
        wanted = likeliest_target(fp, self.ref, self.highlighted, slot) if aimed else ""
        _highlight(self.query_one("#fp-declare-target", OptionList), wanted or "")
        weapon = self.query_one("#fp-declare-weapon", OptionList)
        _highlight(weapon, likeliest_weapon(fp, self.ref, slot))
        weapon.disabled = rule is not None and (rule.category != "attack" or rule.grenade)  # Tab skips it

    @on(Input.Changed, "#fp-declare-filter")
    def _filter(self, event: Input.Changed) -> None:
        event.stop()
        wanted = event.value.strip().casefold()
        options = self.query_one("#fp-declare-action", OptionList)
        options.clear_options()
        options.add_options(o for o in self._actions if any(wanted in word for word in _words(o.id)))
        if options.option_count:
            options.highlighted = 0

    def action_move(self, step: int) -> None:
        options = self.query_one("#fp-declare-action", OptionList)
        if options.option_count:
            options.highlighted = ((options.highlighted or 0) + step) % options.option_count

    @on(OptionList.OptionSelected)
    @on(Input.Submitted)
    def _declare(self, event) -> None:
        """A declaration the rules refuse (a throw past the range, a second Standard action) says
        why and keeps the dialog open with what was typed."""
        event.stop()
        command = self.command()
        error = core_reason(self.app.session, command)
        if error is not None:
            tell_refusal(self.app, error)
            return
        self.dismiss(command)

    def command(self) -> fc.Declare:
        """The declaration the lists and the label say."""
        action, target, weapon = (self._chosen(f"#fp-declare-{name}") for name in ("action", "target", "weapon"))
        rule = tables().action(action)
        typed = self.query_one("#fp-declare-filter", Input).value.strip().casefold()
        if rule is not None and typed in rule.aliases:
            action = typed  # `hide` declares as "hide", not as the menu's "use a skill"
        if rule is None or rule.category != "attack" or rule.grenade:
            weapon = ""  # a weapon is named for an attack only (a grenade is its own)
        label = self.query_one("#fp-declare-label", Input).value.strip()
        typed_feet = self.query_one("#fp-declare-feet", Input).value
        feet = int(typed_feet) if rule is not None and rule.grenade and typed_feet else 0
        return fc.Declare(self.ref, action, label, target, weapon, feet=feet)

    def _chosen(self, selector: str) -> str:
        options = self.query_one(selector, OptionList)
        index = options.highlighted
        return "" if index is None else options.get_option_at_index(index).id or ""

    def action_close(self) -> None:
        self.dismiss(None)


def _highlight(options: OptionList, wanted: str) -> None:
    """Highlight the option with id `wanted`, else the first ("no target", "no weapon")."""
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    options.highlighted = ids.index(wanted) if wanted in ids else 0


def _words(action: str) -> tuple[str, ...]:
    """The menu name and the aliases of an action, as the find line matches them."""
    rule = tables().action(action)
    return (action.casefold(), *(rule.aliases if rule is not None else ()))
