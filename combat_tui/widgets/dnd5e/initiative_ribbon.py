"""InitiativeRibbon: the combatants in turn order on one line, the current turn marked.

Only the chips that fit are built (a window around the inspected or the current combatant), and
of those only the ones that changed, so a fight of 2,000 combatants costs the same per key as a
fight of eight. When the inspected combatant's window leaves the current turn out, the current
turn's chip is pinned at the start. A combatant that cannot act (a condition such as Stunned, or
down at 0 HP) is dimmed in italics; a defeated one is struck through.
"""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from combat_tui.systems.dnd5e.fight_view import FightView

SEPARATOR = " │ "
PIN = " ┊ "


class InitiativeRibbon(Widget):
    """The turn order as chips: `▶` marks the current turn, `◆` the inspected combatant."""

    DEFAULT_CSS = """
    InitiativeRibbon { height: 1; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._view: FightView | None = None
        self._inspected: str | None = None
        self._chips: dict[str, tuple[tuple, Text]] = {}
        """Per ref, the chip last built and what it showed (record, marks, label, initiative), so
        a key press builds only the chips that changed. Only the last render's chips are kept: as
        the turn walks a fight of thousands, a chip for every combatant would pile up here."""
        self._used: dict[str, tuple[tuple, Text]] = {}
        """The chips the render under way has asked for."""

    def show(self, view: FightView, inspected: str | None) -> None:
        self._view, self._inspected = view, inspected
        self.refresh()

    def render(self) -> Text:
        view = self._view
        if view is None or view.fight is None or not view.fight.combatants:
            return Text("")
        fight = view.fight
        focus = view.positions.get(self._inspected, fight.turn) if self._inspected else fight.turn
        head = Text(f"Round {fight.round} ", style="bold", no_wrap=True, end="")
        self._used = {}
        line, shown = self._line(view, head, focus)
        if fight.turn not in shown:
            pinned = head.copy()
            pinned.append_text(self._chip(view, fight.turn))
            pinned.append(PIN, style="dim")
            line, _ = self._line(view, pinned, focus)
        self._chips, self._used = self._used, {}
        return line

    def _line(self, view: FightView, head: Text, focus: int) -> tuple[Text, range]:
        """`head`, then as many chips as fit from a start that keeps `focus` in view."""
        count = len(view.fight.combatants)
        room = max(10, self.size.width - head.cell_len - 4)  # 4: the ◂n and ▸n marks
        start = self._start(view, focus, room)
        text = head.copy()
        if start:
            text.append(f"◂{start} ", style="dim")
        index = start
        while index < count:
            chip = self._chip(view, index)
            width = chip.cell_len + (len(SEPARATOR) if index > start else 0)
            if index > focus and width > room:
                break
            if index > start:
                text.append(SEPARATOR, style="dim")
            text.append_text(chip)
            room -= width
            index += 1
        if index < count:
            text.append(f" ▸{count - index}", style="dim")
        return text, range(start, index)

    def _start(self, view: FightView, focus: int, room: int) -> int:
        """0 when the chips up to the focus fit; else go back from the focus over a third of the room."""
        used = 0
        for index in range(focus + 1):
            used += self._chip(view, index).cell_len + len(SEPARATOR)
            if used > room * 2 // 3:
                break
        else:
            return 0
        start, used = focus, self._chip(view, focus).cell_len
        while start > 0:
            used += self._chip(view, start - 1).cell_len + len(SEPARATOR)
            if used > room // 3:
                break
            start -= 1
        return start

    def _chip(self, view: FightView, index: int) -> Text:
        combatant = view.fight.combatants[index]
        ref = combatant.ref
        key = (view.actors.get(ref), index == view.fight.turn, ref == self._inspected, view.label(ref),
               combatant.initiative)  # fmt: skip
        cached = self._used.get(ref) or self._chips.get(ref)
        if cached is None or not all(a is b or a == b for a, b in zip(cached[0], key, strict=True)):
            cached = (key, self._new_chip(view, index))
        self._used[ref] = cached
        return cached[1]

    def _new_chip(self, view: FightView, index: int) -> Text:
        combatant = view.fight.combatants[index]
        ref = combatant.ref
        shown = view.views.get(ref)  # None: a ref with no record (the chip shows it unstyled)
        current = index == view.fight.turn
        mark = "▶" if current else ("◆" if ref == self._inspected else "")
        style = "bold reverse" if current else ("underline" if ref == self._inspected else "")
        if shown is not None:
            if shown.status == "defeated":
                style += " dim strike"
            elif shown.status or shown.stopped:
                style += " dim italic"  # it cannot act: it loses its turns or rolls death saves
        return Text(f"{mark}{view.label(ref)} {combatant.initiative}", style=style.strip())
