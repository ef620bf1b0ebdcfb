"""FPTrapsDialog: the traps and mines in the area, and what combatants do with them (R85-R94).

Left, each trap with its detonator, the DC to detect it, the save DC, what it does, whether it is
armed (and by which team), gone off or disarmed, and who found it; right, the combatants in the
fight: the cursor row is who acts (spots, searches, disarms, places, fires a remote trap), and
the ticked rows (space) are those in the area when a trap goes off. Keys: `a` puts a new trap in
the area (a form), `s` spots it with Passive Perception and `S` searches (a Standard action),
`t` sets it off on the ticked, `d` disarms it, `p` places it (arms it for the acting combatant's
team); digits type the bonus of the disarm or placing check. Each key runs its command at once;
the lines it wrote show here (the log is under the dialog) and a refusal shows as a message.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, SelectionList, Static
from textual.widgets.option_list import Option
from textual.widgets.selection_list import Selection

from combat_tui.screens.futurepath.run_here import run
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.labels import team_names
from combat_tui.systems.futurepath.model import Trap
from combat_tui.systems.futurepath.stats import fp_state
from combat_tui.systems.futurepath.trap_view import trap_line, trap_ref
from combat_tui.widgets.number_input import NumberInput

HINT = ("a new trap · s spot · S search · t trigger on the ticked (a remote one: by the cursor's) · d disarm · "
        "p place · space ticks · digits: check bonus · Tab next list · q or Esc closes")  # fmt: skip


class FPTrapsDialog(ModalScreen[None]):
    """The traps of the area; `ref` is the combatant the cursor starts on."""

    CSS_PATH = "trap_dialog.tcss"
    AUTO_FOCUS = "#fp-traps-who"

    BINDINGS = [
        Binding("escape", "close", "Close", id="fp-traps.close", tooltip="Back to the round"),
        Binding("q", "close", "Close", show=False, id="fp-traps.close-q", tooltip="Back to the round"),
        Binding("a", "add", "New trap", id="fp-traps.add", tooltip="Put a trap or mine in the area (a form)"),
        Binding("s", "spot(False)", "Spot", id="fp-traps.spot",
                tooltip="The cursor's combatant looks for the trap with Passive Perception"),
        Binding("S", "spot(True)", "Search", id="fp-traps.search",
                tooltip="An active search (a Standard action): d20 + the Perception bonus"),
        Binding("t", "trigger", "Trigger", id="fp-traps.trigger",
                tooltip="The trap goes off on the ticked combatants; a remote one is fired by the cursor's"),
        Binding("d", "disarm", "Disarm", id="fp-traps.disarm",
                tooltip="The cursor's combatant disarms the trap (with the bonus typed), in combat at a disadvantage"),
        Binding("p", "place", "Place", id="fp-traps.place",
                tooltip="The cursor's combatant sets the trap (INT, DC 5): armed for their team"),
        *(Binding(digit, f"bonus('{digit}')", "Check bonus: type it", show=False, id=f"fp-traps.digit-{digit}",
                  group=Binding.Group("Check bonus: type it"), tooltip="The bonus of the disarm or placing check") for digit in "0123456789"),
    ]  # fmt: skip

    def __init__(self, ref: str | None = None) -> None:
        super().__init__()
        self.ref = ref

    def compose(self) -> ComposeResult:
        session = self.app.session
        fp = fp_state(session.state)
        labels = session.system.labels(session.state)
        present = fp.fight.present if fp.fight is not None else tuple(a.id for a in fp.actors)
        who = [Selection(Text(labels.get(r, r)), r) for r in present]
        with Vertical(id="fp-traps-box") as box:
            box.border_title = "Traps and mines"
            with Horizontal(id="fp-traps-lists"):
                yield OptionList(id="fp-traps-list")
                yield SelectionList[str](*who, id="fp-traps-who")
            with Horizontal(id="fp-traps-bonus-row"):
                yield Label("Check bonus (disarm, place): ")
                yield NumberInput("0", id="fp-traps-bonus")
            yield Static("", id="fp-traps-last")
            yield Static(HINT, id="fp-traps-hint")

    def on_mount(self) -> None:
        self.query_one("#fp-traps-list", OptionList).border_title = "In the area"
        who = self.query_one("#fp-traps-who", SelectionList)
        who.border_title = "Who (cursor acts · ticked: in the area)"
        refs = [who.get_option_at_index(i).value for i in range(who.option_count)]
        who.highlighted = refs.index(self.ref) if self.ref in refs else 0
        self._list_traps()

    # -- state down --------------------------------------------------------------------------

    def _list_traps(self, keep: str | None = None) -> None:
        session = self.app.session
        fp = fp_state(session.state)
        labels, teams = session.system.labels(session.state), team_names(session.state)
        traps = self.query_one("#fp-traps-list", OptionList)
        was = keep or self._trap_id()
        traps.clear_options()
        traps.add_options(Option(Text(trap_line(t, labels, teams)), id=t.id) for t in fp.traps)
        if not fp.traps:
            traps.add_option(Option("No traps yet: a puts one in the area", id="", disabled=True))
            return
        ids = [t.id for t in fp.traps]
        traps.highlighted = ids.index(was) if was in ids else 0

    def _trap_id(self) -> str | None:
        traps = self.query_one("#fp-traps-list", OptionList)
        if traps.highlighted is None or not traps.option_count:
            return None
        return traps.get_option_at_index(traps.highlighted).id or None

    def _trap(self) -> Trap | None:
        fp = fp_state(self.app.session.state)
        wanted = self._trap_id()
        return next((t for t in fp.traps if t.id == wanted), None)

    def _who(self) -> str | None:
        who = self.query_one("#fp-traps-who", SelectionList)
        return None if who.highlighted is None else who.get_option_at_index(who.highlighted).value

    def _bonus(self) -> int:
        try:
            return int(self.query_one("#fp-traps-bonus", NumberInput).value)
        except ValueError:
            return 0

    # -- commands up -------------------------------------------------------------------------

    def _run(self, command: object, keep: str | None = None) -> None:
        lines = run(self.app, command)
        if lines is not None:
            self.query_one("#fp-traps-last", Static).update(Text("\n".join(lines)))
            self._list_traps(keep)

    def _needs_trap(self) -> Trap | None:
        trap = self._trap()
        if trap is None:
            self.notify("No trap is chosen: a puts one in the area.", severity="warning", timeout=4, markup=False)
        return trap

    def action_add(self) -> None:
        from combat_tui.screens.futurepath.trap_form import FPTrapForm

        def placed(command: object | None) -> None:
            if command is not None:
                before = {t.id for t in fp_state(self.app.session.state).traps}
                self._run(command)
                added = [t.id for t in fp_state(self.app.session.state).traps if t.id not in before]
                if added:
                    self._list_traps(added[0])

        self.app.push_screen(FPTrapForm(), placed)

    def action_spot(self, search: bool) -> None:
        trap, who = self._needs_trap(), self._who()
        if trap is not None and who is not None:
            self._run(fc.SpotTrap(who, trap_ref(fp_state(self.app.session.state), trap), search))

    def action_trigger(self) -> None:
        trap = self._needs_trap()
        if trap is None:
            return
        targets = tuple(self.query_one("#fp-traps-who", SelectionList).selected)
        if not targets:
            self.notify(f"Who is in the {trap.name}'s area? Tick them (space), then t.", severity="warning",
                        timeout=5, markup=False)  # fmt: skip
            return
        by = (self._who() or "") if trap.trigger == "remote" else ""
        self._run(fc.TriggerTrap(trap_ref(fp_state(self.app.session.state), trap), targets, by))

    def action_disarm(self) -> None:
        trap, who = self._trap(), self._who()
        if who is not None:  # no trap chosen: a bare Disable Device check against DC 10
            name = trap_ref(fp_state(self.app.session.state), trap) if trap is not None else ""
            self._run(fc.Disarm(who, 0 if trap is not None else 10, self._bonus(), name))

    def action_place(self) -> None:
        trap, who = self._trap(), self._who()
        if who is not None:  # no trap chosen: a bare setting check against DC 5
            name = trap_ref(fp_state(self.app.session.state), trap) if trap is not None else ""
            self._run(fc.PlaceTrap(who, self._bonus(), name))

    def action_bonus(self, digit: str) -> None:
        self.query_one("#fp-traps-bonus", NumberInput).type_over(digit)

    def action_close(self) -> None:
        self.dismiss(None)
