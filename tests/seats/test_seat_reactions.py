"""Reaction dialogs and the seats (ref: Shield against a hit — "The dialog opens only in a tab that
can act for the defender: the GM tab, or the Player tab bound to that character. When a player
attacks a foe that knows Shield, the attack does not pause.")."""

from __future__ import annotations

import asyncio

from attrs import evolve

from combat_tui.core.text import parse
from combat_tui.screens.dnd5e.reaction_dialog import ReactionDialog
from combat_tui.seats.app import SeatApp
from combat_tui.systems.dnd5e.events import ReactionOffered
from combat_tui.systems.dnd5e.model import Abilities, ClassLevel
from tests.seats.helpers import Gm, seat, until
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def _session(wolf_spells=()):
    brom = evolve(character("brom", "Brom", hp=30, ac=12), abilities=Abilities(intelligence=16),
                  spellcasting="intelligence", classes=(ClassLevel("Wizard", 5),), slots=(2, 2),
                  spells=("Shield", "Absorb Elements", "Burning Hands", "Fire Bolt"))  # fmt: skip
    wolf = evolve(creature("wolf", "Wolf", hp=30, ac=13), spells=wolf_spells, slots=(2,) if wolf_spells else ())
    return running(campaign(brom, wolf), initiative=[20, 5])  # Brom, then the wolf


async def test_a_seat_answers_its_own_characters_dialog_of_its_own_line(tmp_path):
    gm = Gm(tmp_path, _session())
    await gm.server.start()
    client, got, task = await seat(tmp_path, "Brom")
    gm.session.dice.force([4, 4, 4, 2, 2])  # 12 fire; the wolf's and Brom's saves fail
    client.send_line('cast Brom "Burning Hands" on Wolf, Brom')
    await until(lambda: got[-1]["t"] == "ask")
    ask = got[-1]
    assert (ask["who"], ask["spell"]) == ("Brom", "Absorb Elements")
    assert ask["happened"] == "Brom fails the save against Burning Hands and takes 12 damage."
    assert gm.lines == []  # the line waits for the answer
    client.send({"t": "answer", "id": ask["id"], "cast": True})
    await until(lambda: gm.lines)
    assert gm.lines == ["cast Brom 'Burning Hands' on Wolf, Brom react Brom 'Absorb Elements'"]
    assert gm.session.state.actor("brom").hp == 30 - 6 and gm.session.state.actor("wolf").hp == 30 - 12
    task.cancel()
    gm.server.stop()


async def test_a_players_attack_on_a_foe_that_knows_shield_does_not_pause(tmp_path):
    gm = Gm(tmp_path, _session(wolf_spells=("Shield",)))
    await gm.server.start()
    client, got, task = await seat(tmp_path, "Brom")
    gm.session.dice.force([9, 5, 7])  # Fire Bolt (2d10 at 5th level): 9 + 3 INT + 3 proficiency = 15 hits AC 13, misses 18
    line = "cast Brom 'Fire Bolt' on Wolf"
    preview = gm.session.preview(parse(line, gm.session.state).command)
    assert [e.ref for e in preview.events if isinstance(e, ReactionOffered)] == ["wolf"]  # the GM tab would ask
    client.send_line(line)
    await until(lambda: gm.lines)
    assert gm.lines == [line] and all(m["t"] != "ask" for m in got)
    assert gm.session.state.actor("wolf").hp == 30 - 12  # the hit landed as rolled
    task.cancel()
    gm.server.stop()


async def test_the_gms_dialog_is_asked_at_the_defenders_seat_and_the_first_answer_counts(tmp_path):
    gm = Gm(tmp_path, _session())
    await gm.server.start()
    client, got, task = await seat(tmp_path, "Brom")
    answers: list[bool] = []
    texts = {"who": "Brom", "spell": "Shield", "happened": "h", "does": "d", "take": "Take the hit"}
    first = gm.server.forward("brom", texts, answers.append)
    await until(lambda: got[-1]["t"] == "ask")
    client.send({"t": "answer", "id": first, "cast": True})
    await until(lambda: answers)
    assert answers == [True]
    client.send({"t": "answer", "id": first, "cast": False})  # a second answer to it changes nothing
    second = gm.server.forward("brom", texts, answers.append)
    await until(lambda: got[-1].get("id") == second)
    gm.server.withdraw(second)  # the GM answered first
    await until(lambda: got[-1] == {"t": "unask", "id": second})
    client.send({"t": "answer", "id": second, "cast": True})
    await asyncio.sleep(0.05)
    assert answers == [True]
    assert gm.server.forward("mira", texts, answers.append) is None  # no seat for that character
    gm.server.set_locked(True)
    assert gm.server.forward("brom", texts, answers.append) is None
    task.cancel()
    gm.server.stop()


async def test_the_seat_screen_shows_the_question_and_sends_the_answer():
    sent: list[dict] = []
    app = SeatApp("/nowhere", "Brom", connect=False)
    app.client.send = lambda message: sent.append(message) or True
    async with app.run_test(size=(100, 30)) as pilot:
        app.receive({"t": "ask", "id": 3, "who": "Brom", "spell": "Shield", "take": "Take the hit",
                     "happened": "Wolf's Bite rolls 14 against Brom's AC 12: a hit.", "does": "Shield adds +5."})  # fmt: skip
        await pilot.pause()
        assert isinstance(app.screen, ReactionDialog)
        await pilot.press("c")
        await pilot.pause()
        assert sent == [{"t": "answer", "id": 3, "cast": True}] and not isinstance(app.screen, ReactionDialog)
        app.receive({"t": "ask", "id": 4, "who": "Brom", "spell": "Shield", "take": "Take the hit",
                     "happened": "h", "does": "d"})  # fmt: skip
        await pilot.pause()
        app.receive({"t": "unask", "id": 4})
        await pilot.pause()
        assert not isinstance(app.screen, ReactionDialog) and len(sent) == 1
