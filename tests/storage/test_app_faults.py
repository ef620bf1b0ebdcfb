"""What the GM sees of a storage fault in the app: a read-only folder is refused on the picker, a
background snapshot that fails is a notification (once), quitting on a full disk is a message."""

from __future__ import annotations

import errno
from pathlib import Path

from combat_tui.app import CombatApp
from combat_tui.screens.picker import CampaignPickerScreen
from combat_tui.storage import files, journal, load_session
from combat_tui.systems.dnd5e.commands import Heal, OpenSetup


def no_space(*args, **kwargs):
    raise OSError(errno.ENOSPC, "No space left on device")


def notes_of(app: CombatApp) -> list[tuple[str, str, str]]:
    notes = []
    show = app.notify

    def notify(message, *, title="", severity="information", **options):
        notes.append((title, message, severity))
        show(message, title=title, severity=severity, **options)

    app.notify = notify
    return notes


async def test_a_read_only_folder_is_refused_on_the_picker_with_the_reason(folder: Path, monkeypatch):
    monkeypatch.setattr(files.os, "access", lambda path, mode: False)
    app = CombatApp(folder)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CampaignPickerScreen) and app.session is None
        message = str(app.screen.query_one("#picker-message").render())
        assert "cannot be played here: the folder cannot be written" in message


async def test_a_full_disk_refuses_the_command_with_a_message(folder: Path, monkeypatch):
    app = CombatApp(folder, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        notes = notes_of(app)
        monkeypatch.setattr(journal.os, "pwrite", no_space)
        await pilot.press("s")  # setup
        await pilot.pause()
        assert app.session.state.fight is None
        assert any("not saved" in title and "No space left" in message for title, message, _ in notes)
        monkeypatch.undo()
        await pilot.press("q")


async def test_a_failed_background_snapshot_is_shown_once(folder: Path, monkeypatch):
    app = CombatApp(folder, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        notes = notes_of(app)
        monkeypatch.setattr(files, "_write_file", no_space)
        assert app.execute(OpenSetup()) is None
        app.opened.snapshot_soon()
        app.opened.flush()
        for _ in range(3):
            assert app.execute(Heal("ayla", 1)) is None
        await pilot.pause()
        shown = [note for note in notes if note[0] == "Saving"]
        assert len(shown) == 1 and "snapshot could not be written (No space left on device)" in shown[0][1]
        assert shown[0][2] == "error"
        monkeypatch.undo()
        await pilot.press("q")


async def test_quitting_on_a_full_disk_says_so_and_the_journal_has_it_all(folder: Path, monkeypatch):
    app = CombatApp(folder, seed=1)
    said = []
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        exit_ = app.exit
        app.exit = lambda *args, message=None, **kwargs: (said.append(message), exit_(*args, **kwargs))
        assert app.execute(OpenSetup()) is None
        state = app.session.state
        monkeypatch.setattr(files, "_write_file", no_space)
        await pilot.press("q")
        await pilot.pause()
    monkeypatch.undo()
    assert said and "could not be written on closing (No space left on device)" in str(said[0])
    assert load_session(folder)[0].state == state


async def test_u_after_a_restart_takes_back_what_the_last_session_did(folder: Path):
    app = CombatApp(folder, seed=1)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        opening = app.session.state
        assert app.execute(OpenSetup()) is None and app.execute(Heal("ayla", 1)) is None
        await pilot.press("q")
    again = CombatApp(folder, seed=1)
    async with again.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert again.session.state.fight is not None
        await pilot.press("u", "u")
        await pilot.pause()
        assert again.session.state == opening
        await pilot.press("q")
