"""Two-weapon fighting, opportunity attacks, cover, Sneak Attack and damage riders."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.actions import offhand_ready
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.model import Chip, ClassLevel
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def rogue(level=5, styles=()):
    c = evolve(character("ayla", "Ayla", dexterity=18, strength=8, weapons=(w.RAPIER, w.DAGGER, w.SCIMITAR, w.SHORTBOW)),
               classes=(ClassLevel("Rogue", level),), fighting_styles=styles)  # fmt: skip
    return c


def fight(hero=None, foe=None, initiative=None):
    return running(campaign(hero or rogue(), foe or creature("orc", "Orc", hp=60, ac=12)), initiative)


def test_the_off_hand_swing_follows_a_light_melee_swing_spends_the_bonus_action_and_drops_the_ability_bonus():
    # ref: Two-weapon fighting — "The group shows after the character swings a light melee weapon with its Attack action, and only while the bonus action is unspent." "Its damage gets no ability bonus" "The combat log marks the swing 'off-hand'."
    s = fight()
    assert not offhand_ready(s.state, "ayla")
    with pytest.raises(CommandRejected, match="has not swung a light melee weapon"):
        s.execute(cmd.Attack("ayla", "orc", "Dagger", use="offhand"))
    s.dice.force([15, 3])
    s.execute(cmd.Attack("ayla", "orc", "Scimitar"))
    assert offhand_ready(s.state, "ayla")
    s.dice.force([15, 3])
    lines = s.execute(cmd.Attack("ayla", "orc", "Dagger", use="offhand")).lines
    assert lines[0] == "Ayla attacks Orc with Dagger (off-hand): d20 15 + 4 DEX + 2 proficiency = 21 vs AC 12, hit."
    assert lines[1] == "Damage: 1d4 3 = 3 piercing."
    assert pips(s.state, "ayla").bonus and not offhand_ready(s.state, "ayla")


def test_a_ranged_attack_action_does_not_open_the_off_hand_group():
    # ref: Two-weapon fighting — "An Attack action spent only on a longbow or another weapon that is not light melee does not show it."
    s = fight()
    s.dice.force([15, 3])
    s.execute(cmd.Attack("ayla", "orc", "Shortbow"))
    assert not offhand_ready(s.state, "ayla")
    s.dice.force([15, 3])
    s.execute(cmd.Attack("ayla", "orc", "Rapier", ignore_cost=True))  # rapier is not light
    assert not offhand_ready(s.state, "ayla")


def test_the_two_weapon_fighting_style_keeps_the_ability_bonus_and_a_negative_one_always_applies():
    # ref: Two-weapon fighting — "A negative ability modifier still applies. A character with the Two-Weapon Fighting style adds the ability modifier"
    s = fight(rogue(styles=("Two-Weapon Fighting",)))
    s.dice.force([15, 3, 15, 3])
    s.execute(cmd.Attack("ayla", "orc", "Scimitar"))
    assert s.execute(cmd.Attack("ayla", "orc", "Dagger", use="offhand")).lines[1] == "Damage: 1d4 3 + 4 DEX = 7 piercing."
    weak = evolve(character("bob", "Bob", strength=6, weapons=(w.HANDAXE, w.DAGGER.__class__("Club", "1d4", "bludgeoning", light=True))))
    s = fight(weak)
    s.dice.force([15, 3, 15, 3])
    s.execute(cmd.Attack("bob", "orc", "Handaxe"))
    assert s.execute(cmd.Attack("bob", "orc", "Club", use="offhand")).lines[1] == "Damage: 1d4 3 - 2 STR = 1 bludgeoning."


def test_an_opportunity_attack_spends_the_reaction_keeps_the_ability_bonus_and_is_marked():
    # ref: Reactions and opportunity attacks — "An opportunity attack rolls like a normal swing and keeps its ability bonus on damage. It spends the reaction, and the log marks it 'opportunity attack'."
    s = fight(initiative=[1, 20])  # the orc's turn
    s.dice.force([15, 3])
    lines = s.execute(cmd.Attack("ayla", "orc", "Rapier", use="opportunity")).lines
    assert lines[0] == "Ayla attacks Orc with Rapier (opportunity attack): d20 15 + 4 DEX + 2 proficiency = 21 vs AC 12, hit."
    assert lines[1] == "Damage: 1d8 3 + 4 DEX = 7 piercing."
    assert pips(s.state, "ayla").reaction
    with pytest.raises(CommandRejected, match="Reaction is spent"):
        s.execute(cmd.Attack("ayla", "orc", "Rapier", use="opportunity"))
    with pytest.raises(CommandRejected, match="is a melee swing"):
        s.execute(cmd.Attack("ayla", "orc", "Shortbow", use="opportunity"))


def test_an_opportunity_attack_on_its_own_turn_is_refused():
    # ref: Reactions and opportunity attacks — "A reaction happens between the turns of its owner"
    s = fight()
    with pytest.raises(CommandRejected, match="own turn"):
        s.execute(cmd.Attack("ayla", "orc", "Rapier", use="opportunity"))


@pytest.mark.parametrize("cover, text", [(2, "vs AC 14 (12 half cover +2), miss."), (5, "vs AC 17 (12 three-quarters cover +5), miss.")])
def test_cover_adds_to_the_ac_and_the_log_prints_both_numbers(cover, text):
    # ref: Cover and Sneak Attack — "Half cover adds 2 to the AC of the target for that swing, and three-quarters cover adds 5. The log prints both numbers, such as vs AC 12 (10 half cover +2)."
    s = fight()
    s.dice.force([7])
    line = s.execute(cmd.Attack("ayla", "orc", "Rapier", cover=cover)).lines[0]
    assert line.endswith(f"= 13 {text}")
    with pytest.raises(CommandRejected, match="Cover adds 2"):
        s.execute(cmd.Attack("ayla", "orc", "Rapier", cover=9, ignore_cost=True))


def test_cover_line_of_the_reference():
    # ref: Cover and Sneak Attack — "vs AC 12 (10 half cover +2)"
    s = fight(foe=creature("orc", "Orc", hp=60, ac=10))
    s.dice.force([4, 2])
    assert s.execute(cmd.Attack("ayla", "orc", "Rapier", cover=2)).lines[0].endswith("= 10 vs AC 12 (10 half cover +2), miss.")


def test_sneak_attack_adds_its_d6s_once_per_turn_and_a_crit_doubles_them():
    # ref: Cover and Sneak Attack — "The Sneak Attack dice are d6, they take the damage type of the weapon, and a critical hit doubles them. The damage line of the log names them." "The app tracks the once-per-turn limit."
    s = fight()
    s.dice.force([15, 3, 1, 2, 3])
    lines = s.execute(cmd.Attack("ayla", "orc", "Rapier", sneak=True)).lines
    assert lines[1] == "Damage: 1d8 3 + 3d6 1+2+3 + 4 DEX = 13 piercing, Sneak Attack +3d6."
    with pytest.raises(CommandRejected, match="already used Sneak Attack this turn"):
        s.execute(cmd.Attack("ayla", "orc", "Rapier", sneak=True, ignore_cost=True))
    # "it comes back on the next turn of any combatant" — an opportunity attack on the orc's turn
    s.execute(cmd.NextTurn())
    s.dice.force([20, 1, 1, 1, 1, 1, 1, 1, 1])
    lines = s.execute(cmd.Attack("ayla", "orc", "Rapier", use="opportunity", sneak=True)).lines
    assert lines[1] == ("Damage (critical hit: every die rolled twice): 2d8 1+1 + 6d6 1+1+1+1+1+1 + 4 DEX = 12 piercing, "
                        "Sneak Attack +6d6.")  # fmt: skip


def test_a_miss_keeps_sneak_attack_and_disadvantage_adds_no_dice_and_spends_no_use():
    # ref: Cover and Sneak Attack — "A miss leaves the box" "When the swing rolls at disadvantage for another reason, such as Poisoned under Auto, a ticked box adds no dice and spends no use."
    s = fight()
    s.dice.force([2])
    s.execute(cmd.Attack("ayla", "orc", "Rapier", sneak=True))
    assert not s.state.fight.find("ayla").sneak_used
    s.execute(cmd.AddChip("ayla", "Poisoned"))
    s.dice.force([15, 16, 3])
    lines = s.execute(cmd.Attack("ayla", "orc", "Rapier", sneak=True, ignore_cost=True)).lines
    assert lines[1] == "Damage: 1d8 3 + 4 DEX = 7 piercing."
    assert not s.state.fight.find("ayla").sneak_used


def test_divine_favor_and_hunters_mark_ride_on_weapon_hits_and_double_on_a_crit():
    # ref: Damage riders on hits — "Divine Favor adds 1d4 radiant to each weapon hit of the paladin who holds it. Hunter's Mark ... each weapon hit of the ranger who cast it adds 1d6 of the weapon's damage type. The mark does nothing for the hits of anyone else. A critical hit doubles the rider dice ... as in , Hunter's Mark +2d6."
    ranger = evolve(character("rhea", "Rhea", dexterity=16, weapons=(w.SHORTBOW,)), spells=("Hunter's Mark",), slots=(2,),
                    spellcasting="wisdom")  # fmt: skip
    paladin = evolve(character("pell", "Pell", strength=16), chips=(Chip("Divine Favor", 10, "pell", "Divine Favor"),))
    s = running(campaign(ranger, paladin, creature("orc", "Orc", hp=80, ac=5)), [20, 19, 1])
    s.execute(cmd.Cast("rhea", "Hunter's Mark", targets=("orc",)))
    s.dice.force([20, 2, 3, 4, 5])
    lines = s.execute(cmd.Attack("rhea", "orc", "Shortbow")).lines
    assert lines[1] == "Damage (critical hit: every die rolled twice): 2d6 2+3 + 2d6 4+5 + 3 DEX = 17 piercing, Hunter's Mark +2d6."
    s.dice.force([15, 6, 4])
    assert "Hunter's Mark" not in s.execute(cmd.Attack("pell", "orc", "Longsword")).lines[1]  # not Pell's mark
    s.execute(cmd.NextTurn())
    s.dice.force([15, 6, 2])
    lines = s.execute(cmd.Attack("pell", "orc", "Longsword")).lines
    assert lines[1:] == ("Damage: 1d8 6 + 3 STR = 9 slashing, Divine Favor +1d4 (2 radiant).",
                         "Orc takes 9 slashing damage (50 → 41 HP).", "Orc takes 2 radiant damage (41 → 39 HP).")  # fmt: skip


def test_hunters_mark_repeat_moves_the_mark_for_a_bonus_action_and_no_slot():
    # ref: Damage riders on hits — "cast Hunter's Mark again on a later turn and pick Repeat (no slot). The repeat costs a bonus action and no slot"
    ranger = evolve(character("rhea", "Rhea", weapons=(w.SHORTBOW,)), spells=("Hunter's Mark",), slots=(1,), spellcasting="wisdom")
    s = running(campaign(ranger, creature("orc", "Orc", hp=5), creature("gob", "Gob", hp=9)), [20, 2, 1])
    s.execute(cmd.Cast("rhea", "Hunter's Mark", targets=("orc",)))
    s.execute(cmd.ApplyDamage("orc", 5))
    for _ in range(2):  # Gob's turn, then Rhea's again (the defeated orc is stepped past)
        s.execute(cmd.NextTurn())
    lines = s.execute(cmd.Cast("rhea", "Hunter's Mark", targets=("gob",), repeat=True)).lines
    assert lines[0] == "Rhea casts Hunter's Mark (Repeat, no slot) on Gob."
    assert s.state.actor("rhea").slots == (0,)
    assert [c.name for c in s.state.actor("gob").chips] == ["Hunter's Mark"] and not s.state.actor("orc").chips
    assert pips(s.state, "rhea").bonus
