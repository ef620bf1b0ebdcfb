"""CombatantCard: the left column's card of the current turn, or of the inspected combatant."""

from __future__ import annotations

from textwrap import wrap

from rich.text import Text
from textual.widgets import Static

from combat_tui.systems.dnd5e.economy import PIP_NAMES
from combat_tui.systems.dnd5e.fight_view import FightView
from combat_tui.systems.dnd5e.view import CardView
from combat_tui.widgets.dnd5e.chip_row import chip_styles, flow_chips
from combat_tui.widgets.dnd5e.hp_bar import hp_bar, theme_styles

BAR_WIDTH = 14


class CombatantCard(Static):
    """One combatant: label (and its own name under a fight name) and side, HP bar, AC, initiative,
    a held turn, what stops its turns, every chip (wrapped over as many lines as they need) and the
    GM's note; titled by why it shows."""

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
        card = view.card(ref)
        shown = card.combatant
        variables = self.app.theme_variables
        side = "party side" if shown.side == "party" else "foe"
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(shown.label, style="bold")
        row = view.fight.combatants[view.positions[ref]]
        if row.alias:  # a name for the fight: the creature's own name beside it
            text.append(f" ({view.actors[ref].name})", style="dim")
        text.append(f"  {side}\n", style="italic")
        text.append_text(hp_bar(shown.hp, shown.max_hp, BAR_WIDTH, theme_styles(variables)))
        text.append(f"  AC {shown.ac}\n")
        text.append(f"Initiative {shown.initiative}")
        word = shown.status
        if word:
            text.append("  ")
            text.append(f" {word} ", style="reverse")
        if row.held:
            text.append("  ")
            text.append(" held ", style="reverse")
            text.append(" g resumes it")
        styles = chip_styles(variables)
        stopped = "" if word else shown.stopped  # a dying, stable or dead word says it already
        if stopped:  # ref: Conditions — a combatant that loses its turn keeps its place
            text.append(f"\n{stopped}: loses its turns", style=styles["stop"])
        if word == "dying":  # the death-save tracker (ref: Death saves)
            successes, failures = shown.death_saves
            saves = "●" * successes + "○" * (3 - successes)
            fails = "●" * failures + "○" * (3 - failures)
            text.append(f"\nDeath saves  ✓ {saves}  ✗ {fails}")
        if word not in ("defeated", "dead"):
            text.append("\n")
            # before its first layout the card has no width yet: guess it from the screen's (35%)
            width = self.size.width or max(30, int(self.app.size.width * 0.35) - 4)
            text.append_text(pip_line(card, styles, width))
            text.append_text(reaction_lines(card, width))
        if shown.card_chips:
            width = self.size.width or 1000  # before the first layout: one line, redone on resize
            text.append("\n")
            text.append_text(flow_chips(shown.card_chips, width, styles))
        if row.note:  # the GM's note, wrapped to the card
            for line in wrap(f"Note: {row.note}", max(10, self.size.width or 1000)):
                text.append(f"\n{line}", style="italic")
        return text


def pip_line(shown: CardView, styles: dict, width: int = 1000) -> Text:
    """ref: Action, bonus action, and reaction — "A free pip has a filled dot. A spent pip has an
    empty ring, and its label is struck through. A combatant with Extra Attack also shows how many
    swings are left." The keys !, @ and # press the pips of the card on show. A narrow card puts
    the heading and the pips on lines of their own rather than breaking a pip's label."""
    p = shown.pips
    narrow = width < 46
    text = Text("Actions" + ("\n" if narrow else " "))
    for pip, key in (("action", "!"), ("bonus", "@"), ("reaction", "#")):
        spent = getattr(p, pip)
        if narrow and pip == "reaction":
            text.append("\n")
        text.append(key, style="bold")
        text.append("○ " if spent else "● ", style="dim" if spent else "bold")
        text.append(PIP_NAMES[pip], style="strike dim" if spent else "")
        text.append(" ")
    extras = Text()
    if p.extra_actions:
        extras.append("● +1 action (Action Surge) ", style="bold")
    if p.per_action > 1:
        # swings left in the Attack action under way, else the swings of the next action the turn can pay
        left = p.swings_left or (p.per_action if not p.action or p.extra_actions else 0)
        extras.append(f"swings {left}/{p.per_action}", style="italic")
    if extras.plain:
        fits = narrow and len(text.plain.rsplit("\n", 1)[-1]) + len(extras.plain) <= width
        text.append(" " if fits else "\n")
        text.append_text(extras)
    return text


def reaction_lines(shown: CardView, width: int = 1000) -> Text:
    """ref: Reactions and opportunity attacks — the Reaction row: one button per melee weapon
    ("Opportunity attack: Rapier", key O) and one per reaction spell ("Cast Shield", key R), each
    key before the first button it opens; ref: Legendary actions — the "Legendary action (N left)"
    row (key L). Each flows to the card's width, breaking between buttons."""
    text = Text()
    weapons = [f"Opportunity attack: {name}" for name in shown.reaction_row]
    spells = [f"Cast {name}" for name in shown.reaction_spells]
    if weapons or spells:
        keys = {len(weapons): "R"} if weapons and spells else {}
        _flow(text, "O" if weapons else "R", "Reaction:", weapons + spells, width, keys)
    if shown.legendary_row:
        title = f"Legendary action ({shown.legendary_left} left):"
        _flow(text, "L", title, list(shown.legendary_row), width)
    return text


def _flow(text: Text, key: str, title: str, items: list[str], width: int, keys: dict[int, str] | None = None) -> None:
    """`keys`: the key letter shown before the button at that place (a second group of the row)."""
    line = f"{key} {title}"
    text.append("\n")
    text.append(key, style="bold")
    text.append(f" {title}")
    for at, item in enumerate(items):
        joint = " " if at == 0 else " · "
        letter = (keys or {}).get(at, "")
        shown = f"{letter} {item}" if letter else item
        if len(line) + len(joint) + len(shown) > width:
            joint = "\n"  # a button that does not fit starts a line of its own (no indent: a narrow card)
            line = shown
        else:
            line += joint + shown
        text.append(joint)
        if letter:
            text.append(letter, style="bold")
            text.append(" ")
        text.append(item)
