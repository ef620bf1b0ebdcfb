"""Each rule system's screens, found by the system's id: `screens/<id>/` is its package.

A system's screen package has `campaign_screen()` and `stage_screens()` (see `screens/dnd5e/`);
this is the one place that turns a system id into screens.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType


def system_screens(system_id: str) -> ModuleType:
    """The screen package of a rule system (`combat_tui.screens.dnd5e`)."""
    return import_module(f"combat_tui.screens.{system_id}")
