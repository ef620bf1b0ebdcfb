"""The FuturePath screens: the campaign roster, ground setup, initiative and rounds, ship setup
and the space phases, and their dialogs.

The app asks a system's screen package for its campaign screen and the screen of each stage of
a fight; each is imported on first use (start-up waits for every import).
"""

from __future__ import annotations

from textual.screen import Screen


def campaign_screen() -> type[Screen]:
    from combat_tui.screens.futurepath.campaign import FPCampaignScreen

    return FPCampaignScreen


def stage_screens() -> dict[str, type[Screen]]:
    """The screen each stage (`FUTUREPATH.stage`) shows on top of the campaign screen."""
    from combat_tui.screens.futurepath.round import FPRoundScreen
    from combat_tui.screens.futurepath.setup import FPSetupScreen
    from combat_tui.screens.futurepath.space_phase import SpacePhaseScreen

    return {"setup": FPSetupScreen, "running": FPRoundScreen, "space": SpacePhaseScreen}
