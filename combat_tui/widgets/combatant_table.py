"""CombatantTable: a card per combatant, one row each in turn order, updated cell by cell.

A row shows the turn mark, the label, an HP bar, AC, initiative and the chips (status words for
now). Only the rows whose record, mark or initiative changed are touched; the table is rebuilt
only when the order itself changes (the start, an initiative fix during the fight).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from ..core.rules.dnd5e.view import actor_status
from .hp_bar import hp_bar, theme_styles
from .view import FightView

COLUMNS = (("name", "Combatant"), ("hp", "HP"), ("ac", "AC"), ("chips", "Chips"), ("init", "Init"))
"""Most needed first: a narrow table cuts the last columns (the ribbon shows initiative too)."""
NARROW_BAR, WIDE_BAR = 5, 10


class CombatantTable(DataTable):
    """The combatants' cards; the row cursor follows the inspected (or the current) combatant."""

    DEFAULT_CSS = """
    CombatantTable { height: 1fr; overflow-x: hidden; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(cursor_type="row", id=id, classes=classes)
        self._order: tuple[str, ...] = ()
        self._shown: dict[str, tuple] = {}
        """Per row, what it shows: (record, is current, initiative), compared by identity."""
        self._styles: dict[str, str] = {}
        self._bar = NARROW_BAR
        self._view: FightView | None = None

    def on_mount(self) -> None:
        for key, label in COLUMNS:
            self.add_column(label, key=key)
        self._styles = theme_styles(self.app.theme_variables)

    def show(self, view: FightView, focus_ref: str | None) -> None:
        """Bring the rows up to date and put the cursor on `focus_ref` without an echo."""
        self._view = view
        fight = view.fight
        order = tuple(c.ref for c in fight.combatants)
        with self.prevent(DataTable.RowHighlighted):
            if order != self._order:
                self._rebuild(view, order)
            else:
                self._update(view)
            if focus_ref is not None and focus_ref in view.positions:
                self.move_cursor(row=view.positions[focus_ref], animate=False, scroll=True)

    def on_resize(self) -> None:
        bar = WIDE_BAR if self.size.width >= 70 else NARROW_BAR
        if bar != self._bar:
            self._bar = bar
            self._shown.clear()  # every row repaints with the new bar
            if self._view is not None:
                self._update(self._view)

    def _rebuild(self, view: FightView, order: tuple[str, ...]) -> None:
        self.clear()
        self._shown.clear()
        for index, ref in enumerate(order):
            cells = self._cells(view, index)
            self.add_row(*cells.values(), key=ref)
            self._shown[ref] = self._key(view, index)
        self._order = order

    def _update(self, view: FightView) -> None:
        for index, ref in enumerate(self._order):
            key = self._key(view, index)
            old = self._shown.get(ref)
            if old is not None and all(a is b or a == b for a, b in zip(old, key)):
                continue
            for column, value in self._cells(view, index).items():
                self.update_cell(ref, column, value)
            self._shown[ref] = key

    def _key(self, view: FightView, index: int) -> tuple:
        combatant = view.fight.combatants[index]
        return (view.actors.get(combatant.ref), index == view.fight.turn, combatant.initiative)

    def _cells(self, view: FightView, index: int) -> dict[str, object]:
        combatant = view.fight.combatants[index]
        actor = view.actors[combatant.ref]
        current = index == view.fight.turn
        word = actor_status(actor)
        style = "bold" if current else ("dim strike" if word == "defeated" else ("italic" if word else ""))
        name = Text(("▶ " if current else "  ") + view.label(combatant.ref), style=style)
        return {
            "name": name,
            "hp": hp_bar(actor.hp, actor.max_hp, self._bar, self._styles),
            "ac": Text(str(actor.ac), justify="right"),
            "init": Text(str(combatant.initiative), justify="right"),
            "chips": Text(word, style="italic"),
        }
