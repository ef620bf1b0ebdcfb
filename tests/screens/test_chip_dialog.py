"""The chip dialog: read a chip's tooltip, remove one chip, add a chip by name, rounds or next turn.

ref: Conditions — "Point at a chip to read what it does and when it ends." "The remove button of a
chip removes only that chip, so the other cast keeps its chip." "Such a chip shows 'next turn'."
"""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.chip_dialog import ChipDialog, complete
from combat_tui.systems.dnd5e.commands import AddChip
from tests.screens.helpers import actor, current, record_notes, start_fight


def chips(app, ref="mirelle") -> list[tuple[str, int, str, str]]:
    return [(c.name, c.rounds, c.caster, c.until_turn_of) for c in actor(app, ref).chips]


def tooltip(app) -> str:
    return str(app.screen.query_one("#chip-tooltip").render())


def rows(app) -> list[str]:
    listing = app.screen.query_one("#chip-list")
    return [str(option.prompt) for option in listing.options]


async def open_dialog(pilot, ref="mirelle") -> ChipDialog:
    dialog = ChipDialog(ref)
    pilot.app.push_screen(dialog)
    await pilot.pause()
    return dialog


async def test_the_list_shows_each_chip_and_the_highlighted_chip_s_tooltip(app):
    app.session.execute(AddChip("mirelle", "Poisoned", 3))
    app.session.execute(AddChip("mirelle", "prone"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        assert rows(app) == ["Poisoned 3", "Prone"]
        assert app.screen.query_one("#chips-box").border_title == "Chips · Mirelle"
        assert tooltip(app).startswith("Poisoned: Disadvantage on attack rolls and ability checks.")
        assert "Ends in 3 rounds" in tooltip(app)
        await pilot.press("down")
        assert tooltip(app).startswith("Prone: Its attack rolls have disadvantage")
        assert tooltip(app).endswith("Lasts until removed.")
        await pilot.press("up")
        assert tooltip(app).startswith("Poisoned:")


async def test_no_chips_reads_so_and_x_does_nothing(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        assert rows(app) == []
        assert "No chips" in tooltip(app)
        before = app.session.state
        await pilot.press("x")
        await pilot.pause()
        assert app.session.state is before


async def test_x_removes_only_the_highlighted_chip_of_its_own_caster(app):
    # ref: Conditions — "A combatant can therefore show two Acid Arrow chips ... The remove button
    # of a chip removes only that chip, so the other cast keeps its chip."
    app.session.execute(AddChip("ser-aldric", "Bless", caster="mirelle"))
    app.session.execute(AddChip("ser-aldric", "Bless", caster="bren"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot, "ser-aldric")
        assert rows(app) == ["Bless · Mirelle", "Bless · Bren"]
        await pilot.press("down")
        assert tooltip(app).endswith("From Bren.")
        await pilot.press("x")
        await pilot.pause()
        assert chips(app, "ser-aldric") == [("Bless", 0, "mirelle", "")]
        assert rows(app) == ["Bless · Mirelle"]
        assert tooltip(app).endswith("From Mirelle.")


async def test_a_adds_a_condition_by_its_suggested_name_for_some_rounds(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await pilot.press("a", "b", "l", "i", "tab", "2", "enter")
        await pilot.pause()
        assert chips(app) == [("Blinded", 2, "", "")]
        assert app.session.log[-1] == "Mirelle is Blinded for 2 rounds."
        assert rows(app) == ["Blinded 2"]
        assert app.screen.focused.id == "chip-list"  # back on the list, the fields cleared
        assert app.screen.query_one("#chip-name").value == ""


async def test_a_blank_rounds_field_lasts_until_removed_and_any_name_is_a_note(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await pilot.press("a", *"Marked", "enter")
        await pilot.pause()
        assert chips(app) == [("Marked", 0, "", "")]
        assert tooltip(app) == "Marked: No rule: a note for the table. Lasts until removed."


async def test_enter_on_an_empty_name_goes_back_to_the_list(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await pilot.press("a")
        assert app.screen.focused.id == "chip-name"
        assert app.screen.has_class("-adding")
        before = app.session.state
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.state is before
        assert app.screen.focused.id == "chip-list"
        assert not app.screen.has_class("-adding")


async def test_the_rule_s_refusal_is_shown_and_changes_nothing(app):
    notes = record_notes(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        before = app.session.state
        await pilot.press("a", *"poisoned", "tab", "-", "1", "enter")
        await pilot.pause()
        assert app.session.state is before
        assert notes[-1].startswith("A chip lasts a number of rounds from 1, not -1.")


async def test_the_same_chip_again_is_kept_as_it_was(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await pilot.press("a", *"poisoned", "enter")
        await pilot.press("a", *"poisoned", "enter")
        await pilot.pause()
        assert chips(app) == [("Poisoned", 0, "", "")]
        assert app.session.log[-1] == "Mirelle already has a Poisoned chip that lasts as long; it stays as it was."


async def test_next_turn_is_off_outside_a_fight(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        assert "fights only" in str(app.screen.query_one("#chip-next-turn").render())
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.next_turn is False
        await pilot.press("a", *"prone", "enter")
        await pilot.pause()
        assert chips(app) == [("Prone", 0, "", "")]


async def test_n_makes_a_next_turn_chip_of_the_current_combatant_in_a_fight(app):
    # ref: Conditions — "Some spell chips end at a turn boundary ... Such a chip shows 'next turn'."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        assert current(app) == "ayla"
        await open_dialog(pilot, "goblin-2")
        await pilot.press("a", *"blinded", "tab", "3", "n")
        await pilot.pause()
        assert app.screen.query_one("#chip-rounds").disabled  # next turn replaces the rounds
        assert "until Ayla's next turn" in str(app.screen.query_one("#chip-next-turn").render())
        assert app.screen.focused.id == "chip-name"
        await pilot.press("enter")
        await pilot.pause()
        assert chips(app, "goblin-2") == [("Blinded", 0, "", "ayla")]
        assert rows(app) == ["Blinded next turn"]
        assert tooltip(app).endswith("Ends at the start of Ayla's next turn.")
        assert app.screen.next_turn is False  # reset for the next chip
        assert not app.screen.query_one("#chip-rounds").disabled


async def test_n_twice_turns_next_turn_off_again(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await open_dialog(pilot, "goblin-2")
        await pilot.press("n", "n", "a", *"prone", "tab", "2", "enter")
        await pilot.pause()
        assert chips(app, "goblin-2") == [("Prone", 2, "", "")]


async def test_the_dialog_follows_undo_and_redo(app):
    app.session.execute(AddChip("mirelle", "Poisoned", 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await pilot.press("x")
        await pilot.pause()
        assert rows(app) == []
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert rows(app) == ["Poisoned 3"]
        assert "Ends in 3 rounds" in tooltip(app)


async def test_c_and_escape_close_it(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        await open_dialog(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_letters_typed_into_the_name_are_not_keys(app):
    async with app.run_test(size=(80, 24)) as pilot:
        await open_dialog(pilot)
        await pilot.press("a", *"xcan")
        await pilot.pause()
        assert isinstance(app.screen, ChipDialog)
        assert app.screen.query_one("#chip-name").value == "xcan"


def test_complete_takes_the_first_suggested_condition_name():
    assert complete("blin") == "Blinded"
    assert complete(" PRO ") == "Prone"
    assert complete("Bless") == "Bless"
    assert complete("") == ""

