"""Resisting a hit: a reaction spell whose chip resists the damage type (Absorb Elements), asked
after the damage roll and before the damage lands; the answer rides on the line as `react`."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.economy import pips
from combat_tui.systems.dnd5e.events import ReactionOffered
from combat_tui.systems.dnd5e.model import Abilities, Chip, ClassLevel, Weapon
from tests.systems.dnd5e.helpers import campaign, character, creature, hp, running

ABSORB = "Absorb Elements"


def mage(ref="wiz", name="Wiz", **changes):
    base = character(ref, name, hp=30, ac=12)
    base = evolve(base, abilities=Abilities(intelligence=16, dexterity=10), spellcasting="intelligence",
                  classes=(ClassLevel("Wizard", 5),), slots=(1, 2),
                  spells=("Shield", ABSORB, "Fire Bolt", "Burning Hands"))  # fmt: skip
    return evolve(base, **changes)


FLAME = Weapon("Flame Blade", "3d6", "fire")


def foe(**changes):
    """A caster foe (INT 16) with a fire sword and Burning Hands."""
    base = evolve(creature("orc", "Orc", hp=40, ac=13, strength=16), weapons=(FLAME,), slots=(2,),
                  spells=("Fire Bolt", "Burning Hands"), abilities=Abilities(strength=16, intelligence=16))  # fmt: skip
    return evolve(base, **changes)


def orc_turn(*party, orc=None):
    s = running(campaign(*(party or (mage(),)), orc or foe()))
    s.execute(cmd.NextTurn())
    return s


def offers(entry):
    return [e for e in entry.events if isinstance(e, ReactionOffered)]


def test_a_fire_hit_opens_the_dialog_after_the_damage_roll_naming_the_damage_before_resistance():
    # ref: Resisting a hit — "When a weapon hit [...] deals a damage type that a combatant's reaction spell
    # can resist, a Reaction dialog opens after the damage roll and before the damage lands." "The dialog
    # names the damage before resistance" "Press Take the damage to let the damage land as rolled."
    s = orc_turn()
    s.dice.force([15, 4, 4, 4])  # 15 + 5 hits AC 12 (Shield would not turn it); 12 fire
    entry = s.execute(cmd.Attack("orc", "wiz", "Flame Blade"))
    (offer,) = offers(entry)
    assert (offer.ref, offer.spell, offer.kind, offer.amount, offer.damage_type) == ("wiz", ABSORB, "resist", 15, "fire")
    assert (offer.by, offer.means, offer.slot) == ("orc", "Flame Blade", 1)
    assert hp(s, "wiz") == 30 - 12 - 3  # declined: as rolled (3d6 + STR 3)
    assert not pips(s.state, "wiz").reaction and s.state.actor("wiz").slots == (1, 2)


def test_cast_halves_the_damage_of_that_type_spends_the_reaction_and_the_lowest_slot():
    # ref: Resisting a hit — "The spell is a buff that casts as a reaction, and its chip resists the type
    # through Resists or Caster picks one of." "Press Cast to cast it with that type picked, so the damage
    # of that type is halved."
    s = orc_turn()
    s.dice.force([15, 4, 4, 4])
    entry = s.execute(cmd.Attack("orc", "wiz", "Flame Blade", react=("wiz", ABSORB)))
    assert hp(s, "wiz") == 30 - 7  # 15 fire halved
    wiz = s.state.actor("wiz")
    assert pips(s.state, "wiz").reaction and wiz.slots == (0, 2)
    chip = next(c for c in wiz.chips if c.name == "Absorb Elements (fire)")
    assert chip.until_turn_of == "wiz"
    assert "Wiz casts Absorb Elements (fire) at 1st level on Wiz." in entry.lines
    assert any("resistance to fire (Absorb Elements)" in line for line in entry.lines)


def test_no_dialog_for_a_type_the_spell_cannot_resist_or_one_already_resisted():
    # ref: Resisting a hit — "deals a damage type that a combatant's reaction spell can resist"
    s = orc_turn(orc=foe(weapons=(Weapon("Scimitar", "1d6", "slashing"),)))
    s.dice.force([15, 4])
    assert offers(s.execute(cmd.Attack("orc", "wiz", "Scimitar"))) == []
    s = orc_turn(mage(chips=(Chip("Protection from Energy (fire)", 10, "wiz", "Protection from Energy"),)))
    s.dice.force([15, 4, 4, 4])
    assert offers(s.execute(cmd.Attack("orc", "wiz", "Flame Blade"))) == []


def test_no_dialog_without_the_reaction_or_a_slot():
    # ref: Resisting a hit — the spell "casts as a reaction"; the cast spends a slot like any other
    s = orc_turn(mage(slots=(0, 0)))
    s.dice.force([15, 4, 4, 4])
    assert offers(s.execute(cmd.Attack("orc", "wiz", "Flame Blade"))) == []
    s = orc_turn()
    s.execute(cmd.TogglePip("wiz", "reaction", True))
    s.dice.force([15, 4, 4, 4])
    assert offers(s.execute(cmd.Attack("orc", "wiz", "Flame Blade"))) == []


def test_a_save_spell_names_the_save_result_burning_hands_on_a_mage():
    # ref: Resisting a hit — "for a save spell it names the save result too, such as 'Mage fails the save
    # against Burning Hands and takes 12 damage.'"
    s = orc_turn(mage(ref="mage", name="Mage"))
    s.dice.force([4, 4, 4, 2])  # 12 fire; the mage's DEX save rolls 2
    entry = s.execute(cmd.Cast("orc", "Burning Hands", targets=("mage",)))
    (offer,) = offers(entry)
    assert (offer.save, offer.amount, offer.means, offer.damage_type) == ("fails", 12, "Burning Hands", "fire")
    s.undo()
    s.dice.force([4, 4, 4, 2])
    s.execute(cmd.Cast("orc", "Burning Hands", targets=("mage",), react=("mage", ABSORB)))
    assert hp(s, "mage") == 30 - 6


def test_a_save_that_halves_offers_the_halved_damage():
    # ref: Resisting a hit — "The dialog names the damage before resistance" (after the save's half)
    s = orc_turn()
    s.dice.force([4, 4, 4, 20])
    (offer,) = offers(s.execute(cmd.Cast("orc", "Burning Hands", targets=("wiz",))))
    assert (offer.save, offer.amount) == ("succeeds", 6)


def test_several_combatants_get_one_dialog_each_in_target_order():
    # ref: Resisting a hit — "A spell that damages several combatants, such as Burning Hands, opens one
    # dialog for each combatant that can react, in target order."
    s = orc_turn(mage("a", "Ayla"), mage("b", "Bren"), character("c", "Cid", hp=30))
    s.dice.force([4, 4, 4, 2, 2, 2])
    entry = s.execute(cmd.Cast("orc", "Burning Hands", targets=("b", "c", "a")))
    assert [o.ref for o in offers(entry)] == ["b", "a"]
    s.undo()
    s.dice.force([4, 4, 4, 2, 2, 2])
    s.execute(cmd.Cast("orc", "Burning Hands", targets=("b", "c", "a"), react=("a", ABSORB)))
    assert (hp(s, "a"), hp(s, "b"), hp(s, "c")) == (30 - 6, 30 - 12, 30 - 12)


def test_the_shield_dialog_comes_first_and_shield_leaves_no_second_dialog():
    # ref: Resisting a hit — "When the spell attack also offers Shield, the Shield dialog comes first. A
    # combatant that casts Shield has no reaction left, so it gets no second dialog."
    s = orc_turn()
    s.dice.force([10, 5])  # Fire Bolt: 10 + 3 + 2 = 15 hits AC 12, misses 17; 1d10 of 5 fire
    entry = s.execute(cmd.Cast("orc", "Fire Bolt", targets=("wiz",)))
    assert [(o.kind, o.spell) for o in offers(entry)] == [("shield", "Shield"), ("resist", ABSORB)]
    s.undo()
    s.dice.force([10, 5])
    entry = s.execute(cmd.Cast("orc", "Fire Bolt", targets=("wiz",), react=("wiz", "Shield")))
    assert offers(entry) == [] and hp(s, "wiz") == 30
    s.undo()
    s.dice.clear_forced()
    s.dice.force([10, 5])  # Shield declined, Absorb Elements taken
    s.execute(cmd.Cast("orc", "Fire Bolt", targets=("wiz",), react=("wiz", ABSORB)))
    assert hp(s, "wiz") == 30 - 2  # 5 fire halved


def test_the_answer_counts_even_when_the_damage_ends_the_fight_s_last_foe():
    # ref: Resisting a hit — "If the fight ends while a dialog is open, your answer still counts and the
    # damage still lands." The dialog is asked before the line runs, so the line carries the answer and
    # resolves whole: both targets' damage lands, the answerer's halved.
    s = orc_turn(mage(hp=5))
    s.dice.force([6, 6, 6, 2])
    s.execute(cmd.Cast("orc", "Burning Hands", targets=("wiz",), react=("wiz", ABSORB)))
    assert hp(s, "wiz") == 0 and pips(s.state, "wiz").reaction


def test_an_answer_no_dialog_could_ask_is_refused():
    s = orc_turn()
    with pytest.raises(CommandRejected, match="not a reaction the app offers"):
        s.execute(cmd.Cast("orc", "Burning Hands", targets=("wiz",), react=("wiz", "Shield")))
    with pytest.raises(CommandRejected, match="not the target"):
        s.execute(cmd.Cast("orc", "Burning Hands", targets=("wiz",), react=("orc", ABSORB)))
    s = orc_turn(mage(spells=("Shield",)))
    with pytest.raises(CommandRejected, match="does not have Absorb Elements"):
        s.execute(cmd.Cast("orc", "Burning Hands", targets=("wiz",), react=("wiz", ABSORB)))


def test_several_answers_on_one_line_round_trip():
    # DESIGN §5: `react NAME SPELL` answers the dialog the line opens; one clause per dialog answered
    s = orc_turn(mage("a", "Ayla"), mage("b", "Bren"))
    line = "cast Orc 'Burning Hands' on Ayla, Bren react Ayla 'Absorb Elements' react Bren 'Absorb Elements'"
    parsed = parse(line, s.state)
    assert parsed.command.react == ("a", ABSORB, "b", ABSORB)
    assert parse(format_command(parsed.command, s.state), s.state).command == parsed.command


def test_the_dry_run_changes_nothing():
    # The screen asks its questions from a dry run of the line: no state, log or dice are spent.
    s = orc_turn()
    s.dice.force([15, 4, 4, 4])
    before, log = s.state, list(s.log)
    outcome = s.preview(cmd.Attack("orc", "wiz", "Flame Blade"))
    assert [o.spell for o in outcome.events if isinstance(o, ReactionOffered)] == [ABSORB]
    assert s.state is before and s.log == log
    entry = s.execute(cmd.Attack("orc", "wiz", "Flame Blade"))  # the same forced dice
    assert offers(entry) == [o for o in outcome.events if isinstance(o, ReactionOffered)]


def test_a_custom_reaction_spell_that_resists_opens_the_dialog_too():
    # ref: Resisting a hit — "its chip resists the type through Resists or Caster picks one of"; a custom
    # spell's boxes give the same rule (Resists, casts as a reaction)
    from combat_tui.core.runner import run_line

    s = orc_turn(mage(spells=("Frost Ward",)), orc=foe(weapons=(Weapon("Ice Axe", "3d6", "cold"),)))
    run_line(s, 'spell save "Frost Ward" level=1 kind=chip resists=cold reaction=yes range=Self')
    s.dice.force([15, 4, 4, 4])
    (offer,) = offers(s.execute(cmd.Attack("orc", "wiz", "Ice Axe")))
    assert (offer.spell, offer.damage_type, offer.amount) == ("Frost Ward", "cold", 15)
    s.undo()
    s.dice.force([15, 4, 4, 4])
    s.execute(cmd.Attack("orc", "wiz", "Ice Axe", react=("wiz", "Frost Ward")))
    assert hp(s, "wiz") == 30 - 7 and pips(s.state, "wiz").reaction
