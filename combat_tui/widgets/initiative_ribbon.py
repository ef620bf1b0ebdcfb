"""InitiativeRibbon: the combatants in turn order on one line, the current turn marked.

Only the chips that fit are built (a window around the current or the inspected combatant), so
a fight of 2,000 combatants costs the same per key as a fight of eight.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ..core.rules.dnd5e.view import actor_status
from .view import FightView

SEPARATOR = " │ "


class InitiativeRibbon(Widget):
    """The turn order as chips: `▶` marks the current turn, `◆` the inspected combatant."""

    DEFAULT_CSS = """
    InitiativeRibbon { height: 1; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._view: FightView | None = None
        self._inspected: str | None = None

    def show(self, view: FightView, inspected: str | None) -> None:
        self._view, self._inspected = view, inspected
        self.refresh()

    def render(self) -> Text:
        view = self._view
        if view is None or view.fight is None:
            return Text("")
        fight = view.fight
        count = len(fight.combatants)
        focus = view.positions.get(self._inspected, fight.turn) if self._inspected else fight.turn
        start = max(0, focus - 2)
        text = Text(f"Round {fight.round} ", style="bold", no_wrap=True, end="")
        if start:
            text.append(f"◂{start} ", style="dim")
        room = self.size.width - text.cell_len
        index = start
        while index < count:
            chip = self._chip(view, index)
            tail = len(f" ▸{count - index - 1}") if index < count - 1 else 0
            if index > start and chip.cell_len + len(SEPARATOR) + tail > room:
                break
            if index > start:
                text.append(SEPARATOR, style="dim")
                room -= len(SEPARATOR)
            text.append_text(chip)
            room -= chip.cell_len
            index += 1
        if index < count:
            text.append(f" ▸{count - index}", style="dim")
        return text

    def _chip(self, view: FightView, index: int) -> Text:
        combatant = view.fight.combatants[index]
        ref = combatant.ref
        actor = view.actors.get(ref)
        current = index == view.fight.turn
        mark = "▶" if current else ("◆" if ref == self._inspected else "")
        style = "bold reverse" if current else ("underline" if ref == self._inspected else "")
        if actor is not None and actor_status(actor) == "defeated":
            style += " dim strike"
        return Text(f"{mark}{view.label(ref)} {combatant.initiative}", style=style.strip())
