"""FuturePath team setup: present, aware, Initiative, conditions, Start and Cancel, all by keys
(R5, R7, R24-R26); and the campaign screen of a FuturePath campaign."""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.futurepath.initiative import FPInitiativeScreen
from combat_tui.screens.futurepath.round import FPRoundScreen
from combat_tui.screens.futurepath.setup import FPSetupScreen
from tests.screens.fp_helpers import actor, fight, make_fp_app

ROWS = ["brandon", "james", "art", "katie", "bear-1", "bear-2", "bear-3", "bear-4"]


async def open_setup(pilot) -> None:
    await pilot.press("s")
    await pilot.pause()


async def to_row(pilot, ref: str) -> None:
    await pilot.press(*["up"] * 8, *["down"] * ROWS.index(ref))


async def test_the_campaign_screen_lists_the_combatants_and_s_opens_ground_setup():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, CampaignScreen)
        roster = app.screen.query_one("#fp-roster")
        assert roster.row_count == 8 and roster.region.height == 11  # every row, at 80x24 too
        await open_setup(pilot)
        assert fight(app).stage == "setup"
        assert isinstance(app.screen, FPSetupScreen)


async def test_the_5e_keys_are_hidden_and_do_nothing():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for action in ("open_sheet", "focus_map", "edit_creature", "split", "rejoin"):
            assert app.screen.check_action(action, ()) is False
        await pilot.press("c", "m", "e", "p", "j", "enter")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert app.session.can_undo is False


async def test_p_and_a_toggle_in_the_fight_and_aware():
    # ref: R24, R26, A7 — a late joiner is left out; the unaware do not act in Round 0
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await to_row(pilot, "katie")
        await pilot.press("p")
        await to_row(pilot, "james")
        await pilot.press("a")
        await pilot.pause()
        assert "katie" not in fight(app).present
        assert fight(app).unaware == ("james",)
        await pilot.press("a", "p")
        await pilot.pause()
        assert fight(app).unaware == () and "james" not in fight(app).present


async def test_initiative_is_typed_stepped_and_given_back_to_the_sheet():
    # ref: R5 — DEX + WIS + MISC, with the GM's fix
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await to_row(pilot, "art")
        await pilot.press("9", "enter")
        await pilot.pause()
        assert dict(fight(app).initiative_fix)["art"] == 9
        await pilot.press("minus", "minus")
        await pilot.pause()
        assert dict(fight(app).initiative_fix)["art"] == 7
        await pilot.press("i", "5", "escape")
        await pilot.pause()
        assert dict(fight(app).initiative_fix)["art"] == 7
        await pilot.press("r")
        await pilot.pause()
        assert fight(app).initiative_fix == ()


async def test_x_adds_a_condition_for_some_rounds_and_removes_it():
    # ref: notes §2.5 — a timed condition; it costs its team 1 Team Initiative (R7)
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await to_row(pilot, "brandon")
        await pilot.press("x", *"shak 1", "enter")
        await pilot.pause()
        shaken = actor(app, "brandon").condition("Shaken")
        assert shaken is not None and shaken.rounds == 1
        await pilot.press("x", "minus", *"sha", "enter")
        await pilot.pause()
        assert actor(app, "brandon").conditions == ()


async def test_t_opens_the_initiative_screen_and_s_starts_the_fight():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, FPInitiativeScreen)
        await pilot.press("9", "enter", "b")  # the first row (Space Bear 1: the bears go first)
        await pilot.pause()
        assert isinstance(app.screen, FPSetupScreen)
        assert str(app.screen.query_one("#fp-setup-table").get_cell("bear-1", "init")) == "9 (GM)"
        await pilot.press("s")
        await pilot.pause()
        assert fight(app).stage == "running" and fight(app).round == 1
        assert isinstance(app.screen, FPRoundScreen)


async def test_c_cancels_setup_and_undo_opens_it_again():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert app.session.state.futurepath.fight is None
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, FPSetupScreen)
