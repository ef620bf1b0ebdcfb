"""CombatantCard: the left column's card of the current turn, or of the inspected combatant."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..core.rules.dnd5e.view import actor_status
from .hp_bar import hp_bar, theme_styles
from .view import FightView

BAR_WIDTH = 14


class CombatantCard(Static):
    """One combatant: label and side, HP bar, AC, initiative and chips; titled by why it shows."""

    DEFAULT_CSS = """
    CombatantCard { height: auto; }
    """

    _lines: int | None = None
    """How many line breaks the card showed last."""

    def show(self, view: FightView, ref: str, inspecting: bool) -> None:
        self.set_class(inspecting, "-inspecting")
        self.border_title = "Inspecting" if inspecting else f"Current turn · round {view.fight.round}"
        self.border_subtitle = "c Back to current turn" if inspecting else ""
        text = self._text(view, ref)
        lines = text.plain.count("\n")
        self.update(text, layout=lines != self._lines)  # a layout only when the height changes
        self._lines = lines

    def _text(self, view: FightView, ref: str) -> Text:
        actor = view.actors[ref]
        combatant = view.fight.combatants[view.positions[ref]]
        side = "party side" if combatant.side == "party" else "foe"
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(view.label(ref), style="bold")
        text.append(f"  {side}\n", style="italic")
        text.append_text(hp_bar(actor.hp, actor.max_hp, BAR_WIDTH, theme_styles(self.app.theme_variables)))
        text.append(f"  AC {actor.ac}\n")
        text.append(f"Initiative {combatant.initiative}")
        word = actor_status(actor)
        if word:
            text.append("  ")
            text.append(f" {word} ", style="reverse")
        if word == "dying":  # the death-save tracker (ref: Death saves)
            saves = "●" * actor.death_successes + "○" * (3 - actor.death_successes)
            fails = "●" * actor.death_failures + "○" * (3 - actor.death_failures)
            text.append(f"\nDeath saves  ✓ {saves}  ✗ {fails}")
        return text
