"""Shield against a hit: the Reaction dialog's answer rides on the attack or cast line as
`react NAME SPELL`; without it a script declines."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.core.text import format_command, parse
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.model import Abilities, Chip, ClassLevel
from combat_tui.systems.dnd5e.reaction_spells import defended_ac, shield_bonus, shield_offer
from tests.systems.dnd5e.helpers import campaign, character, creature, hp, running


def mage(**changes):
    base = character("wiz", "Wiz", hp=20, ac=12)
    base = evolve(base, abilities=Abilities(intelligence=16, dexterity=10), spellcasting="intelligence",
                  classes=(ClassLevel("Wizard", 3),), slots=(0, 2), spells=("Shield", "Magic Missile", "Fire Bolt"))  # fmt: skip
    return evolve(base, **changes)


def orc_turn(wiz=None, orc=None):
    """The orc (STR 16: +3 +2 to hit) takes its turn against the wizard."""
    orc = orc or evolve(creature("orc", hp=30, ac=13, strength=16), spells=("Fire Bolt", "Magic Missile"),
                        abilities=Abilities(strength=16, intelligence=16))  # fmt: skip
    s = running(campaign(wiz or mage(), orc))
    s.execute(cmd.NextTurn())
    return s


def swing(s, face, react=()):
    s.dice.force([face, 4])
    return s.execute(cmd.Attack("orc", "wiz", "Scimitar", react=react))


def test_shield_turns_the_hit_into_a_miss_spends_the_reaction_and_the_lowest_slot():
    # ref: Shield against a hit — "Press Cast Shield to cast the spell at the lowest slot that the
    # combatant can spend. The cast spends the reaction, and the attack then rolls against the new AC.
    # The log line of the attack names the spell beside the AC."
    s = orc_turn()
    entry = swing(s, 10, ("wiz", "Shield"))  # 10 + 5 = 15 hits AC 12, misses 17
    assert hp(s, "wiz") == 20
    assert s.state.actor("wiz").slots == (0, 1)  # no 1st-level slot left: the 2nd-level one
    assert pips(s.state, "wiz").reaction
    chip = next(c for c in s.state.actor("wiz").chips if c.name == "Shield")
    assert chip.until_turn_of == "wiz"  # until the start of its next turn
    assert entry.lines[0] == "Wiz casts Shield at 2nd level."
    assert entry.lines[-1].endswith("= 15 vs AC 17 (Shield +5), miss.")


def test_without_react_the_hit_lands_as_rolled():
    # ref: Shield against a hit — "Press Take the hit to let the attack land as rolled."
    s = orc_turn()
    swing(s, 10)
    assert hp(s, "wiz") < 20 and s.state.actor("wiz").slots == (0, 2) and not pips(s.state, "wiz").reaction


def test_no_dialog_when_the_higher_ac_would_not_turn_the_hit_or_on_a_natural_20():
    # ref: Shield against a hit — "The dialog opens only when the higher AC would turn the hit into a
    # miss, so it never opens on a natural 20, which hits whatever the AC."
    s = orc_turn()
    swing(s, 15, ("wiz", "Shield"))  # 20 beats 17 too: no dialog, nothing spent
    assert s.state.actor("wiz").slots == (0, 2) and hp(s, "wiz") < 20
    s = orc_turn()
    s.dice.force([20, 4, 4])
    s.execute(cmd.Attack("orc", "wiz", "Scimitar", react=("wiz", "Shield")))
    assert s.state.actor("wiz").slots == (0, 2) and hp(s, "wiz") < 20
    assert shield_offer(s.state, "wiz", 25, 12, True, True) is None
    s = orc_turn()
    swing(s, 2, ("wiz", "Shield"))  # a miss opens no dialog
    assert s.state.actor("wiz").slots == (0, 2)


def test_the_real_bonus_over_a_barkskin_floor():
    # ref: Shield against a hit — "A floor such as Barkskin can take up part of the bonus, so Shield on
    # a combatant at AC 16 from Barkskin over a base of 12 adds only +1."
    wiz = mage(chips=(Chip("Barkskin"),))
    assert defended_ac(wiz)[0] == 16 and shield_bonus(wiz) == 1
    s = orc_turn(wiz)
    swing(s, 11, ("wiz", "Shield"))  # 16 hits AC 16; 17 would miss
    assert hp(s, "wiz") == 20 and s.state.actor("wiz").chips[-1].name == "Shield"
    s = orc_turn(wiz)
    swing(s, 12, ("wiz", "Shield"))  # 17 hits 17 too: no dialog
    assert s.state.actor("wiz").slots == (0, 2)


def test_no_dialog_without_reaction_slot_or_when_shield_is_up():
    # ref: Shield against a hit — "Press Cast Shield to cast the spell at the lowest slot that the combatant can spend."
    s = orc_turn(mage(slots=(0, 0)))
    swing(s, 10, ("wiz", "Shield"))
    assert hp(s, "wiz") < 20
    s = orc_turn()
    s.execute(cmd.TogglePip("wiz", "reaction", True))
    swing(s, 10, ("wiz", "Shield"))
    assert hp(s, "wiz") < 20
    s = orc_turn(mage(chips=(Chip("Shield", 0, "wiz", "Shield", "wiz"),)))
    assert shield_offer(s.state, "wiz", 15, 17, True, False) is None
    swing(s, 10, ("wiz", "Shield"))  # AC 17 already: a miss
    assert hp(s, "wiz") == 20 and s.state.actor("wiz").slots == (0, 2)


def test_a_react_no_dialog_could_ask_is_refused():
    s = orc_turn()
    with pytest.raises(CommandRejected, match="not the target"):
        swing(s, 10, ("orc", "Shield"))
    with pytest.raises(CommandRejected, match="not a reaction the app offers"):
        swing(s, 10, ("wiz", "Fireball"))
    s = orc_turn(mage(spells=("Fire Bolt",)))
    with pytest.raises(CommandRejected, match="does not have Shield"):
        swing(s, 10, ("wiz", "Shield"))


def test_shield_against_a_spell_attack():
    # ref: Shield against a hit — "When an attack roll hits a combatant whose reaction spell raises its AC"
    s = orc_turn()
    s.dice.force([10, 6])  # 10 + 2 proficiency (a creature casts with WIS 10) = 12 vs AC 12
    entry = s.execute(cmd.Cast("orc", "Fire Bolt", targets=("wiz",), react=("wiz", "Shield")))
    assert hp(s, "wiz") == 20
    assert "= 12 vs AC 17 (Shield +5), miss." in entry.lines[-1]


def test_shield_blocks_every_magic_missile_dart():
    # ref: Shield against a hit — "Against Magic Missile, the spell blocks every dart. A combatant that
    # already has Shield takes no Magic Missile darts, and no dialog opens."
    s = orc_turn()
    s.dice.force([4, 4, 4])
    s.execute(cmd.Cast("orc", "Magic Missile", targets=("wiz", "wiz", "wiz"), ignore_cost=True, react=("wiz", "Shield")))
    assert hp(s, "wiz") == 20 and s.state.actor("wiz").slots == (0, 1)
    s.execute(cmd.Cast("orc", "Magic Missile", targets=("wiz",), ignore_cost=True))
    assert hp(s, "wiz") == 20 and s.state.actor("wiz").slots == (0, 1)
    s = orc_turn()
    s.dice.force([1, 1, 1])
    s.execute(cmd.Cast("orc", "Magic Missile", targets=("wiz",), ignore_cost=True))  # declined
    assert hp(s, "wiz") == 20 - 6


def test_the_text_form_round_trips(sample):
    s = running(sample)
    line = "attack 'Goblin 1' Bren Scimitar adv react Bren Shield"
    parsed = parse(line, s.state)
    assert parsed.command.react == ("bren", "Shield") and parsed.command.mode == "adv"
    assert format_command(parsed.command, s.state) == line
    parsed = parse("cast Bren 'Fire Bolt' on 'Goblin 1' react 'Goblin 1' Shield", s.state)
    assert parsed.command.react == ("goblin-1", "Shield")
    assert parse(format_command(parsed.command, s.state), s.state).command == parsed.command
    with pytest.raises(CommandRejected, match="react NAME SPELL"):
        run_line(s, "attack 'Goblin 1' Bren Scimitar react Bren")
