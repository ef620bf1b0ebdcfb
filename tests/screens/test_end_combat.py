"""The End combat dialog: the XP offered, the split, an editable amount (ref: Combat screen)."""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.combat import CombatScreen

from .helpers import actor, start_fight

PARTY = ("ser-aldric", "mirelle", "ayla", "bren")


async def defeat(pilot, presses: int) -> None:
    """Inspect `presses` combatants along from the current one and drop it with 99 damage."""
    for _ in range(presses):
        await pilot.press("right_square_bracket")
    await pilot.press("9", "9", "d", "c")
    await pilot.pause()


async def test_e_awards_the_offered_xp_split_among_the_living_characters(app):
    # ref: Combat screen — "The XP is split evenly among the living characters and rounded down,
    # and the dialog states any XP that the split leaves over."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)  # Goblin 2 (50 XP)
        await defeat(pilot, 7)  # Goblin Boss (200 XP)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert app.session.state.fight is None
        assert [actor(app, ref).xp for ref in PARTY] == [62, 62, 62, 62]
        assert app.session.log[-1] == (
            "XP: 250 split among 4 characters, 62 each (Ser Aldric, Mirelle, Ayla and Bren); 2 XP left over."
        )
        assert isinstance(app.screen, CampaignScreen)


async def test_the_amount_can_be_changed_before_the_award(app):
    # ref: Combat screen — "You can change the amount."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("backspace", "backspace", "4", "0", "0", "e")
        await pilot.pause()
        assert [actor(app, ref).xp for ref in PARTY] == [100] * 4


async def test_back_to_the_fight_keeps_the_fight_the_xp_and_every_foe(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)
        before = app.session.state
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert app.session.state is before
        assert isinstance(app.screen, CombatScreen)


async def test_undo_inside_the_dialog_updates_the_offer(app):
    # A foe that stands again while the dialog is open is worth nothing.
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert app.session.log[-1] == "No XP is awarded."


async def test_the_campaign_screen_shows_the_fight_s_outcome_when_it_comes_back(app):
    # It hears no changes while the fight covers it, and catches up on resume.
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        xp = app.screen.query_one("#party-table").get_row("ser-aldric")[4]
        assert str(xp) == str(actor(app, "ser-aldric").xp) != "0"
        shown = " ".join(line.strip() for line in app.screen.query_one("#travelogue").lines)
        assert shown.replace("\u00a0", " ").endswith(app.session.log[-1])
