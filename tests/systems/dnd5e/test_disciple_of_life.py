"""Disciple of Life (2014 PHB, Life Domain)."""

from __future__ import annotations

from attrs import evolve

from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import Abilities, ClassLevel
from tests.systems.dnd5e.helpers import campaign, character, creature, hp, running


def cleric(subclass="Life Domain"):
    return evolve(character("mir", "Mirelle", hp=5, max_hp=40), abilities=Abilities(wisdom=16), spellcasting="wisdom",
                  classes=(ClassLevel("Cleric", 3, subclass),), spells=("Cure Wounds", "Healing Word", "Spare the Dying"),
                  slots=(4, 2))  # fmt: skip


def test_a_healing_spell_restores_two_plus_its_level_more():
    # ref: Channel Divinity / Life Domain — Disciple of Life: "an additional 2 + the spell's level hit points"
    s = running(campaign(cleric(), creature("orc", "Orc")))
    s.dice.force([4, 3])
    entry = s.execute(cmd.Cast("mir", "Cure Wounds", 2, ("mir",)))
    assert hp(s, "mir") == 5 + (4 + 3) + 3 + (2 + 2)  # 2d8 at level 2 + WIS 3 + (2 + 2)
    assert any("Disciple of Life" in line for line in entry.lines)


def test_the_bonus_counts_the_slot_and_only_for_a_life_cleric():
    s = running(campaign(cleric(), creature("orc", "Orc")))
    s.dice.force([2])
    s.execute(cmd.Cast("mir", "Healing Word", 1, ("mir",)))
    assert hp(s, "mir") == 5 + 2 + 3 + 3  # 1d4 + WIS 3 + (2 + 1)
    s = running(campaign(cleric("War Domain"), creature("orc", "Orc")))
    s.dice.force([2])
    s.execute(cmd.Cast("mir", "Healing Word", 1, ("mir",)))
    assert hp(s, "mir") == 5 + 2 + 3
