"""The 5e screens: the campaign screen, setup, the fight and their dialogs.

The app asks a system's screen package for its campaign screen and the screen of each stage of
a fight; each is imported on first use (start-up waits for every import).
"""

from __future__ import annotations

from textual.screen import Screen


def campaign_screen() -> type[Screen]:
    from combat_tui.screens.dnd5e.campaign import Dnd5eCampaignScreen

    return Dnd5eCampaignScreen


def stage_screens() -> dict[str, type[Screen]]:
    """The screen each stage of a fight (`DND5E.stage`) shows on top of the campaign screen."""
    from combat_tui.screens.dnd5e.combat import CombatScreen
    from combat_tui.screens.dnd5e.setup import SetupScreen

    return {"setup": SetupScreen, "running": CombatScreen}
