"""SetupScreen: the default lists with their rolled initiative, each value editable; the Stealth
contest; Party members elsewhere and Add nearby foes; Start, Parley or Cancel.

ref: Combat setup — the party side and the foes, the lists below them; ref: Stealth contest;
ref: Initiative — "values editable until the start".
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import DataTable, Input, Label, Static

from combat_tui.core.session import Session
from combat_tui.screens.messages import CommandRequested
from combat_tui.screens.one_frame import OneFrameScreen
from combat_tui.systems.dnd5e.checks import passive_perception
from combat_tui.systems.dnd5e.commands import (
    CancelSetup,
    JoinFight,
    Parley,
    RollStealth,
    SetInitiative,
    SetSneakers,
    SetStealth,
    SetSurprised,
    StartFight,
    UnjoinFight,
)
from combat_tui.systems.dnd5e.joining import join_lists
from combat_tui.systems.dnd5e.model import Campaign, Combatant
from combat_tui.systems.dnd5e.stealth import SNEAKERS, contests, outcome_line, roles
from combat_tui.widgets.key_footer import KeyFooter
from combat_tui.widgets.number_input import NumberInput
from combat_tui.widgets.steady_scrollbars import SteadyTable
from combat_tui.widgets.travelogue import Travelogue

COLUMNS = (("side", "Side"), ("name", "Combatant"), ("init", "Init"), ("dex", "DEX"), ("stealth", "Stealth"),
           ("pp", "PP"), ("surprised", "Surprised"))  # fmt: skip
LIST_COLUMNS = (("join", "Join"), ("name", "Elsewhere · nearby foes"), ("where", "Where"))
SNEAK_WORDS = {"none": "No one", "party": "The party", "foes": "The foes", "both": "Both sides"}
HELP = "i or a digit: initiative · x: Surprised · Tab: the lists below"


class SetupScreen(OneFrameScreen):
    """Combat setup: one row per combatant, party side first, then the foes; the lists to join below."""

    CSS_PATH = "setup.tcss"
    AUTO_FOCUS = "#setup-table"

    BINDINGS = [
        Binding("s", "start", "Start fight", id="setup.start", tooltip="Start the fight in initiative order"),
        Binding("c", "cancel", "Cancel setup", id="setup.cancel"),
        Binding("x", "surprised", "Surprised", id="setup.surprised",
                tooltip="Tick or clear Surprised on the highlighted row (it wears the chip at Start)"),
        Binding("y", "parley", "Parley", id="setup.parley",
                tooltip="Settle the encounter without a fight: the foes stand down and turn neutral"),
        Binding("w", "sneaks", "Who sneaks", id="setup.sneaks",
                tooltip="Who sneaks: No one, the party, the foes, Both sides (the Stealth contest)"),
        Binding("r", "roll_stealth", "Roll Stealth", id="setup.roll-stealth",
                tooltip="Roll Stealth for each sneaker row without a total"),
        Binding("t", "type_stealth", "Type Stealth", id="setup.type-stealth",
                tooltip="Type the Stealth total of the highlighted sneaker row (empty clears it)"),
        Binding("j", "join", "Join", id="setup.join",
                tooltip="Tick or clear Join on the highlighted row of the lists below (or a joined row above)"),
        Binding("i", "edit", "Edit initiative", id="setup.edit-initiative"),
        Binding("plus,equals_sign", "step(1)", "Initiative +1", key_display="+", show=False, id="setup.initiative-up"),
        Binding("minus", "step(-1)", "Initiative -1", key_display="-", show=False, id="setup.initiative-down"),
        *(Binding(digit, f"edit('{digit}')", "Type the initiative", show=False, id=f"setup.digit-{digit}",
                  group=Binding.Group("Type the initiative")) for digit in "0123456789"),
    ]  # fmt: skip
    """Every action has a letter key; Enter on a row edits it (or ticks Join in the lists)."""

    def __init__(self) -> None:
        super().__init__()
        self._shown: dict[str, tuple] = {}
        self._order: tuple[str, ...] = ()
        self._editing: tuple[str, str] | None = None
        """(what, ref) of the open editor: `init` or `stealth`."""
        self._lists: tuple[tuple[str, object], ...] = ()
        """The rows of the lists below: (key, what a Join press does) in table order."""
        self._shown_lists: tuple = ()
        self._sneaks = "none"
        self._combatants: dict[str, Combatant] = {}

    def compose(self) -> ComposeResult:
        yield Static("", id="setup-title", classes="title-bar")
        yield Static("", id="setup-sneaks")
        yield SteadyTable(id="setup-table", cursor_type="row", classes="box")
        with Horizontal(id="init-editor"):
            yield Label("", id="init-label")
            yield NumberInput(id="init-value")
        with Horizontal(id="setup-bottom"):
            yield SteadyTable(id="join-table", cursor_type="row", classes="box")
            yield Travelogue(id="setup-log", classes="box")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one("#setup-table", DataTable)
        for key, label in COLUMNS:
            table.add_column(label, key=key)
        table.border_title = "Party side and foes"
        table.border_subtitle = HELP
        lists = self.query_one("#join-table", DataTable)
        for key, label in LIST_COLUMNS:
            lists.add_column(label, key=key)
        lists.border_title = "Party members elsewhere · Add nearby foes"
        lists.border_subtitle = "j or Enter: Join"
        self.query_one(Travelogue).border_title = "Log"
        self.query_one("#init-editor").display = False
        self.app.state_changed.subscribe(self, self._state_changed)
        self._state_changed(self.app.session)

    def _state_changed(self, session: Session) -> None:
        state = session.state
        if state.fight is None or state.fight.stage != "setup":
            return  # on its way out
        labels = session.system.labels(state)
        self.query_one("#setup-title", Static).update(Text(f"{state.name} · Combat setup"))
        self._combatants = {c.ref: c for c in state.fight.combatants}
        self._sneaks = state.fight.sneaks
        self._show_sneaks(state, labels)
        self._fill(state, labels)
        self._fill_lists(state, labels)
        self.query_one(Travelogue).show(session.log)

    # -- the Stealth contest ------------------------------------------------------------------

    def _show_sneaks(self, state: Campaign, labels: dict[str, str]) -> None:
        text = Text("Who sneaks: ", style="bold")
        text.append(SNEAK_WORDS[state.fight.sneaks])
        if state.fight.sneaks == "none":
            text.append(" · w picks a side for a Stealth contest", style="dim")
        else:
            text.append(" · r rolls Stealth, t types a total", style="dim")
            found = contests(state)
            for contest in found:
                text.append("\n" + outcome_line(contest, labels))
            if not found:
                text.append("\nNo Stealth total yet.", style="dim")
        self.query_one("#setup-sneaks", Static).update(text)

    def _cells(self, state: Campaign, c: Combatant, role: tuple[bool, bool], labels: dict[str, str]) -> tuple:
        sneaker, watcher = role
        stealth = ("·" if c.stealth is None else str(c.stealth)) if sneaker else ""
        pp = str(passive_perception(state.actor(c.ref))) if watcher else ""
        side = "party side" if c.side == "party" else "foe"
        if c.joined:
            side += " +"
        return (side, labels.get(c.ref, c.ref), str(c.initiative), f"{c.dex_mod:+d}", stealth, pp, _box(c.surprised))

    def _fill(self, state: Campaign, labels: dict[str, str]) -> None:
        table = self.query_one("#setup-table", DataTable)
        combatants = state.fight.combatants
        found = roles(state.fight)
        order = tuple(c.ref for c in combatants)
        if order != self._order:
            table.clear()
            self._shown.clear()
            for c in combatants:
                cells = self._cells(state, c, found[c.ref], labels)
                table.add_row(*map(Text, cells), key=c.ref)
                self._shown[c.ref] = cells
            self._order = order
            return
        keys = [key for key, _ in COLUMNS]
        for c in combatants:  # update cells in place: a rebuild per key is slow
            cells = self._cells(state, c, found[c.ref], labels)
            shown = self._shown.get(c.ref)
            if shown != cells:
                for index, value in enumerate(cells):
                    if shown is None or shown[index] != value:
                        table.update_cell(c.ref, keys[index], Text(value))
                self._shown[c.ref] = cells

    # -- Party members elsewhere and Add nearby foes ------------------------------------------

    def _fill_lists(self, state: Campaign, labels: dict[str, str]) -> None:
        characters, foes, groups = join_lists(state)
        rows: list[tuple[str, tuple, object]] = []
        for character, distance, joined in characters:
            rows.append((f"char:{character.id}", (_box(joined), labels.get(character.id, character.name),
                                                  _where(distance)), (character.id, joined)))  # fmt: skip
        group_of = {refs[0]: (tile, refs, joined) for tile, refs, joined in groups}
        for creature, distance, joined in foes:
            if creature.id in group_of:  # ref: Combat setup — the box sits above the foes of its tile
                tile, refs, all_joined = group_of[creature.id]
                rows.append((f"group:{tile.map}:{tile.x}:{tile.y}",
                             (_box(all_joined), f"Add the whole group ({len(refs)} on one tile)", ""),
                             (refs, all_joined)))  # fmt: skip
            rows.append((f"foe:{creature.id}", (_box(joined), labels.get(creature.id, creature.name),
                                                _where(distance)), (creature.id, joined)))  # fmt: skip
        shown = tuple((key, cells) for key, cells, _ in rows)
        self._lists = tuple((key, action) for key, _, action in rows)
        table = self.query_one("#join-table", DataTable)
        table.display = bool(rows)
        if shown == self._shown_lists:
            return
        keys = [key for key, _ in self._shown_lists]
        if keys == [key for key, _ in shown]:
            for (key, cells), (_, old) in zip(shown, self._shown_lists):
                for column, value, before in zip(LIST_COLUMNS, cells, old):
                    if value != before:
                        table.update_cell(key, column[0], Text(value))
        else:
            at = table.cursor_row
            table.clear()
            for key, cells in shown:
                table.add_row(*map(Text, cells), key=key)
            if rows:
                table.move_cursor(row=min(at or 0, len(rows) - 1))
        self._shown_lists = shown

    def action_join(self) -> None:
        """j: tick or clear Join on the lists' row; on a joined row of the table above, clear it."""
        if self.focused is self.query_one("#join-table", DataTable):
            table = self.query_one("#join-table", DataTable)
            if not self._lists or table.cursor_row is None:
                return
            key, action = self._lists[min(table.cursor_row, len(self._lists) - 1)]
            target, joined = action
            if key.startswith("group:"):
                if joined:  # every one joined: clear them all
                    for ref in target:
                        self.post_message(CommandRequested(UnjoinFight(ref)))
                else:
                    waiting = tuple(ref for ref in target if ref not in self._combatants)
                    self.post_message(CommandRequested(JoinFight(waiting)))
            elif joined:
                self.post_message(CommandRequested(UnjoinFight(target)))
            else:
                self.post_message(CommandRequested(JoinFight((target,))))
            return
        ref = self._row_ref()
        if ref is not None:
            if self._combatants[ref].joined:
                self.post_message(CommandRequested(UnjoinFight(ref)))
            else:
                self.app.notify("Join is for the lists below (Tab goes there); this row is on setup's own list.",
                                severity="warning")  # fmt: skip

    @on(DataTable.RowSelected, "#join-table")
    def _join_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_join()

    # -- keys ---------------------------------------------------------------------------------

    def _row_ref(self) -> str | None:
        table = self.query_one("#setup-table", DataTable)
        if not self._order or table.cursor_row is None:
            return None
        return self._order[min(table.cursor_row, len(self._order) - 1)]

    def action_start(self) -> None:
        self.post_message(CommandRequested(StartFight()))

    def action_cancel(self) -> None:
        self.post_message(CommandRequested(CancelSetup()))

    def action_surprised(self) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(SetSurprised(ref, not self._combatants[ref].surprised)))

    def action_parley(self) -> None:
        self.post_message(CommandRequested(Parley()))

    def action_sneaks(self) -> None:
        following = SNEAKERS[(SNEAKERS.index(self._sneaks) + 1) % len(SNEAKERS)]
        self._sneaks = following  # a second quick press steps on before the state comes back
        self.post_message(CommandRequested(SetSneakers(following)))

    def action_roll_stealth(self) -> None:
        self.post_message(CommandRequested(RollStealth()))

    def action_step(self, step: int) -> None:
        ref = self._row_ref()
        if ref is not None:
            self.post_message(CommandRequested(SetInitiative(ref, self._combatants[ref].initiative + step)))

    def action_edit(self, digit: str = "") -> None:
        """Open the editor on the row's initiative; a digit starts typing over it."""
        if digit and self._editing is not None:
            # A quick typist's digits can beat the editor's focus: they belong to the open editor.
            self.query_one("#init-value", NumberInput).type_over(digit)
            return
        self._open_editor("init", digit)

    def action_type_stealth(self) -> None:
        self._open_editor("stealth", "")

    def _open_editor(self, what: str, digit: str) -> None:
        ref = self._row_ref()
        if ref is None:
            return
        self._editing = (what, ref)
        label = self.query_one("#setup-table", DataTable).get_cell(ref, "name")
        title = "Initiative" if what == "init" else "Stealth total"
        self.query_one("#init-label", Label).update(Text(f"{title} of {label} (Enter saves, Esc keeps): "))
        self.query_one("#init-editor").display = True
        field = self.query_one("#init-value", NumberInput)
        if digit:
            field.type_over(digit)
        else:
            c = self._combatants[ref]
            value = c.initiative if what == "init" else c.stealth
            field.value = "" if value is None else str(value)
            field.focus()  # selects the number, so the next digits type over it

    @on(DataTable.RowSelected, "#setup-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if self._editing is not None:  # Enter before the editor took focus: it saves, as there
            self._submit(self.query_one("#init-value", NumberInput).value)
        else:
            self.action_edit()

    @on(Input.Submitted, "#init-value")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit(event.value)

    def _submit(self, text: str) -> None:
        editing, self._editing = self._editing, None
        self._close_editor()
        if editing is None:
            return
        what, ref = editing
        try:
            value = int(text)
        except ValueError:
            value = None
        c = self._combatants[ref]
        if what == "init":
            if value is not None and value != c.initiative:  # an empty line keeps the value
                self.post_message(CommandRequested(SetInitiative(ref, value)))
        elif value != c.stealth:  # an empty line clears the total
            self.post_message(CommandRequested(SetStealth(ref, value)))

    def key_escape(self) -> None:
        if self._editing is not None:
            self._editing = None
            self._close_editor()

    def _close_editor(self) -> None:
        self.query_one("#init-editor").display = False
        self.query_one("#setup-table", DataTable).focus()


def _box(ticked: bool) -> str:
    return "[x]" if ticked else "[ ]"


def _where(distance: int | None) -> str:
    if distance is None:
        return "another map"
    return f"{distance} tile{'s' if distance != 1 else ''}"
