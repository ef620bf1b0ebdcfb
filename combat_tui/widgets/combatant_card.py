"""CombatantCard: the left column's card of the current turn, or of the inspected combatant."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ..core.rules.dnd5e.armor import armor_class
from ..core.rules.dnd5e.conditions import stopped_by
from ..core.rules.dnd5e.exhaustion import max_hp
from ..core.rules.dnd5e.economy import PIP_NAMES, pips
from ..core.rules.dnd5e.legendary import legendary_row
from ..core.rules.dnd5e.reactions import reaction_row
from ..core.rules.dnd5e.view import actor_status
from .chip_row import chip_parts, chip_styles, flow_chips
from .hp_bar import hp_bar, theme_styles
from .view import FightView

BAR_WIDTH = 14


class CombatantCard(Static):
    """One combatant: label and side, HP bar, AC, initiative, what stops its turns and every chip
    (wrapped over as many lines as they need); titled by why it shows."""

    DEFAULT_CSS = """
    CombatantCard { height: auto; }
    """

    _lines: int | None = None
    """How many line breaks the card showed last."""
    _shown: tuple[FightView, str] | None = None

    def show(self, view: FightView, ref: str, inspecting: bool) -> None:
        self.set_class(inspecting, "-inspecting")
        self.border_title = "Inspecting" if inspecting else f"Current turn · round {view.fight.round}"
        self.border_subtitle = "c Back to current turn" if inspecting else ""
        self._shown = (view, ref)
        self._paint()

    def on_resize(self) -> None:
        if self._shown is not None:
            self._paint()  # the chips flow to the new width

    def _paint(self) -> None:
        text = self._text(*self._shown)
        lines = text.plain.count("\n")
        self.update(text, layout=lines != self._lines)  # a layout only when the height changes
        self._lines = lines

    def _text(self, view: FightView, ref: str) -> Text:
        actor = view.actors[ref]
        combatant = view.fight.combatants[view.positions[ref]]
        variables = self.app.theme_variables
        side = "party side" if combatant.side == "party" else "foe"
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(view.label(ref), style="bold")
        text.append(f"  {side}\n", style="italic")
        text.append_text(hp_bar(actor.hp, max_hp(actor), BAR_WIDTH, theme_styles(variables)))
        text.append(f"  AC {armor_class(actor)[0]}\n")
        text.append(f"Initiative {combatant.initiative}")
        word = actor_status(actor)
        if word:
            text.append("  ")
            text.append(f" {word} ", style="reverse")
        styles = chip_styles(variables)
        stopped = "" if word else stopped_by(actor)  # a dying, stable or dead word says it already
        if stopped:  # ref: Conditions — a combatant that loses its turn keeps its place
            text.append(f"\n{stopped}: loses its turns", style=styles["stop"])
        if word == "dying":  # the death-save tracker (ref: Death saves)
            saves = "●" * actor.death_successes + "○" * (3 - actor.death_successes)
            fails = "●" * actor.death_failures + "○" * (3 - actor.death_failures)
            text.append(f"\nDeath saves  ✓ {saves}  ✗ {fails}")
        if word not in ("defeated", "dead"):
            text.append("\n")
            text.append_text(pip_line(view, ref, styles))
            text.append_text(reaction_lines(view, ref))
        parts = chip_parts(actor, card=True)
        if parts:
            width = self.size.width or 1000  # before the first layout: one line, redone on resize
            text.append("\n")
            text.append_text(flow_chips(parts, width, styles))
        return text


def pip_line(view: FightView, ref: str, styles: dict) -> Text:
    """ref: Action, bonus action, and reaction — "A free pip has a filled dot. A spent pip has an
    empty ring, and its label is struck through. A combatant with Extra Attack also shows how many
    swings are left." The keys !, @ and # press the pips of the card on show."""
    p = pips(view.state, ref)
    text = Text("Actions ")
    for pip, key in (("action", "!"), ("bonus", "@"), ("reaction", "#")):
        spent = getattr(p, pip)
        text.append(key, style="bold")
        text.append("○ " if spent else "● ", style="dim" if spent else "bold")
        text.append(PIP_NAMES[pip], style="strike dim" if spent else "")
        text.append(" ")
    if p.extra_actions:
        text.append("● +1 action (Action Surge) ", style="bold")
    if p.per_action > 1:
        # swings left in the Attack action under way, else the swings of the next action the turn can pay
        left = p.swings_left or (p.per_action if not p.action or p.extra_actions else 0)
        text.append(f"swings {left}/{p.per_action}", style="italic")
    return text


def reaction_lines(view: FightView, ref: str) -> Text:
    """ref: Reactions and opportunity attacks — the Reaction row ("Opportunity attack: Rapier", key
    O); ref: Legendary actions — the "Legendary action (N left)" row (key L)."""
    text = Text()
    weapons = reaction_row(view.state, ref)
    if weapons:
        text.append("\nO ", style="bold")
        text.append("Reaction: " + " · ".join(f"Opportunity attack: {name}" for name in weapons))
    left = legendary_row(view.state, ref)
    actor = view.actors[ref]
    if left and actor.weapons:
        text.append("\nL ", style="bold")
        text.append(f"Legendary action ({left} left): " + " · ".join(w.name for w in actor.weapons))
    return text
