"""Building and levelling a character by the 2014 rules (building.py, data/classes.py, data/races.py)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.maps import Tile
from combat_tui.library import armor as a
from combat_tui.library.goblin_ambush import characters
from combat_tui.systems.dnd5e import building as b
from combat_tui.systems.dnd5e.data.classes import CLASSES, pact_magic
from combat_tui.systems.dnd5e.data.races import RACES, find_race
from combat_tui.systems.dnd5e.defenses import RACE_RESISTANCES, defenses_of
from combat_tui.systems.dnd5e.economy import attacks_per_action
from combat_tui.systems.dnd5e.features import pool, sneak_attack_dice
from combat_tui.systems.dnd5e.model import Abilities, ClassLevel, Pool

HERE = Tile("m", 0, 0)
CON14 = Abilities(16, 12, 14, 10, 12, 10)


def make(classes: str, race: str = "Human", abilities: Abilities = CON14, **fields):
    return b.new_character("pc", "Pat", HERE, race, classes, abilities, **fields)


# --- parsing the classes field


def test_classes_parse_in_order_with_subclasses_by_their_phb_names():
    assert b.parse_classes("Fighter 5 (Champion), wizard 2") == (ClassLevel("Fighter", 5, "Champion"), ClassLevel("Wizard", 2))
    assert b.parse_classes("Cleric 3 (life) / Paladin 2 Devotion") == (
        ClassLevel("Cleric", 3, "Life Domain"), ClassLevel("Paladin", 2, "Oath of Devotion"))
    assert b.parse_classes("Rogue 3 (Swashbuckler)") == (ClassLevel("Rogue", 3, "Swashbuckler"),)  # free text
    assert b.parse_classes("  ") == ()


@pytest.mark.parametrize(
    ("text", "says"),
    [("Figher 5", "'Figher' is not a class"), ("Fighter", "needs a class and its level"),
     ("Fighter 21", "not a level from 1 to 20"), ("Fighter 0", "not a level from 1 to 20"),
     ("Fighter 15, Wizard 6", "add up to 21"), ("Fighter 2, fighter 3", "listed twice")],
)  # fmt: skip
def test_a_bad_classes_text_is_refused_naming_the_field(text, says):
    # ref: 2014 PHB, Multiclassing — levels 1 to 20 in all
    with pytest.raises(CommandRejected) as refused:
        b.parse_classes(text)
    assert refused.value.reason.startswith("classes: ")
    assert says in refused.value.reason


def test_the_twelve_classes_and_their_hit_dice():
    # ref: 2014 PHB, chapter 3 — hit dice by class
    dice = {info.name: info.hit_die for info in CLASSES.values()}
    assert dice == {"Barbarian": 12, "Bard": 8, "Cleric": 8, "Druid": 8, "Fighter": 10, "Monk": 8, "Paladin": 10,
                    "Ranger": 10, "Rogue": 8, "Sorcerer": 6, "Warlock": 8, "Wizard": 6}  # fmt: skip


# --- proficiency bonus and hit points


@pytest.mark.parametrize(("level", "bonus"), [(1, 2), (4, 2), (5, 3), (8, 3), (9, 4), (12, 4), (13, 5), (16, 5), (17, 6), (20, 6)])
def test_proficiency_bonus_by_total_level(level, bonus):
    # ref: 2014 PHB, Character Advancement — proficiency bonus by total level
    assert b.proficiency_for(level) == bonus


@pytest.mark.parametrize(
    ("classes", "hp"),
    [("Fighter 1", 12), ("Fighter 5", 44), ("Wizard 3, Cleric 2", 34), ("Cleric 2, Wizard 3", 35), ("Barbarian 1", 14)],
)  # fmt: skip
def test_max_hp_by_hit_dice(classes, hp):
    # ref: 2014 PHB, Hit Points — the first level's full die + CON, then the fixed average + CON per level;
    # ref: 2014 PHB, Multiclassing — the first class gives the first level
    assert make(classes).max_hp == hp


def test_each_level_gives_at_least_one_hit_point():
    # ref: 2014 PHB, Hit Points — CON 1 (-5) on a d6: 6 - 5 = 1 at 1st level, then 1 (not -1) per level
    assert make("Wizard 3", abilities=Abilities(constitution=1)).max_hp == 3


def test_hill_dwarf_toughness_the_tough_feat_and_draconic_resilience():
    # ref: 2014 PHB, Dwarven Toughness; Tough feat; Draconic Resilience
    assert make("Fighter 5", race="Hill Dwarf").max_hp == 44 + 5
    assert make("Fighter 5", feats=("Tough",)).max_hp == 44 + 10
    sorcerer = make("Sorcerer 3 (Draconic)", abilities=Abilities(dexterity=14))
    assert (sorcerer.max_hp, sorcerer.ac) == (6 + 4 + 4 + 3, 15)  # 13 + DEX unarmored


def test_derive_keeps_the_gms_max_hp_override():
    # ref: 2014 PHB, Hit Points — rolled hit points are the GM's choice
    fighter = make("Fighter 5")
    kept = b.derive(evolve(fighter, max_hp_override=50))
    assert (kept.max_hp, kept.hp, kept.max_hp_override) == (50, 50, 50)
    lower = b.derive(evolve(fighter, max_hp_override=30))
    assert (lower.max_hp, lower.hp) == (30, 30)  # never above the max
    back = b.derive(evolve(lower, max_hp_override=0))
    assert (back.max_hp, back.hp) == (44, 44)  # the max rose by 14, and so did HP


# --- spell slots


@pytest.mark.parametrize(
    ("classes", "slots"),
    [("Wizard 5", (4, 3, 2)), ("Paladin 4, Sorcerer 3", (4, 3, 2)), ("Fighter 3 (Eldritch Knight)", (2,)),
     ("Fighter 2 (Eldritch Knight)", ()), ("Rogue 7 (Arcane Trickster)", (4, 2)), ("Paladin 1", ()),
     ("Paladin 2", (2,)), ("Paladin 5", (4, 2)), ("Ranger 3, Druid 1", (3,)), ("Paladin 1, Ranger 1", ()),
     ("Cleric 17", (4, 3, 3, 3, 2, 1, 1, 1, 1)), ("Wizard 20", (4, 3, 3, 3, 3, 2, 2, 1, 1)),
     ("Fighter 3 (Eldritch Knight), Wizard 3", (4, 3)), ("Fighter 5 (Champion), Wizard 2", (3,))],
)  # fmt: skip
def test_spell_slots_by_the_multiclass_table(classes, slots):
    # ref: 2014 PHB, Multiclassing — Spell Slots: full levels, half paladin/ranger and a third of an
    # Eldritch Knight or Arcane Trickster, rounded down; one spellcasting class uses its own table
    assert b.slots_for(b.parse_classes(classes)) == slots


def test_paladin_4_sorcerer_3_is_a_5th_level_caster():
    # ref: 2014 PHB, Multiclassing — "Multiclass Spellcaster: Spell Slots per Spell Level"
    assert b.spellcaster_level(b.parse_classes("Paladin 4, Sorcerer 3")) == 5


def test_warlock_pact_slots_are_added_at_their_pact_level():
    # ref: 2014 PHB, Multiclassing — Pact Magic slots stay out of the multiclass table
    assert [pact_magic(level) for level in (1, 2, 3, 5, 9, 11, 17)] == [(1, 1), (2, 1), (2, 2), (2, 3), (2, 5), (3, 5), (4, 5)]
    assert b.slots_for(b.parse_classes("Warlock 5")) == (0, 0, 2)
    assert b.slots_for(b.parse_classes("Wizard 3, Warlock 2")) == (6, 2)
    assert make("Warlock 1").spellcasting == "charisma"


def test_slots_fill_when_the_table_changes_and_keep_their_counts_otherwise():
    # ref: 2014 PHB, Multiclassing — Spell Slots
    wizard = evolve(make("Wizard 3"), slots=(1, 0))
    assert b.derive(wizard).slots == (1, 0)  # the same table: the counts left stay
    assert b.level_up(wizard, "Wizard").slots == (4, 3)  # a new table: full


# --- saves, proficiencies, spellcasting


def test_saves_come_from_the_first_class_only():
    # ref: 2014 PHB, Multiclassing — a later class gives no saving throw proficiencies
    assert b.saves_for(b.parse_classes("Wizard 1, Fighter 1")) == ("intelligence", "wisdom")
    assert make("Fighter 1, Wizard 1").save_proficiencies == ("strength", "constitution")
    assert make("Fighter 1", feats=("Resilient (Wisdom)",)).save_proficiencies == ("strength", "constitution", "wisdom")


def test_a_later_class_gives_only_its_multiclass_proficiencies():
    # ref: 2014 PHB, Multiclassing — Multiclassing Proficiencies
    wizard_fighter = make("Wizard 1, Fighter 1")
    assert wizard_fighter.armor_proficiencies == ("light", "medium", "shield")  # no heavy
    assert "martial" in wizard_fighter.weapon_proficiencies
    assert make("Fighter 1, Wizard 1").armor_proficiencies == ("light", "medium", "heavy", "shield")
    assert make("Wizard 1, Rogue 1").weapon_proficiencies == ("dagger", "dart", "sling", "quarterstaff", "light crossbow")
    assert make("Wizard 1, Barbarian 1").armor_proficiencies == ("shield",)


def test_subclass_and_race_proficiencies():
    # ref: 2014 PHB, Life Domain (heavy armor); Dwarven Combat Training; Elf Weapon Training
    assert "heavy" in make("Cleric 1 (Life Domain)").armor_proficiencies
    assert "heavy" not in make("Cleric 1 (Knowledge)").armor_proficiencies
    assert "warhammer" in make("Wizard 1", race="Hill Dwarf").weapon_proficiencies
    assert make("Wizard 1", race="Mountain Dwarf").armor_proficiencies == ("light", "medium")
    assert "longbow" in make("Wizard 1", race="High Elf").weapon_proficiencies


def test_a_class_change_drops_what_the_old_class_gave_and_keeps_the_gms_entries():
    # ref: 2014 PHB, Multiclassing Proficiencies
    before = evolve(make("Fighter 1"), weapon_proficiencies=("simple", "martial", "net"))
    after = b.derive(evolve(before, classes=b.parse_classes("Wizard 1")), before)
    assert after.weapon_proficiencies == ("net", "dagger", "dart", "sling", "quarterstaff", "light crossbow")
    assert after.save_proficiencies == ("intelligence", "wisdom")
    assert after.spellcasting == "intelligence"


def test_spellcasting_is_the_first_casting_class_ability():
    # ref: 2014 PHB, Multiclassing — Spellcasting
    assert b.spellcasting_for(b.parse_classes("Fighter 5 (Champion), Wizard 2")) == "intelligence"
    assert b.spellcasting_for(b.parse_classes("Fighter 3 (Eldritch Knight)")) == "intelligence"
    assert b.spellcasting_for(b.parse_classes("Paladin 1")) == ""
    assert b.spellcasting_for(b.parse_classes("Barbarian 5")) == ""


# --- levelling up and the class pools


def test_a_fighter_4_levelled_to_5_gets_extra_attack_and_more_hp():
    # ref: 2014 PHB, Fighter — Extra Attack at 5th level; the fixed average 6 + CON per level
    fighter = make("Fighter 4")
    assert (attacks_per_action(fighter), fighter.max_hp, fighter.proficiency_bonus) == (1, 36, 2)
    fifth = b.level_up(fighter, "fighter")
    assert fifth.classes == (ClassLevel("Fighter", 5),)
    assert (attacks_per_action(fifth), fifth.max_hp, fifth.hp, fifth.proficiency_bonus) == (2, 44, 44, 3)


def test_level_up_adds_a_new_class_at_level_1_and_refuses_past_20():
    # ref: 2014 PHB, Multiclassing — a new class starts at 1st level, with its average hit points
    wizard = b.level_up(make("Fighter 5"), "Wizard", "evocation")
    assert wizard.classes == (ClassLevel("Fighter", 5), ClassLevel("Wizard", 1, "School of Evocation"))
    assert wizard.max_hp == 44 + 4 + 2
    assert wizard.slots == (2,)
    with pytest.raises(CommandRejected, match="at most 20"):
        b.level_up(make("Fighter 20"), "Fighter")
    with pytest.raises(CommandRejected, match="'Artificer' is not a class"):
        b.level_up(make("Fighter 1"), "Artificer")


def test_level_up_with_an_override_raises_the_override_by_the_average():
    # ref: 2014 PHB, Hit Points — "Beyond 1st Level": the fixed value + CON
    rolled = b.derive(evolve(make("Fighter 4"), max_hp_override=40))
    fifth = b.level_up(rolled, "Fighter")
    assert (fifth.max_hp_override, fifth.max_hp, fifth.hp) == (48, 48, 48)


def test_rogue_sneak_attack_dice_follow_the_level():
    # ref: Cover and Sneak Attack — "The level in the class that granted the feature sets the count"
    rogue = make("Rogue 4")
    assert sneak_attack_dice(rogue) == 2
    assert sneak_attack_dice(b.level_up(rogue, "Rogue")) == 3


def test_barbarian_rage_uses_grow_and_keep_what_was_spent():
    # ref: Action, bonus action, and reaction — Rage; 2014 PHB, Barbarian table: 2, 3 at 3rd, 4 at 6th
    assert pool(make("Barbarian 2"), "Rage").max == 2
    fifth = make("Barbarian 5")
    assert pool(fifth, "Rage").max == 3
    spent = evolve(fifth, pools=(Pool("Rage", 1, 3, "long"),))
    assert pool(b.level_up(spent, "Barbarian"), "Rage") == Pool("Rage", 2, 4, "long")


def test_cleric_channel_divinity_uses():
    # ref: Action, bonus action, and reaction — Channel Divinity; 2014 PHB, Cleric: 1 at 2nd, 2 at 6th, 3 at 18th
    assert pool(make("Cleric 1"), "Channel Divinity") is None
    assert [pool(make(f"Cleric {n}"), "Channel Divinity").max for n in (2, 5, 6, 18)] == [1, 1, 2, 3]


def test_a_new_pool_arrives_full_and_a_gms_own_pool_stays():
    # ref: Class feature pools
    fighter = evolve(make("Fighter 1"), pools=(Pool("Second Wind", 0, 1, "short"), Pool("Lucky", 1, 3, "long")))
    second = b.level_up(fighter, "Fighter")
    assert second.pools == (Pool("Second Wind", 0, 1, "short"), Pool("Lucky", 1, 3, "long"),
                            Pool("Action Surge", 1, 1, "short"))  # fmt: skip


# --- races


def test_race_speeds_and_class_movement():
    # ref: 2014 PHB, chapter 2 speeds; Fast Movement (barbarian 5); Unarmored Movement (monk 2)
    assert [make("Fighter 1", race=r).speed for r in ("Human", "Hill Dwarf", "Wood Elf", "Lightfoot Halfling")] == [30, 25, 35, 25]
    assert make("Barbarian 5", race="Half-Orc").speed == 40
    assert make("Barbarian 5", race="Half-Orc", armor=a.PLATE).speed == 30  # not in heavy armor
    assert make("Monk 6").speed == 45
    assert make("Fighter 1", race="Kenku", speed=35).speed == 35  # a race the tables do not know: the GM's


def test_racial_resistances_agree_with_the_damage_defenses():
    # ref: Damage and damage defenses — "A character resists the damage types of its race, such as fire for a tiefling"
    for key in ("tiefling", "hill dwarf", "mountain dwarf", "dwarf", "stout halfling"):
        assert RACE_RESISTANCES[key] == (("fire",) if key == "tiefling" else ("poison",))
    assert RACE_RESISTANCES["red dragonborn"] == ("fire",) and RACE_RESISTANCES["dragonborn (white)"] == ("cold",)
    assert "dragonborn" not in RACE_RESISTANCES and "lightfoot halfling" not in RACE_RESISTANCES
    assert defenses_of(make("Fighter 1", race="Dragonborn (Green)"))[0] == {"poison"}


def test_the_traits_the_rules_read():
    # ref: 2014 PHB, Dwarven Resilience, Lucky, Relentless Endurance, Savage Attacks
    assert find_race("dwarf (hill)").save_advantages == ("poison",)
    assert find_race("Lightfoot Halfling").lucky and find_race("Stout Halfling").lucky
    half_orc = find_race("half-orc")
    assert half_orc.savage_attacks and half_orc.relentless_endurance
    assert find_race("drow").darkvision == 120
    assert all(race.traits for race in RACES)
    assert make("Fighter 1", race="elf (wood)").race == "Wood Elf"


# --- the sample follows the rules


@pytest.mark.parametrize("character", characters(), ids=lambda c: c.id)
def test_derive_keeps_every_sample_character_as_it_is(character):
    # ref: 2014 PHB, Hit Points, Multiclassing, chapter 2 races: the sample's numbers follow the rules
    assert b.derive(character) == character


def test_multiclass_minimums_are_listed_not_enforced():
    # ref: 2014 PHB, Multiclassing — Prerequisites (13 in the class's ability)
    weak = Abilities(strength=10, dexterity=10, charisma=12)
    assert b.multiclass_problems(weak, b.parse_classes("Fighter 1, Paladin 1")) == (
        "Fighter needs STR or DEX 13 to multiclass.", "Paladin needs STR 13 to multiclass.",
        "Paladin needs CHA 13 to multiclass.")  # fmt: skip
    assert b.multiclass_problems(weak, b.parse_classes("Paladin 1")) == ()
