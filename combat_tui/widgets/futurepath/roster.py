"""FPRoster: one row per FuturePath combatant, with team, group, HP, AC, Initiative, conditions.

The campaign screen and the round screen show it. Rows are rebuilt only when the set of rows
changes; otherwise the changed cells are updated in place (DESIGN.md §6).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from combat_tui.systems.futurepath.model import FPActor, FuturePath
from combat_tui.systems.futurepath.stats import armor_class, personal
from combat_tui.widgets.quick_cells import QuickCells
from combat_tui.widgets.steady_scrollbars import SteadyScrollbars

COLUMNS = (("name", "Combatant"), ("hp", "HP"), ("ac", "AC"), ("group", "G"), ("conditions", "Conditions"),
           ("init", "Init"), ("team", "Team"))  # fmt: skip
"""The team last: at 80 columns the round screen's roster has room for what changes in a fight.
G is the group: V Vanguard, R Rearguard, J joining at the Counter phase, - not in the fight."""


class FPRoster(SteadyScrollbars, QuickCells, DataTable):
    """The combatants of a FuturePath campaign; the cursor row is the one the keys act on."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=False)
        self._rows: dict[str, tuple] = {}
        self._order: tuple[str, ...] = ()

    def on_mount(self) -> None:
        for key, label in COLUMNS:
            self.add_column(label, key=key)

    @property
    def refs(self) -> tuple[str, ...]:
        return self._order

    @property
    def highlighted(self) -> str | None:
        if not self._order or self.cursor_row is None:
            return None
        return self._order[min(self.cursor_row, len(self._order) - 1)]

    def point_at(self, ref: str) -> None:
        if ref in self._order:
            self.move_cursor(row=self._order.index(ref))

    def show(self, fp: FuturePath, labels: dict[str, str], team_names: dict[str, str]) -> None:
        rows = {actor.id: _row(fp, actor, labels, team_names) for actor in fp.actors}
        order = tuple(rows)
        if order != self._order:
            cursor = self.cursor_row
            self.clear()
            for ref, cells in rows.items():
                self.add_row(*cells, key=ref)
            if order and cursor:
                self.move_cursor(row=min(cursor, len(order) - 1))  # a row added or removed: stay put
            self.refresh(layout=True)  # an auto height follows the new rows
        else:
            for ref, cells in rows.items():
                old = self._rows.get(ref)
                for (key, _), cell, was in zip(COLUMNS, cells, old or (None,) * len(cells), strict=True):
                    if cell != was:
                        self.update_cell(ref, key, cell, update_width=True)
        self._order, self._rows = order, rows


def _row(fp: FuturePath, actor: FPActor, labels: dict[str, str], team_names: dict[str, str]) -> tuple:
    fight = fp.fight
    running = fight is not None and fight.stage == "running"
    mark, group = " ", ""
    if running:
        from combat_tui.systems.futurepath.rounds import acting, is_down  # rules: imported for a running fight alone

        if fight.phase == "action" and fight.turn < len(fight.turns) and actor.id in acting(fp, fight):
            mark = "▶"
        for team in fight.teams:
            if actor.id in team.members:
                group = "V" if actor.id in team.vanguard else "R"
        if actor.id in fight.joiners:
            group = "J"
        elif actor.id not in fight.present:
            group = "-"
    hp = f"{actor.hp}/{actor.max_hp}"
    if running and actor.id in fight.present and is_down(fp, fight, actor.id):
        hp += " " + (dict(fight.out).get(actor.id) or "down")
    conditions = ", ".join(f"{c.name} {c.rounds}" if c.rounds else c.name for c in actor.conditions)
    return (
        Text(f"{mark}{labels.get(actor.id, actor.name)}"), Text(hp), str(armor_class(actor)), group,
        Text(conditions), str(personal(fp, fight, actor.id)), Text(team_names.get(actor.team, actor.team)),
    )  # fmt: skip
