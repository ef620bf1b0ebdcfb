"""FuturePath space phase screen: ships, each position's action, the Fire pool and the log, driven
by keys (R95-R118 through the `space` commands)."""

from __future__ import annotations

from textual.widgets import Static

from combat_tui.core.runner import run_line
from combat_tui.screens.futurepath.space_choice import SpaceChoiceDialog
from combat_tui.screens.futurepath.space_phase import SpacePhaseScreen
from tests.screens.fp_helpers import make_fp_app, opened


def space(app):
    return app.session.state.futurepath.space


def status(app, ref: str):
    return space(app).status(ref)


def text(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_the_surprise_round_fire_shows_its_pool_by_keys():
    # ref: R102, R112 — the Marauder, unseen, fires in the surprise Action Phase
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        assert text(app, "#space-title") == "Space Bears · Space combat · Surprise round · Action Phase"
        app.session.dice.force([6, 7, 8, 3, 4, 9, 3, 6])
        await pilot.press("f")  # the Bearclaw's crew does not act in the surprise round
        await pilot.pause()
        assert status(app, "bearclaw").acted == ()
        await pilot.press("down", "f")
        await pilot.pause()
        assert status(app, "marauder").acted == ("weapons",)
        pool = text(app, "#space-pool")
        assert "Marauder on Bearclaw: [6] [7] [8] 3+1 [4+1] | rerolls [9] vs 5+: 5 of 5 needed" in pool
        assert "Chart, Bearclaw: 2d6 3+6 = 9 Misaligned actuator, repair DC 15" in pool
        await pilot.press("n")
        await pilot.pause()
        assert text(app, "#space-title").endswith("Round 1 · Support Phase")
        assert "1/3" in str(app.screen.query_one("#space-ships").get_row("bearclaw")[1])


async def test_a_round_of_every_position_by_keys():
    # ref: R95, R97-R100, R103 — the Captain and Science Officer, then Helm, Sensors, Weapons, then
    # the Engineer and Medical Officer, one action each
    app = make_fp_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await opened(pilot, "space next", 'space crew Bearclaw science "Prof Grizzly"', "space damage Bearclaw 8")
        app.session.dice.force([6, 7, 8, 8])
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        await pilot.press("down", "down", "enter", "b", "down", "down", "enter")  # Sensor Officer; Shields
        await pilot.pause()
        assert status(app, "bearclaw").acted == ("captain", "science")
        assert "Sensor Officer gets +2 this round" in text(app, "#space-crew")
        await pilot.press("n")
        await pilot.pause()
        app.session.dice.force([9, 9, 6, 6, 5, 6, 7, 2, 8, 3, 4])
        await pilot.press("o", "s", "f")
        await pilot.pause()
        assert status(app, "bearclaw").acted == ("captain", "science", "helm", "sensors", "weapons")
        crew = text(app, "#space-crew")
        assert "fly offensive Marauder: our fire needs 1 fewer success" in crew
        assert "fire Marauder: Battle Damage to Marauder" in crew
        await pilot.press("n")
        await pilot.pause()
        app.session.dice.force([5, 5])
        await pilot.press("r", "enter")  # the Battle Damage itself, not its side effect alone
        await pilot.pause()
        assert status(app, "bearclaw").acted[-1] == "engineer"
        app.session.dice.force([3, 2])  # the blown capacitor: d6 3, the Helm's console, 1d6 2
        await pilot.press("n")
        await pilot.pause()
        assert [(c.position, c.name) for c in status(app, "bearclaw").conditions] == [("helm", "Shaken")]
        await pilot.press("n", "n")
        await pilot.pause()
        app.session.dice.force([15])
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert status(app, "bearclaw").acted == ("medical",)
        assert "treat Helm Officer: conditions removed" in text(app, "#space-crew")


async def test_a_narrow_terminal_lists_only_this_phases_positions_with_a_tick():
    # 80 columns: the Action Phase's three positions, each with ✓ or ✗; the results are in the log
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, "space next", "space next")
        app.session.dice.force([1, 2, 6, 6])
        await pilot.press("o", "s")
        await pilot.pause()
        crew = text(app, "#space-crew").splitlines()
        assert crew[1:] == ["  Helm     Brandon     fly offensive Marauder ✗", "  Sensors  James       scan Marauder ✓",
                            "▶ Weapons  Katie       action"]  # fmt: skip


async def test_keys_of_positions_that_cannot_act_are_dimmed_and_do_nothing():
    # ref: R97, R98 — the Weapons Officer fires only in the Action Phase
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, "space next")
        assert app.screen.check_action("fire", ()) is None
        assert app.screen.check_action("command", ()) is True
        await pilot.press("f")
        await pilot.pause()
        assert status(app, "bearclaw").acted == ()


async def test_t_changes_the_target_and_a_swarm_is_one_target():
    # ref: §2.13 — fire on a swarm hits the easiest first
    app = make_fp_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await opened(pilot, "space next", "space next")
        assert "target Marauder" in app.screen.query_one("#space-crew-box").border_title
        await pilot.press("t")
        await pilot.pause()
        assert "target Raiders" in app.screen.query_one("#space-crew-box").border_title
        app.session.dice.force([9, 8, 7, 6, 5, 1, 1, 1, 1, 1, 1, 1, 1])
        await pilot.press("f")
        await pilot.pause()
        assert "Bearclaw on Raiders" in text(app, "#space-pool")
        assert text(app, "#space-pool").count("Chart, Fighter") == 4


async def test_repair_asks_which_damage_when_there_is_a_choice():
    # ref: §2.11 — a Battle Damage, or its side effect alone at DC 15
    app = make_fp_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await opened(pilot, "space next", "space damage Bearclaw 9", "space next", "space next")
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        app.session.dice.force([8, 8])
        await pilot.press("down", "enter")  # the side effect
        await pilot.pause()
        assert "repair Misaligned actuator: side effect repaired" in text(app, "#space-crew")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SpacePhaseScreen)


async def test_a_ship_out_of_the_fight_shows_no_position_ready_to_act():
    # ref: R110 — adrift and helpless; a surrendered ship the same
    app = make_fp_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await opened(pilot, "space next", "space surrender Marauder")
        await pilot.press("down")
        await pilot.pause()
        assert "▶" not in text(app, "#space-crew")
        assert app.screen.check_action("command", ()) is None


async def test_a_key_right_after_moving_to_another_ship_aims_at_that_ships_enemy():
    # ref: R112 — the Marauder's Weapons Officer fires on the Bearclaw, not on itself, when f
    # comes before the cursor move is painted
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        app.session.dice.force([6, 7, 8, 3, 4, 9, 3, 6])
        app.screen.query_one("#space-ships").move_cursor(row=1)  # its RowHighlighted not handled yet,
        app.screen.action_fire()  # as in a terminal where f follows the arrow at once
        await pilot.pause()
        assert status(app, "marauder").acted == ("weapons",)
        assert space(app).pools[-1].target == "bearclaw"


async def test_a_pilot_who_acted_as_science_officer_is_not_offered_the_action_phase():
    # ref: R103, §2.13 — Fighter 1's one crew member boosted in Support: no ▶ and no keys in Action
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, "space next", "dice 5 6", "space boost 'Fighter 1' engines", "space next")
        await pilot.press("down", "down")
        await pilot.pause()
        assert "▶" not in text(app, "#space-crew")
        assert app.screen.check_action("fire", ()) is None and app.screen.check_action("fly", ()) is None
        await pilot.press("down")
        await pilot.pause()
        assert "▶ Helm" in text(app, "#space-crew")  # Fighter 2's pilot did not act


async def test_f_on_a_swarm_ship_fires_the_whole_swarm_as_one_pool():
    # ref: §2.13 swarms — four fighters fire one pool, a reroll a ship; each has fired this round
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, "space next", "space next")
        assert space(app).phase == "action"
        app.session.dice.force([2, 3, 2, 3, 1, 1, 1, 1])
        await pilot.press("down", "down", "f")
        await pilot.pause()
        assert all(status(app, f"fighter-{i}").acted == ("weapons",) for i in range(1, 5))
        assert len([d for d in space(app).pools[-1].dice if d.kind == "hard point"]) == 4


async def test_a_silent_ships_manoeuvre_and_scan_keys_are_dimmed():
    # ref: §2.13 silent running — no Engine-based functions and no scans; Fire stays
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        await pilot.press("down")
        await pilot.pause()
        assert status(app, "marauder").silent
        screen = app.screen
        assert screen.check_action("fly", ("offensive",)) is None and screen.check_action("scan", ()) is None
        assert screen.check_action("fire", ()) is True
        run_line(app.session, "space silent Marauder off")
        app.state_changed.publish(app.session)  # the line ran outside the keys
        await pilot.pause()
        assert screen.check_action("fly", ("offensive",)) is True
