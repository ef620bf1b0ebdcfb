"""A priority key waits for the keys typed before it (key_order.py): SSH and tmux's send-keys
deliver a fast typist's keys in one burst, and a priority key used to run as it reached the app,
before the letters ahead of it were in their field."""

from __future__ import annotations

from textual import events

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.futurepath.combatant_editor import CombatantEditor
from tests.screens.fp_helpers import actor, make_fp_app


def burst(app, *keys: str) -> None:
    """Every key posted at once, as a terminal's one read of them delivers them."""
    named = {"tab": "\t", "ctrl+s": None, "colon": ":", "enter": "\r", "space": " "}
    for key in keys:
        app.post_message(events.Key(key, named.get(key, key)))


async def test_a_form_typed_and_saved_in_one_burst_saves_what_was_typed():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, CombatantEditor)
        burst(app, *"Zed", "tab", *"12", "ctrl+s")  # tab and ctrl+s are the form's priority keys
        await pilot.pause(0.3)
        assert isinstance(app.screen, CampaignScreen)
        zed = actor(app, "zed")
        assert (zed.name, zed.max_hp) == ("Zed", 12)


async def test_keys_with_nothing_before_them_are_not_held():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Zed", "tab", *"12")
        await pilot.press("ctrl+s")
        assert not app._held_keys  # nothing waited behind it
        await pilot.pause()
        assert actor(app, "zed").max_hp == 12


async def test_the_keys_after_colon_in_one_burst_go_to_the_prompt():
    from textual.widgets import Input

    from tests.screens.helpers import actor, make_app

    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        burst(app, "colon", *"dam")
        await pilot.pause(0.3)
        assert app.screen.query_one("#prompt-input", Input).value == "dam"
        await pilot.press("escape")
        await pilot.pause()
        burst(app, "colon", *"damage", "space", *"Bren", "space", "3", "enter")
        await pilot.pause(0.3)
        assert actor(app, "bren").hp == actor(app, "bren").max_hp - 3
