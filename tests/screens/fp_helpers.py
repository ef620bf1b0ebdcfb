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
