"""The combat screen's turn economy driven by keys (issue 6): the pips on the card and their keys,
the Actions dialog, the Reaction and Legendary action rows, the attack dialog's boxes and costs,
and the Redirect Attack dialog.

Turn order after `start_fight`: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3, Mirelle,
Goblin Boss.
"""

from __future__ import annotations

from attrs import evolve
from textual.widgets import Static

from combat_tui.screens.dnd5e.actions_dialog import ActionsDialog
from combat_tui.screens.dnd5e.attack_dialog import AttackDialog
from combat_tui.screens.dnd5e.combat import CombatScreen
from combat_tui.screens.dnd5e.redirect_dialog import RedirectDialog
from combat_tui.widgets.dnd5e.combatant_card import CombatantCard
from tests.screens.helpers import actor, record_notes, start_fight

NEXT = "right_square_bracket"


def card_text(app) -> str:
    widget = app.screen.query_one(CombatantCard)
    return widget._text(*widget._shown).plain


def row(app, name: str) -> str:
    if not app.screen.query_one(f"#row-{name}").display:
        return ""
    return str(app.screen.query_one(f"#attack-{name}", Static).content)


async def test_the_card_shows_the_pips_and_the_pip_keys_press_them(app):
    # ref: Action, bonus action, and reaction — "The Actions heading ... shows three pips ... Each pip is also a button ... The combat log records each press."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        assert "Actions\n!● Action @● Bonus action \n#● Reaction" in card_text(app)  # a narrow card: two lines of pips
        await pilot.press("at")
        await pilot.pause()
        assert app.session.log[-1] == "Ayla's Bonus action is marked used."
        assert "@○ Bonus action" in card_text(app)
        await pilot.press("at")
        await pilot.pause()
        assert app.session.log[-1] == "Ayla's Bonus action is marked free."


async def test_extra_attack_swings_show_on_the_card(app):
    # ref: Action, bonus action, and reaction — "A combatant with Extra Attack also shows how many swings are left."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert "swings 2/2" in card_text(app)
        app.session.dice.force([2])
        await pilot.press("a", "r", "c")
        await pilot.pause()
        assert "swings 1/2" in card_text(app)


async def test_the_actions_dialog_takes_a_standard_action_and_a_spent_one_shows_a_toast(app):
    # ref: Action, bonus action, and reaction — "A button spends the action and writes a log line" "A button whose cost the turn already spent shows a toast and does nothing"
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, ActionsDialog)
        await pilot.press("enter")  # Dash, the first control, is highlighted
        await pilot.pause()
        assert app.session.log[-1] == "Ayla takes the Dash action."
        assert isinstance(app.screen, CombatScreen)
        await pilot.press("o", "down", "enter")  # Disengage: the Action is spent
        await pilot.pause()
        assert notes[-1] == "Disengage: Action spent."
        assert isinstance(app.screen, ActionsDialog)
        for _ in range(9):  # from Disengage down to the Cunning Action group's Hide
            await pilot.press("down")
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.log[-1] == "Ayla takes the Hide action as a bonus action (Cunning Action)."


async def test_the_reaction_row_and_an_opportunity_attack_on_the_combatant_whose_turn_it_is(app):
    # ref: Reactions and opportunity attacks — "Opportunity attack: Rapier" ... "Its defender starts as the combatant that takes the turn"
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for _ in range(3):
            await pilot.press("n")  # Goblin 2's turn
        await pilot.pause()
        await pilot.press("left_square_bracket", "left_square_bracket", "left_square_bracket")  # inspect Ayla
        await pilot.pause()
        assert "O Reaction: Opportunity attack: Rapier" in " ".join(card_text(app).split())  # flowed to the card's width
        await pilot.press("O")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AttackDialog)
        assert (dialog.attacker, dialog.target, dialog.use) == ("ayla", "goblin-2", "opportunity")
        assert dialog.query_one("#attack-box").border_title == "Opportunity attack with Rapier"
        assert row(app, "costs") == "the Reaction (opportunity attack)"
        app.session.dice.force([2])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1].startswith("Ayla attacks Goblin 2 with Rapier (opportunity attack): d20 2")


async def test_sneak_attack_cover_and_ignore_action_cost_in_the_attack_dialog(app):
    # ref: Cover and Sneak Attack — "The label states the dice, such as Sneak Attack (+2d6)" "When you pick Disadvantage in the dialog, the box is disabled and its label says not at disadvantage."
    async with app.run_test(size=(100, 40)) as pilot:
        await start_fight(pilot)
        await pilot.press("a")
        await pilot.pause()
        assert row(app, "boxes") == "[ ] s Sneak Attack (+3d6)   [ ] i Ignore action cost   o No cover"
        await pilot.press("s", "o")
        await pilot.pause()
        assert row(app, "boxes") == "[x] s Sneak Attack (+3d6)   [ ] i Ignore action cost   o Half cover +2"
        assert row(app, "costs") == "the Action"
        await pilot.press("v", "v")  # Disadvantage
        await pilot.pause()
        assert "Sneak Attack (not at disadvantage)" in row(app, "boxes")
        await pilot.press("v", "v")
        app.session.dice.force([12, 3, 1, 1, 1])
        await pilot.press("r")
        await pilot.pause()
        log = app.session.log
        assert any(line.endswith("vs AC 17 (15 half cover +2), hit.") for line in log[-4:])
        assert "Damage: 1d8 3 + 3d6 1+1+1 + 4 DEX = 10 piercing, Sneak Attack +3d6." in log[-4:]
        assert log[-3] == "Damage: 1d8 3 + 3d6 1+1+1 + 4 DEX = 10 piercing, Sneak Attack +3d6."
        assert row(app, "costs") == "Ayla's Action is spent. Tick i Ignore action cost to go ahead."
        assert "Sneak Attack" not in row(app, "boxes")  # used this turn: the box is gone
        await pilot.press("i")
        await pilot.pause()
        assert row(app, "costs") == "nothing (Ignore action cost)"


async def test_a_goblin_boss_redirects_an_attack_in_its_dialog(app):
    # ref: Redirect Attack — "before the attack roll a Redirect Attack dialog lists every ally of the creature in the fight that is not down. Pick an ally that qualifies and press Swap places."
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for _ in range(7):
            await pilot.press(NEXT)  # inspect the Goblin Boss
        await pilot.press("a")
        await pilot.pause()
        assert app.screen.target == "goblin-boss"
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RedirectDialog)
        await pilot.press("down", "s")  # the second ally: Goblin 1
        app.session.dice.force([2])
        await pilot.pause()
        assert app.session.log[-2] == "Goblin Boss uses Redirect Attack: it swaps places with Goblin 1, who becomes the target."
        assert app.session.log[-1].startswith("Ayla attacks Goblin 1 with Rapier")
        assert app.session.state.fight.find("goblin-boss").reaction_used


async def test_the_legendary_row_and_its_dialog(app):
    # ref: Legendary actions — "Its board card shows a row named Legendary action (N left) ... A button opens the attack dialog, titled 'Legendary action: attack with'"
    from attrs import evolve

    state = app.session.state
    boss = evolve(state.actor("goblin-boss"), legendary_actions=3)
    app.session.state = state.with_actor(boss)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for _ in range(7):
            await pilot.press(NEXT)
        await pilot.pause()
        assert "L Legendary action (3 left): Scimitar · Javelin" in " ".join(card_text(app).split())
        await pilot.press("L")
        await pilot.pause()
        assert app.screen.query_one("#attack-box").border_title == "Legendary action: attack with Scimitar"
        app.session.dice.force([2])
        await pilot.press("r")
        await pilot.pause()
        assert app.session.log[-1].startswith("Goblin Boss attacks Ayla with Scimitar (legendary action 1 of 3): d20 2")
        assert actor(app, "goblin-boss").legendary_actions == 3


def undead_app():
    """The sample app with Goblins 1 and 3 as undead (a zombie's stat block, for the test)."""
    from combat_tui.app import CombatApp
    from combat_tui.core.dice import Dice
    from combat_tui.core.session import Session
    from combat_tui.library.goblin_ambush import goblin_ambush

    state = goblin_ambush()
    for ref in ("goblin-1", "goblin-3"):
        state = state.with_actor(evolve(state.actor(ref), creature_type="undead"))
    return CombatApp(session=Session(state, dice=Dice(1)))


async def test_turn_undead_lists_the_undead_all_ticked_and_a_cancel_keeps_the_use():
    # ref: Action, bonus action, and reaction — "Turn Undead lists every undead in the fight, all ticked. Untick the ones that are out of range" "a cancel keeps the use and the action" "From cleric level 5, Destroy Undead destroys an undead of a low enough CR"
    from combat_tui.screens.dnd5e.channel_divinity_dialog import ChannelDivinityDialog

    app = undead_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for _ in range(6):
            await pilot.press("n")  # Mirelle's turn
        await pilot.press("o", "up", "up", "enter")  # Channel Divinity: Turn Undead
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChannelDivinityDialog) and dialog.ticked == {"goblin-1", "goblin-3"}
        await pilot.press("escape")
        await pilot.pause()
        assert actor(app, "mirelle").pools[0].uses == 1 and not app.session.state.fight.find("mirelle").action_used
        await pilot.press("o", "up", "up", "enter")
        await pilot.pause()
        await pilot.press("down", "space")  # untick Goblin 3 (out of range)
        app.session.dice.force([1])
        await pilot.press("enter")
        await pilot.pause()
        assert app.session.log[-4:] == [
            "Mirelle uses Channel Divinity: Turn Undead (0 uses left).",
            "Goblin 1 fails the Wisdom save against Turn Undead: d20 1 - 1 = 0 vs DC 15.",
            "Goblin 1 is destroyed (Destroy Undead, CR 1/4).",
            "Goblin 1 is defeated.",
        ]


async def test_preserve_life_shares_hp_among_the_allies_below_half(app):
    # ref: Action, bonus action, and reaction — Preserve Life: "one amount per ally below half its max HP, and each amount stops at half the max HP"
    from combat_tui.screens.dnd5e.channel_divinity_dialog import ChannelDivinityDialog

    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("colon", *"damage Ayla 33", "enter")
        for _ in range(6):
            await pilot.press("n")
        await pilot.press("o", "up", "enter")  # Preserve Life
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChannelDivinityDialog) and dialog.limits == {"ayla": 14}
        await pilot.press("greater_than_sign", "greater_than_sign", "enter")
        await pilot.pause()
        assert app.session.log[-2:] == ["Mirelle uses Channel Divinity: Preserve Life (0 uses left).",
                                        "Ayla regains 10 HP (5 → 15 HP)."]


async def test_a_weapon_button_whose_action_is_spent_is_muted_and_names_the_cost(app):
    # ref: Action, bonus action, and reaction — "A button that needs a spent cost has a muted label and a dashed edge, and its tooltip names the cost, as in 'Action spent'."
    from textual.widgets import Button

    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        buttons = [b for b in app.screen.query(".attack-weapon").results(Button) if b.display]
        assert not any(b.has_class("-spent") for b in buttons)
        await pilot.press("colon", *"action Ayla dash", "enter")
        await pilot.pause()
        assert all(b.has_class("-spent") and b.tooltip == "Action spent" for b in buttons)


async def test_a_failed_save_against_turn_undead_asks_for_legendary_resistance():
    # ref: Legendary resistance — "When such a creature fails the save of a save spell, or its save against Turn Undead, a dialog asks 'Use legendary resistance? N left today'."
    from combat_tui.screens.dnd5e.legendary_resistance_dialog import LegendaryResistanceDialog

    app = undead_app()
    state = app.session.state
    app.session.state = state.with_actor(evolve(state.actor("goblin-1"), legendary_resistance=1))
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        for _ in range(6):
            await pilot.press("n")
        await pilot.press("o", "up", "up", "enter")
        await pilot.pause()
        app.session.dice.force([1, 20])
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LegendaryResistanceDialog)
        await pilot.press("s")
        await pilot.pause()
        await pilot.pause()
        assert "Goblin 1 uses legendary resistance and succeeds instead (0 left today)." in app.session.log
        assert actor(app, "goblin-1").hp == 7 and actor(app, "mirelle").pools[0].uses == 0
        assert app.screen.__class__.__name__ == "CombatScreen"


def _bren_knows(*spells: str):
    """The app on the sample, Bren's list Fire Bolt, Magic Missile and `spells`."""
    from combat_tui.app import CombatApp
    from combat_tui.core.dice import Dice
    from combat_tui.core.session import Session
    from combat_tui.library.goblin_ambush import goblin_ambush

    state = goblin_ambush()
    bren = state.actor("bren")
    state = state.with_actor(evolve(bren, spells=("Fire Bolt", "Magic Missile", *spells)))
    return CombatApp(session=Session(state, dice=Dice(1)))


async def test_bren_casts_shield_from_his_reaction_row_between_turns():
    # ref: Reactions and opportunity attacks — "It also has one button per spell that casts as a
    # reaction, as in Cast Shield." "A reaction spell opens the usual cast dialog and spends the
    # reaction instead of the action."
    from combat_tui.screens.dnd5e.cast_dialog import CastDialog
    from combat_tui.screens.dnd5e.reaction_spell_picker import ReactionSpellPicker

    app = _bren_knows("Shield", "Absorb Elements")
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)
        await pilot.press("n", "n", "n")  # Goblin 2's turn
        await pilot.press("left_square_bracket")  # inspect Bren
        await pilot.pause()
        shown = " ".join(card_text(app).split())
        assert "O Reaction: Opportunity attack: Quarterstaff" in shown
        assert "Opportunity attack: Dagger R Cast Shield Cast Absorb Elements" in shown  # one button a line here
        await pilot.press("R")
        await pilot.pause()
        assert isinstance(app.screen, ReactionSpellPicker)
        await pilot.press("q")  # closed by a letter
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("1")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CastDialog)
        assert (dialog.caster, dialog.spell, dialog.targets) == ("bren", "Shield", ["bren"])
        await pilot.press("r")
        await pilot.pause()
        assert "Shield" in [chip.name for chip in actor(app, "bren").chips]
        assert actor(app, "bren").slots == (3, 3, 2)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen)
        assert app.screen._view.card("bren").pips.reaction  # the reaction is spent
        assert "Reaction:" not in card_text(app)  # and the row goes


async def test_r_with_one_reaction_spell_opens_the_cast_dialog_and_without_one_says_so():
    from combat_tui.screens.dnd5e.cast_dialog import CastDialog

    app = _bren_knows("Shield")
    notes = record_notes(app)
    async with app.run_test(size=(100, 30)) as pilot:
        await start_fight(pilot)  # Ayla's turn
        await pilot.press("R")  # nothing inspected
        await pilot.pause()
        assert notes[-1] == "Inspect a combatant with a reaction spell on its Reaction row first ([ or ])."
        await pilot.press("right_square_bracket", "R")  # Ser Aldric knows none
        await pilot.pause()
        assert isinstance(app.screen, CombatScreen) and len(notes) == 2
        await pilot.press("right_square_bracket", "R")  # Bren: his one reaction spell, no picker
        await pilot.pause()
        assert isinstance(app.screen, CastDialog) and app.screen.spell == "Shield"
