"""Each rule system's screens, found by the system's id: `screens/<id>/` is its package.

A system's screen package has `campaign_screen()` and `stage_screens()` (see `screens/dnd5e/`);
this is the one place that turns a system id into screens.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from types import ModuleType

SYSTEMS = ("dnd5e", "futurepath")
"""The systems that have screens here."""


def system_screens(system_id: str) -> ModuleType:
    """The screen package of a rule system (`combat_tui.screens.dnd5e`)."""
    return import_module(f"combat_tui.screens.{system_id}")


def screen_css(system_id: str | None) -> list[Path]:
    """Every stylesheet the shared screens and the system's screens read, for the app to add once
    its first screen is up: a screen whose CSS file is new to the stylesheet reparses every source
    in it (Textual's default CSS too) and restyles every widget, on the key that opens it."""
    here = Path(__file__).parent
    found = sorted(here.glob("*.tcss"))
    if system_id in SYSTEMS:
        found += sorted((here / system_id).glob("*.tcss"))
    return found
