"""DeathSaveTracker: a character's death saves at 0 HP, and whether it is stable or dead.

ref: Death saves — "A party character at 0 HP is dying, not dead. It gets a death-save tracker on
the combat screen and on its sheet." "Three successes stabilize the character." "Three failures
kill the character." The tracker hides while the character is above 0 HP and alive.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from combat_tui.systems.dnd5e.model import Actor, Character
from combat_tui.systems.dnd5e.view import actor_status


def marks(count: int) -> str:
    """`●●○` for 2 of 3."""
    count = max(0, min(3, count))
    return "●" * count + "○" * (3 - count)


def tracker_text(character: Character, stabilize_key: str = "") -> Text:
    word = actor_status(character)
    text = Text("Death saves ", style="bold")
    successes, failures = character.death_successes, character.death_failures
    text.append(f"✓ {marks(successes)} {successes} success{'es' if successes != 1 else ''}  ")
    text.append(f"✗ {marks(failures)} {failures} failure{'s' if failures != 1 else ''}  ")
    text.append(f" {word} ", style="reverse bold")
    if word == "stable":
        text.append("  0 HP, unconscious, rolls no more saves")
    elif word == "dead":
        text.append("  only a spell that raises the dead brings it back")
    elif word == "dying" and stabilize_key:
        text.append(f"  {stabilize_key} stabilize", style="dim")
    return text


class DeathSaveTracker(Static):
    """Successes and failures as pips, with the status word; hidden above 0 HP."""

    DEFAULT_CSS = """
    DeathSaveTracker { height: auto; }
    """

    def show(self, actor: Actor, stabilize_key: str = "") -> None:
        shown = isinstance(actor, Character) and actor_status(actor) in ("dying", "stable", "dead")
        self.display = shown
        if shown:
            self.update(tracker_text(actor, stabilize_key))
