"""The warm-up: what the first screen did not need, done a step at a time once it is up.

Each step is a message of its own (`CombatApp._warm_step`), so a key typed meanwhile waits for
one step, not all; the prompt's comes first (the likeliest first key).
"""

from __future__ import annotations

import gc

from textual.app import App

from combat_tui import start_cache
from combat_tui.screens.systems import screen_css


def _warm_prompt(app: App, system: str | None) -> None:
    from combat_tui.core import runner  # noqa: F401  the `:` prompt's
    from combat_tui.screens import prompt  # noqa: F401


def _warm_styles(app: App, system: str | None) -> None:
    """Read every stylesheet a screen of this system may push and reparse once, so no screen's
    first opening reparses (`screen_css`)."""
    sheet = app.stylesheet
    new = [path for path in screen_css(system) if not sheet.has_source(str(path), "")]
    for path in new:
        sheet.read(path)
    if new:
        sheet.parse()  # not `reparse`: that parses in a new stylesheet and leaves this one's cache
        sheet.update(app)  # without the new files, so the next widget's default CSS parsed them again


def _warm_rules(app: App, system: str | None) -> None:
    if system is not None:
        from combat_tui.core.registry import get_system

        warm = getattr(get_system(system), "warm", None)
        if warm is not None:
            warm()


def _warm_screens(app: App, system: str | None) -> None:
    if system is not None:
        from combat_tui.app import stage_screens

        stage_screens(system)


def _warm_seats(app: App, system: str | None) -> None:
    from combat_tui.seats import server  # noqa: F401  its player views import the 5e views


def _warm_storage(app: App, system: str | None) -> None:
    """The converter a command's journal record and the snapshots need (an opening from the
    kept campaign did not import it: `storage.decoded_cache`)."""
    from combat_tui.storage import converter, toml_snapshot  # noqa: F401


def _after_start(app: App, system: str | None) -> None:
    app.run_after_start()


WARM_STEPS = (_warm_prompt, _after_start, _warm_storage, _warm_styles, _warm_rules, _warm_screens, _warm_seats)
"""In order: the prompt's imports, what a screen left for after the first screen
(`CombatApp.call_after_start`), then the rest."""


def freeze_heap() -> None:
    """Collect once and freeze what is left, so later collections stay short, and turn automatic
    collection off: the app collects when the GM is idle."""
    start_cache.finish()  # start-up is over: what it compiled is kept for the next
    gc.collect()
    gc.freeze()
    gc.disable()  # collected when the GM is idle (`CombatApp._idle_tick`)
