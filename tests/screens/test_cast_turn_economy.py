"""The cast dialog's issue-6 parts driven by keys: the Legendary resistance dialog after a failed
save, and the Ignore action cost box for a cast the turn cannot pay for.

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, ... Bren's spells: Fire Bolt,
Burning Hands, Magic Missile, Sleep, Acid Arrow, Hold Person, Protection from Energy.
"""

from __future__ import annotations

from attrs import evolve
from textual.widgets import Static

from combat_tui.app import CombatApp
from combat_tui.core.dice import Dice
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.screens.dnd5e.cast_dialog import CastDialog
from combat_tui.screens.dnd5e.legendary_resistance_dialog import LegendaryResistanceDialog
from tests.screens.helpers import actor, start_fight


def row(app, name: str) -> str:
    if not app.screen.query_one(f"#cast-row-{name}").display:
        return ""
    return str(app.screen.query_one(f"#cast-{name}", Static).content)


def resisting_app() -> CombatApp:
    """The sample campaign with Goblin 2 given 2 legendary resistances a day."""
    state = goblin_ambush()
    return CombatApp(session=Session(state.with_actor(evolve(state.actor("goblin-2"), legendary_resistance=2)), dice=Dice(1)))


async def test_a_failed_save_asks_to_use_legendary_resistance_and_succeed_instead_recasts():
    # ref: Legendary resistance — "a dialog asks 'Use legendary resistance? N left today'. Click Succeed instead to spend one use ... no condition lands. The log records each use and the uses left."
    app = resisting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "C", *("s",) * 5)
        await pilot.pause()
        assert app.screen.spell == "Hold Person"
        app.session.dice.force([3])
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, LegendaryResistanceDialog)
        assert str(dialog.query_one("#lr-question", Static).content) == "Use legendary resistance? 2 left today"
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, CastDialog)
        assert app.session.log[-1] == "Goblin 2 uses legendary resistance and succeeds instead (1 left today)."
        assert app.session.log[-2].startswith("Goblin 2 fails the Wisdom save against Hold Person: d20 3")
        assert not actor(app, "goblin-2").chips
        assert actor(app, "bren").slots == (4, 2, 2)  # one cast: the undone one gave its slot back


async def test_let_it_fail_keeps_the_failure():
    app = resisting_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "C", *("s",) * 5)
        app.session.dice.force([3])
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert [c.name for c in actor(app, "goblin-2").chips] == ["Paralyzed"]
        assert actor(app, "goblin-2").legendary_resistance_used == 0


async def test_a_second_cast_in_the_turn_is_refused_and_offers_ignore_action_cost(app):
    # ref: Action, bonus action, and reaction — "the dialog refuses a swing or a cast that the turn cannot pay for. The dialog then offers an Ignore action cost box that goes ahead anyway."
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "C")
        await pilot.pause()
        assert row(app, "cost") == ""
        app.session.dice.force([2])
        await pilot.press("r")
        await pilot.pause()
        assert row(app, "problem") == "Bren's Action is spent (casting Fire Bolt needs it). x ticks Ignore action cost."
        assert row(app, "cost") == "[ ] x Ignore action cost"
        await pilot.press("x")
        await pilot.pause()
        assert row(app, "cost") == "[x] x Ignore action cost" and row(app, "problem") == ""
        app.session.dice.force([2])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1].startswith("Fire Bolt (spell attack) on Goblin 2: d20 2")


async def test_fire_bolt_on_the_goblin_boss_opens_the_redirect_dialog(app):
    # ref: Redirect Attack — "The dialog opens for a weapon attack and for an attack spell, such as Fire Bolt"
    from combat_tui.screens.dnd5e.redirect_dialog import RedirectDialog

    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", *["right_square_bracket"] * 5, "C")  # Bren's turn, the Goblin Boss inspected
        await pilot.pause()
        assert app.screen.targets == ["goblin-boss"]
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RedirectDialog)
        app.session.dice.force([15, 4])
        await pilot.press("s")  # the first ally: Goblin 2
        await pilot.pause()
        assert "Goblin Boss uses Redirect Attack: it swaps places with Goblin 2, who becomes the target." in app.session.log[-7:]
        assert any(line.startswith("Fire Bolt (spell attack) on Goblin 2: d20 15") for line in app.session.log[-7:])


async def test_hunters_mark_offers_repeat_no_slot():
    # ref: Damage riders on hits — "cast Hunter's Mark again on a later turn and pick Repeat (no slot). The repeat costs a bonus action and no slot"
    state = goblin_ambush()
    bren = evolve(state.actor("bren"), spells=("Hunter's Mark",))
    app = CombatApp(session=Session(state.with_actor(bren), dice=Dice(1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "C")
        await pilot.pause()
        assert row(app, "cost") == "[ ] p Repeat (no slot)"
        await pilot.press("r", "c")  # cast with a slot (on the dialog's first target)
        await pilot.pause()
        await pilot.press(*["n"] * 8, "C")  # Bren's next turn: "on a later turn"
        await pilot.pause()
        await pilot.press("t", "space", "p")  # the next target, Repeat (no slot)
        await pilot.pause()
        assert row(app, "cost").startswith("[x] p Repeat (no slot)")
        await pilot.press("r")
        await pilot.pause()
        assert any(line.startswith("Bren casts Hunter's Mark (Repeat, no slot) on ") for line in app.session.log[-3:])
        assert actor(app, "bren").slots == (3, 3, 2)
