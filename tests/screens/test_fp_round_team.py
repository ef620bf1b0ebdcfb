"""FuturePath round screen, a third party: `T` makes a new team and brings combatants outside the
fight into it at the Counter phase (the page's "Joining a Battle", R18-R21)."""

from __future__ import annotations

from textual.widgets import SelectionList

from combat_tui.screens.futurepath.combatant_editor import CombatantEditor
from combat_tui.screens.futurepath.round import FPRoundScreen
from combat_tui.screens.futurepath.team_dialog import FPTeamDialog
from tests.screens.fp_helpers import actor, actor_turn, fight, fp, make_fp_app
from tests.screens.helpers import record_notes


async def counter_phase(pilot) -> None:
    await actor_turn(pilot)
    for _ in range(4):
        await pilot.press("n")
    await pilot.pause()
    assert fight(pilot.app).phase == "counters"


def labels(app) -> list[str]:
    return [entry.label for entry in app.session.history.entries[: app.session.history.pointer]]


async def test_T_makes_a_team_and_the_ticked_join_the_fight_on_it():
    # ref: Combat page, "Joining a Battle": "New opponents can join the battle at the Counter Phase
    # ... multiple people joining combat as a new Team; their team's initiative is compared with
    # the other groups' to determine the turn order"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await counter_phase(pilot)
        assert "T a new team" in str(app.screen.query_one("#fp-phase").render())
        await pilot.press("T")
        await pilot.pause()
        assert isinstance(app.screen, FPTeamDialog)
        await pilot.press(*"The Scavengers", "enter")
        await pilot.pause()
        team = next(t for t in fp(app).teams if t.name == "The Scavengers")
        assert labels(app)[-1] == "team 'The Scavengers'"
        who = app.screen.query_one("#fp-team-who", SelectionList)
        assert who.has_focus and [who.get_option_at_index(i).value for i in range(who.option_count)] == ["katie"]
        await pilot.press("space", "j")
        await pilot.pause()
        assert labels(app)[-2:] == [f"edit Katie team={team.id}", "join Katie"]
        assert actor(app, "katie").team == team.id and "katie" in fight(app).present
        assert any(t.team == team.id for t in fight(app).teams)
        assert who.option_count == 0
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)


async def test_a_new_member_is_added_to_the_team_and_joins():
    # ref: Combat page, "Joining a Battle": "If they are a third party and not part of any Team his
    # or her Initiative is compared to the other Teams"
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await counter_phase(pilot)
        await pilot.press("T", *"Pirates", "enter")  # the campaign has that team already: picked
        await pilot.pause()
        assert labels(app)[-1] != "team Pirates"
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, CombatantEditor)
        await pilot.press(*"Zed", "tab", "1", "2", "enter")
        await pilot.pause()
        assert isinstance(app.screen, FPTeamDialog)
        zed = next(a for a in fp(app).actors if a.name == "Zed")
        assert zed.team == "pirates"
        assert app.screen.query_one("#fp-team-who", SelectionList).selected == [zed.id]  # the newcomer is ticked
        await pilot.press("j")
        await pilot.pause()
        assert labels(app)[-1] == "join Zed" and zed.id in fight(app).present


async def test_refusals_of_the_team_dialog_are_messages():
    # ref: Combat page, "Joining a Battle" — a team needs a name to be compared with the others
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        notes = record_notes(app)
        await counter_phase(pilot)
        teams = fp(app).teams
        await pilot.press("T", "enter")
        await pilot.pause()
        assert notes[-1].startswith("A team needs a name of plain words.")
        assert fp(app).teams == teams
        await pilot.press("tab", "j")
        await pilot.pause()
        assert notes[-1] == "Name the team first (type it, Enter)."
        await pilot.press(*"Scavengers", "enter", "j")
        await pilot.pause()
        assert notes[-1] == "Tick who joins (space on the list)."
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, FPRoundScreen)
