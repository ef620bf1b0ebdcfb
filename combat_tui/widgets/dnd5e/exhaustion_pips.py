"""ExhaustionPips: the row of six numbered pips, filled up to the exhaustion level (ref: Exhaustion).

"A row of six numbered pips sets the level, and the pips up to the current level are filled. The
row is on the character sheet under the chips." The effects of the level follow the row, each
level keeping those below it (2014 rules).
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from combat_tui.systems.dnd5e.exhaustion import effects

LEVELS = 6


def pips(level: int) -> Text:
    """`●1 ●2 ○3 ○4 ○5 ○6` for level 2: numbered, filled up to the level."""
    text = Text(no_wrap=True, end="")
    for number in range(1, LEVELS + 1):
        if number > 1:
            text.append(" ")
        filled = number <= level
        text.append(f"{'●' if filled else '○'}{number}", style="bold" if filled else "dim")
    return text


class ExhaustionPips(Static):
    """`Exhaustion ●1 ●2 ○3 ○4 ○5 ○6  disadvantage on ability checks; speed halved`."""

    DEFAULT_CSS = """
    ExhaustionPips { height: auto; }
    """

    level: int | None = None

    def show(self, level: int, keys: str = "") -> None:
        """Paint `level`; `keys` names the keys that change it (empty where nothing can)."""
        if level == self.level:
            return
        self.level = level
        text = Text("Exhaustion ", style="bold")
        text.append_text(pips(level))
        if keys:
            text.append(f" ({keys})", style="dim")
        what = "; ".join(effects(level)) if level else "none"
        text.append(f"  {what}")
        self.update(text)
