"""UI test helpers: the app on an in-memory session of the sample campaign, with seeded dice,
forced initiative, and a record of the notifications."""

from __future__ import annotations

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush

SETUP_FACES = [10, 5, 16, 8, 4, 6, 3, 2]
"""Initiative d20s for Ser Aldric, Mirelle, Ayla, Bren, Goblin 1, 2, 3 and the Goblin Boss:
the order becomes Ayla 20, Ser Aldric 11, Bren 10, Goblin 2 8, Goblin 1 6, Goblin 3 5,
Mirelle 5, Goblin Boss 4."""

ORDER = ["ayla", "ser-aldric", "bren", "goblin-2", "goblin-1", "goblin-3", "mirelle", "goblin-boss"]


def make_app(seed: int = 1) -> CombatApp:
    return CombatApp(session=Session(goblin_ambush(), dice=Dice(seed)))


def actor(app: CombatApp, ref: str):
    return app.session.state.actor(ref)


def current(app: CombatApp) -> str:
    return app.session.state.fight.current().ref


async def start_fight(pilot, faces=SETUP_FACES) -> None:
    """From the campaign screen: setup with forced initiative, then Start."""
    pilot.app.session.dice.force(faces)
    await pilot.press("s")
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()


def record_notes(app: CombatApp) -> list[str]:
    """Every notification the app shows, as "title message", in order."""
    notes: list[str] = []
    show = app.notify

    def notify(message: str, *, title: str = "", **options) -> None:
        notes.append(f"{title} {message}".strip())
        show(message, title=title, **options)

    app.notify = notify
    return notes


async def type_line(pilot, line: str) -> None:
    """`:`, the line, Enter. The prompt's field is filled in one step rather than key by key: the
    keys of the prompt itself are tested in test_prompt.py, and sixty keys cost seconds a test."""
    from textual.widgets import Input

    await pilot.press("colon")
    field = pilot.app.screen.query_one("#prompt-input", Input)
    field.value = line
    field.cursor_position = len(line)
    await pilot.press("enter")
    await pilot.pause()


async def warmed(pilot) -> None:
    """Until the app's warm-up ran: it waits for the first screen's content frame, which a pilot
    pause does not always reach."""
    for _ in range(200):
        if pilot.app._warmed:
            return
        await pilot.pause(0.02)
    raise AssertionError("the app never warmed up")


async def settled(pilot, frames: int = 3) -> None:
    """A few screen updates more: what a resize or a later layout of the last key redraws."""
    for _ in range(frames):
        await pilot.pause(1 / 60)
