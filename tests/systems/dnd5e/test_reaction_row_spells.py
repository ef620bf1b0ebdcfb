"""The card's Reaction row lists the reaction spells its combatant can cast now ("Cast Shield").

ref: Reactions and opportunity attacks — "A card shows a Reaction row when all of these conditions
are true: The card is not the current turn. You can act for that combatant. The combatant can still
act. Its reaction is unspent. The row has one button per melee weapon, as in Opportunity attack:
Rapier. It also has one button per spell that casts as a reaction, as in Cast Shield."
"""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.library import dnd5e_catalog
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import Abilities, Chip, ClassLevel
from combat_tui.systems.dnd5e.reactions import reaction_row, reaction_spells
from combat_tui.systems.dnd5e.view import card_view
from tests.systems.dnd5e.helpers import campaign, character, creature, running

SPELLS = ("Fire Bolt", "Shield", "Magic Missile", "Absorb Elements", "Hellish Rebuke", "Counterspell")


@pytest.fixture(autouse=True)
def library():
    dnd5e_catalog.install()  # Hellish Rebuke and Counterspell come from the SRD's files


def mage(**changes):
    base = character("wiz", "Wiz", hp=20, ac=12, weapons=())
    base = evolve(base, abilities=Abilities(intelligence=16), spellcasting="intelligence",
                  classes=(ClassLevel("Wizard", 5),), slots=(2, 1, 0), spells=SPELLS)  # fmt: skip
    return evolve(base, **changes)


def orc_turn(wiz=None, orc=None):
    """The wizard's turn comes first (initiative 20); then the orc's (19), the state returned."""
    s = running(campaign(wiz or mage(), orc or creature("orc", hp=30)))
    s.execute(cmd.NextTurn())
    return s


def test_off_its_turn_the_row_has_each_reaction_spell_with_a_slot_left():
    # ref: Reactions and opportunity attacks — "one button per spell that casts as a reaction";
    # Counterspell (3rd level) has no slot of its level or higher left, the others do.
    s = orc_turn()
    assert reaction_spells(s.state, "wiz") == ("Shield", "Absorb Elements", "Hellish Rebuke")
    assert reaction_row(s.state, "wiz") == ()  # no melee weapon: spells only


def test_a_higher_slot_still_casts_it_and_no_slot_left_removes_it():
    s = orc_turn(mage(slots=(0, 1)))  # a 2nd-level slot casts a 1st-level spell
    assert reaction_spells(s.state, "wiz") == ("Shield", "Absorb Elements", "Hellish Rebuke")
    s = orc_turn(mage(slots=(0, 0, 0)))
    assert reaction_spells(s.state, "wiz") == ()


def test_no_row_on_its_own_turn_with_its_reaction_spent_or_when_it_cannot_act():
    # ref: Reactions and opportunity attacks — "The card is not the current turn ... The combatant can
    # still act. Its reaction is unspent."
    s = running(campaign(mage(), creature("orc", hp=30)))
    assert reaction_spells(s.state, "wiz") == ()  # its own turn
    s.execute(cmd.NextTurn())
    s.execute(cmd.TogglePip("wiz", "reaction", True))
    assert reaction_spells(s.state, "wiz") == ()
    s = orc_turn(mage(chips=(Chip("Stunned"),)))
    assert reaction_spells(s.state, "wiz") == ()


def test_a_creature_without_tracked_slots_casts_them_a_character_without_slots_does_not():
    # A stat block's spells without slots spend none (the cast rules); a sheet without slots casts none.
    orc = evolve(creature("orc", hp=30), spells=("Shield", "Fire Bolt"))
    s = running(campaign(mage(slots=()), orc))  # the wizard's turn
    assert reaction_spells(s.state, "orc") == ("Shield",)
    s.execute(cmd.NextTurn())  # the orc's turn
    assert reaction_spells(s.state, "wiz") == ()


def test_the_card_view_carries_the_spells_beside_the_weapons():
    from combat_tui.library import weapons as w

    s = orc_turn(mage(weapons=(w.DAGGER,)))
    card = card_view(s.state, "wiz", s.system.labels(s.state))
    assert card.reaction_row == ("Dagger",)
    assert card.reaction_spells == ("Shield", "Absorb Elements", "Hellish Rebuke")


def test_a_cast_off_its_turn_spends_the_reaction_and_the_row_goes():
    # ref: Reactions and opportunity attacks — "A reaction spell opens the usual cast dialog and
    # spends the reaction instead of the action."
    s = orc_turn()
    s.execute(cmd.Cast("wiz", "Shield", targets=("wiz",)))
    assert "Shield" in [c.name for c in s.state.actor("wiz").chips]
    assert reaction_spells(s.state, "wiz") == ()
