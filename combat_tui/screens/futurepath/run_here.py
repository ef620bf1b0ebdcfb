"""Running a command from a dialog that stays open (the traps, a new team): the refusal shows as
a message, and the travelogue lines it wrote come back for the dialog to show (the log under it
is covered)."""

from __future__ import annotations

from textual.app import App

from combat_tui.core.command import CommandRejected


def tell_refusal(app: App, error: CommandRejected) -> None:
    """The rules' reason as a message, the way the app shows a refused key."""
    app.notify(error.detail, title=error.reason, severity="warning", timeout=6, markup=False)


def run(app: App, command: object) -> tuple[str, ...] | None:
    """Run `command`; the travelogue lines it wrote, or None when it was refused (and said why)."""
    start = len(app.session.log)
    error = app.execute(command)
    if error is not None:
        tell_refusal(app, error)
        return None
    return tuple(app.session.log[start:])
