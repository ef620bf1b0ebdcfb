"""Multiattack, Pack Tactics, on-hit saves, Surprise Attack, Redirect Attack, legendary creatures,
and creature save actions with recharge."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.legendary import legendary_row
from combat_tui.systems.dnd5e.model import ClassLevel, CreatureAction, Weapon
from combat_tui.systems.dnd5e.monsters import redirect_allies
from tests.systems.dnd5e.helpers import at, campaign, character, creature, current, running

BITE = Weapon("Bite", "2d4", "piercing", "natural", finesse=True, save_ability="strength", save_dc=11, save_condition="Prone")


def boss():
    return evolve(creature("boss", "Goblin Boss", dexterity=14, hp=21, ac=17), multiattack=2, multiattack_disadvantage=2,
                  redirect_attack=True)  # fmt: skip


def test_multiattack_counts_the_swings_and_the_marked_one_rolls_at_disadvantage():
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "The app counts the swings of the Attack action and adds the disadvantage to that swing, and the attack line of the log names Multiattack disadvantage."
    s = running(campaign(boss(), character("kara", "Kara", hp=40, ac=5)), [1, 20])  # the party's die first
    s.dice.force([15, 3])
    first = s.execute(cmd.Attack("boss", "kara", "Scimitar")).lines[0]
    assert "disadvantage" not in first
    s.dice.force([15, 4, 3])
    second = s.execute(cmd.Attack("boss", "kara", "Scimitar")).lines[0]
    assert second.startswith("Goblin Boss attacks Kara with Scimitar: d20 4 (at disadvantage (dropped 15), Multiattack disadvantage)")
    with pytest.raises(CommandRejected, match="no swing left"):
        s.execute(cmd.Attack("boss", "kara", "Scimitar"))


def test_an_advantage_chip_cancels_multiattack_disadvantage_and_a_chosen_mode_replaces_it():
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "An advantage chip cancels it, and a roll mode that you pick in the dialog replaces it."
    s = running(campaign(boss(), character("kara", "Kara", hp=40, ac=5)), [1, 20])  # the party's die first
    s.execute(cmd.AddChip("boss", "Invisible"))
    s.dice.force([15, 3, 3, 15, 3])  # the first swing at advantage (two d20s)
    s.execute(cmd.Attack("boss", "kara", "Scimitar"))
    line = s.execute(cmd.Attack("boss", "kara", "Scimitar")).lines[0]
    assert "advantage and disadvantage cancel: Invisible advantage, Multiattack disadvantage" in line
    s.execute(cmd.TogglePip("boss", "action", False))
    s.dice.force([15, 3, 3, 15, 3])
    s.execute(cmd.Attack("boss", "kara", "Scimitar"))
    assert "normal roll by choice" in s.execute(cmd.Attack("boss", "kara", "Scimitar", mode="normal")).lines[0]


def test_pack_tactics_gives_advantage_and_the_log_names_it():
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "tick the Pack Tactics box when the condition is met. The attack line of the log names Pack Tactics advantage."
    wolf = evolve(creature("wolf", "Wolf", dexterity=15, weapons=(BITE,)), pack_tactics=True)
    s = running(campaign(wolf, character("kara", "Kara", hp=40, ac=20)), [1, 20])
    s.dice.force([3, 9])
    line = s.execute(cmd.Attack("wolf", "kara", "Bite", pack=True)).lines[0]
    assert "d20 9 (at advantage (dropped 3), Pack Tactics advantage)" in line
    goblin = running(campaign(creature("gob", "Gob"), character("kara", "Kara")), [1, 20])
    with pytest.raises(CommandRejected, match="no Pack Tactics"):
        goblin.execute(cmd.Attack("gob", "kara", "Scimitar", pack=True))


def test_a_wolf_bite_knocks_a_character_prone_on_a_failed_strength_save():
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "After the damage lands, the target rolls the save with its own bonus and chips. The log names the total, the DC, and the result. A target that fails gains the condition"
    wolf = creature("wolf", "Wolf", dexterity=15, weapons=(BITE,))
    s = running(campaign(wolf, character("kara", "Kara", strength=8, hp=40, ac=5)), [1, 20])
    s.dice.force([15, 2, 3, 7])
    lines = s.execute(cmd.Attack("wolf", "kara", "Bite")).lines
    assert lines[2:] == ("Kara takes 7 piercing damage (40 → 33 HP).",
                         "Kara fails the Strength save against Bite: d20 7 - 1 = 6 vs DC 11.", "Kara is Prone.")  # fmt: skip
    s.execute(cmd.TogglePip("wolf", "action", False))
    s.dice.force([15, 2, 2, 3, 19])  # Kara is Prone: the bite rolls at advantage
    lines = s.execute(cmd.Attack("wolf", "kara", "Bite")).lines
    assert lines[-1] == "Kara succeeds the Strength save against Bite: d20 19 - 1 = 18 vs DC 11."


def test_an_on_hit_save_is_not_rolled_at_0_hp_and_an_immune_target_keeps_its_chips():
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "a target that the hit dropped to 0 HP rolls nothing. A creature immune to the condition keeps its chips, and the log says so."
    wolf = creature("wolf", "Wolf", dexterity=15, weapons=(BITE,))
    s = running(campaign(wolf, creature("gob", "Gob", hp=3, ac=5), evolve(creature("skel", "Skeleton", hp=30, ac=5),
                condition_immunities=("prone",)), character("kara", "Kara")), [20, 2, 1, 3])  # fmt: skip
    s.dice.force([15, 2, 3])
    lines = s.execute(cmd.Attack("wolf", "gob", "Bite")).lines
    assert lines[-1] == "Gob is defeated."
    s.dice.force([15, 2, 3, 1])
    lines = s.execute(cmd.Attack("wolf", "skel", "Bite", ignore_cost=True)).lines
    assert lines[-1] == "Skeleton is immune to Prone; its chips stay as they were."
    assert not s.state.actor("skel").chips


def test_surprise_attack_adds_its_dice_in_round_1_against_a_surprised_target():
    # ref: Pack Tactics, on-hit saves, Surprise Attack, and Multiattack — "adds its dice to a hit in round 1 when the target is still surprised ... the damage line of the log names them."
    bugbear = evolve(creature("bug", "Bugbear", strength=15, weapons=(w.MACE,)), surprise_attack="2d6")
    s = running(campaign(bugbear, character("kara", "Kara", hp=40, ac=5)), [1, 20])
    s.execute(cmd.AddChip("kara", "Surprised"))
    s.dice.force([15, 4, 2, 5])
    assert s.execute(cmd.Attack("bug", "kara", "Mace")).lines[1] == "Damage: 1d6 4 + 2d6 2+5 + 2 STR = 13 bludgeoning, Surprise Attack +2d6."
    s.execute(cmd.RemoveChip("kara", "Surprised"))
    s.dice.force([15, 4])
    assert "Surprise Attack" not in s.execute(cmd.Attack("bug", "kara", "Mace", ignore_cost=True)).lines[1]


def test_redirect_attack_swaps_places_spends_the_reaction_and_the_ally_takes_the_hit():
    # ref: Redirect Attack — "It swaps places with an ally, and the ally becomes the target." "A redirect spends the reaction, and the log names the swap. The attack roll then uses the AC of the ally"
    gob = creature("gob", "Goblin", hp=7, ac=13, tile=at(1, 1))
    s = running(campaign(character("kara", "Kara", strength=16), boss(), gob), [20, 2, 1])
    assert redirect_allies(s.state, s.state.actor("boss")) == ("gob",)
    s.dice.force([12, 3])
    lines = s.execute(cmd.Attack("kara", "boss", "Longsword", redirect="gob")).lines
    assert lines[0] == "Goblin Boss uses Redirect Attack: it swaps places with Goblin, who becomes the target."
    assert lines[1] == "Kara attacks Goblin with Longsword: d20 12 + 3 STR + 2 proficiency = 17 vs AC 13, hit."
    assert s.state.actor("boss").tile == gob.tile
    assert pips(s.state, "boss").reaction
    # "When Multiattack is ticked, only the first swing can redirect, because the redirect spends the reaction."
    with pytest.raises(CommandRejected, match="cannot redirect now"):
        s.execute(cmd.Attack("kara", "boss", "Longsword", redirect="gob", ignore_cost=True))


def test_legendary_actions_are_counted_marked_in_the_log_and_come_back_at_its_turn():
    # ref: Legendary actions — "the swing costs one legendary action instead of the Attack action ... The log marks each swing with its number, as in 'legendary action 2 of 3'. The creature gets every legendary action back when its own turn starts."
    dragon = evolve(creature("dragon", "Dragon", strength=19, hp=100, weapons=(w.SCIMITAR,)), legendary_actions=3)
    s = running(campaign(character("kara", "Kara", hp=60, ac=5), dragon), [20, 1])
    assert legendary_row(s.state, "dragon") == 3
    for number in (1, 2, 3):
        s.dice.force([15, 3])
        line = s.execute(cmd.Attack("dragon", "kara", "Scimitar", use="legendary")).lines[0]
        assert line.startswith(f"Dragon attacks Kara with Scimitar (legendary action {number} of 3): ")
    assert legendary_row(s.state, "dragon") == 0
    with pytest.raises(CommandRejected, match="no legendary action left"):
        s.execute(cmd.Attack("dragon", "kara", "Scimitar", use="legendary"))
    s.execute(cmd.NextTurn())
    assert current(s) == "dragon" and legendary_row(s.state, "dragon") == 0  # no row on its own turn
    s.execute(cmd.NextTurn())
    assert legendary_row(s.state, "dragon") == 3


def test_legendary_resistance_turns_a_failed_save_into_a_success_and_comes_back_on_a_long_rest():
    # ref: Legendary resistance — "Click Succeed instead to spend one use ... A success takes half damage from a spell that halves on a save and no damage from any other, and no condition lands. The log records each use and the uses left."
    bren = evolve(character("bren", "Bren"), spellcasting="intelligence", spells=("Burning Hands", "Hold Person"), slots=(4, 3))
    dragon = evolve(creature("dragon", "Dragon", hp=100), legendary_resistance=3)
    s = running(campaign(bren, dragon), [20, 1])
    s.dice.force([4, 4, 4, 2])
    lines = s.execute(cmd.Cast("bren", "Burning Hands", targets=("dragon",), resist=("dragon",))).lines
    assert lines[-2:] == ("Dragon uses legendary resistance and succeeds instead (2 left today).",
                          "Dragon takes 6 fire damage (100 → 94 HP).")  # fmt: skip
    s.dice.force([2])
    lines = s.execute(cmd.Cast("bren", "Hold Person", targets=("dragon",), resist=("dragon",), ignore_cost=True)).lines
    assert lines[-1] == "Dragon uses legendary resistance and succeeds instead (1 left today)."
    assert not s.state.actor("dragon").chips
    s.dice.force([2])  # "Let it fail": no resist named
    s.execute(cmd.Cast("bren", "Hold Person", targets=("dragon",), ignore_cost=True))
    assert [c.name for c in s.state.actor("dragon").chips] == ["Paralyzed"]
    s.execute(cmd.EndFight())
    s.execute(cmd.TakeRest("long"))
    assert s.state.actor("dragon").legendary_resistance_used == 0


def test_legendary_resistance_is_refused_without_uses():
    dragon = evolve(creature("dragon", "Dragon", hp=100), legendary_resistance=1, legendary_resistance_used=1)
    bren = evolve(character("bren", "Bren"), spellcasting="intelligence", spells=("Hold Person",), slots=(4, 3))
    s = running(campaign(bren, dragon), [20, 1])
    with pytest.raises(CommandRejected, match="no legendary resistance left today"):
        s.execute(cmd.Cast("bren", "Hold Person", targets=("dragon",), resist=("dragon",)))


BREATH = CreatureAction("Cold Breath", "dexterity", 12, "4d8", "cold", recharge=5, half=True)


def test_a_save_action_costs_the_action_halves_on_a_save_and_is_spent_until_it_recharges():
    # ref: Creature actions — "It opens the cast dialog with the DC of the action, spends no slot, and costs the Action. Each target rolls its save, and the damage goes through the defenses of the target"
    wolf = evolve(creature("ww", "Winter Wolf", hp=75), actions=(BREATH,))
    s = running(campaign(wolf, character("kara", "Kara", hp=60), character("bo", "Bo", hp=60)), [2, 1, 20])
    s.dice.force([5, 5, 5, 5, 3, 15])
    lines = s.execute(cmd.UseCreatureAction("ww", "Cold Breath", ("kara", "bo"))).lines
    assert lines == ("Winter Wolf uses Cold Breath on Kara and Bo.", "Damage: 4d8 5+5+5+5 = 20 cold.",
                     "Kara fails the Dexterity save against Cold Breath: d20 3 + 0 = 3 vs DC 12.",
                     "Kara takes 20 cold damage (60 → 40 HP).",
                     "Bo succeeds the Dexterity save against Cold Breath: d20 15 + 0 = 15 vs DC 12.",
                     "Bo takes 10 cold damage (60 → 50 HP).")  # fmt: skip
    assert pips(s.state, "ww").action
    with pytest.raises(CommandRejected, match="spent until it recharges"):
        s.execute(cmd.UseCreatureAction("ww", "Cold Breath", ("kara",), ignore_cost=True))


def test_the_recharge_d6_is_rolled_at_the_start_of_each_turn_and_logged_and_the_end_of_a_fight_readies_all():
    # ref: Creature actions — "At the start of each turn of the creature, the app rolls a d6 for each spent action. On the recharge face or higher, the action is ready again. The log shows each roll. The end of a fight makes every action ready again."
    spent = evolve(BREATH, ready=False)
    wolf = evolve(creature("ww", "Winter Wolf", hp=75), actions=(spent,))
    s = running(campaign(character("kara", "Kara"), wolf), [20, 1])
    s.dice.force([4])
    assert s.execute(cmd.NextTurn()).lines[0] == "Winter Wolf rolls to recharge Cold Breath: d6 4 (recharge 5-6), still spent."
    s.execute(cmd.NextTurn())
    s.dice.force([5])
    assert s.execute(cmd.NextTurn()).lines[0] == "Winter Wolf rolls to recharge Cold Breath: d6 5 (recharge 5-6), ready again."
    assert s.state.actor("ww").actions[0].ready
    s2 = running(campaign(character("kara", "Kara"), wolf), [20, 1])
    assert "Every spent action is ready again (Winter Wolf)." in s2.execute(cmd.EndFight()).lines
    assert s2.state.actor("ww").actions[0].ready


def test_turn_undead_turns_on_a_failed_wisdom_save_with_turn_resistance_at_advantage():
    # ref: Action, bonus action, and reaction — Turn Undead: "Each ticked undead rolls a Wisdom save against the spell save DC of the cleric. An undead with the Turn Resistance box ... rolls the save with advantage. On a failure, it gets a Turned chip for 1 minute. Damage ends the chip"
    from combat_tui.systems.dnd5e.model import Pool

    cleric = evolve(character("mir", "Mirelle"), classes=(ClassLevel("Cleric", 2),), spellcasting="wisdom",
                    abilities=character("x").abilities.__class__(wisdom=16), pools=(Pool("Channel Divinity", 1, 1, "short"),))  # fmt: skip
    zombie = evolve(creature("zom", "Zombie", hp=22), creature_type="undead", challenge="1/4")
    ghoul = evolve(creature("gh", "Ghoul", hp=22), creature_type="undead", turn_resistance=True)
    s = running(campaign(cleric, zombie, ghoul), [20, 2, 1])
    s.dice.force([4, 3, 18])
    lines = s.execute(cmd.TurnUndead("mir", ("zom", "gh"))).lines
    assert lines == ("Mirelle uses Channel Divinity: Turn Undead (0 uses left).",
                     "Zombie fails the Wisdom save against Turn Undead: d20 4 + 0 = 4 vs DC 13.",
                     "Zombie is Turned for 10 rounds.",
                     "Ghoul succeeds the Wisdom save against Turn Undead: d20 18 (at advantage (dropped 3), "
                     "Turn Resistance advantage) + 0 = 18 vs DC 13.")  # fmt: skip
    assert pips(s.state, "mir").action
    assert s.execute(cmd.ApplyDamage("zom", 1)).lines[-1] == "Turned on Zombie ends."
    with pytest.raises(CommandRejected, match="no use of Channel Divinity left"):
        s.execute(cmd.TurnUndead("mir", ("zom",)))


def test_destroy_undead_destroys_a_low_enough_cr_and_an_unrated_one_is_only_turned():
    # ref: Action, bonus action, and reaction — "From cleric level 5, Destroy Undead destroys an undead of a low enough CR instead (CR 1/2 at level 5 ...). An unrated undead is only turned."
    from combat_tui.systems.dnd5e.model import Pool

    cleric = evolve(character("mir", "Mirelle"), classes=(ClassLevel("Cleric", 5),), pools=(Pool("Channel Divinity", 1, 1),))
    zombie = evolve(creature("zom", "Zombie", hp=22), creature_type="undead", challenge="1/4")
    wight = evolve(creature("wi", "Wight", hp=45), creature_type="undead", challenge="3")
    odd = evolve(creature("odd", "Odd", hp=10), creature_type="undead")
    s = running(campaign(cleric, zombie, wight, odd), [20, 3, 2, 1])
    s.dice.force([1, 1, 1])
    lines = s.execute(cmd.TurnUndead("mir", ("zom", "wi", "odd"))).lines
    assert "Zombie is destroyed (Destroy Undead, CR 1/4)." in lines and "Zombie is defeated." in lines
    assert "Wight is Turned for 10 rounds." in lines and "Odd is Turned for 10 rounds." in lines


def test_preserve_life_shares_hp_among_allies_below_half_capped_at_half():
    # ref: Action, bonus action, and reaction — Preserve Life: "shares out 5 times the cleric level in HP among the allies ... each amount stops at half the max HP. Undead and constructs get no row. A share-out over a limit shows a toast and spends nothing."
    from combat_tui.systems.dnd5e.model import Pool

    cleric = evolve(character("mir", "Mirelle"), classes=(ClassLevel("Cleric", 2, "Life Domain"),),
                    pools=(Pool("Channel Divinity", 1, 1),))  # fmt: skip
    kara = character("kara", "Kara", hp=2, max_hp=20)
    bo = character("bo", "Bo", hp=15, max_hp=20)
    s = running(campaign(cleric, kara, bo, creature("orc", "Orc")), [20, 3, 2, 1])
    with pytest.raises(CommandRejected, match="at most 8 HP"):
        s.execute(cmd.PreserveLife("mir", (("kara", 9),)))
    with pytest.raises(CommandRejected, match="Bo gets no share"):
        s.execute(cmd.PreserveLife("mir", (("bo", 1),)))
    lines = s.execute(cmd.PreserveLife("mir", (("kara", 8),))).lines
    assert lines == ("Mirelle uses Channel Divinity: Preserve Life (0 uses left).", "Kara regains 8 HP (2 → 10 HP).")


def test_redirect_attack_works_against_an_attack_spell_but_not_a_save_spell():
    # ref: Redirect Attack — "The dialog opens for a weapon attack and for an attack spell, such as Fire Bolt, but not for a save spell."
    bren = evolve(character("bren", "Bren"), spellcasting="intelligence", spells=("Fire Bolt", "Sacred Flame"))
    gob = creature("gob", "Goblin", hp=7, ac=13, tile=at(1, 1))
    s = running(campaign(bren, boss(), gob), [20, 2, 1])
    with pytest.raises(CommandRejected, match="not a save spell"):
        s.execute(cmd.Cast("bren", "Sacred Flame", targets=("boss",), redirect="gob"))
    s.dice.force([15, 4])
    lines = s.execute(cmd.Cast("bren", "Fire Bolt", targets=("boss",), redirect="gob")).lines
    assert lines[0] == "Goblin Boss uses Redirect Attack: it swaps places with Goblin, who becomes the target."
    assert lines[1] == "Bren casts Fire Bolt on Goblin."
    assert lines[2].startswith("Fire Bolt (spell attack) on Goblin: d20 15")
