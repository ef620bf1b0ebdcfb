"""The casting time of every catalog spell, and the 2014 bonus-action spell rule."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.actions import spell_cost
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.model import Abilities
from tests.systems.dnd5e.helpers import campaign, character, creature, running

SPELLS = ("Healing Word", "Cure Wounds", "Sacred Flame", "Misty Step", "Fireball", "Shield", "Identify", "Bless")


def fight():
    cleric = evolve(character("mir", "Mirelle"), abilities=Abilities(wisdom=16), spellcasting="wisdom",
                    spells=SPELLS, slots=(4, 3, 3))  # fmt: skip
    return running(campaign(cleric, creature("orc", "Orc", hp=60)))


def test_the_cost_comes_from_the_catalog_record():
    # ref: Action, bonus action, and reaction — a spell costs its casting time
    fight()  # loads the system and its library
    assert spell_cost("Misty Step") == "bonus"  # a library spell
    assert spell_cost("Healing Word") == "bonus"  # an own spell takes the library's casting time
    assert spell_cost("Shield") == "reaction"
    assert spell_cost("Fireball") == "action"
    assert spell_cost("Identify") == spell_cost("Raise Dead") == "long"


def test_a_reaction_spell_spends_the_reaction_between_turns():
    s = fight()
    s.execute(cmd.NextTurn())  # the orc's turn
    s.execute(cmd.Cast("mir", "Shield"))
    p = pips(s.state, "mir")
    assert (p.action, p.bonus, p.reaction) == (False, False, True)


def test_a_minute_cast_is_refused_in_a_fight_unless_ignored():
    # ref: Action, bonus action, and reaction — "A casting time longer than a turn, such as a ten-minute ritual, is refused in a fight in the same way, and it offers the same box."
    s = fight()
    with pytest.raises(CommandRejected, match="Identify takes 1 minute to cast, longer than a turn"):
        s.execute(cmd.Cast("mir", "Identify"))
    s.execute(cmd.Cast("mir", "Identify", ignore_cost=True))
    assert s.state.actor("mir").slots == (3, 3, 3)


def test_after_a_bonus_action_spell_only_an_action_cantrip():
    # ref: Action, bonus action, and reaction — 2014 PHB Bonus Action casting: "You can't cast another spell during the same turn, except for a cantrip with a casting time of 1 action."
    s = fight()
    s.execute(cmd.Cast("mir", "Misty Step"))
    assert pips(s.state, "mir").bonus
    with pytest.raises(CommandRejected, match="Misty Step, a bonus-action spell, this turn"):
        s.execute(cmd.Cast("mir", "Fireball", targets=("orc",)))
    s.dice.force([5, 3])  # the radiant damage, then the orc's save
    s.execute(cmd.Cast("mir", "Sacred Flame", targets=("orc",)))
    assert s.state.actor("orc").hp == 55


def test_after_a_leveled_action_spell_no_bonus_action_spell():
    s = fight()
    s.dice.force([3])
    s.execute(cmd.Cast("mir", "Cure Wounds", targets=("mir",)))
    with pytest.raises(CommandRejected, match="Mirelle cast Cure Wounds this turn: a bonus-action spell allows no other"):
        s.execute(cmd.Cast("mir", "Healing Word", targets=("mir",)))
    s.dice.force([2])
    s.execute(cmd.Cast("mir", "Healing Word", targets=("mir",), ignore_cost=True))  # the Ignore box


def test_an_action_cantrip_first_still_allows_a_bonus_action_spell_and_the_turn_resets():
    s = fight()
    s.dice.force([3, 5])
    s.execute(cmd.Cast("mir", "Sacred Flame", targets=("orc",)))
    s.dice.force([2])
    s.execute(cmd.Cast("mir", "Healing Word", targets=("mir",)))
    assert s.state.fight.find("mir").turn_spells == ("Sacred Flame", "Healing Word")
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    assert s.state.fight.find("mir").turn_spells == ()
    s.execute(cmd.Cast("mir", "Bless", targets=("mir",)))  # a new turn: a leveled action spell again


def test_a_cast_needs_the_spell_on_the_sheet_and_a_slot():
    s = fight()
    with pytest.raises(CommandRejected, match="Mirelle does not have Magic Missile"):
        s.execute(cmd.Cast("mir", "Magic Missile", targets=("orc",), ignore_cost=True))
    no_slots = evolve(character("mir", "Mirelle"), spellcasting="wisdom", spells=("Bless",))
    s = running(campaign(no_slots, creature("orc", "Orc", hp=60)))
    with pytest.raises(CommandRejected, match="Mirelle has no spell slots for Bless"):
        s.execute(cmd.Cast("mir", "Bless", targets=("mir",)))
    s.execute(cmd.Cast("mir", "Bless", targets=("mir",), ignore_cost=True))  # a scroll: what the app does not model
    orc = evolve(creature("orc", "Orc", hp=60), spells=("Sacred Flame",))
    s = running(campaign(character("ayla", "Ayla"), orc))
    with pytest.raises(CommandRejected, match="Orc does not have Fireball"):
        s.execute(cmd.Cast("orc", "Fireball", targets=("ayla",), ignore_cost=True))
    bare = creature("imp", "Imp")
    s = running(campaign(character("ayla", "Ayla"), bare))
    with pytest.raises(CommandRejected, match="Imp has no spells and no spell slots"):
        s.execute(cmd.Cast("imp", "Fire Bolt", targets=("ayla",)))
