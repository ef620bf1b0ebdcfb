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


def campaign_dialog_css() -> list[Path]:
    """The stylesheets of the dialogs each system opens from its campaign screen, for the app to
    read at start-up (each screen package's `CAMPAIGN_DIALOG_CSS`, beside its package)."""
    found = []
    for system_id in SYSTEMS:
        package = system_screens(system_id)
        found += [Path(package.__file__).parent / name for name in package.CAMPAIGN_DIALOG_CSS]
    return found
