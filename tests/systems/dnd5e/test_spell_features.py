"""Subclass features that change a spell's numbers (2014 PHB): the Life Domain's Blessed Healer and
Supreme Healing, the School of Evocation's Sculpt Spells, Potent Cantrip and Empowered Evocation.
The issue names them beside Disciple of Life (test_disciple_of_life.py)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.library import dnd5e_catalog
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import Abilities, ClassLevel
from tests.systems.dnd5e.helpers import campaign, character, creature, hp, running


@pytest.fixture(autouse=True)
def _catalog():
    dnd5e_catalog.install()  # the SRD lends the own records their school (Fireball, Fire Bolt: evocation)


def cleric(level):
    return evolve(character("mir", "Mirelle", hp=5, max_hp=60), abilities=Abilities(wisdom=16), spellcasting="wisdom",
                  classes=(ClassLevel("Cleric", level, "Life Domain"),), spells=("Cure Wounds",), slots=(4, 2))  # fmt: skip


def evoker(level, **changes):
    base = evolve(character("bren", "Bren", hp=30), abilities=Abilities(intelligence=18), spellcasting="intelligence",
                  classes=(ClassLevel("Wizard", level, "School of Evocation"),), slots=(4, 3, 2),
                  spells=("Fireball", "Fire Bolt", "Sacred Flame", "Hold Person"))  # fmt: skip
    return evolve(base, **changes)


def goblins(n=3):
    return [creature(f"g{i}", f"Goblin {i}", hp=30, ac=12) for i in range(1, n + 1)]


def test_blessed_healer_heals_the_caster_when_it_heals_another():
    # 2014 PHB, Life Domain 6, Blessed Healer: "When you cast a spell of 1st level or higher that restores
    # hit points to a creature other than you, you regain hit points equal to 2 + the spell's level."
    ally = character("kay", "Kay", hp=1, max_hp=40)
    s = running(campaign(cleric(6), ally, creature("orc", "Orc")))
    s.dice.force([4])
    entry = s.execute(cmd.Cast("mir", "Cure Wounds", 1, ("kay",)))
    assert hp(s, "kay") == 1 + 4 + 3 + 3 and hp(s, "mir") == 5 + 3
    assert any("Blessed Healer" in line for line in entry.lines)
    s.dice.force([4])
    s.execute(cmd.Cast("mir", "Cure Wounds", 1, ("mir",), ignore_cost=True))  # on itself: Disciple of Life only
    assert hp(s, "mir") == 8 + 4 + 3 + 3
    s = running(campaign(cleric(5), ally, creature("orc", "Orc")))
    s.dice.force([4])
    s.execute(cmd.Cast("mir", "Cure Wounds", 1, ("kay",)))
    assert hp(s, "mir") == 5  # below 6th level


def test_supreme_healing_counts_the_highest_face():
    # 2014 PHB, Life Domain 17, Supreme Healing: "you instead use the highest number possible for each die"
    s = running(campaign(cleric(17), creature("orc", "Orc")))
    entry = s.execute(cmd.Cast("mir", "Cure Wounds", 2, ("mir",)))
    assert hp(s, "mir") == 5 + 16 + 3 + 4  # 2d8 at their highest + WIS 3 + Disciple of Life (2 + 2)
    assert any("Supreme Healing" in line for line in entry.lines) and entry.faces == ()


def test_sculpt_spells_shields_chosen_targets_from_an_evocation():
    # 2014 PHB, School of Evocation 2, Sculpt Spells: "choose a number of them equal to 1 + the spell's
    # level. The chosen creatures automatically succeed on their saving throws against the spell, and they
    # take no damage if they would normally take half damage on a successful save."
    ayla = character("ayla", "Ayla", hp=30)
    s = running(campaign(evoker(5), ayla, *goblins()))
    s.dice.force([6] * 8 + [2, 2, 2])  # 8d6 = 48 fire; the three goblins fail
    entry = s.execute(cmd.Cast("bren", "Fireball", 3, ("g1", "ayla", "g2", "g3"), sculpt=("ayla",)))
    assert hp(s, "ayla") == 30 and [hp(s, f"g{i}") for i in (1, 2, 3)] == [0, 0, 0]
    assert any("Sculpt Spells" in line for line in entry.lines)
    assert len(entry.faces) == 8 + 3  # Ayla rolls no save


def test_sculpt_spells_counts_one_plus_the_level_and_needs_an_evoker_and_a_target():
    ayla, kay = character("ayla", "Ayla", hp=30), character("kay", "Kay", hp=30)
    party = [ayla, kay, *[character(f"p{i}", f"P{i}") for i in range(3)]]
    s = running(campaign(evoker(5), *party, *goblins(1)))
    all_five = ("ayla", "kay", "p0", "p1", "p2")
    with pytest.raises(CommandRejected, match="at most 4 creatures"):
        s.execute(cmd.Cast("bren", "Fireball", 3, ("g1", *all_five), sculpt=all_five))
    with pytest.raises(CommandRejected, match="not a target"):
        s.execute(cmd.Cast("bren", "Fireball", 3, ("g1",), sculpt=("ayla",)))
    with pytest.raises(CommandRejected, match="cannot sculpt Hold Person"):  # an enchantment
        s.execute(cmd.Cast("bren", "Hold Person", 2, ("g1",), sculpt=("g1",)))
    s = running(campaign(evoker(1), ayla, *goblins(1)))
    with pytest.raises(CommandRejected, match="cannot sculpt Fireball"):
        s.execute(cmd.Cast("bren", "Fireball", 3, ("g1", "ayla"), sculpt=("ayla",), ignore_cost=True))


def test_potent_cantrip_halves_a_cantrip_on_a_success():
    # 2014 PHB, School of Evocation 6, Potent Cantrip: "When a creature succeeds on a saving throw against
    # your cantrip, the creature takes half the cantrip's damage (if any)"
    s = running(campaign(evoker(6), *goblins(1)))
    s.dice.force([8, 8, 20])  # Sacred Flame 2d8 at 6th level = 16; the goblin saves
    s.execute(cmd.Cast("bren", "Sacred Flame", 0, ("g1",)))
    assert hp(s, "g1") == 30 - 8
    s = running(campaign(evoker(5), *goblins(1)))
    s.dice.force([8, 8, 20])
    s.execute(cmd.Cast("bren", "Sacred Flame", 0, ("g1",)))
    assert hp(s, "g1") == 30


def test_empowered_evocation_adds_the_intelligence_modifier_to_an_evocation():
    # 2014 PHB, School of Evocation 10, Empowered Evocation: "add your Intelligence modifier to one damage
    # roll of any wizard evocation spell you cast"
    s = running(campaign(evoker(10), *goblins(1)))
    s.dice.force([15, 5, 5])  # Fire Bolt 2d10 at 10th level, + INT 4
    entry = s.execute(cmd.Cast("bren", "Fire Bolt", 0, ("g1",)))
    assert hp(s, "g1") == 30 - 14, entry.lines
    s = running(campaign(evoker(10), *goblins(1)))
    s.dice.force([1, 1, 1, 1, 1, 1, 1, 1, 20])  # Fireball: 8 + 4 = 12, halved on the save
    entry = s.execute(cmd.Cast("bren", "Fireball", 3, ("g1",)))
    assert hp(s, "g1") == 30 - 6 and any("Empowered Evocation" in line for line in entry.lines)


def test_the_sculpt_option_round_trips(sample):
    s = running(sample)
    line = "cast Bren Fireball at 3 on 'Goblin 1', Ayla sculpt Ayla"
    parsed = parse(line, s.state)
    assert parsed.command.sculpt == ("ayla",) and parsed.command.targets == ("goblin-1", "ayla")
    assert parse(format_command(parsed.command, s.state), s.state).command == parsed.command
