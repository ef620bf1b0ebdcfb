"""The one message every screen uses to change the campaign."""

from __future__ import annotations

from textual.message import Message


class CommandRequested(Message):
    """Run one core command; `CombatApp.on_command_requested` is the only place that does."""

    def __init__(self, command: object) -> None:
        super().__init__()
        self.command = command
        """A frozen command record of the campaign's rule system (`systems/<id>/commands.py`)."""
