"""Armor class, the body-armor traits and armor training (issue 3, item 8)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.library import armor as a
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.armor import armor_class, speed, untrained_armor
from combat_tui.systems.dnd5e.model import Abilities, ClassLevel
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def hero(**changes):
    base = character("hero", dexterity=14, hp=20, ac=11)
    base = evolve(base, abilities=Abilities(strength=12, dexterity=14, constitution=16, wisdom=18))
    return evolve(base, **changes)


@pytest.mark.parametrize(
    ("changes", "ac"),
    [({}, 11), ({"armor": a.LEATHER}, 13), ({"armor": a.HALF_PLATE}, 17), ({"armor": a.PLATE}, 18),
     ({"armor": a.CHAIN_MAIL, "shield": a.SHIELD}, 18), ({"shield": a.SHIELD}, 14)],
)  # fmt: skip
def test_body_armor_light_medium_heavy_and_shield(changes, ac):
    # ref: Armor class — 2014 PHB: light adds DEX, medium up to +2, heavy none; a shield adds 2
    assert armor_class(hero(**changes))[0] == ac


def test_barbarian_unarmored_defense_keeps_the_shield_and_is_lost_with_body_armor():
    # ref: Armor class — "A Barbarian keeps its unarmored defense while it carries a shield. ... Both lose the formula when they put on body armor."
    barbarian = hero(classes=(ClassLevel("Barbarian", 3),))
    assert armor_class(barbarian) == (15, "Unarmored Defense 10 + DEX 2 + CON 3")
    assert armor_class(evolve(barbarian, shield=a.SHIELD))[0] == 17
    assert armor_class(evolve(barbarian, armor=a.HIDE))[0] == 14


def test_monk_loses_unarmored_defense_with_a_shield_but_the_shield_adds_its_bonus():
    # ref: Armor class — "A Monk loses it, but the shield still adds its bonus."
    monk = hero(classes=(ClassLevel("Monk", 3),))
    assert armor_class(monk)[0] == 16
    assert armor_class(evolve(monk, shield=a.SHIELD)) == (14, "10 + DEX 2 + Shield 2")
    assert armor_class(evolve(monk, armor=a.LEATHER))[0] == 13


def test_body_armor_presets_carry_the_strength_requirement_and_stealth_disadvantage():
    # ref: Armor class — "Body armor has two more 5e traits. Both traits come with the armor presets."
    assert (a.CHAIN_MAIL.strength, a.CHAIN_MAIL.stealth_disadvantage) == (13, True)
    assert (a.PLATE.strength, a.PLATE.stealth_disadvantage) == (15, True)
    assert (a.LEATHER.strength, a.LEATHER.stealth_disadvantage) == (0, False)
    assert speed(hero(armor=a.PLATE)) == 20  # STR 12 < 15: 10 feet slower
    assert speed(evolve(hero(armor=a.PLATE), abilities=Abilities(strength=15))) == 30


def test_stealth_disadvantage_from_armor():
    # ref: Armor class — stealth disadvantage (2014 PHB)
    s = running(campaign(hero(armor=a.SCALE_MAIL, armor_proficiencies=("medium",)), creature("orc")))
    s.dice.force([18, 3])
    assert s.execute(cmd.RollCheck("hero", "stealth")).lines == (
        "Hero rolls a Stealth check: d20 3 (at disadvantage (dropped 18), Scale mail (stealth) disadvantage) + 2 = 5.",
    )


def test_a_shield_is_its_own_entry_in_the_armor_list():
    # ref: Armor proficiency — "A shield counts as its own entry in the armor list."
    worn = hero(armor=a.CHAIN_MAIL, shield=a.SHIELD, armor_proficiencies=("heavy",))
    assert untrained_armor(worn) == ("Shield",)
    assert untrained_armor(evolve(worn, armor_proficiencies=("heavy", "shield"))) == ()
    assert untrained_armor(evolve(worn, armor_proficiencies=("chain mail", "shield"))) == ()


def test_untrained_armor_str_and_dex_saves_and_checks_at_disadvantage_naming_the_armor():
    # ref: Armor proficiency — "Every STR and DEX save or check from the sheet rolls at disadvantage. The log says 'not proficient' and names the armor."
    s = running(campaign(hero(armor=a.PLATE), creature("orc")))
    s.dice.force([18, 3, 18, 3, 18, 3, 18])
    assert "not proficient with Plate disadvantage" in s.execute(cmd.RollSave("hero", "dexterity")).lines[0]
    assert "not proficient with Plate disadvantage" in s.execute(cmd.RollCheck("hero", "strength")).lines[0]
    assert "not proficient with Plate disadvantage" in s.execute(cmd.RollCheck("hero", "acrobatics")).lines[0]
    assert s.execute(cmd.RollSave("hero", "wisdom")).lines == ("Hero rolls a Wisdom save: d20 18 + 4 = 22.",)


def test_the_armor_ac_still_applies_to_attacks_against_the_wearer():
    # ref: Armor proficiency — "The AC of the armor still applies."
    s = running(campaign(hero(armor=a.PLATE), creature("orc", strength=10)))
    s.dice.force([15])
    assert "= 17 vs AC 18, miss." in s.execute(cmd.Attack("orc", "hero", "Scimitar")).lines[0]
