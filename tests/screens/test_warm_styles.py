"""After the app's warm-up no screen's first opening reparses the stylesheet: every stylesheet a
screen of the campaign's system reads is added once, after the first screen (`_warm_styles`)."""

from __future__ import annotations

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.space_bears import space_bears
from tests.screens.helpers import make_app, start_fight, warmed


def _count_reparses(app: CombatApp, monkeypatch) -> list[str]:
    """The reparses of the whole stylesheet, and every stylesheet file parsed again."""
    from textual.css import stylesheet

    calls: list[str] = []
    reparse, parse = app.stylesheet.reparse, stylesheet.parse

    def counted() -> None:
        calls.append("reparse")
        reparse()

    def parsed(scope, css, read_from, *args, **kwargs):
        if str(read_from[0]).endswith(".tcss"):
            calls.append(str(read_from[0]))
        return parse(scope, css, read_from, *args, **kwargs)

    app.stylesheet.reparse = counted
    monkeypatch.setattr(stylesheet, "parse", parsed)
    return calls


async def test_a_5e_fight_and_its_dialogs_open_without_a_reparse(monkeypatch):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await warmed(pilot)
        calls = _count_reparses(app, monkeypatch)
        await pilot.press("colon")  # the prompt
        await pilot.pause()
        await pilot.press("escape")
        await pilot.press("c")  # a sheet
        await pilot.pause()
        await pilot.press("escape")
        await start_fight(pilot)  # setup, then the fight
        await pilot.press("a")  # the attack dialog
        await pilot.pause()
        assert type(app.screen).__name__ == "AttackDialog"
        assert calls == []


async def test_a_futurepath_campaign_reads_its_own_screens_stylesheets(monkeypatch):
    app = CombatApp(session=Session(space_bears(), dice=Dice(1)))
    async with app.run_test(size=(120, 40)) as pilot:
        await warmed(pilot)
        calls = _count_reparses(app, monkeypatch)
        await pilot.press("s")  # ground setup
        await pilot.pause()
        assert "Setup" in type(app.screen).__name__
        assert calls == []
        sources = {path for path, _ in app.stylesheet.source}
        assert not any("/screens/dnd5e/" in path for path in sources)


async def test_the_prompt_opens_without_a_reparse_before_any_warm_up(monkeypatch):
    """`:` is the likeliest first key, often typed before the warm-up: the prompt's stylesheet is
    read with the app's, so its first opening restyles nothing (issue 17, first key)."""
    from combat_tui import app as app_module

    monkeypatch.setattr(app_module, "WARM_STEPS", ())
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        calls = _count_reparses(app, monkeypatch)
        await pilot.press("colon")
        await pilot.pause()
        assert type(app.screen).__name__ == "CommandPrompt"
        assert calls == []
