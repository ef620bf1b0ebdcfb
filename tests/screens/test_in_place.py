"""A key repaints what changed: the rows of the old and new turn, not the whole combatant table
(issue 17: the table's border subtitle, set again after every command, repainted all of it)."""

from __future__ import annotations

from textual.app import App
from textual.widgets import Static

from combat_tui.screens.in_place import set_border, update_static
from combat_tui.widgets.dnd5e.combatant_table import CombatantTable
from tests.screens.helpers import make_app, start_fight


async def test_next_turn_repaints_two_rows_of_the_table_and_never_all_of_it():
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)
        table = app.screen.query_one(CombatantTable)
        calls: list[tuple] = []
        refresh = table.refresh

        def spy(*regions, **options):
            calls.append(regions)
            return refresh(*regions, **options)

        table.refresh = spy
        await pilot.press("n")
        await pilot.pause()
        assert calls, "the turn's rows were not repainted"
        assert all(regions for regions in calls), "a bare refresh repaints the whole table"
        assert {region.height for regions in calls for region in regions} == {1}


async def test_the_same_title_or_text_again_touches_nothing():
    class One(App):
        def compose(self):
            yield Static("", id="box")

    app = One()
    async with app.run_test() as pilot:
        box = app.query_one("#box", Static)
        refreshed: list[bool] = []
        refresh = box.refresh
        box.refresh = lambda *a, **k: refreshed.append(True) or refresh(*a, **k)
        set_border(box, title="Log", subtitle="x")
        update_static(box, "Round 1")
        await pilot.pause()
        assert refreshed and box.border_title == "Log" and box.border_subtitle == "x"
        assert str(box.render()) == "Round 1"
        refreshed.clear()
        set_border(box, title="Log", subtitle="x")
        update_static(box, "Round 1")
        assert not refreshed
        set_border(box, subtitle="y")
        update_static(box, "Round 2")
        assert box.border_title == "Log" and box.border_subtitle == "y" and str(box.render()) == "Round 2"


async def test_a_new_footer_styles_its_keys_once(monkeypatch):
    """Textual's FooterKey starts compact and is then bound to the footer's False: two stylesheet
    passes a key on every footer rebuild. KeyFooter tells each key first (the palette's key, not
    bound, keeps Textual's compact look)."""
    from textual.dom import DOMNode
    from textual.widgets._footer import FooterKey

    restyled: list[FooterKey] = []
    update = DOMNode.update_node_styles

    def spy(self, animate=True):
        if isinstance(self, FooterKey):
            restyled.append(self)
        return update(self, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", spy)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_fight(pilot)  # two new screens, two new footers
        keys = list(app.screen.query(FooterKey))
        assert keys and all(key.has_class("-compact") == key.has_class("-command-palette") for key in keys)
        assert all(key.has_class("-command-palette") for key in restyled)


async def test_a_screens_footer_is_built_with_the_screen_and_rebuilt_only_when_its_keys_change(monkeypatch):
    """Textual's Footer composes empty and builds its keys after the first refresh, a frame after
    the screen's content (issue 17: the first screen's keys came about 20 ms late). The campaign
    screen's footer is built with it; the combat screen's, whose keys depend on the fight it
    loads when mounted, is built once that is known."""
    from combat_tui.widgets.key_footer import KeyFooter

    rebuilt: list[KeyFooter] = []
    recompose = KeyFooter.recompose

    async def spy(self):
        rebuilt.append(self)
        return await recompose(self)

    monkeypatch.setattr(KeyFooter, "recompose", spy)
    built: list[int] = []
    compose = KeyFooter.compose

    def counted(self):
        keys = list(compose(self))
        built.append(len(keys))
        return keys

    monkeypatch.setattr(KeyFooter, "compose", counted)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        assert built and built[0] > 0, "the first compose had no keys"
        assert "Set up" in [key.description for key in footer.children]
        assert rebuilt == []
        await start_fight(pilot)  # two screens whose keys come with their state
        footer = app.screen.query_one(KeyFooter)
        assert footer in rebuilt and "Next turn" in [key.description for key in footer.children]
