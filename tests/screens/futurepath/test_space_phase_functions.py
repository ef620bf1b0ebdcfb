"""The space phase screen's keys for the advanced functions (notes §2.12), each on a key of the
position that performs it, dimmed when the rules refuse it; a refused key says the rules' reason."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from combat_tui.screens.futurepath.space_choice import SpaceChoiceDialog
from tests.screens.fp_helpers import make_fp_app, opened
from tests.screens.helpers import record_notes


def space(app):
    return app.session.state.futurepath.space


def status(app, ref: str):
    return space(app).status(ref)


def state_cell(app, ref: str) -> str:
    return app.screen.query_one("#space-ships", DataTable).get_cell(ref, "State").plain


def crew(app) -> str:
    return str(app.screen.query_one("#space-crew", Static).render())


async def test_a_refused_key_says_the_rules_reason():
    # ref: R102, A56 — a detected ship does not act in the surprise Action Phase; the key says so
    # as the text form does, instead of only ringing the bell
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        notes = record_notes(app)
        assert app.screen.check_action("fire", ()) is None
        await pilot.press("f", "o")
        await pilot.pause()
        assert notes == ["Bearclaw was detected, so it does not act in the surprise Action Phase."] * 2
        assert status(app, "bearclaw").acted == ()
        await pilot.press("n", "c")  # Round 1, Support Phase: the Captain may command
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        await pilot.press("escape", "f")
        await pilot.pause()
        assert notes[-1].startswith("Bearclaw's Weapons Officer does not act in the Support Phase (acts in: action).")


async def test_the_captains_keys_direct_assistance_and_commanding_presence():
    # ref: notes §2.12 — Direct Assistance: "one officer gets advantage on everything plus an
    # automatic Give Command with an extra advantage each round"; Commanding Presence: "½ CHA score
    # (rounded up) to non-command crew, for 1 + CHA mod rounds per day"
    app = make_fp_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await opened(pilot, "space next")
        await pilot.press("p")  # Art's Charisma 14: +7 through round 3
        await pilot.pause()
        assert status(app, "bearclaw").presence == 14 and app.screen.check_action("presence", ()) is None
        app.session.dice.force([6, 5, 1])
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        await pilot.press("down", "enter")  # the Helm Officer
        await pilot.pause()
        assert status(app, "bearclaw").assisting == "helm"
        assert "direct assistance Helm Officer" in crew(app)


async def test_the_sensor_officers_keys_deep_scan_jam_spoof_and_crypto():
    # ref: notes §2.12 — the Sensor Officer: 'A "deep" scan takes 3 turns'; "Sensor Spoofing ...,
    # Crypto, Jam"
    app = make_fp_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await opened(pilot, "space silent Marauder off", "space next", "space next")
        app.session.dice.force([9, 9])
        await pilot.press("S")
        await pilot.pause()
        assert status(app, "bearclaw").deep_scans == (("marauder", 1),)
        assert app.screen.check_action("jam", ()) is None and app.screen.check_action("crypto", ()) is None
        notes = record_notes(app)
        await pilot.press("j")
        await pilot.pause()
        assert notes == ["Bearclaw's Sensor Officer has already acted this round."]
        await pilot.press("down")  # the Marauder's Sensor Officer
        await pilot.pause()
        app.session.dice.force([6, 6])
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        await pilot.press("down", "enter")  # chaff decoys
        await pilot.pause()
        assert status(app, "marauder").decoys == 2


async def test_the_weapons_keys_defensive_fire_and_the_any_crew_keys():
    # ref: notes §2.12 — "Defensive Fire (each withheld hard point gives 1d10 of point defence at
    # −2, lasers −1)"; "Shield Manipulation and Weapons Assist are available to any crew member"
    app = make_fp_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await opened(pilot, "space silent Marauder off", "space next", "space next")
        app.session.dice.force([7, 7])
        await pilot.press("A")  # who assists: any crew member free to act but the Weapons Officer
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        await pilot.press("down", "down", "enter")  # Captain, Science Officer, Helm Officer
        await pilot.pause()
        assert status(app, "bearclaw").weapons_assists[0][:2] == ("helm", "marauder")
        app.session.dice.force([8, 8])
        await pilot.press("M", "enter")  # Shield Manipulation by the Sensor Officer
        await pilot.pause()
        assert status(app, "bearclaw").manipulations[0][0] == "marauder"
        await pilot.press("D")
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        app.session.dice.force([5, 5])
        await pilot.press("enter")  # hold back 1, fire the rest at the Marauder
        await pilot.pause()
        assert len(status(app, "bearclaw").defence) == 1
        assert len([d for d in space(app).pools[-1].dice if d.kind in ("hard point", "assisted")]) == 3
        notes = record_notes(app)
        await pilot.press("A")
        await pilot.pause()
        assert notes and "has fired on Marauder already this round" in notes[-1]


async def test_k_cloaks_the_ship_from_the_science_officer():
    # ref: notes §2.12, Cloak: the Science Officer activates it in the Support Phase; it takes the round
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, "space edit Bearclaw cloak=emitter", "space next")  # Round 1, Support Phase
        await pilot.press("K")
        await pilot.pause()
        assert isinstance(app.screen, SpaceChoiceDialog)
        await pilot.press("enter")
        await pilot.pause()
        assert "Bearclaw's Science Officer activates the cloak" in app.session.log[-1]
        assert state_cell(app, "bearclaw") == "cloak from R2"  # the ships table says it is on


async def test_a_jammed_ships_row_says_so():
    # ref: notes §2.12, Jam: the target's scans this round fail unless above the jam's total
    app = make_fp_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, "space next", "space next")  # Round 1, Action Phase
        app.session.dice.force([3, 2])
        await pilot.press("j", "enter")  # Bearclaw's Sensor Officer jams the Marauder's sensors
        await pilot.pause()
        assert status(app, "marauder").sensor_jam == 1
        assert "sensors jammed (7)" in state_cell(app, "marauder")
