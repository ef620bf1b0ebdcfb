"""Condition chips (issue 3, item 5): the eleven 5e conditions with rules and chip upkeep."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.conditions import CONDITIONS, add_chip, chip_tooltip, conditions_of, rule_of
from combat_tui.systems.dnd5e.model import Chip
from tests.systems.dnd5e.helpers import campaign, character, creature, current, hp, running


def fight(*, hero=None, orc=None, imp=None, seed=0):
    hero = hero or character("hero", strength=16, dexterity=14, hp=20, ac=15)
    orc = orc or creature("orc", strength=16, hp=15, ac=13, weapons=(w.SCIMITAR, w.JAVELIN))
    actors = [hero, orc] + ([imp] if imp else [])
    return running(campaign(*actors), seed=seed)


def chips(s, ref):
    return [(c.name, c.rounds) for c in s.state.actor(ref).chips]


def test_the_eleven_conditions_have_rules_and_charmed_deafened_grappled_have_none():
    # ref: Conditions — "Eleven condition names have rules." "Charmed, Deafened, and Grappled have no rule."
    names = {"Blinded", "Frightened", "Incapacitated", "Invisible", "Paralyzed", "Petrified", "Poisoned",
             "Prone", "Restrained", "Stunned", "Unconscious"}  # fmt: skip
    assert names <= {c.name for c in CONDITIONS.values()}
    for none in ("Charmed", "Deafened", "Grappled", "Hexed"):
        assert rule_of(none) is None


def test_a_chip_matches_by_name_ignoring_case():
    # ref: Conditions — "A chip that you type matches a row when it spells one of the names above. Case does not matter."
    s = fight()
    s.execute(cmd.AddChip("orc", "pOISONED"))
    assert chips(s, "orc") == [("Poisoned", 0)]
    assert [c.name for c in conditions_of(s.state.actor("orc"))] == ["Poisoned"]


def test_any_other_chip_has_no_rule():
    # ref: Conditions — "Any other chip has no rule."
    s = fight()
    entry = s.execute(cmd.AddChip("orc", "Charmed"))
    assert conditions_of(s.state.actor("orc")) == ()
    assert entry.lines == ("Orc is Charmed.",)
    s.dice.force([10])
    line = s.execute(cmd.Attack("orc", "hero", "Scimitar")).lines[0]
    assert "d20 10 +" in line and "advantage" not in line


def test_poisoned_attacker_rolls_at_disadvantage_and_the_log_names_it():
    # ref: Conditions (Poisoned: disadvantage on attack rolls); Advantage and disadvantage — the log names the chip
    s = fight()
    s.execute(cmd.AddChip("orc", "Poisoned"))
    s.dice.force([18, 4])
    entry = s.execute(cmd.Attack("orc", "hero", "Scimitar"))
    assert entry.lines[0].startswith("Orc attacks Hero with Scimitar: d20 4 (at disadvantage (dropped 18), Poisoned disadvantage)")
    assert entry.lines[0].endswith("miss.")


@pytest.mark.parametrize("condition", ["Blinded", "Frightened", "Poisoned", "Prone", "Restrained"])
def test_conditions_that_slant_the_holders_attacks_down(condition):
    # ref: Conditions — Blinded, Frightened, Poisoned, Prone, Restrained: its attack rolls have disadvantage
    s = fight()
    s.execute(cmd.AddChip("hero", condition))
    s.dice.force([15, 3])
    line = s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    assert f"d20 3 (at disadvantage (dropped 15), {condition} disadvantage)" in line


def test_invisible_attacker_has_advantage_and_is_hard_to_hit():
    # ref: Conditions — Invisible: its attack rolls have advantage, attack rolls against it disadvantage
    s = fight()
    s.execute(cmd.AddChip("hero", "Invisible"))
    s.dice.force([3, 15])
    assert "d20 15 (at advantage (dropped 3), Invisible advantage)" in s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    s.dice.force([15, 3])
    assert "d20 3 (at disadvantage (dropped 15), Invisible target disadvantage)" in s.execute(cmd.Attack("orc", "hero", "Scimitar")).lines[0]


@pytest.mark.parametrize("condition", ["Blinded", "Paralyzed", "Petrified", "Restrained", "Stunned", "Unconscious"])
def test_conditions_that_give_advantage_to_attacks_against_the_holder(condition):
    # ref: Conditions — attack rolls against a Blinded, Paralyzed, Petrified, Restrained, Stunned or Unconscious creature have advantage
    s = fight()
    s.execute(cmd.AddChip("orc", condition))
    s.dice.force([2, 9, 1, 1])
    line = s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    assert f"d20 9 (at advantage (dropped 2), {condition} target advantage)" in line


def test_prone_target_melee_advantage_ranged_and_thrown_disadvantage():
    # ref: Attack rolls — "The throws count as ranged attacks. So a prone defender is harder to hit with a throw and easier to hit with a melee swing."
    s = fight()
    s.execute(cmd.AddChip("hero", "Prone"))
    s.dice.force([4, 12, 1])
    assert "(at advantage (dropped 4), Prone target advantage)" in s.execute(cmd.Attack("orc", "hero", "Scimitar")).lines[0]
    s.dice.force([4, 12])
    line = s.execute(cmd.Attack("orc", "hero", "Javelin", thrown=True)).lines[0]
    assert line.startswith("Orc attacks Hero with Javelin (thrown): d20 4 (at disadvantage (dropped 12), Prone target disadvantage)")


def test_a_melee_hit_on_a_paralyzed_or_unconscious_target_is_critical_but_a_shot_is_not():
    # ref: Conditions — Paralyzed / Unconscious: any hit from an attacker within 5 feet is a critical hit
    s = fight()
    s.execute(cmd.AddChip("orc", "Paralyzed"))
    s.dice.force([5, 10, 2, 3])  # advantage keeps 10: 10 + 3 + 2 = 15 vs 13, hit; 2d8 on a critical
    entry = s.execute(cmd.Attack("hero", "orc", "Longsword"))
    assert entry.lines[0].endswith("hit, a critical hit (Paralyzed target within 5 feet)!")
    assert entry.lines[1].startswith("Damage (critical hit: every die rolled twice): 2d8 2+3")
    s2 = fight()
    s2.execute(cmd.AddChip("orc", "Unconscious"))
    s2.dice.force([15, 4, 4])
    entry = s2.execute(cmd.Attack("hero", "orc", "Longsword", mode="normal"))
    assert "critical" in entry.lines[0]


def test_a_thrown_hit_on_a_paralyzed_target_is_not_critical():
    # ref: Conditions — the automatic critical needs the attacker within 5 feet; a throw counts as ranged
    hero = character("hero", strength=16, hp=20, weapons=(w.JAVELIN,))
    s = fight(hero=hero)
    s.execute(cmd.AddChip("orc", "Paralyzed"))
    s.dice.force([5, 12, 4])
    entry = s.execute(cmd.Attack("hero", "orc", "Javelin", thrown=True))
    assert "critical" not in entry.lines[0] and entry.lines[0].endswith("hit.")


@pytest.mark.parametrize("condition", ["Incapacitated", "Paralyzed", "Petrified", "Stunned"])
def test_an_incapacitated_combatant_cannot_attack_and_loses_its_turn_silently(condition):
    # ref: Conditions — "A combatant that loses its turn keeps its place in the initiative order. Next turn steps past it without a message."
    imp = creature("imp", hp=5)
    s = fight(imp=imp)
    assert [c.ref for c in s.state.fight.combatants] == ["hero", "orc", "imp"]
    s.execute(cmd.AddChip("orc", condition))
    with pytest.raises(CommandRejected, match=f"Orc is {condition} and cannot act"):
        s.execute(cmd.Attack("orc", "hero", "Scimitar"))
    entry = s.execute(cmd.NextTurn())
    assert current(s) == "imp"
    assert entry.lines == ("Imp's turn.",)
    assert [c.ref for c in s.state.fight.combatants] == ["hero", "orc", "imp"]


def test_a_dying_character_keeps_its_turns_though_unconscious():
    # ref: Death saves — "In a fight, a dying character keeps its place in the turn order."
    s = fight()
    s.execute(cmd.ApplyDamage("hero", 20))
    assert ("Unconscious", 0) in chips(s, "hero")
    s.execute(cmd.NextTurn())
    entry = s.execute(cmd.NextTurn())
    assert current(s) == "hero"
    assert entry.lines[-1] == "Hero is dying. Roll a death save."


@pytest.mark.parametrize("condition", ["Paralyzed", "Petrified", "Stunned", "Unconscious"])
def test_auto_fail_saves_never_reach_the_dice_and_the_log_names_the_chip(condition):
    # ref: Conditions — "A save that fails at once never reaches the dice, and the log names the chip that failed it."
    s = fight()
    s.execute(cmd.AddChip("orc", condition))
    s.dice.force([20])
    for ability in ("strength", "dexterity"):
        entry = s.execute(cmd.RollSave("orc", ability))
        assert entry.lines == (f"Orc fails the {ability.capitalize()} save automatically ({condition}); no roll.",)
        assert entry.faces == ()
    assert list(s.dice.forced) == [20]
    entry = s.execute(cmd.RollSave("orc", "constitution"))
    assert entry.lines == ("Orc rolls a Constitution save: d20 20 + 0 = 20.",)


def test_restrained_dex_saves_at_disadvantage():
    # ref: Conditions — Restrained: disadvantage on Dexterity saving throws
    s = fight()
    s.execute(cmd.AddChip("hero", "restrained"))
    s.dice.force([17, 6])
    assert s.execute(cmd.RollSave("hero", "dexterity")).lines == (
        "Hero rolls a Dexterity save: d20 6 (at disadvantage (dropped 17), Restrained disadvantage) + 2 = 8.",
    )


@pytest.mark.parametrize("condition", ["Frightened", "Poisoned"])
def test_frightened_and_poisoned_checks_at_disadvantage(condition):
    # ref: Conditions — Frightened, Poisoned: disadvantage on ability checks
    s = fight()
    s.execute(cmd.AddChip("hero", condition))
    s.dice.force([17, 6])
    line = s.execute(cmd.RollCheck("hero", "athletics")).lines[0]
    assert line == f"Hero rolls an Athletics check: d20 6 (at disadvantage (dropped 17), {condition} disadvantage) + 3 = 9."


def test_petrified_resists_all_damage_and_suspends_poison():
    # ref: Conditions — Petrified: resistance to all damage; immune to poison
    s = fight()
    s.execute(cmd.AddChip("orc", "Poisoned"))
    s.execute(cmd.AddChip("orc", "Petrified"))
    assert [c.name for c in conditions_of(s.state.actor("orc"))] == ["Petrified"]
    assert s.execute(cmd.ApplyDamage("orc", 9, "slashing")).lines[0] == (
        "Orc takes 4 slashing damage (resistance to slashing (Petrified): 9 → 4) (15 → 11 HP)."
    )
    assert "immune to poison" in s.execute(cmd.ApplyDamage("orc", 5, "poison")).lines[0]


def test_timed_chips_count_down_at_the_start_of_each_round_and_end_on_their_own():
    # ref: Conditions — "Timed conditions count down at the start of each round and end on their own."
    s = fight()
    s.execute(cmd.AddChip("orc", "Poisoned", 2))
    s.execute(cmd.NextTurn())  # orc, round 1
    assert chips(s, "orc") == [("Poisoned", 2)]
    entry = s.execute(cmd.NextTurn())  # hero, round 2
    assert chips(s, "orc") == [("Poisoned", 1)]
    assert entry.lines == ("Round 2: Hero's turn.",)
    s.execute(cmd.NextTurn())
    entry = s.execute(cmd.NextTurn())  # round 3
    assert chips(s, "orc") == []
    assert entry.lines == ("Poisoned on Orc ends.", "Round 3: Hero's turn.")


def test_a_next_turn_chip_ends_at_the_start_of_that_combatants_next_turn():
    # ref: Conditions — "Some spell chips end at a turn boundary instead of a round count ... Such a chip shows 'next turn'."
    s = fight()
    s.execute(cmd.AddChip("orc", "Blinded", until_turn_of="hero"))
    assert "Ends at the start of Hero's next turn." in chip_tooltip(s.state.actor("orc").chips[0], {"hero": "Hero"})
    s.execute(cmd.NextTurn())
    assert chips(s, "orc") == [("Blinded", 0)]
    entry = s.execute(cmd.NextTurn())
    assert chips(s, "orc") == []
    assert entry.lines == ("Blinded on Orc ends.", "Round 2: Hero's turn.")


def test_a_stunned_combatant_whose_chip_ends_at_its_turn_acts_again():
    # ref: Conditions — a chip that lasts until the holder's next turn ends as that turn starts
    s = fight()
    s.execute(cmd.AddChip("orc", "Stunned", until_turn_of="orc"))
    entry = s.execute(cmd.NextTurn())
    assert current(s) == "orc"
    assert entry.lines == ("Stunned on Orc ends.", "Orc's turn.")


def test_chips_from_different_casters_stay_apart_and_count_once():
    # ref: Conditions — "Two casters who put a chip of the same name on one combatant each leave their own chip. ... The effect still counts once"
    s = fight()
    s.execute(cmd.AddChip("orc", "Restrained", 3, caster="hero"))
    s.execute(cmd.AddChip("orc", "Restrained", 1, caster="imp"))
    assert chips(s, "orc") == [("Restrained", 3), ("Restrained", 1)]
    s.dice.force([2, 9, 1])
    line = s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    assert line.count("Restrained") == 1
    s.execute(cmd.RemoveChip("orc", "Restrained", "imp"))
    assert chips(s, "orc") == [("Restrained", 3)]


def test_one_caster_keeps_one_chip_of_each_name_the_longer_one():
    # ref: Conditions — "From one caster, a combatant keeps one chip of each name. A longer chip ... stays"
    actor = creature("orc")
    actor, result = add_chip(actor, Chip("Poisoned", 3, "hero"))
    actor, result = add_chip(actor, Chip("poisoned", 5, "hero"))
    assert result == "replaced" and [(c.name, c.rounds) for c in actor.chips] == [("Poisoned", 5)]
    actor, result = add_chip(actor, Chip("Poisoned", 2, "hero"))
    assert result == "kept" and [(c.name, c.rounds) for c in actor.chips] == [("Poisoned", 5)]
    actor, result = add_chip(actor, Chip("Poisoned", 0, "hero"))
    assert result == "replaced" and actor.chips[0].rounds == 0


def test_a_condition_immunity_refuses_the_chip():
    # ref: Monsters / on-hit saves — "A creature immune to the condition keeps its chips, and the log says so."
    s = fight(orc=evolve(creature("orc", hp=15), condition_immunities=("poisoned",)))
    with pytest.raises(CommandRejected, match="immune to Poisoned"):
        s.execute(cmd.AddChip("orc", "Poisoned"))


def test_removing_a_chip_that_is_not_there_is_refused_and_names_the_chips():
    s = fight()
    s.execute(cmd.AddChip("orc", "Prone"))
    with pytest.raises(CommandRejected, match="no chip called 'Blinded'") as caught:
        s.execute(cmd.RemoveChip("orc", "Blinded"))
    assert "Prone" in caught.value.detail


def test_every_chip_has_a_tooltip_that_says_what_it_does_and_when_it_ends():
    # ref: Conditions — "Point at a chip to read what it does and when it ends."
    names = {"hero": "Hero"}
    assert chip_tooltip(Chip("Poisoned", 3), names) == (
        "Poisoned: Disadvantage on attack rolls and ability checks. Ends in 3 rounds (counts down at the start of each round)."
    )
    assert "Ends at the start of Hero's next turn." in chip_tooltip(Chip("Blinded", 0, "hero", "Sunbeam", "hero"), names)
    assert "From Hero (Sunbeam)." in chip_tooltip(Chip("Blinded", 0, "hero", "Sunbeam", "hero"), names)
    assert "No rule in the app" in chip_tooltip(Chip("Grappled"), names)
    assert chip_tooltip(Chip("Hexed"), names).endswith("Lasts until removed.")


def test_undo_takes_a_chip_back_off():
    s = fight()
    s.execute(cmd.AddChip("orc", "Prone"))
    s.undo()
    assert chips(s, "orc") == []
    assert hp(s, "orc") == 15
