"""The widgets the screens share: in a bare app, the travelogue follows undo and the ribbon builds
only the chips that fit, keeping the current turn in view; in the app, the combat screen's cards,
rows and ribbon show conditions, exhaustion and armor (issue 3)."""

from __future__ import annotations

from attrs import evolve
from textual.app import App, ComposeResult

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin, goblin_ambush, tile
from combat_tui.systems.dnd5e.commands import NextTurn, StartFight
from combat_tui.systems.dnd5e.fight_view import FightView
from combat_tui.widgets.dnd5e.chip_row import fit_chips, flow_chips
from combat_tui.widgets.dnd5e.combatant_card import CombatantCard
from combat_tui.widgets.dnd5e.combatant_table import CELLS_KEPT, CombatantTable
from combat_tui.widgets.dnd5e.initiative_ribbon import InitiativeRibbon
from combat_tui.widgets.travelogue import Travelogue
from tests.screens.helpers import ORDER, settled, start_fight, type_line


class Bare(App):
    def __init__(self, widget) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        yield self.widget


def shown(log: Travelogue) -> list[str]:
    return [line.replace("\u00a0", " ") for line in log.lines]


async def test_the_travelogue_appends_and_rewrites_its_tail_after_an_undo():
    log = Travelogue(max_lines=3)
    async with Bare(log).run_test(size=(60, 10)) as pilot:
        lines = ["one", "two"]
        log.show(lines)
        lines += ["three", "four"]
        log.show(lines)
        await pilot.pause()
        assert shown(log) == ["two", "three", "four"]
        del lines[-2:]  # an undo took two lines back
        log.show(lines)
        await pilot.pause()
        assert shown(log) == ["one", "two"]


async def test_the_travelogue_wraps_long_lines_to_its_width_keeping_labels_whole():
    log = Travelogue()
    async with Bare(log).run_test(size=(30, 10)) as pilot:
        log.show(["Initiative rolled: Ser Aldric 6, Goblin 2 18, Goblin 3 17"])
        await pilot.pause()
        assert all(len(line) <= 28 for line in log.lines)
        assert any("Goblin 2 18" in line for line in shown(log))


async def test_the_travelogue_draws_its_lines_without_a_style_per_line():
    """Log puts each segment's offset in its style for text selection; with the mouse off that
    only made two styles a line, which Textual keeps the escape codes of (issue 17)."""
    log = Travelogue()
    async with Bare(log).run_test(size=(30, 10)) as pilot:
        log.show([f"Goblin {n} hits Ayla for {n} damage" for n in range(1, 30)])
        await pilot.pause()
        strips = [log.render_line(y) for y in range(log.size.height)]
        assert "".join(segment.text for segment in strips[-1]).startswith("  ")  # a wrapped line
        styles = {segment.style for strip in strips for segment in strip}
        assert all(style is None or not style._meta for style in styles)
        assert len(styles) <= 2


def big_fight(count: int) -> Session:
    state = goblin_ambush()
    state = evolve(state, creatures=tuple(goblin(n, tile(6, 5)) for n in range(1, count + 1)))
    session = Session(state, dice=Dice(1))
    session.execute(StartFight())
    return session


async def test_the_ribbon_of_two_thousand_shows_a_window_and_pins_the_current_turn():
    session = big_fight(2000)
    state = session.state
    view = FightView.of(state, session.system.labels(state))
    ribbon = InitiativeRibbon()
    async with Bare(ribbon).run_test(size=(100, 3)) as pilot:
        far = state.fight.combatants[1500].ref
        ribbon.show(view, far)
        await pilot.pause()
        text = ribbon.render().plain
        current = state.fight.current()
        assert text.startswith(f"Round 1 ▶{view.label(current.ref)} {current.initiative} ┊")
        assert f"◆{view.label(far)}" in text
        assert len(text) <= 100 and "▸" in text and "◂" in text


async def test_the_ribbon_keeps_only_the_chips_it_shows_as_the_inspection_walks_the_order():
    session = big_fight(2000)
    state = session.state
    view = FightView.of(state, session.system.labels(state))
    ribbon = InitiativeRibbon()
    async with Bare(ribbon).run_test(size=(100, 3)) as pilot:
        for index in range(0, 2000, 50):  # counted, not timed: a chip per combatant would be 2,000
            ribbon.show(view, state.fight.combatants[index].ref)
            await pilot.pause()
            ribbon.render()
            assert len(ribbon._chips) <= 20  # what one render measures: about two ribbons' width of chips


async def test_the_table_keeps_no_more_rendered_lines_than_it_shows_as_the_turn_walks_the_order():
    session = big_fight(2000)
    table = CombatantTable()
    async with Bare(table).run_test(size=(100, 20)) as pilot:
        for _ in range(40):  # counted, not timed: each key used to leave its rows in the caches
            state = session.state
            table.show(FightView.of(state, session.system.labels(state)), state.fight.current().ref)
            await pilot.pause()
            rows = table.size.height
            for y in range(rows):  # a repaint (the tests' frames are dropped, conftest.py)
                table.render_line(y)
            # The rows on show (and the one under them), and the rows drawn ahead for the turns to
            # come (RowsAhead): not every row the turn walked past.
            kept = rows + 1 + len(table.rows_ahead())
            assert len(table._line_cache) <= rows and len(table._row_render_cache) <= kept
            # Rendered cells stay while their rows do not change (a scroll back draws from them),
            # bounded by the cache's size; they hold segments only, no cycles to collect.
            assert len(table._cell_render_cache) <= table._cell_render_cache.maxsize == CELLS_KEPT
            session.execute(NextTurn())


async def test_the_tables_lines_draw_with_a_few_styles_however_many_rows_they_show():
    # Textual keeps the escape codes of the last 16,384 styles drawn: a style per row filled it
    session = big_fight(2000)
    state = session.state
    table = CombatantTable()
    async with Bare(table).run_test(size=(100, 20)) as pilot:
        table.show(FightView.of(state, session.system.labels(state)), state.fight.current().ref)
        await pilot.pause()
        styles = set()
        for top in range(0, 2000, 100):  # counted, not timed
            table.scroll_to(y=top, animate=False, immediate=True)
            for y in range(table.size.height):
                styles.update(segment.style for segment in table.render_line(y))
        assert len(styles) < 40 and not any(style is not None and "row" in style.meta for style in styles)


# -- conditions, exhaustion and armor on the combat screen (issue 3) --------------------------------


def armored_app() -> CombatApp:
    """The sample, but Ser Aldric's sheet AC says 10: his chain mail and shield make 18."""
    state = goblin_ambush()
    aldric = evolve(state.characters[0], ac=10)
    state = evolve(state, characters=(aldric, *state.characters[1:]))
    return CombatApp(session=Session(state, dice=Dice(1)))


async def inspect(pilot, ref: str) -> None:
    """Inspect `ref` with ] (the order is ORDER, Ayla's turn first)."""
    await pilot.press("c", *["right_square_bracket"] * ORDER.index(ref))
    await pilot.pause()


def row(app: CombatApp, ref: str) -> dict[str, str]:
    table = app.screen.query_one(CombatantTable)
    cells = table.get_row(ref)
    return {str(key.value): cell.plain for key, cell in zip(table.columns, cells, strict=True)}


def row_line(app: CombatApp, ref: str) -> str:
    """The row as the terminal shows it (cut to the table's width)."""
    table = app.screen.query_one(CombatantTable)
    return table.render_line(table.header_height + table.get_row_index(ref)).text


def card(app: CombatApp) -> str:
    return app.screen.query_one(CombatantCard).content.plain


async def test_rows_and_cards_show_conditions_exhaustion_and_the_armors_ac():
    # ref: Conditions, Exhaustion, Armor class — the card and the row of each combatant
    app = armored_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for line in ['chip "Goblin 1" +Poisoned 3', 'chip "Goblin 1" +Stunned', 'chip "Goblin 1" +Marked',
                     'exhaustion "Goblin 2" 2', "exhaustion Bren 4"]:  # fmt: skip
            await type_line(pilot, line)
        goblin = row(app, "goblin-1")
        assert goblin["chips"] == "Stunned · Poisoned 3 · Marked"  # the one that takes its turns first
        cell = app.screen.query_one(CombatantTable).get_row("goblin-1")[-1]
        assert [kind for _, kind in cell.parts] == ["stop", "rule", "note"]  # each kind its own style
        assert row(app, "goblin-2")["chips"] == "●●○○○○"
        bren = row(app, "bren")
        assert bren["hp"].endswith(" 16/16") and bren["chips"] == "●●●●○○"  # exhaustion 4 halves 32
        assert row(app, "ser-aldric")["ac"] == "18"  # chain mail 16 + shield 2, not the sheet's 10

        await inspect(pilot, "goblin-1")
        assert "Stunned: loses its turns" in card(app)
        assert card(app).endswith("Stunned · Poisoned 3 · Marked")
        await inspect(pilot, "goblin-2")
        assert card(app).endswith("Exhaustion ●●○○○○") and "loses its turns" not in card(app)
        await inspect(pilot, "bren")
        assert "16/16  AC 12" in card(app) and card(app).endswith("Exhaustion 4")
        await inspect(pilot, "ser-aldric")
        assert "AC 18" in card(app)

        ribbon = app.screen.query_one(InitiativeRibbon).render()
        styles = {ribbon.plain[span.start : span.end]: str(span.style) for span in ribbon.spans}
        assert "dim italic" in styles["Goblin 1 6"]  # it cannot act
        assert "dim" not in styles.get("Goblin 2 8", "")


async def test_a_dying_character_shows_its_chips_beside_the_death_saves():
    # ref: Death saves — "It gets a death-save tracker on the combat screen ... and the Unconscious
    # and Prone chips."
    app = armored_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await type_line(pilot, "damage Mirelle 60")
        assert row(app, "mirelle")["chips"] == "dying · Unconscious · Prone"
        await inspect(pilot, "mirelle")
        text = card(app)
        assert "Death saves  ✓ ○○○  ✗ ○○○" in text and text.endswith("Unconscious · Prone")
        assert "loses its turns" not in text  # it keeps its turns for its death saves


async def test_at_80_columns_a_row_cuts_its_chips_and_the_card_wraps_them_all():
    app = armored_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        for line in ['chip "Goblin Boss" +Frightened 2', 'chip "Goblin Boss" +Prone',
                     'chip "Goblin Boss" +Restrained 4', 'chip "Goblin Boss" +Marked by Ayla']:  # fmt: skip
            await type_line(pilot, line)
        table = app.screen.query_one(CombatantTable)
        line = row_line(app, "goblin-boss")
        assert len(line) <= table.size.width and line.rstrip().endswith("… +3")  # Frightened 2 cut
        await inspect(pilot, "goblin-boss")
        await settled(pilot)  # the card rewraps once its scroll area has its final width
        lines = card(app).splitlines()
        start = next(at for at, text in enumerate(lines) if text.startswith("Frightened"))  # after the pips and rows
        chips = " · ".join(lines[start:]).split(" · ")
        assert chips == ["Frightened 2", "Prone", "Restrained 4", "Marked by Ayla"]
        assert len(lines) > 4 and all(len(line) <= app.screen.query_one(CombatantCard).size.width for line in lines)


async def test_chips_update_their_row_in_place_and_a_resize_only_widens_the_column():
    # DESIGN §6: update table cells in place, never rebuild per key.
    app = armored_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        table = app.screen.query_one(CombatantTable)
        rebuilds = []
        rebuild = table._rebuild
        table._rebuild = lambda *args: (rebuilds.append(args), rebuild(*args))
        narrow = table.columns["chips"].width
        await type_line(pilot, 'chip "Goblin 3" +Poisoned')
        await type_line(pilot, 'chip "Goblin 3" +Prone')
        assert row(app, "goblin-3")["chips"] == "Poisoned · Prone" and rebuilds == []
        assert row_line(app, "goblin-3").rstrip().endswith("Poison… +1")
        await pilot.resize_terminal(90, 24)
        await settled(pilot)  # the resize reaches the table a frame or two later
        assert table.columns["chips"].width == narrow + 10 and rebuilds == []
        assert row_line(app, "goblin-3").rstrip().endswith("Poisoned · Prone")  # drawn again at the new width


def test_fit_chips_keeps_whole_labels_and_counts_the_rest():
    parts = [("Stunned", "stop"), ("Poisoned 3", "rule"), ("Marked", "note")]
    assert fit_chips(parts, 40, {}).plain == "Stunned · Poisoned 3 · Marked"
    assert fit_chips(parts, 23, {}).plain == "Stunned · Poisoned 3 +1"
    assert fit_chips(parts, 22, {}).plain == "Stunned +2"
    assert fit_chips(parts, 8, {}).plain == "Stun… +2"
    assert fit_chips([("Exhaustion 4", "exhaustion")], 8, {}).plain == "Exhaust…"
    assert flow_chips(parts, 20, {}).plain == "Stunned · Poisoned 3\nMarked"


def test_the_reaction_row_keys_each_group_before_its_first_button():
    # ref: Reactions and opportunity attacks — "one button per melee weapon, as in Opportunity
    # attack: Rapier. It also has one button per spell that casts as a reaction, as in Cast Shield."
    from types import SimpleNamespace

    from combat_tui.widgets.dnd5e.combatant_card import reaction_lines

    def shown(weapons, spells, width=1000):
        card = SimpleNamespace(reaction_row=weapons, reaction_spells=spells, legendary_row=(), legendary_left=0)
        return reaction_lines(card, width).plain

    assert shown(("Dagger",), ("Shield", "Absorb Elements")) == (
        "\nO Reaction: Opportunity attack: Dagger · R Cast Shield · Cast Absorb Elements"
    )
    assert shown((), ("Shield",)) == "\nR Reaction: Cast Shield"
    assert shown(("Rapier",), ()) == "\nO Reaction: Opportunity attack: Rapier"
    assert shown(("Dagger",), ("Shield",), width=40) == "\nO Reaction: Opportunity attack: Dagger\nR Cast Shield"
