"""The `:` prompt's Tab completion and kept history, and the palette running a typed line."""

from __future__ import annotations

from textual.command import CommandPalette
from textual.widgets import Input, Static

from combat_tui.screens.prompt import CommandPrompt
from combat_tui.storage.prompt_history import history_file
from tests.screens.helpers import make_app


def field(app) -> Input:
    return app.screen.query_one("#prompt-input", Input)


async def test_tab_completes_the_verb_then_cycles_the_names(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon", *"dam", "tab")
        assert field(app).value == "damage "
        await pilot.press(*"gob", "tab")
        assert field(app).value == "damage 'Goblin 1'"
        choices = app.screen.query_one("#prompt-choices", Static)
        assert choices.display and "'Goblin Boss'" in str(choices.render())
        await pilot.press("tab")
        assert field(app).value == "damage 'Goblin 2'"
        await pilot.press(*" 3", "enter")
        await pilot.pause()
        assert app.session.state.actor("goblin-2").hp == 4


async def test_a_tab_typed_in_one_burst_with_the_letters_completes_them(app):
    # SSH sends a fast typist's keys together: the Tab must wait for the letters before it.
    from textual import events

    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon")
        for key, char in (("n", "n"), ("e", "e"), ("tab", "\t")):
            app.post_message(events.Key(key, char))
        await pilot.pause()
        assert field(app).value == "next "
        assert app.screen.focused is field(app)  # Tab completed, and left the focus where it was


async def test_tab_with_nothing_to_offer_says_so(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon", *"damage Bren ", "tab")
        assert field(app).value == "damage Bren "
        assert "Nothing to complete" in str(app.screen.query_one("#prompt-choices", Static).render())


async def test_the_history_is_kept_across_a_restart():
    first = make_app()
    async with first.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon", *"show Bren", "enter")
        await pilot.pause()
    assert history_file().read_text(encoding="utf-8") == "show Bren\n"
    second = make_app()
    async with second.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon", "up")
        assert isinstance(second.screen, CommandPrompt)
        assert field(second).value == "show Bren"


async def test_a_corrupt_history_file_is_passed_over(isolated_home):
    history_file().write_bytes(b"\xff\xfe\x00")
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("colon", "up")
        assert field(app).value == ""
        await pilot.press(*"show Bren", "enter")
        await pilot.pause()
    assert history_file().read_text(encoding="utf-8") == "show Bren\n"


async def test_the_palette_runs_a_typed_line_into_the_history(app):
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"dam 'goblin 2' 3")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.state.actor("goblin-2").hp == 4
        assert app.prompt_history[-1] == "dam 'goblin 2' 3"


async def test_the_palette_offers_damage_and_heal_as_begun_lines(app):
    async with app.run_test(size=(120, 40)) as pilot:
        titles = {command.title: command for command in app.get_system_commands(app.screen)}
        assert {"Damage…", "Heal…", "Set up", "Command line"} <= set(titles)
        titles["Heal…"].callback()
        await pilot.pause()
        assert field(app).value == "heal "
