"""FuturePath round screen: phases, the acting group, declarations, commit, the queue and its
rolls, damage and heal, conditions, joiners and the end, all by keys (R3, R11, R34-R38, R60-R72)."""

from __future__ import annotations

from textual.widgets import Static

from combat_tui.core.runner import run_line
from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.futurepath.confirm_dialog import FPConfirmDialog
from combat_tui.screens.futurepath.declare_dialog import FPDeclareDialog
from combat_tui.screens.futurepath.round import FPRoundScreen
from tests.screens.fp_helpers import actor, fight, make_fp_app

EXAMPLE_SETUP = ("absent Katie", "unaware James", "unaware Art", "unaware 'Space Bear 1'", "unaware 'Space Bear 2'",
                 "unaware 'Space Bear 3'", "unaware 'Space Bear 4'", "chip Brandon +Shaken 1")  # fmt: skip


async def started(pilot, *setup: str) -> None:
    """Ground setup (with the text lines given) and Start, by keys."""
    await pilot.press("s")
    await pilot.pause()
    for line in setup:
        run_line(pilot.app.session, line)
    await pilot.press("s")
    await pilot.pause()
    assert isinstance(pilot.app.screen, FPRoundScreen)


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def to_row(pilot, row: int) -> None:
    await pilot.press(*["up"] * 8, *["down"] * row)


async def declare(pilot, find: str, target_steps: int = 0, label: str = "") -> None:
    """d, find the action, Tab to the target list and step down to the target, Enter."""
    await pilot.press("d")
    await pilot.pause()
    assert isinstance(pilot.app.screen, FPDeclareDialog)
    await pilot.press(*find)
    if label:
        await pilot.press("tab", "tab", "tab", *label)  # action, target, label (no weapon for these)
    elif target_steps:
        await pilot.press("tab", "tab", *["down"] * target_steps)
    await pilot.press("enter")
    await pilot.pause()


async def test_round_0_attack_is_declared_committed_and_rolled_by_keys():
    # ref: R24-R26, R60, R64 — only the aware act; the roll waits for the commit
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, *EXAMPLE_SETUP)
        assert text(app, "#fp-round-status").startswith("Surprise round (Round 0) · Action phase · The Party Vanguard: Brandon")
        await declare(pilot, "att")  # the target starts on Space Bear 1, the first foe standing
        declared = fight(app).declarations[0]
        assert (declared.actor, declared.name, declared.target, declared.weapon) == ("brandon", "attack", "bear-1", "Silenced Pistol")
        assert "waits: commit first (c)" in text(app, "#fp-phase")
        assert app.screen.check_action("resolve", ()) is True
        await pilot.press("c")
        await pilot.pause()
        assert fight(app).committed
        assert "now: r rolls the attack" in text(app, "#fp-phase")
        app.session.dice.force([18, 5])
        await pilot.press("r")
        await pilot.pause()
        assert fight(app).declarations[0].resolved
        assert actor(app, "bear-1").hp < 30
        assert "Brandon attack: Major Hit" in text(app, "#fp-phase")  # 18 + 4 vs flat-footed AC 12
        assert any(line.startswith("Brandon attacks Space Bear 1 with Silenced Pistol: d20 18") for line in app.session.log)


async def test_n_walks_the_phases_and_the_panel_follows():
    # ref: R3, R11, R28, R65 — Advantages/Disadvantages, each group's turn, Counter
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, "absent Katie", "chip Brandon +Shaken 1")
        assert fight(app).phase == "advantages"
        assert "Brandon: Shaken (-1Ad attack" in text(app, "#fp-phase")
        await pilot.press("n")
        await pilot.pause()
        assert fight(app).phase == "action"
        assert app.screen.query_one("#fp-roster").highlighted == "brandon"  # the acting group's first
        for _ in range(4):
            await pilot.press("n")
            await pilot.pause()
        assert fight(app).phase == "counters"
        assert "Counter phase" in text(app, "#fp-round-status")
        assert "Round 1: counters" in text(app, "#fp-phase")
        await pilot.press("n")
        await pilot.pause()
        assert fight(app).round == 2 and fight(app).phase == "advantages"


async def test_the_queue_resolves_in_order_and_w_and_f_work():
    # ref: R60-R63 — no-roll actions first; a withdrawn declaration leaves the queue
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, "absent Katie")
        await pilot.press("n")
        await pilot.pause()
        assert fight(app).turns[0].team == "party"
        await declare(pilot, "hide")  # Brandon, the first of the group, is highlighted
        await to_row(pilot, 1)  # James
        await declare(pilot, "techn", label="Shock")
        await declare(pilot, "5-ft")
        await pilot.press("w")
        await pilot.pause()
        names = [d.name for d in fight(app).declarations]
        assert names == ["hide", "Shock"]
        await pilot.press("c")
        await pilot.pause()
        panel = text(app, "#fp-phase")
        assert panel.index("1. James: Shock") < panel.index("2. Brandon: hide")
        await pilot.press("f")
        await pilot.pause()
        assert fight(app).declarations[1].result == "failed"
        await pilot.press("r")
        await pilot.pause()
        assert fight(app).declarations[0].result == "ok"
        assert app.screen.check_action("resolve", ()) is None


async def test_a_declared_grenade_is_thrown_by_r():
    # ref: R62, R82, R83 — a grenade resolves in the Use Item slot and waits to go off
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, "absent Katie")
        await pilot.press("n")
        await to_row(pilot, 1)
        await declare(pilot, "gren")
        await pilot.press("c")
        app.session.dice.force([5, 6])
        await pilot.press("r")
        await pilot.pause()
        assert fight(app).grenades and fight(app).grenades[0].landed == "on target"
        assert fight(app).declarations[0].result == "landed on target"


async def test_digits_then_D_damage_and_h_heals_the_highlighted_row():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, "absent Katie")
        await to_row(pilot, 4)  # Space Bear 1
        await pilot.press("7", "D")
        await pilot.pause()
        assert actor(app, "bear-1").hp == 24  # DR 1 against every type
        assert not app.screen.query_one("#fp-amount-row").display
        await pilot.press("2", "h")
        await pilot.pause()
        assert actor(app, "bear-1").hp == 26


async def test_x_puts_a_condition_on_the_highlighted_row():
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, "absent Katie")
        await to_row(pilot, 5)  # Space Bear 2
        await pilot.press("x", *"stun 2", "enter")
        await pilot.pause()
        assert actor(app, "bear-2").condition("Stunned").rounds == 2
        assert "Stunned 2" in str(app.screen.query_one("#fp-roster").get_cell("bear-2", "conditions"))


async def test_j_joins_katie_at_the_counter_phase_and_e_ends_the_fight():
    # ref: R18-R20 — asked earlier, the joiner waits for the Counter phase; her team's value stays
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot, "absent Katie")
        value = fight(app).teams[0].initiative.value
        await to_row(pilot, 3)  # Katie
        await pilot.press("j")
        await pilot.pause()
        assert fight(app).joiners == ("katie",)
        assert str(app.screen.query_one("#fp-roster").get_cell("katie", "group")) == "J"
        for _ in range(5):
            await pilot.press("n")
        await pilot.pause()
        assert fight(app).phase == "counters"
        assert "katie" in fight(app).present
        assert fight(app).teams[0].initiative.value == value
        assert "Katie joins The Party's" in "\n".join(app.session.log)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, FPConfirmDialog)  # the end asks first
        await pilot.press("y")
        await pilot.pause()
        assert fight(app).stage == "ended"
        assert isinstance(app.screen, CampaignScreen)


async def test_r_rolls_a_declared_off_hand_bonus_attack_as_two_weapon_fighting():
    # ref: R78 — the off-hand weapon's Bonus Attack after a Standard Attack
    from combat_tui.app import CombatApp
    from combat_tui.core.dice import Dice
    from combat_tui.core.session import Session
    from combat_tui.systems.futurepath.model import FPWeapon
    from tests.systems.futurepath.helpers import campaign, fighter

    blade = FPWeapon("Blade", "1d6", "slashing", level=1, attributes=("light",))
    knife = FPWeapon("Knife", "1d4", "slashing", level=0, attributes=("light",))
    state = campaign(fighter("ann", "a", dex=18, weapons=(blade, knife), off_hand="Knife"), fighter("bob", "b"))
    app = CombatApp(session=Session(state, dice=Dice(1)))
    async with app.run_test(size=(80, 24)) as pilot:
        await started(pilot)
        await pilot.press("n")
        await declare(pilot, "attack", )
        await pilot.press("d", *"bonus att", "enter")  # on Bob, with the off-hand Knife
        await pilot.pause()
        assert [(d.slot, d.weapon) for d in fight(app).declarations] == [("standard", "Blade"), ("bonus", "Knife")]
        app.session.dice.force([12, 1, 3, 12, 1, 2])
        await pilot.press("c", "r", "r")
        await pilot.pause()
        assert all(d.resolved for d in fight(app).declarations)
        assert any(line.startswith("Ann attacks Bob with Knife") for line in app.session.log)
