"""Chips as the combat widgets show them: short labels styled by kind, fitted into a table cell or
flowed over the lines of a card.

The parts come from the rules (`chip_parts` in systems/dnd5e/view.py, through the combatant's view
record); this module only lays them out. Kinds, most pressing first: `status` (dying, defeated ...),
`stop` (a condition that takes the turn, such as Stunned), `rule` (a condition or a spell chip with
a rule, such as Poisoned or Shield of Faith), `exhaustion`, `note` (a chip with no rule: a reminder
for the table).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

from combat_tui.systems.dnd5e.view import Part
from combat_tui.widgets.dnd5e.hp_bar import parse_style

SEPARATOR = " · "


def chip_styles(variables: dict[str, str]) -> dict[str, str]:
    """Each kind's Rich style from the app's theme variables (so themes decide the colours)."""
    error = parse_style(variables.get("text-error", "red"), "red")
    warning = parse_style(variables.get("text-warning", "yellow"), "yellow")
    muted = parse_style(variables.get("foreground-muted", "grey62"), "grey62")
    return {
        "status": "italic",
        "stop": f"bold {error}",
        "rule": warning,
        "exhaustion": warning,
        "note": f"italic {muted}",
        "separator": "dim",
    }


def _append(text: Text, part: Part, styles: dict[str, str]) -> None:
    text.append(part[0], style=styles.get(part[1], ""))


def fit_chips(parts: Sequence[Part], width: int, styles: dict[str, str]) -> Text:
    """One line of at most `width` cells: every part when they fit; else the parts that fit and
    `+N` for the rest (the first part cut with an ellipsis when even it does not fit)."""
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    widths = [Text(label).cell_len for label, _ in parts]
    total = sum(widths) + len(SEPARATOR) * max(0, len(parts) - 1)
    count, used = len(parts), total
    if total > width:
        count, used = 0, 0
        for index, cells in enumerate(widths):
            more = len(f" +{len(parts) - index - 1}") if index < len(parts) - 1 else 0
            need = used + (len(SEPARATOR) if index else 0) + cells
            if need + more > width:
                break
            used, count = need, index + 1
    for index, part in enumerate(parts[:count]):
        if index:
            text.append(SEPARATOR, style=styles.get("separator", ""))
        _append(text, part, styles)
    if count == 0 and parts:  # the first part alone is too long: cut it, keep the count of the rest
        more = f" +{len(parts) - 1}" if len(parts) > 1 else ""
        first = Text(parts[0][0], style=styles.get(parts[0][1], ""))
        first.truncate(max(1, width - len(more)), overflow="ellipsis")
        text.append_text(first)
        count = 1
    if count < len(parts):
        text.append(f" +{len(parts) - count}", style=styles.get("separator", ""))
    if text.cell_len > width:
        text.truncate(width, overflow="ellipsis")
    return text


class ChipCell:
    """A table cell of chips that fits itself to the width it is rendered at, so the column can
    change width (a resize, a scrollbar) without the rows being rebuilt."""

    __slots__ = ("parts", "styles", "_width")

    def __init__(self, parts: Sequence[Part], styles: dict[str, str]) -> None:
        self.parts = tuple(parts)
        self.styles = styles
        self._width = sum(Text(label).cell_len for label, _ in parts) + len(SEPARATOR) * max(0, len(parts) - 1)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.fitted(options.max_width)

    def fitted(self, width: int) -> Text:
        """The chips as the text that fits `width` cells (`QuickCells` draws that text itself)."""
        return fit_chips(self.parts, width, self.styles)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(min(self._width, 1), self._width)

    @property
    def plain(self) -> str:
        """The chips as text, every one of them (for tests and a screen reader)."""
        return SEPARATOR.join(label for label, _ in self.parts)


def flow_chips(parts: Sequence[Part], width: int, styles: dict[str, str]) -> Text:
    """The parts over as many lines of `width` cells as they need, never splitting a label
    (a label longer than a line is cut with an ellipsis). Lines end with explicit breaks, so the
    caller knows the height from the text alone."""
    text = Text(no_wrap=True, overflow="ellipsis", end="")
    used = 0
    for index, part in enumerate(parts):
        cells = Text(part[0]).cell_len
        if index and used + len(SEPARATOR) + cells > width:
            text.append("\n")
            used = 0
        elif index:
            text.append(SEPARATOR, style=styles.get("separator", ""))
            used += len(SEPARATOR)
        _append(text, part, styles)
        used += cells
    return text
