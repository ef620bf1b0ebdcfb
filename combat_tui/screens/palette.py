"""The palette's commands: every action of the screen and the app, as `check_action` allows,
Damage and Heal, and a line typed in it that reads as a command (`TypedLine`).

The palette lists what the keys do on the screen it was opened from, so every action has a typed
way in, and nothing the screen cannot do right now is offered. A line that parses runs as if
typed at the `:` prompt, into the same history.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from rich.text import Text
from textual.actions import parse
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.command import Hit, Hits, Provider
from textual.dom import DOMNode
from textual.screen import Screen

SKIP = {"quit", "command_palette", "toggle_help"}
"""Actions Textual's own system commands already offer (Quit, Keys)."""
TYPED_SCORE = 1e6
"""Above any fuzzy match: a line that reads as a command is what was meant."""
STARTS = (
    ("Damage…", "damage ", "The command line at 'damage': type the target (Tab completes), the amount, a type"),
    ("Heal…", "heal ", "The command line at 'heal': type the target (Tab completes) and the amount"),
)
"""Palette entries that open the `:` prompt with the line begun, on every screen of a campaign
(their help is markup: no square brackets)."""


def screen_commands(app: App, screen: Screen) -> Iterator[SystemCommand]:
    seen: set[tuple[int, str]] = set()
    for node, binding in _bindings(app, screen):
        if not isinstance(binding, Binding) or not binding.description or binding.system:
            continue
        if binding.action in SKIP or (id(node), binding.action) in seen or not _allowed(node, binding.action):
            continue
        seen.add((id(node), binding.action))
        keys = app.get_key_display(binding)
        yield SystemCommand(
            binding.description,
            f"{binding.tooltip} (key {keys})" if binding.tooltip else f"Key {keys}",
            partial(app.run_action, binding.action, node),
        )
    if hasattr(app, "prompt_history") and _allowed(app, "prompt"):  # a campaign is open
        for title, begun, help_text in STARTS:
            yield SystemCommand(title, help_text, partial(open_prompt, app, begun))


def _bindings(app: App, screen: Screen) -> Iterator[tuple[DOMNode, Binding]]:
    """What the keys do where the focus is (the screen's lists and fields too), then every
    binding of the screen and the app, their classes' bases included. Textual's own are left
    out (cursor and focus keys, ctrl+q: the system commands cover what matters of them)."""
    for active in screen.active_bindings.values():
        if not type(active.node).__module__.startswith("textual."):
            yield active.node, active.binding
    for node in (screen, app):
        for cls in type(node).__mro__:
            if not cls.__module__.startswith("textual."):
                yield from ((node, binding) for binding in cls.__dict__.get("BINDINGS", ()))


def _allowed(node: DOMNode, action: str) -> bool:
    _, name, parameters = parse(action)
    return node.check_action(name, parameters) is True


def open_prompt(app: App, begun: str) -> None:
    """The `:` prompt with `begun` typed, as the app's `:` key opens it."""
    from combat_tui.screens.prompt import CommandPrompt

    app.push_screen(CommandPrompt(app.prompt_history, keep=True, start=begun), app._run_line)


class TypedLine(Provider):
    """Offers to run what is typed in the palette when it reads as a command."""

    async def search(self, query: str) -> Hits:
        app = self.app
        session = getattr(app, "session", None)
        line = query.strip()
        if session is None or not line or not _reads(line, session.state):
            return
        yield Hit(
            TYPED_SCORE,
            Text.assemble(("Run ", "dim"), line),
            partial(run_typed, app, line),
            text=line,
            help="Run this line as typed at the : prompt",
        )


def _reads(line: str, state) -> bool:
    from combat_tui.core.command import CommandRejected
    from combat_tui.core.text import parse as parse_line
    from combat_tui.library.sharing import is_file_verb

    if is_file_verb(line):
        return True
    try:
        parse_line(line, state)
    except CommandRejected:
        return False
    return True


def run_typed(app: App, line: str) -> None:
    from combat_tui.screens.prompt import remember

    remember(app.prompt_history, line, keep=True)
    app._run_line(line)
