"""Spells as the 5e rules of issue 3 reach them: spell attacks, spell saves, healing and raising,
chips that act on later turns, and armor that stops casting."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.core.text import format_command, parse
from combat_tui.library import armor as a
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import Abilities, Chip, ClassLevel
from tests.systems.dnd5e.helpers import campaign, character, creature, current, hp, running


def wizard(**changes):
    base = character("wiz", "Wiz", hp=20, ac=12)
    base = evolve(base, abilities=Abilities(intelligence=18, dexterity=14), spellcasting="intelligence",
                  classes=(ClassLevel("Wizard", 3),), slots=(4, 2))  # fmt: skip
    return evolve(base, **changes)


def fight(*, wiz=None, orc=None, more=()):
    wiz = wiz or wizard()
    orc = orc or creature("orc", hp=30, ac=13)
    return running(campaign(wiz, orc, *more))


def cast(s, spell, *targets, **options):
    # These tests cast many spells in one turn: the turn's cost is tested in test_economy.py.
    options.setdefault("ignore_cost", True)
    return s.execute(cmd.Cast("wiz", spell, options.pop("level", 0), tuple(targets), **options))


def test_a_spell_attack_uses_prof_and_the_casting_modifier_and_the_conditions():
    # ref: Conditions — the conditions apply to "a spell attack"; Advantage and disadvantage — chips on both sides
    s = fight()
    s.execute(cmd.AddChip("wiz", "Poisoned"))
    s.execute(cmd.AddChip("orc", "Prone"))
    s.dice.force([14, 6, 5])
    entry = cast(s, "Fire Bolt", "orc")
    assert entry.lines == (
        "Wiz casts Fire Bolt on Orc.",
        "Fire Bolt (spell attack) on Orc: d20 6 (at disadvantage (dropped 14), Poisoned disadvantage, "
        "Prone target disadvantage) + 6 = 12 vs AC 13, miss.",
    )
    assert hp(s, "orc") == 30


def test_a_spell_save_that_fails_at_once_rolls_nothing_and_names_the_chip():
    # ref: Conditions — "A save that fails at once never reaches the dice, and the log names the chip that failed it."
    s = fight()
    s.execute(cmd.AddChip("orc", "Stunned"))
    s.dice.force([2, 2, 2])
    entry = cast(s, "Burning Hands", "orc")
    assert entry.lines[2] == "Orc fails the Dexterity save against Burning Hands automatically (Stunned); no roll."
    assert entry.lines[3] == "Orc takes 6 fire damage (30 → 24 HP)."
    assert entry.faces == (2, 2, 2)


def test_half_on_a_save_then_the_defenses():
    # ref: Damage and damage defenses — "For a spell with half damage on a successful save, the save halves first, and the defenses apply after that."
    s = fight(orc=evolve(creature("orc", hp=30, ac=13, dexterity=10), resistances=("fire",)))
    s.dice.force([6, 6, 5, 20])  # 17 fire; the save succeeds: 8.5, then resistance: 4.25 → 4
    entry = cast(s, "Burning Hands", "orc")
    assert entry.lines[-1] == "Orc takes 4 fire damage (resistance to fire: 8 → 4) (30 → 26 HP)."


def test_a_str_or_dex_save_spell_at_disadvantage_for_untrained_armor_and_bless_adds_to_the_save():
    # ref: Armor proficiency — "A spell that forces a STR or DEX save makes the wearer roll that save at disadvantage."
    # ref: Conditions — Bless counts on a spell save too
    target = evolve(character("kay", "Kay", hp=30, dexterity=10), armor=a.PLATE, chips=(Chip("Bless"),))
    s = fight(more=(target,))
    s.dice.force([1, 1, 1, 18, 9, 2])
    entry = cast(s, "Burning Hands", "kay")
    assert entry.lines[2] == ("Kay fails the Dexterity save against Burning Hands: d20 9 (at disadvantage (dropped 18), "
                              "not proficient with Plate disadvantage) + 0 + 1d4 2 Bless = 11 vs DC 14.")  # fmt: skip


def test_untrained_armor_stops_casting_unless_ignored_and_spends_nothing():
    # ref: Armor proficiency — "The character cannot cast a spell. The refusal names the armor and spends nothing. The cast dialog offers an Ignore armor box"
    s = fight(wiz=wizard(armor=a.CHAIN_MAIL))
    with pytest.raises(CommandRejected, match=r"not proficient with \(Chain mail\)|\(Chain mail\)"):
        cast(s, "Magic Missile", "orc")
    assert s.state.actor("wiz").slots == (4, 2)
    s.dice.force([1, 1, 1])
    cast(s, "Magic Missile", "orc", ignore_armor=True)
    assert s.state.actor("wiz").slots == (3, 2) and hp(s, "orc") == 24


def test_slots_are_spent_lowest_first_and_a_cast_without_one_is_refused():
    s = fight(wiz=wizard(slots=(1, 0)))
    s.dice.force([1, 1, 1])
    cast(s, "Magic Missile", "orc")
    assert s.state.actor("wiz").slots == (0, 0)
    with pytest.raises(CommandRejected, match="no spell slot left"):
        cast(s, "Magic Missile", "orc")
    s.dice.force([15, 1])
    cast(s, "Fire Bolt", "orc")  # a cantrip spends nothing
    s = fight(wiz=wizard(spells=("Fire Bolt",)))
    with pytest.raises(CommandRejected, match="Wiz does not have Cure Wounds"):
        cast(s, "Cure Wounds", "wiz")


def test_magic_missile_one_more_dart_a_slot_level():
    s = fight()
    s.dice.force([1, 2, 3, 4])
    entry = cast(s, "Magic Missile", "orc", level=2)
    assert hp(s, "orc") == 30 - (2 + 3 + 4 + 5)
    assert entry.lines[0] == "Wiz casts Magic Missile at 2nd level on Orc."


def test_hold_person_repeats_the_save_at_the_end_of_each_turn_even_stepped_past():
    # ref: Conditions — "A target that loses its turn still has that turn end, so Next turn rolls the save as it steps past the target. A success ends the condition, but the target still loses the turn"
    imp = creature("imp", hp=5)
    s = fight(more=(imp,))
    s.dice.force([3])
    cast(s, "Hold Person", "orc")
    assert [c.name for c in s.state.actor("orc").chips] == ["Paralyzed"]
    s.dice.force([5])  # the wizard's turn ends (no save), the orc is stepped past: it saves and fails
    entry = s.execute(cmd.NextTurn())
    assert current(s) == "imp"
    assert entry.lines == ("Orc fails the Wisdom save against Hold Person: d20 5 + 0 = 5 vs DC 14.", "Imp's turn.")
    s.execute(cmd.NextTurn())
    s.dice.force([19])
    entry = s.execute(cmd.NextTurn())
    assert entry.lines[:2] == ("Orc succeeds the Wisdom save against Hold Person: d20 19 + 0 = 19 vs DC 14.",
                               "The save ends Paralyzed on Orc.")  # fmt: skip
    assert current(s) == "imp"  # it still lost the turn it was held for


def test_acid_arrow_deals_its_later_damage_at_the_end_of_the_targets_next_turn():
    # ref: Conditions — "Some chips deal damage at the end of each turn of their holder, such as the chip of Acid Arrow."
    s = fight()
    s.dice.force([15, 1, 1, 1, 1])
    cast(s, "Acid Arrow", "orc")
    assert hp(s, "orc") == 26
    s.execute(cmd.NextTurn())  # the orc's turn starts
    s.dice.force([2, 3])
    entry = s.execute(cmd.NextTurn())  # and ends
    assert entry.lines[:2] == ("Acid Arrow deals 2d4 2+3 = 5 acid to Orc at the end of the turn.", "Orc takes 5 acid damage (26 → 21 HP).")
    assert s.state.actor("orc").chips == ()


def test_acid_arrow_on_a_miss_deals_half_and_nothing_later():
    s = fight()
    s.dice.force([2, 4, 4, 4, 3])
    entry = cast(s, "Acid Arrow", "orc")
    assert entry.lines[-1] == "Orc takes 7 acid damage (30 → 23 HP)."
    assert s.state.actor("orc").chips == ()


def test_a_dying_character_takes_chip_damage_as_a_failed_death_save():
    # ref: Conditions — "A dying character still takes this damage, and each hit costs it a failed death save."
    acid = Chip("Acid Arrow", 0, "wiz", "Acid Arrow", damage="2d4", damage_type="acid")
    kay = evolve(character("kay", "Kay", hp=10), hp=0, chips=(Chip("Unconscious"), acid))
    s = running(campaign(kay, wizard(), creature("orc", hp=5)))
    while current(s) != "kay":
        s.execute(cmd.NextTurn())
    s.dice.force([1, 1])
    entry = s.execute(cmd.NextTurn())  # Kay's turn ends
    assert entry.lines[:3] == ("Acid Arrow deals 2d4 1+1 = 2 acid to Kay at the end of the turn.",
                               "Kay takes 2 acid damage (0 → 0 HP).",
                               "The damage costs Kay a failed death save (failures 1).")  # fmt: skip


def test_owed_chip_damage_lands_when_the_fight_ends():
    # ref: Conditions — "When the fight ends, the damage that such a chip still owes lands at once."
    s = fight()
    s.dice.force([15, 1, 1, 1, 1])
    cast(s, "Acid Arrow", "orc")
    s.dice.force([4, 4])
    entry = s.execute(cmd.EndFight(0))
    assert entry.lines[:2] == ("Acid Arrow deals 2d4 4+4 = 8 acid to Orc as the fight ends (owed).", "Orc takes 8 acid damage (26 → 18 HP).")


def test_healing_spells_do_nothing_for_a_creature_at_0_hp_or_the_dead():
    # ref: Death saves — "A healing spell has no effect on a creature at 0 HP" "A dead character regains no HP ... and the combat log says so."
    cleric = wizard(spells=(), spellcasting="wisdom")
    s = fight(wiz=cleric)
    s.execute(cmd.ApplyDamage("orc", 30))
    assert cast(s, "Cure Wounds", "orc").lines[-1] == "It has no effect on Orc (a creature at 0 HP regains nothing from a healing spell)."
    dead = evolve(character("kay", "Kay", hp=10), hp=0, death_failures=3)
    s = fight(wiz=cleric, more=(dead,))
    s.dice.force([5])
    assert cast(s, "Cure Wounds", "kay").lines[-1] == "Kay is dead and regains no HP."


def test_revivify_and_raise_dead_bring_back_only_the_dead():
    # ref: Death saves — "Revivify and Raise Dead ... Each clears the tracker and heals the character to 1 HP. Neither has an effect on a character that is not dead, a dying one included."
    dead = evolve(character("kay", "Kay", hp=10), hp=0, death_failures=3, chips=(Chip("Unconscious"),))
    dying = evolve(character("lou", "Lou", hp=10), hp=0, death_failures=1)
    s = fight(wiz=wizard(slots=(4, 3, 3, 3, 3)), more=(dead, dying))
    assert cast(s, "Revivify", "kay").lines[-1] == "Kay returns to life with 1 HP."
    kay = s.state.actor("kay")
    assert (kay.hp, kay.death_failures, kay.chips) == (1, 0, ())
    assert cast(s, "Raise Dead", "lou").lines[-1] == "It has no effect on Lou (not dead)."
    s.execute(cmd.ApplyDamage("orc", 30))
    cast(s, "Revivify", "orc")
    assert hp(s, "orc") == 1  # ref: Death saves — "Revivify and Raise Dead bring a creature at 0 HP back to 1 HP."


def test_spare_the_dying_stabilizes_only_the_dying():
    # ref: Death saves — "Spare the Dying stabilizes a dying character ... It has no effect on a character that is not dying, or on a creature."
    s = fight(more=(character("kay", "Kay", hp=10),))
    assert cast(s, "Spare the Dying", "kay").lines[-1] == "It has no effect on Kay (not dying)."
    assert cast(s, "Spare the Dying", "orc").lines[-1] == "It has no effect on Orc (a creature)."
    s.execute(cmd.ApplyDamage("kay", 10))
    cast(s, "Spare the Dying", "kay")
    assert s.state.actor("kay").stable


def test_sleep_adds_unconscious_and_prone_but_a_hand_added_unconscious_does_not():
    # ref: Death saves — "A cast that puts Unconscious on a target, such as Sleep, also adds Prone. An Unconscious chip that you add by hand does not."
    imp = creature("imp", hp=5)
    s = fight(more=(imp,))
    s.dice.force([2, 2, 2, 2, 2])
    entry = cast(s, "Sleep", "imp", "orc")
    assert [c.name for c in s.state.actor("imp").chips] == ["Unconscious", "Prone"]
    assert s.state.actor("orc").chips == ()
    assert entry.lines[-1] == "It has no effect on Orc (30 HP is more than the 5 left)."
    s.execute(cmd.AddChip("orc", "Unconscious"))
    assert [c.name for c in s.state.actor("orc").chips] == ["Unconscious"]


def test_chip_spells_keep_casters_apart():
    # ref: Conditions — "Two casters who put a chip of the same name on one combatant each leave their own chip."
    other = wizard(id="wiz2", name="Wiz Two")
    s = fight(more=(other,))
    cast(s, "Bless", "orc")
    s.execute(cmd.Cast("wiz2", "Bless", 0, ("orc",)))
    assert [(c.name, c.caster) for c in s.state.actor("orc").chips] == [("Bless", "wiz"), ("Bless", "wiz2")]


def test_cast_text_form(sample):
    s = running(sample)
    parsed = parse("cast Bren Burning Hands at 2 on Goblin 1, Goblin 2 dis", s.state)
    assert parsed.command == cmd.Cast("bren", "Burning Hands", 2, ("goblin-1", "goblin-2"), "dis")
    assert format_command(parsed.command, s.state) == "cast Bren 'Burning Hands' at 2 on Goblin 1, Goblin 2 dis"
    assert parse(format_command(parsed.command, s.state), s.state).command == parsed.command
    parsed = parse('cast Bren "Protection from Energy" on Mirelle fire', s.state)
    assert parsed.command == cmd.Cast("bren", "Protection from Energy", 0, ("mirelle",), option="fire")
    with pytest.raises(CommandRejected, match="no spell called 'Wibble'"):  # Wish is in the SRD catalog
        run_line(s, "cast Bren Wibble on Bren")
