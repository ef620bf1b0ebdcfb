"""The creature library (`l` from the campaign screen and from the fight): search as you type,
the stat block of the highlighted row, Count and Rolled HP, spawning, and the templates' `e` and
`x`. ref: Combat setup — spawned creatures join a fight and roll initiative."""

from __future__ import annotations

import pytest

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.library import LibraryScreen
from combat_tui.systems.dnd5e.commands import SaveTemplate
from tests.screens.helpers import record_notes, start_fight

BEFORE = {c.id for c in goblin_ambush().creatures}


def new_creatures(app: CombatApp) -> list:
    return [c for c in app.session.state.creatures if c.id not in BEFORE]


def labels(app: CombatApp, creatures) -> list[str]:
    shown = app.session.system.labels(app.session.state)
    return [shown[c.id] for c in creatures]


def with_template() -> CombatApp:
    """The sample with the Goblin Boss saved as the template "Boss of Bosses"."""
    session = Session(goblin_ambush(), dice=Dice(1))
    session.execute(SaveTemplate("goblin-boss", "Boss of Bosses"))
    return CombatApp(session=session)


def preview(app: CombatApp) -> str:
    return "\n".join(app.screen.block)


async def open_library(pilot, query: str = "") -> LibraryScreen:
    await pilot.press("l")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, LibraryScreen)
    if query:
        await pilot.press(*query)
        await pilot.pause()
    return screen


def highlighted_name(screen: LibraryScreen) -> str:
    entry = screen.highlighted_entry
    return entry.name if entry is not None else ""


async def test_l_opens_the_library_with_the_srd_credit_and_the_2014_rules_note(app):
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot)
        credit = str(screen.query_one("#library-credit").render())
        assert "SRD 5.2, CC-BY-4.0" in credit and "2014" in credit
        assert screen.query_one("#library-search").has_focus
        assert screen.query_one("#library-list").option_count > 300


async def test_typing_filters_at_every_key_and_the_preview_follows(app):
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "owlbear")
        assert highlighted_name(screen) == "Owlbear"
        text = preview(app)
        for part in ("AC 13", "HP 59 (7d10+21)", "Speed", "STR", "CHA", "Passive Perception", "CR 3 (700 XP)", "Rend +7 to hit"):
            assert part in text, part
        await pilot.press(*["backspace"] * 4)  # "owl": the owls and the owlbear
        await pilot.pause()
        names = [e.name for e in screen.rows]
        assert {"Owl", "Owlbear", "Giant Owl"} <= set(names)


async def test_the_arrows_move_the_list_while_the_search_keeps_the_focus(app):
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "owl")
        first = highlighted_name(screen)
        await pilot.press("down")
        await pilot.pause()
        second = highlighted_name(screen)
        assert second != first and screen.query_one("#library-search").has_focus
        assert second in preview(app) or second in str(screen.query_one("#library-preview-box").border_title)
        await pilot.press("up")
        await pilot.pause()
        assert highlighted_name(screen) == first


async def test_wolf_count_3_enter_spawns_three_wolves_on_the_party_tile_and_closes(app):
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "wolf")
        assert highlighted_name(screen) == "Wolf"
        await pilot.press("tab", "3", "enter")
        await pilot.pause()
        made = new_creatures(app)
        assert [c.name for c in made] == ["Wolf"] * 3
        assert all(c.tile == app.session.state.party_tile for c in made)
        # ref: Combat setup — numbered in the fight they would join, the sample's far wolves after
        assert labels(app, made) == ["Wolf 5", "Wolf 6", "Wolf 7"]  # they count on after the sample's four wolves (stable labels)
        assert isinstance(app.screen, CampaignScreen)


async def test_the_count_field_refuses_0_and_21_with_a_message(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "wolf")
        await pilot.press("tab", "0", "enter")
        await pilot.pause()
        assert any("1 to 20" in note and "not 0" in note for note in notes)
        await pilot.press("backspace", "2", "1", "s")
        await pilot.pause()
        assert any("1 to 20" in note and "not 21" in note for note in notes)
        assert new_creatures(app) == [] and app.screen is screen  # still open for a good count
        await pilot.press("backspace", "backspace", "2", "s")
        await pilot.pause()
        assert len(new_creatures(app)) == 2


async def test_rolled_hp_rolls_each_from_the_hit_dice(app):
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "wolf")
        await pilot.press("tab", "2", "r")
        await pilot.pause()
        assert "rolled" in str(screen.query_one("#library-rolled").render())
        app.session.dice.force([1, 1, 6, 6])
        await pilot.press("enter")
        await pilot.pause()
        made = new_creatures(app)
        assert len(made) == 2 and made[0].max_hp != made[1].max_hp


async def test_from_the_fight_the_spawn_joins_it_and_rolls_initiative(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        assert isinstance(app.screen, CombatScreen)
        await open_library(pilot, "wolf")
        await pilot.press("tab", "3", "enter")
        await pilot.pause()
        made = new_creatures(app)
        assert len(made) == 3
        fight = app.session.state.fight
        joined = [c for c in fight.combatants if c.ref in {m.id for m in made}]
        assert len(joined) == 3 and all(c.joined and c.side == "foes" for c in joined)
        assert isinstance(app.screen, CombatScreen)


async def test_a_template_row_is_marked_and_spawns_the_template():
    app = with_template()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "boss of")
        assert highlighted_name(screen) == "Boss of Bosses"
        row = str(screen.query_one("#library-list").get_option_at_index(0).prompt)
        assert "template" in row
        assert "template" in str(screen.query_one("#library-preview-box").border_title)
        await pilot.press("enter")
        await pilot.pause()
        made = new_creatures(app)
        assert [c.name for c in made] == ["Boss of Bosses"]
        assert made[0].weapons == app.session.state.actor("goblin-boss").weapons


async def test_a_creature_spawned_from_a_template_gets_its_save_actions():
    # ref: Creature actions — "a creature spawned from the template gets them"
    session = Session(goblin_ambush(), dice=Dice(1))
    session.execute(SaveTemplate("winter-wolf", "Frost Leader"))
    app = CombatApp(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_library(pilot, "frost l")
        assert "Save actions" in preview(app)
        await pilot.press("enter")
        await pilot.pause()
        made = new_creatures(app)
        assert [a.name for a in made[0].actions] == ["Cold Breath"]


async def test_x_deletes_a_template_after_y_and_n_keeps_it():
    app = with_template()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "boss of")
        await pilot.press("tab", "x")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert [t.name for t in app.session.state.templates] == ["Boss of Bosses"]
        await pilot.press("x")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.session.state.templates == ()
        assert app.screen is screen and all(e.name != "Boss of Bosses" for e in screen.rows)


async def test_x_on_an_srd_row_says_only_a_template_can_be_deleted(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_library(pilot, "wolf")
        await pilot.press("tab", "x")
        await pilot.pause()
        assert any("Only a template" in note for note in notes)


async def test_e_on_a_template_opens_the_creature_form():
    from combat_tui.screens.dnd5e import creature_form as form
    app = with_template()
    async with app.run_test(size=(100, 30)) as pilot:
        await open_library(pilot, "boss of")
        await pilot.press("tab", "e")
        await pilot.pause()
        assert isinstance(app.screen, form.CreatureForm)


@pytest.mark.parametrize("keys", [["f3"], ["f10"], ["escape"], ["tab", "c"]], ids=["f3", "f10", "escape", "tab-c"])
async def test_f3_f10_esc_and_c_from_the_count_field_close_it(app, keys):
    async with app.run_test(size=(100, 30)) as pilot:
        await open_library(pilot, "wolf")
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        assert new_creatures(app) == []


async def test_c_in_the_search_field_is_typed_not_a_close(app):
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "cat")
        assert app.screen is screen and screen.query_one("#library-search").value == "cat"
        await pilot.press("tab", "slash")
        await pilot.pause()
        assert screen.query_one("#library-search").has_focus


async def test_nothing_matching_says_so_and_enter_spawns_nothing(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await open_library(pilot, "zzqx")
        assert "Nothing matches" in preview(app)
        await pilot.press("enter")
        await pilot.pause()
        assert new_creatures(app) == [] and any("Pick a creature" in note for note in notes)


async def test_shift_a_opens_the_character_form_or_says_it_is_missing(app):
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("A")
        await pilot.pause()
        try:
            from combat_tui.screens.dnd5e.character_form import CharacterForm
        except ImportError:
            assert any("character form is not available" in note for note in notes)
        else:
            assert isinstance(app.screen, CharacterForm)


async def test_a_second_open_keeps_the_search_selected_with_count_1_and_average_hp(app):
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_library(pilot, "wolf")
        await pilot.press("tab", "5", "r", "c")
        await pilot.pause()
        again = await open_library(pilot)
        assert again is screen  # made once, kept
        search = screen.query_one("#library-search")
        assert search.has_focus and search.value == "wolf" and search.selected_text == "wolf"
        assert screen.query_one("#library-count").value == "1"
        assert "average" in str(screen.query_one("#library-rolled").render())
        await pilot.press(*"owlbear")  # typing replaces the kept search
        await pilot.pause()
        assert search.value == "owlbear" and highlighted_name(screen) == "Owlbear"


async def test_a_template_saved_while_the_library_was_closed_is_listed_on_the_next_open(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await open_library(pilot, "boss of")
        await pilot.press("f3")
        await pilot.pause()
        await pilot.press("colon", *'template save "Goblin Boss" as Boss of Bosses', "enter")
        await pilot.pause()
        screen = await open_library(pilot)
        assert highlighted_name(screen) == "Boss of Bosses"
