"""Setup: initiative values edited with keys, Start and Cancel (ref: Combat setup, Initiative)."""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.combat import CombatScreen
from tests.screens.helpers import SETUP_FACES


def initiative(app, ref: str) -> int:
    return app.session.state.fight.find(ref).initiative


async def open_setup(pilot) -> None:
    pilot.app.session.dice.force(SETUP_FACES)
    await pilot.press("s")
    await pilot.pause()


async def test_i_edits_the_initiative_of_the_row(app):
    # ref: Initiative — the values stay editable until the start.
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot)
        assert initiative(app, "ser-aldric") == 11
        await pilot.press("i", "2", "3", "enter")
        await pilot.pause()
        assert initiative(app, "ser-aldric") == 23
        assert app.session.log[-1] == "Initiative of Ser Aldric set to 23 (was 11)."


async def test_a_digit_on_a_row_types_a_new_value_over_the_old(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot)
        await pilot.press("down", "down", "1", "2", "enter")  # Ayla
        await pilot.pause()
        assert initiative(app, "ayla") == 12


async def test_plus_and_minus_step_the_value_and_escape_keeps_it(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot)
        await pilot.press("down", "plus", "plus", "minus")  # Mirelle 5 -> 6
        await pilot.pause()
        assert initiative(app, "mirelle") == 6
        await pilot.press("i", "9", "escape")
        await pilot.pause()
        assert initiative(app, "mirelle") == 6


async def test_s_starts_the_fight_in_initiative_order(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot)
        await pilot.press("s")
        await pilot.pause()
        fight = app.session.state.fight
        assert fight.stage == "running" and fight.round == 1
        assert fight.current().ref == "ayla"
        assert isinstance(app.screen, CombatScreen)


async def test_c_cancels_setup(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot)
        await pilot.press("c")
        await pilot.pause()
        assert app.session.state.fight is None
        assert app.session.log[-1] == "Combat setup closed without a fight."
        assert isinstance(app.screen, CampaignScreen)


async def test_y_parleys_and_the_foes_turn_neutral(app):
    # ref: Parley — "It closes the dialog, starts no fight, and writes a note to the travelogue that names the foes."
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot)
        await pilot.press("y")
        await pilot.pause()
        assert app.session.state.fight is None
        assert app.session.log[-1].startswith("The party parleys with Goblin 1, Goblin 2, Goblin 3 and Goblin Boss")
        assert isinstance(app.screen, CampaignScreen)
        assert app.session.state.actor("goblin-boss").disposition == "neutral"


async def test_x_ticks_surprised_and_start_puts_the_chip_on(app):
    # ref: Surprise — "you tick Surprised on each row by hand before you press Start combat"
    async with app.run_test(size=(100, 30)) as pilot:
        await open_setup(pilot)
        await pilot.press("x")
        await pilot.pause()
        first = app.session.state.fight.combatants[0].ref
        assert app.session.state.fight.combatants[0].surprised
        await pilot.press("x")
        await pilot.pause()
        assert not app.session.state.fight.combatants[0].surprised
        await pilot.press("x", "s")
        await pilot.pause()
        assert [c.name for c in app.session.state.actor(first).chips] == ["Surprised"]


async def test_w_picks_who_sneaks_r_rolls_and_t_types_a_total(app):
    # ref: Stealth contest — "Pick the side that sneaks, and each row of that side shows a Stealth
    # total. ... You can type a total in any sneaker row instead of rolling."
    async with app.run_test(size=(100, 36)) as pilot:
        await open_setup(pilot)
        await pilot.press("w")
        await pilot.pause()
        assert app.session.state.fight.sneaks == "party"
        await pilot.press("t", "2", "5", "enter")  # Ser Aldric's total
        await pilot.pause()
        fight = app.session.state.fight
        assert fight.find("ser-aldric").stealth == 25
        # 25 beats every goblin's passive Perception 9: all four are surprised
        assert [c.surprised for c in fight.combatants if c.side == "foes"] == [True] * 4
        app.session.dice.force([1, 1, 1])
        await pilot.press("r")
        await pilot.pause()
        fight = app.session.state.fight
        assert fight.find("ser-aldric").stealth == 25 and fight.find("mirelle").stealth is not None
        outcome = app.screen.query_one("#setup-sneaks").render()
        assert "The party sneaks (Stealth Ser Aldric 25" in str(outcome)


async def test_j_on_the_lists_joins_a_nearby_foe_and_again_unjoins_it(app):
    # ref: Combat setup — "Tick Join on a row to bring that foe into the fight."
    async with app.run_test(size=(100, 36)) as pilot:
        await open_setup(pilot)
        app.session.dice.force([12, 7])
        keys = [key for key, _ in app.screen._lists]
        at = keys.index("group:greenway:9:5")  # Add the whole group, above the two wolves
        await pilot.press("tab", *["down"] * at, "j")
        await pilot.pause()
        joined = [c.ref for c in app.session.state.fight.combatants if c.joined]
        assert joined[-2:] == ["wolf-1", "wolf-2"]
        await pilot.press("down", "j")  # Wolf 1's row: untick
        await pilot.pause()
        assert [c.ref for c in app.session.state.fight.combatants if c.joined][-1:] == ["wolf-2"]
        await pilot.press("shift+tab", "j")  # on setup's own row, Join says where it works
        await pilot.pause()
        assert app.session.state.fight.find("ser-aldric") is not None


async def test_quick_keys_after_t_type_the_total_and_enter_saves_it(app):
    # Keys sent in one burst (as over tmux) arrive before the editor's field has focus.
    async with app.run_test(size=(100, 36)) as pilot:
        await open_setup(pilot)
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("t", "1", "5", "enter", "down", "t", "9", "enter")
        await pilot.pause()
        fight = app.session.state.fight
        assert (fight.find("ser-aldric").stealth, fight.find("mirelle").stealth) == (15, 9)
        assert fight.find("ser-aldric").initiative == 11
