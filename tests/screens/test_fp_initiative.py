"""FuturePath initiative screen: Team Initiative with its breakdown (R7, -1 per distinct
condition), the order and the groups (R8-R15), editable by keys before Start and in a fight."""

from __future__ import annotations

from textual.widgets import Static

from combat_tui.screens.futurepath.initiative import FPInitiativeScreen
from combat_tui.screens.futurepath.round import FPRoundScreen
from tests.screens.fp_helpers import fight, make_fp_app


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def open_initiative(pilot, *setup: str) -> None:
    """Ground setup with the text lines given, then the initiative screen."""
    from combat_tui.core.runner import run_line

    await pilot.press("s")
    await pilot.pause()
    for line in setup:
        run_line(pilot.app.session, line)
    await pilot.press("t")
    await pilot.pause()
    assert isinstance(pilot.app.screen, FPInitiativeScreen)


async def test_the_breakdown_shows_every_score_and_each_distinct_condition():
    # ref: R7, A7, notes §2.5 b — floor(mean), then (with the option on) -1 per distinct condition; Katie absent
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_initiative(pilot, "option condition_penalty yes", "absent Katie", "chip Brandon +Shaken 1",
                              "chip James +Shaken 1", "chip Art +Stunned 1")  # fmt: skip
        text = shown(app, "#fp-init-breakdown")
        assert "2. The Party: 2 = floor(mean of Brandon 6, James 4, Art 2) 4 - 1 Shaken - 1 Stunned" in text
        assert "1. The Space Bears: 3 = floor(mean of Space Bear 1 3" in text
        order = shown(app, "#fp-init-order")
        assert "1. The Space Bears Vanguard · 2. The Party Vanguard · 3. The Space Bears Rearguard" in order


async def test_a_tie_says_how_start_breaks_it():
    # ref: R9, A9 — equal Team Initiative: DEX scores decide
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_initiative(pilot, "init Brandon 3", "init James 3", "init Art 3", "init Katie 3")
        assert "tied: DEX scores decide" in shown(app, "#fp-init-breakdown")


async def test_g_moves_a_member_to_the_other_group_and_G_gives_them_back_to_the_rule():
    # ref: R12, R14 — the top half Vanguard; the GM decides ties and odd members
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_initiative(pilot, "absent Katie")
        await pilot.press("down", "down", "g")  # Art, the lone Rearguard
        await pilot.pause()
        assert dict(fight(app).group_fix) == {"art": "vanguard"}
        table = app.screen.query_one("#fp-init-table")
        assert str(table.get_cell("art", "group")) == "Vanguard (GM)"
        assert "The Party Rearguard" not in shown(app, "#fp-init-order")
        await pilot.press("G")
        await pilot.pause()
        assert fight(app).group_fix == ()


async def test_a_digit_fixes_the_highlighted_members_initiative():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_initiative(pilot, "absent Katie")
        await pilot.press("down", "1", "2", "enter")  # James
        await pilot.pause()
        assert dict(fight(app).initiative_fix) == {"james": 12}
        assert "James 12" in shown(app, "#fp-init-breakdown")


async def test_s_starts_from_here_and_T_fixes_a_team_initiative_in_the_fight():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_initiative(pilot, "absent Katie")
        assert app.screen.check_action("edit_team", ()) is False
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen) and fight(app).stage == "running"
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, FPInitiativeScreen)
        assert app.screen.check_action("start", ()) is False
        await pilot.press("T", "9", "enter")
        await pilot.pause()
        party = next(t for t in fight(app).teams if t.team == "party")
        assert party.initiative.override == 9
        assert "(GM's value; computed" in shown(app, "#fp-init-breakdown")
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)
