"""Damage defenses: resistance, vulnerability, immunity, each damage type separately."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.maps import Tile
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e.commands import ApplyDamage
from combat_tui.systems.dnd5e.defenses import apply_defenses
from combat_tui.systems.dnd5e.model import Abilities, Creature

OGRE = Creature("ogre", "Ogre", Tile("m", 0, 0), Abilities(), 59, 59, 11)
SAVED_HIT = (("bludgeoning", 7), ("cold", 13))


def test_the_references_example_with_no_defense():
    # ref: Damage and damage defenses — "a save against 7 bludgeoning and 13 cold deals 10 with no defenses"
    assert apply_defenses(OGRE, SAVED_HIT, halved=True).amount == 10


def test_the_references_example_with_cold_resistance():
    # ref: Damage and damage defenses — "6 with cold resistance": halved first, each defended type rounds on its own
    result = apply_defenses(evolve(OGRE, resistances=("cold",)), SAVED_HIT, halved=True)
    assert result.amount == 6
    assert result.notes == ("resistance to cold: 6 → 3",)


def test_the_references_example_with_cold_vulnerability():
    # ref: Damage and damage defenses — "and 16 with cold vulnerability"
    assert apply_defenses(evolve(OGRE, vulnerabilities=("cold",)), SAVED_HIT, halved=True).amount == 16


def test_undefended_types_add_up_before_rounding_down():
    # ref: Damage and damage defenses — "The types with no defense add up and round down together"
    assert apply_defenses(OGRE, (("fire", 3), ("acid", 3)), halved=True).amount == 3  # 1.5 + 1.5, not 1 + 1


def test_immunity_takes_nothing_and_is_named():
    # ref: Damage and damage defenses — "The log names each defense that changed the damage"
    result = apply_defenses(evolve(OGRE, immunities=("poison",)), (("poison", 9), ("slashing", 4)))
    assert result.amount == 4 and result.notes == ("immune to poison: 9 → 0",)


def test_resistance_and_vulnerability_cancel():
    result = apply_defenses(evolve(OGRE, resistances=("fire",), vulnerabilities=("fire",)), (("fire", 9),))
    assert result.amount == 9


def test_a_tiefling_resists_fire_and_the_log_says_so():
    # ref: Damage and damage defenses — "A character resists the damage types of its race, such as fire for a tiefling."
    session = Session(goblin_ambush(), dice=Dice(1))
    entry = session.execute(ApplyDamage("bren", 13, "fire"))
    assert session.state.actor("bren").hp == 32 - 6
    assert entry.lines == ("Bren takes 6 fire damage (resistance to fire (Tiefling): 13 → 6) (32 → 26 HP).",)


def test_untyped_damage_applies_no_defense():
    # ref: Damage and damage defenses — "The Damage button ... deals the typed amount with no damage type. No defense applies to it."
    session = Session(goblin_ambush(), dice=Dice(1))
    session.execute(ApplyDamage("bren", 13))
    assert session.state.actor("bren").hp == 32 - 13


def test_an_unknown_damage_type_is_refused_and_changes_nothing():
    session = Session(goblin_ambush(), dice=Dice(1))
    before = session.state
    with pytest.raises(CommandRejected, match="'frost' is not a damage type"):
        session.execute(ApplyDamage("bren", 13, "frost"))
    assert session.state is before
