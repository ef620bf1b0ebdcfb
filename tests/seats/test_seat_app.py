"""Pilot tests of the seat screen, fed with view records (no socket)."""

from __future__ import annotations

from textual.widgets import Log, Static

from combat_tui.seats.app import SeatApp
from combat_tui.seats.widgets import FoeTable, PartyTable, Ribbon
from combat_tui.systems.dnd5e.player_view import player_view
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def _view(my_turn=True, wolf_hp=11):
    state = campaign(
        character("brom", "Brom", hp=20),
        creature("wolf", "Wolf", hp=wolf_hp, max_hp=11),
    )
    s = running(state, initiative=[20, 5] if my_turn else [5, 20])
    return player_view(s.state, "brom")


def _message(view, keep=0, log=(), reset=False):
    return {"t": "view", "view": view, "keep": keep, "reset": reset, "log": list(log)}


def _seat(sent):
    app = SeatApp("/nowhere", "Brom", connect=False)
    app.client.send_line = lambda line: sent.append(line) or True
    return app


async def test_the_seat_paints_the_ribbon_party_foes_and_log():
    app = _seat([])
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive({"t": "welcome", "me": "brom", "label": "Brom", "locked": False})
        app.receive(_message(_view(), log=["Round 1.", "Brom's turn."], reset=True))
        await pilot.pause()
        assert "Round 1" in str(app.query_one(Ribbon).render())
        party = app.query_one(PartyTable)
        assert party.get_row("brom")[:2] == ["Brom", "20/20"]
        assert str(app.query_one(FoeTable).get_row("wolf")[1]) == "unhurt"
        assert app.query_one(Log).lines == ["Round 1.", "Brom's turn."]
        assert "your turn" in str(app.query_one("#status", Static).render())


async def test_a_new_view_updates_cells_in_place():
    app = _seat([])
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(_message(_view(), reset=True))
        await pilot.pause()
        foes = app.query_one(FoeTable)
        row_key = next(iter(foes.rows))
        app.receive(_message(_view(wolf_hp=4), keep=0, log=["Wolf takes 7 slashing damage."]))
        await pilot.pause()
        assert next(iter(foes.rows)) is row_key  # the same row, its cell changed
        assert str(foes.get_row("wolf")[1]) == "bloodied"
        assert app.query_one(Log).lines == ["Wolf takes 7 slashing damage."]


async def test_an_undo_takes_log_lines_back():
    app = _seat([])
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(_message(_view(), log=["a", "b", "c"], reset=True))
        app.receive(_message(_view(), keep=1, log=["d"]))
        await pilot.pause()
        assert app.query_one(Log).lines == ["a", "d"]


async def test_keys_on_its_own_turn_send_its_lines():
    sent: list[str] = []
    app = _seat(sent)
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(_message(_view(), reset=True))
        await pilot.pause()
        await pilot.press("a")  # the attack dialog: the first foe standing, the first weapon
        await pilot.press("v", "enter")
        await pilot.press("r")
        await pilot.press("colon", *"dice 14", "enter")
        await pilot.pause()
        assert sent == ["attack Brom Wolf Longsword adv", "deathsave Brom", "dice 14"]


async def test_attack_waits_for_its_own_turn_and_a_refusal_shows_here():
    sent: list[str] = []
    app = _seat(sent)
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(_message(_view(my_turn=False), reset=True))
        await pilot.pause()
        await pilot.press("a")
        assert sent == [] and len(app.screen_stack) == 1
        app.receive({"t": "refusal", "reason": "It is not your turn.", "detail": ""})
        await pilot.pause()
        assert "It is not your turn." in str(app.query_one("#message", Static).render())


async def test_a_watching_seat_only_looks():
    sent: list[str] = []
    app = SeatApp("/nowhere", None, connect=False)
    app.client.send_line = lambda line: sent.append(line) or True
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(
            _message(
                player_view(running(campaign(character("brom", "Brom"), creature("wolf"))).state),
                reset=True,
            )
        )
        await pilot.pause()
        await pilot.press("a", "r", "colon", "n")
        assert sent == [] and "watching" in str(app.query_one("#status", Static).render())


async def test_reconnecting_shows_in_the_status_line():
    app = _seat([])
    async with app.run_test(size=(100, 30)) as pilot:
        app.set_status("reconnecting…")
        await pilot.pause()
        assert "reconnecting…" in str(app.query_one("#status", Static).render())


async def test_the_map_shows_the_party_and_the_foes_near_and_repaints_in_place():
    from combat_tui.seats.widgets import SeatMap

    app = _seat([])
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(_message(_view(), reset=True))
        await pilot.pause()
        shown = app.query_one(SeatMap)
        text = str(shown.render())
        assert "@" in text and "w" in text
        view = _view()
        view["map"]["marks"][0][2:] = ["%", "defeated"]
        app.receive(_message(view, keep=0))
        await pilot.pause()
        assert app.query_one(SeatMap) is shown and "%" in str(shown.render())


async def test_a_longer_health_word_widens_its_column():
    app = _seat([])
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(_message(_view(), reset=True))
        await pilot.pause()
        app.receive(_message(_view(wolf_hp=4), keep=0))
        await pilot.pause()
        foes = app.query_one(FoeTable)
        assert foes.columns["Health"].content_width >= len("bloodied")


async def test_the_cast_dialog_ticks_targets_and_picks_the_spell_and_slot():
    sent: list[str] = []
    app = _seat(sent)
    view = _view()
    view.update(my_spells=["Fire Bolt", "Burning Hands"], my_slots=[2, 0])
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive(_message(view, reset=True))
        await pilot.pause()
        await pilot.press("c", "s", "l", "space", "t", "space")  # Burning Hands at 1st on Wolf and Brom
        assert "Sends: cast Brom \"Burning Hands\" at 1 on Wolf, Brom" in str(app.screen.query_one("#seat-action-line", Static).render())
        await pilot.press("r")
        await pilot.pause()
        assert sent == ['cast Brom "Burning Hands" at 1 on Wolf, Brom']
        await pilot.press("c", "c")  # c closes the dialog too: nothing sent
        await pilot.pause()
        assert len(sent) == 1 and len(app.screen_stack) == 1
