"""Exhaustion, 2014 rules (issue 3, item 7)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.exhaustion import effects, max_hp, speed
from tests.systems.dnd5e.helpers import campaign, character, creature, current, hp, running


def fight():
    hero = character("hero", strength=16, dexterity=14, hp=20, ac=15)
    return running(campaign(hero, creature("orc", hp=15, ac=13, weapons=(w.SCIMITAR,)), creature("imp", hp=5)))


def test_exhaustion_is_a_number_from_0_to_6_not_a_chip():
    # ref: Exhaustion — "Exhaustion is a level from 0 to 6, not a chip, and the app stores it as its own number."
    s = fight()
    assert s.execute(cmd.SetExhaustion("hero", 2)).lines == ("Hero is at exhaustion 2 (was 0): speed halved.",)
    assert s.state.actor("hero").exhaustion == 2 and s.state.actor("hero").chips == ()
    for bad in (-1, 7):
        with pytest.raises(CommandRejected, match="from 0 to 6"):
            s.execute(cmd.SetExhaustion("hero", bad))


def test_each_level_keeps_the_effects_of_the_levels_below():
    # ref: Exhaustion — "Each level keeps the effects of the levels below it."
    assert effects(3) == ("disadvantage on ability checks", "speed halved", "disadvantage on attack rolls and saving throws")
    hero = character("hero", hp=20)
    from attrs import evolve

    assert speed(evolve(hero, exhaustion=1)) == 30
    assert speed(evolve(hero, exhaustion=2)) == 15
    assert speed(evolve(hero, exhaustion=5)) == 0
    assert max_hp(evolve(hero, exhaustion=3)) == 20
    assert max_hp(evolve(hero, exhaustion=4)) == 10


def test_level_1_gives_disadvantage_on_checks_and_the_log_names_the_level():
    # ref: Exhaustion — "The log line of a slanted roll names the level, such as 'Exhaustion 3 disadvantage'."
    s = fight()
    s.execute(cmd.SetExhaustion("hero", 1))
    s.dice.force([17, 6, 11])
    assert "(at disadvantage (dropped 17), Exhaustion 1 disadvantage)" in s.execute(cmd.RollCheck("hero", "athletics")).lines[0]
    assert "Exhaustion" not in s.execute(cmd.RollSave("hero", "strength")).lines[0]


def test_level_3_gives_disadvantage_on_attacks_and_saves():
    # ref: Exhaustion — level 3, "Exhaustion 3 disadvantage"
    s = fight()
    s.execute(cmd.SetExhaustion("hero", 3))
    s.dice.force([17, 6])
    assert "d20 6 (at disadvantage (dropped 17), Exhaustion 3 disadvantage)" in s.execute(cmd.Attack("hero", "orc", "Longsword")).lines[0]
    s.dice.force([17, 6])
    assert "Exhaustion 3 disadvantage" in s.execute(cmd.RollSave("hero", "wisdom")).lines[0]


def test_level_4_halves_the_hp_maximum():
    # ref: Exhaustion (2014) — level 4: hit point maximum halved
    s = fight()
    s.execute(cmd.SetExhaustion("hero", 4))
    assert hp(s, "hero") == 10
    s.execute(cmd.ApplyDamage("hero", 5))
    s.execute(cmd.Heal("hero", 20))
    assert hp(s, "hero") == 10


def test_level_6_kills_a_character_by_three_failed_death_saves_with_hp_unchanged():
    # ref: Exhaustion — "A character gets three failed death saves and goes unconscious. The log says that the character died of exhaustion. The HP number stays where it was"
    s = fight()
    s.execute(cmd.SetExhaustion("hero", 5))
    entry = s.execute(cmd.SetExhaustion("hero", 6))
    hero = s.state.actor("hero")
    assert hero.dead and hero.death_failures == 3 and hero.hp == 10
    assert [c.name for c in hero.chips] == ["Unconscious"]
    assert entry.lines == ("Hero is at exhaustion 6 (was 5): death.", "Hero dies of exhaustion (three failed death saves, HP unchanged).")
    assert s.execute(cmd.Heal("hero", 5)).lines == ("Hero is dead and regains no HP.",)


def test_level_6_drops_a_creature_to_0_hp_like_a_killing_blow():
    # ref: Exhaustion — "A creature goes to 0 HP and drops out of the fight, the same as a killing blow."
    s = fight()
    entry = s.execute(cmd.SetExhaustion("orc", 6))
    assert hp(s, "orc") == 0
    assert entry.lines == ("Orc is at exhaustion 6 (was 0): death.", "Orc is defeated.")
    s.execute(cmd.NextTurn())
    assert current(s) == "imp"


def test_a_heal_that_brings_a_creature_back_lowers_6_to_5():
    # ref: issue 3 item 7 — "a heal that brings one back lowers 6 to 5"
    s = fight()
    s.execute(cmd.SetExhaustion("orc", 6))
    entry = s.execute(cmd.Heal("orc", 20))
    orc = s.state.actor("orc")
    assert orc.exhaustion == 5 and orc.hp == 7  # level 5 keeps level 4's halved maximum (15 // 2)
    assert entry.lines == ("Orc regains 7 HP (0 → 7 HP).", "Orc comes back with exhaustion 5 (was 6).")


def test_lowering_exhaustion_and_undo():
    s = fight()
    s.execute(cmd.SetExhaustion("hero", 2))
    assert s.execute(cmd.SetExhaustion("hero", 0)).lines == ("Hero is no longer exhausted (was exhaustion 2).",)
    s.undo()
    s.undo()
    assert s.state.actor("hero").exhaustion == 0
    with pytest.raises(CommandRejected, match="already at exhaustion 0"):
        s.execute(cmd.SetExhaustion("hero", 0))
