"""The End combat dialog: the XP offered, the split, an editable amount (ref: Combat screen)."""

from __future__ import annotations

from combat_tui.screens.campaign import CampaignScreen
from combat_tui.screens.dnd5e.combat import CombatScreen
from tests.screens.helpers import actor, start_fight

PARTY = ("ser-aldric", "mirelle", "ayla", "bren")


async def defeat(pilot, presses: int) -> None:
    """Inspect `presses` combatants along from the current one and drop it with 99 damage."""
    for _ in range(presses):
        await pilot.press("right_square_bracket")
    await pilot.press("9", "9", "d", "c")
    await pilot.pause()


async def test_e_awards_the_offered_xp_split_among_the_living_characters(app):
    # ref: Combat screen — "The XP is split evenly among the living characters and rounded down,
    # and the dialog states any XP that the split leaves over."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)  # Goblin 2 (50 XP)
        await defeat(pilot, 7)  # Goblin Boss (200 XP)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert app.session.state.fight is None
        assert [actor(app, ref).xp for ref in PARTY] == [62, 62, 62, 62]
        assert (
            "XP: 250 split among 4 characters, 62 each (Ser Aldric, Mirelle, Ayla and Bren); 2 XP left over."
        ) in app.session.log
        assert isinstance(app.screen, CampaignScreen)


async def test_the_amount_can_be_changed_before_the_award(app):
    # ref: Combat screen — "You can change the amount."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("backspace", "backspace", "4", "0", "0", "e")
        await pilot.pause()
        assert [actor(app, ref).xp for ref in PARTY] == [100] * 4


async def test_back_to_the_fight_keeps_the_fight_the_xp_and_every_foe(app):
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)
        before = app.session.state
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert app.session.state is before
        assert isinstance(app.screen, CombatScreen)


async def test_undo_inside_the_dialog_updates_the_offer(app):
    # A foe that stands again while the dialog is open is worth nothing.
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert "No XP is awarded." in app.session.log[-3:]


async def test_the_campaign_screen_shows_the_fight_s_outcome_when_it_comes_back(app):
    # It hears no changes while the fight covers it, and catches up on resume.
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, CampaignScreen)
        xp = app.screen.query_one("#party-table").get_row("ser-aldric")[4]
        assert str(xp) == str(actor(app, "ser-aldric").xp) != "0"
        shown = " ".join(line.strip() for line in app.screen.query_one("#travelogue").lines)
        assert shown.replace("\u00a0", " ").endswith(app.session.log[-1])


async def test_fates_loot_and_coins_from_the_keyboard(app):
    # ref: Combat screen — "Each hostile creature that still stands gets a select with three choices.
    # ... Tick the items to keep, and pick the character who takes them in Loot goes to. ... Total gp
    # takes the coins found on the foes, and splits them evenly among the living characters"
    async with app.run_test(size=(100, 40)) as pilot:
        await start_fight(pilot)
        await defeat(pilot, 3)  # Goblin 2: Scimitar, Shortbow, Leather, Shield; 7 gp
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert dialog._standing == ("goblin-1", "goblin-3", "goblin-boss")
        assert dialog.query_one("#gold").value == "7"
        await pilot.press("tab", "f")  # the fates table: Goblin 1 flees
        await pilot.press("down", "f", "f")  # Goblin 3 is captured
        await pilot.press("tab", "space", "down", "down", "space")  # Scimitar and Leather
        await pilot.press("g", "g")  # Loot goes to Ayla (the third living character)
        await pilot.press("e")
        await pilot.pause()
        state = app.session.state
        assert state.fight is None
        assert state.actor("goblin-1") is None
        assert state.actor("goblin-3").disposition == "neutral"
        assert state.actor("ayla").inventory == ("Scimitar", "Leather")
        assert [actor(app, ref).gold for ref in PARTY] == [1, 1, 1, 1]
        assert app.session.log[-3:] == [
            "Fates: Goblin 1 fled, Goblin 3 captured, Goblin Boss still hostile.",
            "Ayla takes the loot: Scimitar (Goblin 2), Leather (Goblin 2).",
            "Coins: 7 gp split among 4 characters, 1 gp each (Ser Aldric, Mirelle, Ayla and Bren); 3 gp left over.",
        ]
        app.session.undo()
        assert app.session.state.actor("goblin-1") is not None


async def test_a_foe_that_falls_while_the_dialog_is_open_loses_its_fate_row_and_drops_loot(app):
    # ref: Combat screen — "A foe that falls while the dialog is open gets no fate"
    from combat_tui.screens.messages import CommandRequested
    from combat_tui.systems.dnd5e.commands import ApplyDamage

    async with app.run_test(size=(100, 40)) as pilot:
        await start_fight(pilot)
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert "goblin-1" in dialog._standing and not dialog._items
        app.post_message(CommandRequested(ApplyDamage("goblin-1", 99)))
        await pilot.pause()
        assert "goblin-1" not in dialog._standing
        assert [item.label for item in dialog._items][:1] == ["Scimitar (Goblin 1)"]
        assert dialog.query_one("#gold").value == "4"  # the coins Goblin 1 carries


async def test_the_timed_chips_are_listed_and_the_ticked_ones_outlast_the_fight(app):
    # Issue 15, End of the fight: every timed chip ends or is offered to the GM to keep, as a list
    # in the End combat dialog; none is kept unless ticked (the text form `end` ends them all).
    from combat_tui.systems.dnd5e.commands import AddChip

    async with app.run_test(size=(100, 40)) as pilot:
        await start_fight(pilot)
        app.session.execute(AddChip("ayla", "Bless", 7))
        app.session.execute(AddChip("goblin-1", "Poisoned", 10))
        app.session.execute(AddChip("bren", "Dodging", until_turn_of="bren"))
        app.session.execute(AddChip("mirelle", "Prone"))  # not timed: not listed, stays
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        table = dialog.query_one("#keep")
        rows = [str(table.get_row_at(at)[1]) for at in range(table.row_count)]
        assert rows == [
            "Bless (Ayla) — 7 rounds left",
            "Dodging (Bren) — until its next turn",
            "Poisoned (Goblin 1) — 10 rounds left (1 minute)",
        ]
        assert [str(table.get_row_at(at)[0]) for at in range(table.row_count)] == ["[ ]"] * 3
        await pilot.press("k")  # Bless kept
        table.focus()
        await pilot.press("down", "down", "space", "space", "space")  # Poisoned: ticked, cleared, ticked
        await pilot.pause()
        assert str(table.get_row_at(2)[0]) == "[x]"
        await pilot.press("e")
        await pilot.pause()
        state = app.session.state
        assert state.fight is None
        assert [c.name for c in state.actor("ayla").chips] == ["Bless"]
        assert [c.name for c in state.actor("goblin-1").chips] == ["Poisoned"]
        assert state.actor("bren").chips == ()
        assert [c.name for c in state.actor("mirelle").chips] == ["Prone"]


async def test_no_timed_chip_no_list_and_k_says_so(app):
    from tests.screens.helpers import record_notes

    notes = record_notes(app)
    async with app.run_test(size=(100, 40)) as pilot:
        await start_fight(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert not app.screen.query_one("#keep").display
        await pilot.press("k")
        await pilot.pause()
        assert notes[-1] == "No timed chip is left to keep."
