"""The widgets the screens share, in a bare app: the travelogue follows undo, and the ribbon
builds only the chips that fit, keeping the current turn in view."""

from __future__ import annotations

from attrs import evolve
from textual.app import App, ComposeResult

from combat_tui.core.commands import StartFight
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin, goblin_ambush, tile
from combat_tui.widgets.initiative_ribbon import InitiativeRibbon
from combat_tui.widgets.travelogue import Travelogue
from combat_tui.widgets.view import FightView


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
