"""Concentration: one spell per caster, the CON save that damage asks, and what ends it.

The reference states the two clerics' Bless (ref: Conditions) and Hunter's Mark's "same
concentration" (ref: Damage riders on hits); where it is silent the rules are the 2014 PHB's
(chapter 10, "Concentration"), cited as such.
"""

from __future__ import annotations

import json

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.text import format_command, parse
from combat_tui.library import weapons as w
from combat_tui.storage.converter import command_from_data, command_to_data
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.commands_turn import EndConcentration
from combat_tui.systems.dnd5e.concentration import (
    concentrating_on,
    damage_sources,
    save_dc,
)
from combat_tui.systems.dnd5e.conditions import blessed
from combat_tui.systems.dnd5e.events import (
    AttackRolled,
    DamageApplied,
    SpellDamageRolled,
)
from combat_tui.systems.dnd5e.model import Abilities
from tests.systems.dnd5e.helpers import campaign, character, creature, running, session

SPELLS = ("Bless", "Hold Person", "Shield of Faith", "Magic Missile", "Hunter's Mark", "Cure Wounds")


def caster(ref="mirelle", name="Mirelle", constitution=14, hp=30, **changes):
    """A cleric with CON 14 (+2 to the save, no proficiency) and every spell the tests cast."""
    base = character(ref, name, hp=hp)
    return evolve(base, abilities=Abilities(constitution=constitution, wisdom=16), spellcasting="wisdom",
                  spells=SPELLS, slots=(4, 3), **changes)  # fmt: skip


def party(*extra):
    return campaign(caster(), character("ser-aldric", "Ser Aldric"), character("ayla", "Ayla"),
                    character("bren", "Bren"), *extra)  # fmt: skip


def blessed_party(*extra):
    s = session(party(*extra))
    s.execute(cmd.Cast("mirelle", "Bless", targets=("ser-aldric", "ayla", "bren")))
    return s


def chips(s, ref):
    return [(c.name, c.caster, c.source) for c in s.state.actor(ref).chips]


def test_a_concentration_spell_puts_a_concentrating_chip_on_its_caster():
    # ref: Conditions — a spell's chips keep their caster and spell apart (2014 PHB: the caster concentrates on Bless)
    s = session(party())
    lines = s.execute(cmd.Cast("mirelle", "Bless", targets=("ser-aldric", "ayla", "bren"))).lines
    assert lines[-1] == "Mirelle is concentrating on Bless."
    assert chips(s, "mirelle") == [("Concentrating", "mirelle", "Bless")]
    assert s.state.actor("mirelle").chips[0].rounds == 10  # as long as the spell
    assert chips(s, "ayla") == [("Bless", "mirelle", "Bless")]
    assert concentrating_on(s.state.actor("mirelle")) == "Bless"


def test_a_spell_without_concentration_leaves_no_chip():
    # ref: Conditions — only a concentration spell (2014 PHB) ties its caster
    s = session(party())
    s.dice.force([5])
    s.execute(cmd.Cast("mirelle", "Cure Wounds", targets=("ayla",)))
    assert chips(s, "mirelle") == []


def test_casting_a_second_concentration_spell_ends_the_first():
    # ref: Conditions — "From one caster ..." (2014 PHB: one concentration spell at a time; a new one ends the old)
    s = blessed_party(creature("gob", "Goblin"))
    s.dice.force([2])  # the goblin's Wisdom save fails
    lines = s.execute(cmd.Cast("mirelle", "Hold Person", targets=("gob",))).lines
    assert lines[1] == "Mirelle stops concentrating on Bless to cast Hold Person; Bless ends on Ser Aldric, Ayla and Bren."
    assert lines[-1] == "Mirelle is concentrating on Hold Person."
    assert chips(s, "ayla") == []
    assert chips(s, "gob") == [("Paralyzed", "mirelle", "Hold Person")]
    assert chips(s, "mirelle") == [("Concentrating", "mirelle", "Hold Person")]


def test_casting_the_same_spell_again_moves_it():
    # ref: Conditions — "From one caster, a combatant keeps one chip of each name" (2014 PHB: the new cast ends the old)
    s = blessed_party()
    lines = s.execute(cmd.Cast("mirelle", "Bless", targets=("ayla",))).lines
    assert lines[1] == "Mirelle casts Bless again; the earlier Bless ends on Ser Aldric, Ayla and Bren."
    assert chips(s, "ser-aldric") == [] and chips(s, "ayla") == [("Bless", "mirelle", "Bless")]


def test_a_concentration_spell_that_lands_on_no_one_is_not_kept():
    # ref: Conditions — a save that succeeds leaves no chip (2014 PHB: nothing to concentrate on)
    s = session(campaign(caster(), creature("gob", "Goblin")))
    s.dice.force([19])
    lines = s.execute(cmd.Cast("mirelle", "Hold Person", targets=("gob",))).lines
    assert not any("concentrating" in line for line in lines)
    assert chips(s, "mirelle") == []


def test_damage_asks_for_a_con_save_dc_10_and_a_success_keeps_it():
    # ref: Conditions — the cleric keeps concentration (2014 PHB: DC 10 or half the damage, whichever is higher)
    s = blessed_party()
    s.dice.force([12])
    lines = s.execute(cmd.ApplyDamage("mirelle", 7)).lines
    assert lines == ("Mirelle takes 7 damage (30 → 23 HP).",
                     "Mirelle makes the Constitution save to keep concentrating on Bless: d20 12 + 2 = 14 vs DC 10.")  # fmt: skip
    assert chips(s, "ayla") == [("Bless", "mirelle", "Bless")]


def test_a_failed_save_ends_bless_on_every_target():
    # ref: Conditions — "When two clerics cast Bless on one fighter and one cleric loses concentration" its Bless ends
    s = blessed_party()
    s.dice.force([3])
    lines = s.execute(cmd.ApplyDamage("mirelle", 7)).lines
    assert lines[1:] == ("Mirelle fails the Constitution save to keep concentrating on Bless: d20 3 + 2 = 5 vs DC 10.",
                         "Mirelle loses concentration on Bless; Bless ends on Ser Aldric, Ayla and Bren.")  # fmt: skip
    assert all(chips(s, ref) == [] for ref in ("mirelle", "ser-aldric", "ayla", "bren"))
    s.undo()  # one command, one undo step
    assert chips(s, "ayla") == [("Bless", "mirelle", "Bless")]


def test_the_dc_is_half_the_damage_when_that_is_higher():
    # ref: Damage and damage defenses — the damage taken (2014 PHB: DC 10 or half the damage, rounded down)
    assert (save_dc(1), save_dc(21), save_dc(22), save_dc(23)) == (10, 10, 11, 11)
    s = blessed_party()
    s.dice.force([10])
    lines = s.execute(cmd.ApplyDamage("mirelle", 24)).lines
    assert lines[1] == ("Mirelle makes the Constitution save to keep concentrating on Bless: d20 10 + 2 = 12 vs DC 12 "
                        "(half of 24 damage).")  # fmt: skip


def test_the_dc_comes_from_the_damage_after_defenses():
    # ref: Damage and damage defenses — "The log names each defense that changed the damage, with the amount taken."
    shaman = evolve(creature("shaman", "Shaman", hp=40), spells=("Bless",), resistances=("fire",))
    s = session(campaign(shaman, character("ayla", "Ayla")))
    s.execute(cmd.Cast("shaman", "Bless", targets=("ayla",)))
    s.dice.force([10])
    lines = s.execute(cmd.ApplyDamage("shaman", 30, "fire")).lines
    assert lines == ("Shaman takes 15 fire damage (resistance to fire: 30 → 15) (40 → 25 HP).",
                     "Shaman makes the Constitution save to keep concentrating on Bless: d20 10 + 0 = 10 vs DC 10.")  # fmt: skip


def test_bonus_hp_that_absorb_all_the_damage_still_ask_for_the_save():
    # ref: Damage and damage defenses — "A character or a creature loses bonus HP first, then real HP." (2014 PHB: damage taken)
    s = session(campaign(caster(bonus_hp=10), character("ayla", "Ayla")))
    s.execute(cmd.Cast("mirelle", "Bless", targets=("ayla",)))
    s.dice.force([4])
    lines = s.execute(cmd.ApplyDamage("mirelle", 6)).lines
    assert lines == ("Mirelle takes 6 damage, 6 absorbed by bonus HP (30 → 30 HP).",
                     "Mirelle fails the Constitution save to keep concentrating on Bless: d20 4 + 2 = 6 vs DC 10.",
                     "Mirelle loses concentration on Bless; Bless ends on Ayla.")  # fmt: skip


def test_no_damage_taken_asks_for_no_save():
    # ref: Damage and damage defenses — a defense that leaves no damage: there is nothing to save against
    shaman = evolve(creature("shaman", "Shaman", hp=20), spells=("Bless",), immunities=("fire",))
    s = session(campaign(shaman, character("ayla", "Ayla")))
    s.execute(cmd.Cast("shaman", "Bless", targets=("ayla",)))
    lines = s.execute(cmd.ApplyDamage("shaman", 10, "fire")).lines
    assert not any("Constitution save" in line for line in lines)
    assert concentrating_on(s.state.actor("shaman")) == "Bless"


def test_an_attack_with_two_damage_parts_is_one_source_and_one_save():
    # ref: Damage and damage defenses — "Each damage type in the hit changes separately" yet the hit is one source (2014 PHB)
    flame_tongue = evolve(w.LONGSWORD, name="Flame Tongue", extra_damage="2d6", extra_damage_type="fire")
    orc = creature("orc", "Orc", strength=16, weapons=(flame_tongue,))
    s = running(campaign(caster(), character("ayla", "Ayla"), orc), [5, 4, 20])
    s.execute(cmd.Cast("mirelle", "Bless", targets=("ayla",)))
    s.dice.force([15, 4, 3, 3, 14])  # to hit, 1d8, 2d6 fire, then one CON save
    lines = s.execute(cmd.Attack("orc", "mirelle", "Flame Tongue")).lines
    taken = [line for line in lines if line.startswith("Mirelle takes")]
    assert taken == ["Mirelle takes 7 slashing damage (30 → 23 HP).", "Mirelle takes 6 fire damage (23 → 17 HP)."]
    assert lines[-1] == "Mirelle makes the Constitution save to keep concentrating on Bless: d20 14 + 2 = 16 vs DC 10."
    assert sum("Constitution save" in line for line in lines) == 1
    assert not s.dice.forced


def test_each_magic_missile_dart_is_its_own_source():
    # ref: Shield against a hit — "Against Magic Missile, the spell blocks every dart" (2014 PHB: each dart a separate source)
    mage = evolve(creature("mage", "Mage", hp=20), spellcasting="intelligence", spells=("Magic Missile",))
    s = session(campaign(caster(), character("ayla", "Ayla"), mage))
    s.execute(cmd.Cast("mirelle", "Bless", targets=("ayla",)))
    s.dice.force([2, 3, 1, 15, 12, 4])  # three darts, then a save for each, in order
    lines = s.execute(cmd.Cast("mage", "Magic Missile", targets=("mirelle",))).lines
    saves = [line for line in lines if "Constitution save" in line]
    assert len(saves) == 3
    assert lines[-2:] == ("Mirelle fails the Constitution save to keep concentrating on Bless: d20 4 + 2 = 6 vs DC 10.",
                          "Mirelle loses concentration on Bless; Bless ends on Ayla.")  # fmt: skip


def test_damage_sources_split_on_rolls():
    # ref: Damage and damage defenses — a hit's parts go together; each roll of damage starts a source
    events = (AttackRolled("o", "m", "Axe", (15,), 15, "", "STR", 3, 2, True, 20, 10, True, False, ""),
              DamageApplied("m", 5, 0, 30, 25), DamageApplied("m", 4, 0, 25, 21),
              SpellDamageRolled("m", "dart 1", (), 3, "force", False), DamageApplied("m", 3, 0, 21, 18),
              DamageApplied("a", 0, 0, 10, 10))  # fmt: skip
    assert damage_sources(events) == [("m", 9), ("m", 3)]


def test_war_caster_gives_advantage_on_the_save():
    # ref: Advantage and disadvantage — "The log names every chip that affected the roll" (2014 PHB War Caster: advantage)
    s = session(campaign(caster(feats=("War Caster",)), character("ayla", "Ayla")))
    s.execute(cmd.Cast("mirelle", "Bless", targets=("ayla",)))
    s.dice.force([3, 11])
    lines = s.execute(cmd.ApplyDamage("mirelle", 5)).lines
    assert lines[-1] == ("Mirelle makes the Constitution save to keep concentrating on Bless: d20 11 (at advantage "
                         "(dropped 3), War Caster advantage) + 2 = 13 vs DC 10.")  # fmt: skip


def test_the_casters_chips_slant_and_bless_the_save():
    # ref: Exhaustion — level 3: disadvantage on saving throws; ref: Death saves — "A Bless chip still adds its die."
    s = session(campaign(caster(exhaustion=3), character("ayla", "Ayla")))
    s.execute(cmd.Cast("mirelle", "Bless", targets=("mirelle", "ayla")))
    s.dice.force([15, 5, 2])
    lines = s.execute(cmd.ApplyDamage("mirelle", 5)).lines
    assert lines[-2] == ("Mirelle fails the Constitution save to keep concentrating on Bless: d20 5 (at disadvantage "
                         "(dropped 15), Exhaustion 3 disadvantage) + 2 + 1d4 2 Bless = 9 vs DC 10.")  # fmt: skip
    assert lines[-1] == "Mirelle loses concentration on Bless; Bless ends on Mirelle and Ayla."


def test_the_two_clerics_bless_one_fighter_and_one_loses_concentration():
    # ref: Conditions — "When two clerics cast Bless on one fighter and one cleric loses concentration, the fighter stays blessed by the other. The effect still counts once"
    s = session(campaign(caster(), caster("tomas", "Tomas"), character("ser-aldric", "Ser Aldric")))
    s.execute(cmd.Cast("mirelle", "Bless", targets=("ser-aldric",)))
    s.execute(cmd.Cast("tomas", "Bless", targets=("ser-aldric",)))
    assert chips(s, "ser-aldric") == [("Bless", "mirelle", "Bless"), ("Bless", "tomas", "Bless")]
    s.dice.force([1])
    lines = s.execute(cmd.ApplyDamage("mirelle", 4)).lines
    assert lines[-1] == "Mirelle loses concentration on Bless; Bless ends on Ser Aldric."
    assert chips(s, "ser-aldric") == [("Bless", "tomas", "Bless")]
    assert blessed(s.state.actor("ser-aldric"))
    assert concentrating_on(s.state.actor("tomas")) == "Bless"


def test_becoming_incapacitated_ends_concentration():
    # ref: Conditions — Stunned, Paralyzed, Unconscious: "Incapacitated" (2014 PHB: incapacitated ends concentration)
    s = blessed_party()
    lines = s.execute(cmd.AddChip("mirelle", "Stunned", 1)).lines
    assert lines == ("Mirelle is Stunned for 1 round.",
                     "Mirelle is Stunned and loses concentration on Bless; Bless ends on Ser Aldric, Ayla and Bren.")  # fmt: skip
    assert chips(s, "mirelle") == [("Stunned", "", "")]


def test_a_hold_person_on_a_concentrating_caster_ends_its_concentration():
    # ref: Conditions — "Paralyzed: Incapacitated" (2014 PHB)
    shaman = evolve(creature("shaman", "Shaman", hp=20), spellcasting="wisdom", spells=("Hold Person",))
    s = blessed_party(shaman)
    s.dice.force([2])
    lines = s.execute(cmd.Cast("shaman", "Hold Person", targets=("mirelle",))).lines
    assert lines[-2:] == ("Shaman is concentrating on Hold Person.",
                          "Mirelle is Paralyzed and loses concentration on Bless; Bless ends on Ser Aldric, Ayla and Bren.")  # fmt: skip


def test_dropping_to_0_hp_ends_concentration_without_a_save():
    # ref: Death saves — "A party character at 0 HP is dying ... and the Unconscious and Prone chips"
    s = blessed_party()
    lines = s.execute(cmd.ApplyDamage("mirelle", 30)).lines
    assert not any("Constitution save" in line for line in lines)
    assert lines[-1] == "Mirelle is Unconscious and loses concentration on Bless; Bless ends on Ser Aldric, Ayla and Bren."


def test_death_ends_concentration():
    # ref: Death saves — "If the damage left over past 0 HP is at least the HP maximum, the character dies at once."
    s = blessed_party()
    lines = s.execute(cmd.ApplyDamage("mirelle", 60)).lines
    assert lines[-1] == "Mirelle is dead and loses concentration on Bless; Bless ends on Ser Aldric, Ayla and Bren."


def test_a_defeated_creature_loses_concentration():
    # ref: Death saves — "An encounter and an NPC have no death saves. Both are defeated at 0 HP."
    shaman = evolve(creature("shaman", "Shaman", hp=10), spellcasting="wisdom", spells=("Bless",))
    s = session(campaign(shaman, creature("gob", "Goblin")))
    s.execute(cmd.Cast("shaman", "Bless", targets=("gob",)))
    lines = s.execute(cmd.ApplyDamage("shaman", 10)).lines
    assert lines[-2:] == ("Shaman is defeated.", "Shaman is defeated and loses concentration on Bless; Bless ends on Goblin.")


def test_the_gm_ends_concentration():
    # ref: Conditions — "The remove button of a chip removes only that chip" (End concentration ends the caster's spell, 2014 PHB)
    s = blessed_party()
    lines = s.execute(EndConcentration("mirelle")).lines
    assert lines == ("Mirelle ends concentration on Bless; Bless ends on Ser Aldric, Ayla and Bren.",)
    with pytest.raises(CommandRejected, match="Mirelle is not concentrating on a spell"):
        s.execute(EndConcentration("mirelle"))


def test_taking_off_the_concentrating_chip_ends_the_spell_too():
    # ref: Conditions — "Point at such a chip to read which caster and spell wrote it" (the chip is the concentration)
    s = blessed_party()
    lines = s.execute(cmd.RemoveChip("mirelle", "concentrating")).lines
    assert lines == ("Mirelle ends concentration on Bless; Bless ends on Ser Aldric, Ayla and Bren.",)


def test_when_the_spells_last_chip_ends_concentration_ends():
    # ref: Conditions — "A success ends the condition" of Hold Person (2014 PHB: the spell is over)
    s = running(campaign(caster(), creature("gob", "Goblin")), [20, 10])
    s.dice.force([2])
    s.execute(cmd.Cast("mirelle", "Hold Person", targets=("gob",)))
    s.dice.force([18])  # the goblin's turn is stepped past, and its end repeats the save
    lines = s.execute(cmd.NextTurn()).lines
    assert "The save ends Paralyzed on Goblin." in lines
    assert "Hold Person is on no one any more, so Mirelle stops concentrating on it." in lines
    assert chips(s, "mirelle") == []


def test_concentration_lasts_as_long_as_the_spell():
    # ref: Conditions — "Timed conditions count down at the start of each round and end on their own."
    s = running(party(creature("gob", "Goblin")), [20, 19, 18, 17, 1])
    s.execute(cmd.Cast("mirelle", "Bless", targets=("ayla",)))
    for _ in range(5 * 10):
        s.execute(cmd.NextTurn())
    assert chips(s, "mirelle") == [] and chips(s, "ayla") == []


def test_hunters_mark_repeat_keeps_the_same_concentration():
    # ref: Damage riders on hits — "it marks the new target under the same concentration"
    rhea = evolve(caster("rhea", "Rhea"), spells=("Hunter's Mark",))
    s = running(campaign(rhea, creature("orc", "Orc"), creature("gob", "Gob")), [20, 10, 5])
    s.execute(cmd.Cast("rhea", "Hunter's Mark", targets=("orc",)))
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    s.execute(cmd.Cast("rhea", "Hunter's Mark", targets=("gob",), repeat=True))
    assert chips(s, "rhea") == [("Concentrating", "rhea", "Hunter's Mark")]
    assert chips(s, "gob") == [("Hunter's Mark", "rhea", "Hunter's Mark")]


def test_end_concentration_has_a_text_form_and_survives_the_journal():
    # ref: DESIGN.md §5 — every action has a one-line text form
    state = blessed_party().state
    parsed = parse("concentration Mirelle end", state)
    assert parsed.command == EndConcentration("mirelle")
    assert format_command(parsed.command, state) == "concentration Mirelle end"
    data = json.loads(json.dumps(command_to_data(parsed.command)))
    assert command_from_data(data, "dnd5e") == parsed.command
    for line, message in (("concentration Mirelle", "needs a name, then end"),
                          ("concentration end", "needs a name, then end")):  # fmt: skip
        with pytest.raises(CommandRejected, match=message):
            parse(line, state)
