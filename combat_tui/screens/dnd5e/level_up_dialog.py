"""LevelUpDialog: one more level for a character, from its sheet (`L`).

It asks which class (the first class is filled in; another class name multiclasses into it at
level 1) and an optional subclass, then runs `LevelUp`; the rules derive the new numbers. A
refusal (a class the tables do not know, a running fight) stays in the dialog with its reason.
Enter in the class goes to the subclass, Enter there (or ctrl+s, F2) levels up; Esc or F3 cancels.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, Static

from combat_tui.screens.dnd5e.form_lists import CLASS_NAMES, CompleteSuggester, complete_name, subclass_names
from combat_tui.systems.dnd5e.commands import LevelUp
from combat_tui.systems.dnd5e.model import Character


class LevelUpDialog(ModalScreen[bool]):
    """Dismissed with True once the level is gained."""

    DEFAULT_CSS = """
    LevelUpDialog {
        align: center middle;
        background: $background 60%;
    }
    LevelUpDialog #level-box {
        width: 72;
        max-width: 100%;
        height: auto;
        border: thick $primary;
        border-title-color: $text;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }
    LevelUpDialog .level-row { height: 1; }
    LevelUpDialog .level-label { width: 10; color: $text-muted; }
    LevelUpDialog Input { width: 1fr; }
    LevelUpDialog #level-now { margin-bottom: 1; }
    LevelUpDialog #level-message { height: auto; color: $text-error; display: none; }
    LevelUpDialog .hint { color: $text-muted; margin-top: 1; }
    """

    BINDINGS = [
        Binding("ctrl+s,f2", "level_up", "Level up", id="level.confirm"),
        Binding("escape,f3", "cancel", "Cancel", id="level.cancel"),
    ]

    def __init__(self, character: Character, label: str = "") -> None:
        super().__init__()
        self.character = character
        self.label = label or character.name

    def compose(self) -> ComposeResult:
        classes = self.character.classes
        first = classes[0].name if classes else ""
        now = ", ".join(f"{c.name} {c.level}" + (f" ({c.subclass})" if c.subclass else "") for c in classes)
        with Vertical(id="level-box"):
            yield Static(Text(f"Now: {now or 'no class'}"), id="level-now")
            with Horizontal(classes="level-row"):
                yield Label("Class", classes="level-label")
                yield Input(first, placeholder="a class: Fighter, Wizard ...", compact=True, id="level-class",
                            suggester=CompleteSuggester(lambda text: complete_name(text, self._class_names())))  # fmt: skip
            with Horizontal(classes="level-row"):
                yield Label("Subclass", classes="level-label")
                yield Input("", placeholder="optional", compact=True, id="level-subclass",
                            suggester=CompleteSuggester(self._complete_subclass))  # fmt: skip
            yield Static("", id="level-message")
            yield Static("Enter: next, then level up · ctrl+s/F2 level up · Esc/F3 cancel", classes="hint")

    def on_mount(self) -> None:
        self.query_one("#level-box").border_title = f"Level up · {self.label}"
        self.query_one("#level-class", Input).focus()

    def _class_names(self) -> list[str]:
        """Its own classes first, so a prefix completes to the class it has."""
        own = [c.name for c in self.character.classes]
        return own + [name for name in CLASS_NAMES if name not in own]

    def _complete_subclass(self, text: str) -> str:
        class_name = complete_name(self.query_one("#level-class", Input).value, self._class_names())
        return complete_name(text, subclass_names(class_name))

    @on(Input.Submitted, "#level-class")
    def _next(self) -> None:
        self.query_one("#level-subclass", Input).focus()

    @on(Input.Submitted, "#level-subclass")
    def action_level_up(self) -> None:
        class_field = self.query_one("#level-class", Input)
        class_field.value = complete_name(class_field.value, self._class_names())
        subclass = self.query_one("#level-subclass", Input).value.strip()
        error = self.app.execute(LevelUp(self.character.id, class_field.value.strip(), subclass))
        if error is None:
            self.dismiss(True)
            return
        message = self.query_one("#level-message", Static)
        message.update(Text(f"{error.reason} {error.detail}".strip()))
        message.display = True

    def action_cancel(self) -> None:
        self.dismiss(False)
