"""FuturePath UI test helpers: the app on an in-memory session of the Space Bears campaign."""

from __future__ import annotations

from pathlib import Path

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.storage import read_snapshot

SPACE_BEARS = Path(__file__).resolve().parents[2] / "campaigns" / "space-bears"


def make_fp_app(seed: int = 1) -> CombatApp:
    campaign, _ = read_snapshot(SPACE_BEARS)
    return CombatApp(session=Session(campaign, dice=Dice(seed)))


def fp(app: CombatApp):
    return app.session.state.futurepath


def fight(app: CombatApp):
    return app.session.state.futurepath.fight


def actor(app: CombatApp, ref: str):
    return app.session.state.futurepath.actor(ref)


def last_line(app: CombatApp) -> str:
    """The text form of the last command the session ran."""
    return app.session.history.entries[app.session.history.pointer - 1].label


def panel(app: CombatApp) -> str:
    """The round screen's phase panel, as plain text."""
    return str(app.screen.query_one("#fp-phase").render())


async def actor_turn(pilot, *setup: str) -> None:
    """Ground setup with Katie left out (and the lines given), Start, then `n`: the party's
    Vanguard declares, Brandon highlighted."""
    from combat_tui.core.runner import run_line

    await pilot.press("s")
    await pilot.pause()
    for line in ("absent Katie", *setup):
        run_line(pilot.app.session, line)
    await pilot.press("s")
    await pilot.pause()
    await pilot.press("n")
    await pilot.pause()


async def action_phase(pilot) -> None:
    """Setup without Katie, Start, and on to the party Vanguard's turn (Brandon and James)."""
    from combat_tui.core.runner import run_line

    await pilot.press("s")
    await pilot.pause()
    run_line(pilot.app.session, "absent Katie")
    await pilot.press("s", "n")
    await pilot.pause()


async def opened(pilot, *lines: str) -> None:
    """`space start` (and any lines), then the phase screen on top of the campaign."""
    from combat_tui.core.runner import run_line
    from combat_tui.screens.futurepath.space_phase import SpacePhaseScreen

    for line in ("space start", *lines):
        run_line(pilot.app.session, line)
    pilot.app.push_screen(SpacePhaseScreen())
    await pilot.pause()
    assert isinstance(pilot.app.screen, SpacePhaseScreen)
