"""Chips with effects beyond the conditions: Bless, Stoneskin, Protection from Energy (issue 3, items 3 and 4)."""

from __future__ import annotations

from attrs import evolve

from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def fight(hero_weapons=(w.LONGSWORD,)):
    hero = character("hero", strength=16, hp=20, ac=15, weapons=hero_weapons)
    return running(campaign(hero, creature("orc", strength=16, hp=30, ac=13, weapons=(w.SCIMITAR,))))


def test_bless_adds_a_d4_to_attack_rolls_and_saves_once_for_two_casters():
    # ref: Conditions — "two Blesses add one d4"
    s = fight()
    s.execute(cmd.AddChip("hero", "Bless", 10, caster="c1"))
    s.execute(cmd.AddChip("hero", "Bless", 10, caster="c2"))
    s.dice.force([8, 3, 1])
    line = s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    assert line == "Hero attacks Orc with Longsword: d20 8 + 3 STR + 2 proficiency + 1d4 3 Bless = 16 vs AC 13, hit."
    s.dice.force([8, 2])
    assert s.execute(cmd.RollSave("hero", "wisdom")).lines == ("Hero rolls a Wisdom save: d20 8 + 0 + 1d4 2 Bless = 10.",)


def test_bless_adds_its_die_to_a_death_save():
    # ref: Death saves — "The save is 1d20 against DC 10, with no ability modifier and no proficiency. A Bless chip still adds its die."
    s = fight()
    s.execute(cmd.ApplyDamage("hero", 20))
    s.execute(cmd.AddChip("hero", "Bless"))
    s.dice.force([7, 3])
    entry = s.execute(cmd.RollDeathSave("hero"))
    assert entry.lines == ("Hero rolls a death save: d20 7 + 1d4 3 Bless = 10, a success (successes 1, failures 0).",)


def test_a_natural_1_on_a_blessed_death_save_is_still_two_failures():
    # ref: Death saves — "A natural 1 counts as two failures."
    s = fight()
    s.execute(cmd.ApplyDamage("hero", 20))
    s.execute(cmd.AddChip("hero", "Bless"))
    s.dice.force([1, 4])
    s.execute(cmd.RollDeathSave("hero"))
    assert s.state.actor("hero").death_failures == 2
    assert list(s.dice.forced) == [4]


def test_stoneskin_resists_nonmagical_weapons_only():
    # ref: Damage and damage defenses — "Stoneskin resists bludgeoning, piercing, and slashing from a nonmagical weapon, and a spell gets through it."
    s = fight()
    s.execute(cmd.AddChip("orc", "Stoneskin", 10))
    s.dice.force([15, 6])
    entry = s.execute(cmd.Attack("hero", "orc", "Longsword"))
    assert entry.lines[2] == "Orc takes 4 slashing damage (resistance to slashing (Stoneskin): 9 → 4) (30 → 26 HP)."
    assert s.execute(cmd.ApplyDamage("orc", 9, "slashing")).lines[0] == "Orc takes 9 slashing damage (26 → 17 HP)."


def test_a_magical_or_pact_weapon_gets_through_stoneskin():
    # ref: Damage and damage defenses — "the pact weapon of a Pact of the Blade warlock counts as magical too"
    for weapon in (evolve(w.LONGSWORD, name="Flame Tongue", magical=True), evolve(w.LONGSWORD, name="Pact Blade", pact=True)):
        s = fight((weapon,))
        s.execute(cmd.AddChip("orc", "Stoneskin"))
        s.dice.force([15, 6])
        assert s.execute(cmd.Attack("hero", "orc", weapon.name)).lines[2] == "Orc takes 9 slashing damage (30 → 21 HP)."


def test_protection_from_energy_resists_the_chosen_type():
    # ref: Damage and damage defenses — "Protection from Energy resists the one type that the caster picks at the cast."
    s = fight()
    s.execute(cmd.AddChip("hero", "Protection from Energy (fire)", 10))
    assert s.execute(cmd.ApplyDamage("hero", 9, "fire")).lines[0] == (
        "Hero takes 4 fire damage (resistance to fire (Protection from Energy): 9 → 4) (20 → 16 HP)."
    )
    assert s.execute(cmd.ApplyDamage("hero", 9, "cold")).lines[0] == "Hero takes 9 cold damage (16 → 7 HP)."


def test_two_shields_of_faith_add_2_ac_once_and_one_stays_when_the_other_goes():
    # ref: Conditions — "two Shields of Faith add +2 AC" "When two clerics cast Bless on one fighter and one cleric loses concentration, the fighter stays blessed by the other."
    from combat_tui.systems.dnd5e.armor import armor_class

    s = fight()
    s.execute(cmd.AddChip("hero", "Shield of Faith", 100, caster="c1"))
    s.execute(cmd.AddChip("hero", "Shield of Faith", 100, caster="c2"))
    assert armor_class(s.state.actor("hero")) == (17, "sheet + Shield of Faith 2")
    s.execute(cmd.RemoveChip("hero", "Shield of Faith", "c1"))
    assert armor_class(s.state.actor("hero"))[0] == 17
    s.dice.force([12])
    assert "= 17 vs AC 17, hit." in s.execute(cmd.Attack("orc", "hero", "Scimitar")).lines[0]
