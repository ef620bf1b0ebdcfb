"""FuturePath ship setup (issue 7, item 3): the ships and the crew of their seven positions with
the small-crew rules, assigning and emptying positions, out of action, ships left out, and the
start of the space fight, all by keys; and the app showing the phase screen while a space fight
runs and the campaign screen after it."""

from __future__ import annotations

from textual.widgets import DataTable, Input, Static

from combat_tui.core.runner import run_line
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.futurepath.campaign import FPCampaignScreen
from combat_tui.screens.futurepath.confirm_dialog import FPConfirmDialog
from combat_tui.screens.futurepath.round import FPRoundScreen
from combat_tui.screens.futurepath.ship_setup import ShipSetupScreen
from combat_tui.screens.futurepath.ship_setup_name import CrewNameDialog
from combat_tui.screens.futurepath.space_choice import SpaceChoiceDialog
from combat_tui.screens.futurepath.space_phase import SpacePhaseScreen
from tests.screens.fp_helpers import fp, make_fp_app
from tests.screens.helpers import make_app

SHIPS = ["bearclaw", "marauder", "fighter-1", "fighter-2", "fighter-3", "fighter-4"]
POSITIONS = ["captain", "science", "helm", "sensors", "weapons", "engineer", "medical"]


def ship(app, ref: str):
    return next(s for s in fp(app).ships if s.id == ref)


def cell(app, table: str, row: str, column: str) -> str:
    value = app.screen.query_one(table, DataTable).get_cell(row, column)
    return getattr(value, "plain", str(value))


async def open_ship_setup(pilot) -> ShipSetupScreen:
    await pilot.press("S")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ShipSetupScreen)
    return pilot.app.screen


async def to(pilot, ref: str, position: str = "captain") -> None:
    """The ships' cursor on `ref`, the crew's on `position` (the crew table keeps the focus)."""
    pilot.app.screen.query_one("#ship-setup-ships", DataTable).focus()
    await pilot.press(*["up"] * 6, *["down"] * SHIPS.index(ref), "tab", *["up"] * 7,
                      *["down"] * POSITIONS.index(position))  # fmt: skip
    await pilot.pause()


async def test_S_opens_ship_setup_with_the_ships_and_who_starts_unseen():
    # ref: R102 — the silent Marauder's Stealth DC 12 beats the Bearclaw's Passive Sensors 11
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert "S space combat" in app.screen.query_one("#fp-roster").border_title
        await open_ship_setup(pilot)
        table = app.screen.query_one("#ship-setup-ships", DataTable)
        assert [k.value for k in table.rows] == SHIPS
        assert cell(app, "#ship-setup-ships", "marauder", "Start") == "surprise 11<12"
        assert cell(app, "#ship-setup-ships", "fighter-1", "Start") == "seen 11≥11"
        assert cell(app, "#ship-setup-ships", "bearclaw", "Side") == "The Party"
        assert cell(app, "#ship-setup-crew", "weapons", "Crew") == "Katie"
        detail = str(app.screen.query_one("#ship-setup-detail", Static).render())
        assert "Eng 12 +1  Wpn 12 +1  Str 10 +0" in detail and "BD max 3 · BD-DC 4,5 · Track 12" in detail
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)


async def test_a_fighters_crew_of_one_has_no_captain_and_its_pilot_covers_the_stations():
    # ref: §2.13 small crew — a crew of 1 or 2: no Captain; the pilot covers the other stations
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        await to(pilot, "fighter-2")
        assert app.screen.query_one("#ship-setup-crew").border_title.startswith("Fighter 2 crew")
        assert cell(app, "#ship-setup-crew", "captain", "Crew") == "(small crew: none)"
        assert cell(app, "#ship-setup-crew", "sensors", "Crew") == "(pilot Raider 2)"
        assert cell(app, "#ship-setup-crew", "medical", "Crew") == "(empty: skipped)"
        assert cell(app, "#ship-setup-ships", "fighter-2", "Crew") == "5/7"


async def test_a_assigns_a_character_and_x_empties_the_position():
    # ref: §2.12, R104 — a position with no one in it is skipped
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        await to(pilot, "bearclaw", "medical")
        await pilot.press("x")
        await pilot.pause()
        assert ship(app, "bearclaw").post("medical") is None
        assert cell(app, "#ship-setup-crew", "medical", "Crew") == "(empty: skipped)"
        assert app.screen.check_action("empty", ()) is None  # nothing to empty: dimmed
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        first = app.screen.query_one("OptionList").get_option_at_index(0)
        assert "Brandon (Bearclaw Helm Officer)" in str(first.prompt)
        await pilot.press("down", "down", "down", "enter")  # Katie
        await pilot.pause()
        post = ship(app, "bearclaw").post("medical")
        assert (post.actor, post.name) == ("katie", "")
        assert cell(app, "#ship-setup-crew", "medical", "Crew") == "Katie"
        assert "Katie is Bearclaw's Medical Officer." == app.session.log[-1]


async def test_enter_on_a_position_takes_a_typed_npc_name():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        await to(pilot, "marauder", "medical")
        await pilot.press("enter", "end", "enter")  # the last choice: someone else
        await pilot.pause()
        assert isinstance(app.screen, CrewNameDialog)
        app.screen.query_one(Input).value = "Stitches"
        await pilot.press("enter")
        await pilot.pause()
        assert ship(app, "marauder").post("medical").name == "Stitches"
        assert cell(app, "#ship-setup-crew", "medical", "Crew") == "Stitches"
        await pilot.press("enter", "end", "enter", "escape")  # Esc types no name: no change
        await pilot.pause()
        assert isinstance(app.screen, ShipSetupScreen)
        assert ship(app, "marauder").post("medical").name == "Stitches"


async def test_o_marks_a_crew_member_out_of_action_and_back():
    # ref: R104 — an out-of-action crew member's position is skipped
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        await to(pilot, "bearclaw", "sensors")
        await pilot.press("o")
        await pilot.pause()
        assert ship(app, "bearclaw").post("sensors").out
        assert cell(app, "#ship-setup-crew", "sensors", "Crew") == "James (out)"
        await pilot.press("o")
        await pilot.pause()
        assert not ship(app, "bearclaw").post("sensors").out


async def test_p_leaves_ships_out_and_s_starts_the_fight_on_the_phase_screen():
    # ref: R102 — without the Bearclaw's enemies but the Marauder, the fight starts with its surprise phase
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        for ref in SHIPS[2:]:
            await to(pilot, ref)
            await pilot.press("p")
        await pilot.pause()
        assert cell(app, "#ship-setup-ships", "fighter-4", "In") == "[ ]"
        assert cell(app, "#ship-setup-ships", "fighter-4", "Start") == "-"
        await to(pilot, "marauder")
        await pilot.press("p")
        await pilot.pause()
        assert app.screen.check_action("start", ()) is None  # one side only: dimmed
        await pilot.press("p", "s")
        await pilot.pause()
        space = fp(app).space
        assert space.ships == ("bearclaw", "marauder") and space.phase == "surprise"
        assert isinstance(app.screen, SpacePhaseScreen)
        assert [type(s) for s in app.screen_stack[-2:]] == [FPCampaignScreen, SpacePhaseScreen]


async def test_the_phase_screen_shows_while_the_fight_runs_then_the_campaign():
    # ref: R108 — the end of the space fight (here by the GM) takes the phase screen off
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SpacePhaseScreen)
        await pilot.press("colon")
        await pilot.pause()
        await pilot.press(*"space end", "enter")
        await pilot.pause()
        assert fp(app).space.stage == "ended"
        assert isinstance(app.screen, CampaignScreen)
        await pilot.press("u")  # undo brings the fight, and its screen, back
        await pilot.pause()
        assert isinstance(app.screen, SpacePhaseScreen)
        await pilot.press("u")  # before the start: the campaign screen
        await pilot.pause()
        assert fp(app).space is None and isinstance(app.screen, CampaignScreen)


async def test_a_running_space_fight_shows_over_a_ground_fight_and_gives_it_back():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for line in ("setup", "start"):
            run_line(app.session, line)
        app._changed()
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)
        run_line(app.session, "space start")
        app._changed()
        await pilot.pause()
        assert isinstance(app.screen, SpacePhaseScreen)
        run_line(app.session, "space end")
        app._changed()
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)


async def test_a_5e_campaign_has_no_space_key():
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.screen.check_action("open_space", ()) is False
        await pilot.press("S")  # in 5e, S is the campaign's custom spells, never ship setup
        await pilot.pause()
        assert type(app.screen).__name__ == "SpellList"


async def test_X_on_the_phase_screen_ends_the_fight_back_to_the_campaign():
    # ref: R108 — the GM may end the space fight; the campaign screen comes back
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SpacePhaseScreen)
        await pilot.press("X")
        await pilot.pause()
        assert isinstance(app.screen, FPConfirmDialog)  # the end asks first
        await pilot.press("y")
        await pilot.pause()
        assert fp(app).space.stage == "ended" and isinstance(app.screen, CampaignScreen)
        assert app.session.log[-1] == "The GM ends the space combat."


async def test_after_a_fight_S_sets_up_and_starts_another():
    # ref: R108 — an ended fight leaves the campaign ready for the next one
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("X", "y")
        await pilot.pause()
        await open_ship_setup(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert fp(app).space.stage == "running" and fp(app).space.round == 0
        assert isinstance(app.screen, SpacePhaseScreen)


async def test_plus_and_minus_step_the_crew_members_bonus_down_to_zero_and_below():
    # ref: §2.9 rule 7 — the static bonus a crew member adds to the position's rolls
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_ship_setup(pilot)
        await to(pilot, "bearclaw", "sensors")  # James +1
        await pilot.press("minus")
        await pilot.pause()
        assert ship(app, "bearclaw").post("sensors").bonus == 0
        assert cell(app, "#ship-setup-crew", "sensors", "+N") == "+0"
        await pilot.press("minus", "plus", "plus")
        await pilot.pause()
        assert ship(app, "bearclaw").post("sensors").bonus == 1
        await to(pilot, "bearclaw", "medical")
        await pilot.press("x", "plus")  # empty: nothing to step
        await pilot.pause()
        assert ship(app, "bearclaw").post("medical") is None
