"""Fighter, Barbarian and Rogue features, Evasion, and class pools on rests."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.features import rage_bonus, sneak_attack_dice, standard_pools
from combat_tui.systems.dnd5e.model import ClassLevel, Pool
from tests.systems.dnd5e.helpers import campaign, character, creature, running

GREATAXE = w.LONGSWORD.__class__("Greataxe", "1d12", "slashing", "martial")


def fighter(level=5, surges=1, hp=30, max_hp=49):
    c = evolve(character("aldric", "Ser Aldric", strength=16, hp=hp, max_hp=max_hp), classes=(ClassLevel("Fighter", level),))
    return evolve(c, pools=(Pool("Second Wind", 1, 1, "short"), Pool("Action Surge", surges, surges, "short")))


def barbarian(level=5):
    c = evolve(character("korg", "Korg", strength=16, weapons=(GREATAXE, w.SHORTBOW)), classes=(ClassLevel("Barbarian", level),))
    return evolve(c, pools=(Pool("Rage", 3, 3, "long"),))


def fight(hero, foe=None):
    return running(campaign(hero, foe or creature("orc", "Orc", hp=60, ac=5)))


def test_second_wind_spends_the_bonus_action_and_a_use_and_heals_1d10_plus_level():
    # ref: Action, bonus action, and reaction — "Ser Aldric uses Second Wind and regains 9 HP (d10 5 + 4)."
    s = fight(fighter(level=4))
    s.dice.force([5])
    assert s.execute(cmd.SecondWind("aldric")).lines == ("Ser Aldric uses Second Wind and regains 9 HP (d10 5 + 4).",)
    assert s.state.actor("aldric").hp == 39
    assert pips(s.state, "aldric").bonus
    assert s.state.actor("aldric").pools[0].uses == 0
    s.execute(cmd.TogglePip("aldric", "bonus", False))
    with pytest.raises(CommandRejected, match="no use of Second Wind left"):
        s.execute(cmd.SecondWind("aldric"))


def test_action_surge_gives_one_more_action_and_extra_attack_swings_again():
    # ref: Action, bonus action, and reaction — "Before the action, a '+1 action (Action Surge)' pip shows next to the Action pip, and the first action spends that pip instead ... An Attack action with the new action gets its Extra Attack swings again."
    s = fight(fighter(surges=2))
    assert s.execute(cmd.ActionSurge("aldric")).lines == ("Ser Aldric uses Action Surge: +1 action (1 use left).",)
    assert pips(s.state, "aldric").extra_actions == 1
    for _ in range(4):  # a fighter surges and swings four times
        s.dice.force([15, 3])
        s.execute(cmd.Attack("aldric", "orc", "Longsword"))
    p = pips(s.state, "aldric")
    assert (p.action, p.extra_actions, p.swings_left) == (True, 0, 0)
    with pytest.raises(CommandRejected, match="Action is spent"):
        s.execute(cmd.Attack("aldric", "orc", "Longsword"))
    # "The app allows one surge per turn, as 5e does, even for a fighter with two uses."
    with pytest.raises(CommandRejected, match="already used Action Surge this turn"):
        s.execute(cmd.ActionSurge("aldric"))
    assert s.state.actor("aldric").pools[1].uses == 1


def test_action_surge_after_the_action_frees_the_action_pip():
    # ref: Action, bonus action, and reaction — "After the action is spent, the Action pip becomes free again."
    s = fight(fighter())
    s.execute(cmd.TakeAction("aldric", "Dash"))
    s.execute(cmd.ActionSurge("aldric"))
    p = pips(s.state, "aldric")
    assert (p.action, p.extra_actions) == (False, 0)
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    with pytest.raises(CommandRejected, match="no use of Action Surge left"):  # "A button with no use left ... spends nothing"
        s.execute(cmd.ActionSurge("aldric"))


def test_rage_spends_the_bonus_action_and_a_use_and_puts_a_raging_chip_for_10_rounds():
    # ref: Action, bonus action, and reaction — "The button spends the bonus action and one use, and it puts a Raging chip on the barbarian for 10 rounds (1 minute)."
    s = fight(barbarian())
    assert s.execute(cmd.Rage("korg")).lines == (
        "Korg rages: Rage +2 on STR melee hits, resistance to bludgeoning, piercing and slashing (2 uses left).",
        "Korg is Raging for 10 rounds.",
    )
    korg = s.state.actor("korg")
    assert korg.chips[0].name == "Raging" and korg.chips[0].rounds == 10
    assert pips(s.state, "korg").bonus


def test_a_raging_strength_melee_hit_adds_the_bonus_and_names_it():
    # ref: Action, bonus action, and reaction — "a melee weapon hit that uses STR adds the Rage damage bonus ... such as 'Rage +2'"
    s = fight(barbarian())
    s.execute(cmd.Rage("korg"))
    s.dice.force([15, 7])
    lines = s.execute(cmd.Attack("korg", "orc", "Greataxe")).lines
    assert lines[1] == "Damage: 1d12 7 + 3 STR = 12 slashing, Rage +2."
    s.dice.force([15, 4])
    lines = s.execute(cmd.Attack("korg", "orc", "Shortbow", ignore_cost=True)).lines  # ranged: no bonus
    assert lines[1] == "Damage: 1d6 4 = 4 piercing."


@pytest.mark.parametrize("level, bonus", [(1, 2), (8, 2), (9, 3), (15, 3), (16, 4)])
def test_rage_bonus_by_level(level, bonus):
    # ref: Action, bonus action, and reaction — "+2 up to barbarian level 8, +3 from level 9, and +4 from level 16"
    assert rage_bonus(barbarian(level)) == bonus


def test_a_raging_barbarian_resists_weapon_damage_and_rolls_strength_at_advantage():
    # ref: Action, bonus action, and reaction — "The barbarian also resists bludgeoning, piercing, and slashing damage, and rolls STR checks and STR saves at advantage."
    s = fight(barbarian())
    s.execute(cmd.Rage("korg"))
    line = s.execute(cmd.ApplyDamage("korg", 9, "slashing")).lines[0]
    assert line == "Korg takes 4 slashing damage (resistance to slashing (Rage): 9 → 4) (20 → 16 HP)."
    assert s.execute(cmd.ApplyDamage("korg", 4, "fire")).lines[0] == "Korg takes 4 fire damage (16 → 12 HP)."
    s.dice.force([3, 17])
    assert "Raging advantage" in s.execute(cmd.RollSave("korg", "strength")).lines[0]
    s.dice.force([3, 17])
    assert "Raging advantage" in s.execute(cmd.RollCheck("korg", "athletics")).lines[0]
    s.execute(cmd.RemoveChip("korg", "Raging"))  # "To end a Rage early, remove the Raging chip."
    assert not s.state.actor("korg").chips


def test_feral_instinct_lets_a_surprised_barbarian_rage_and_act():
    # ref: Initiative — Feral Instinct (barbarian 7, 2014 PHB: a surprised barbarian acts if it rages first)
    s = fight(barbarian(7))
    s.execute(cmd.AddChip("korg", "Surprised"))
    lines = s.execute(cmd.Rage("korg")).lines
    assert lines[1] == "Feral Instinct: Korg rages first and acts on its surprised turn."
    assert [c.name for c in s.state.actor("korg").chips] == ["Raging"]
    s2 = fight(barbarian(5))
    s2.execute(cmd.AddChip("korg", "Surprised"))
    with pytest.raises(CommandRejected, match="surprised"):
        s2.execute(cmd.Rage("korg"))


@pytest.mark.parametrize("level, count", [(1, 1), (2, 1), (3, 2), (5, 3), (19, 10)])
def test_sneak_attack_dice_by_rogue_level(level, count):
    # ref: Cover and Sneak Attack — "The level in the class that granted the feature sets the count."
    rogue = evolve(character("ayla"), classes=(ClassLevel("Rogue", level),))
    assert sneak_attack_dice(rogue) == count


def test_evasion_takes_none_on_a_dex_save_success_and_half_on_a_failure():
    # ref: Evasion — "takes no damage when it makes a DEX save against a spell that deals half damage on a success, such as Fireball ... On a failed save it takes half damage. The log line adds 'Evasion' after the damage."
    ayla = evolve(character("ayla", "Ayla", hp=38), classes=(ClassLevel("Rogue", 7),))
    mage = evolve(creature("mage", "Mage", hp=40), spellcasting="intelligence", spells=("Burning Hands",), slots=(3,))
    s = running(campaign(ayla, mage), [1, 20])
    s.dice.force([4, 4, 4, 18])  # 12 fire; Ayla's save 18 succeeds
    lines = s.execute(cmd.Cast("mage", "Burning Hands", targets=("ayla",))).lines
    assert lines[-1] == "It has no effect on Ayla (Evasion)."
    s.dice.force([4, 4, 4, 2])
    lines = s.execute(cmd.Cast("mage", "Burning Hands", targets=("ayla",), ignore_cost=True)).lines
    assert lines[-1] == "Ayla takes 6 fire damage (Evasion) (38 → 32 HP)."


def test_pools_come_back_on_rests():
    # ref: Action, bonus action, and reaction — class pools (see Class feature pools) recover on rests
    spent = evolve(barbarian(), pools=(Pool("Rage", 0, 3, "long"), Pool("Second Wind", 0, 1, "short")))
    s = running(campaign(spent, creature("orc", "Orc")))
    with pytest.raises(CommandRejected, match="cannot rest during a fight"):
        s.execute(cmd.TakeRest("short"))
    s.execute(cmd.EndFight())
    assert s.execute(cmd.TakeRest("short")).lines == ("The party takes a short rest. Back: Korg Second Wind.",)
    assert [p.uses for p in s.state.actor("korg").pools] == [0, 1]
    assert s.execute(cmd.TakeRest("long")).lines == ("The party takes a long rest. Back: Korg Rage.",)


def test_standard_pools_by_class_and_level():
    # ref: Action, bonus action, and reaction — a button for each class pool that the character has
    aldric = evolve(character("a"), classes=(ClassLevel("Fighter", 5),))
    assert [(p.name, p.max, p.recovery) for p in standard_pools(aldric)] == [("Second Wind", 1, "short"), ("Action Surge", 1, "short")]
    mirelle = evolve(character("m"), classes=(ClassLevel("Cleric", 6),))
    assert [(p.name, p.max) for p in standard_pools(mirelle)] == [("Channel Divinity", 2)]


def test_the_attack_preview_names_the_rage_bonus():
    # ref: Action, bonus action, and reaction — "The attack line of a hit names the bonus, such as 'Rage +2'"
    from combat_tui.systems.dnd5e.attack import preview

    s = fight(barbarian())
    s.execute(cmd.Rage("korg"))
    assert preview(s.state, cmd.Attack("korg", "orc", "Greataxe")).damage == "1d12 + 3 slashing, Rage +2"
    assert "Rage" not in preview(s.state, cmd.Attack("korg", "orc", "Shortbow")).damage
