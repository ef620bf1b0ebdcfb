"""The dice tray's d20 mode: normal, advantage or disadvantage for a roll no rule slants."""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.events import TrayModeSet
from combat_tui.systems.dnd5e.model import Campaign


def set_tray_mode(state: Campaign, mode: str) -> Outcome:
    """ref: Advantage and disadvantage — "The mode changes only when you click it." """
    if mode not in ("normal", "adv", "dis"):
        raise CommandRejected(f"'{mode}' is not a d20 mode.", "Modes: normal, adv, dis.")
    if mode == state.d20_mode:
        raise CommandRejected(f"The dice tray is already at {mode}.")
    return Outcome(evolve(state, d20_mode=mode), (TrayModeSet(state.d20_mode, mode),))
