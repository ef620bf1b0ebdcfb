"""Palette commands from bindings: every action of the screen and the app, as `check_action` allows.

The palette lists what the keys do on the screen it was opened from, so every action has a typed
way in, and nothing the screen cannot do right now is offered.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

from textual.actions import parse
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.screen import Screen

SKIP = {"quit", "command_palette", "toggle_help"}
"""Actions Textual's own system commands already offer (Quit, Keys)."""


def screen_commands(app: App, screen: Screen) -> Iterator[SystemCommand]:
    seen: set[str] = set()
    for node in (screen, app):
        for binding in type(node).BINDINGS:
            if not isinstance(binding, Binding) or not binding.description or binding.system:
                continue
            if binding.action in SKIP or binding.action in seen or not _allowed(node, binding.action):
                continue
            seen.add(binding.action)
            keys = app.get_key_display(binding)
            yield SystemCommand(
                binding.description,
                f"{binding.tooltip} (key {keys})" if binding.tooltip else f"Key {keys}",
                partial(app.run_action, binding.action, node),
            )


def _allowed(node: DOMNode, action: str) -> bool:
    _, name, parameters = parse(action)
    return node.check_action(name, parameters) is True
