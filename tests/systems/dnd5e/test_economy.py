"""The turn's economy: pips, their reset, Extra Attack, standard actions and Cunning Action."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.economy import attacks_per_action, pips
from combat_tui.systems.dnd5e.model import ClassLevel
from tests.systems.dnd5e.helpers import campaign, character, creature, current, running


def fighter(level=5, **kw):
    return evolve(character("aldric", "Ser Aldric", strength=16, **kw), classes=(ClassLevel("Fighter", level),))


def rogue(level=5):
    return evolve(character("ayla", "Ayla", dexterity=18, weapons=(w.RAPIER, w.DAGGER, w.SHORTBOW)),
                  classes=(ClassLevel("Rogue", level),))  # fmt: skip


def fight(*actors):
    actors = actors or (fighter(), creature("orc", "Orc", hp=60, ac=5))
    return running(campaign(*actors))


def test_a_swing_spends_the_action_and_a_second_swing_without_extra_attack_is_refused():
    # ref: Action, bonus action, and reaction — "the dialog refuses a swing or a cast that the turn cannot pay for"
    s = fight(character("kara", "Kara"), creature("orc", "Orc", hp=60, ac=5))
    s.dice.force([15, 3])
    s.execute(cmd.Attack("kara", "orc", "Longsword"))
    assert pips(s.state, "kara").action
    with pytest.raises(CommandRejected, match="Kara's Action is spent"):
        s.execute(cmd.Attack("kara", "orc", "Longsword"))
    # "The dialog then offers an Ignore action cost box that goes ahead anyway."
    s.dice.force([15, 3])
    assert s.execute(cmd.Attack("kara", "orc", "Longsword", ignore_cost=True)).lines[0].startswith("Kara attacks Orc")


def test_extra_attack_gives_two_swings_per_action_and_counts_them():
    # ref: Action, bonus action, and reaction — "A combatant with Extra Attack also shows how many swings are left."
    s = fight()
    assert attacks_per_action(s.state.actor("aldric")) == 2
    s.dice.force([15, 3])
    s.execute(cmd.Attack("aldric", "orc", "Longsword"))
    assert pips(s.state, "aldric").swings_left == 1
    s.dice.force([15, 3])
    s.execute(cmd.Attack("aldric", "orc", "Longsword"))
    assert pips(s.state, "aldric").swings_left == 0
    with pytest.raises(CommandRejected, match="no swing left in its Attack action"):
        s.execute(cmd.Attack("aldric", "orc", "Longsword"))


@pytest.mark.parametrize("level, swings", [(4, 1), (5, 2), (11, 3), (20, 4)])
def test_extra_attack_by_fighter_level(level, swings):
    # ref: Action, bonus action, and reaction — Extra Attack (2014 PHB: fighter 5, 11, 20)
    assert attacks_per_action(fighter(level)) == swings


def test_the_whole_turn_comes_back_when_the_turn_starts_again():
    # ref: Action, bonus action, and reaction — "The whole turn comes back when the turn of that combatant starts again."
    s = fight()
    s.dice.force([15, 3])
    s.execute(cmd.Attack("aldric", "orc", "Longsword"))
    s.execute(cmd.TogglePip("aldric", "bonus", True))
    s.execute(cmd.NextTurn())
    assert pips(s.state, "aldric").action  # spent until its own turn
    s.execute(cmd.NextTurn())
    assert current(s) == "aldric"
    p = pips(s.state, "aldric")
    assert (p.action, p.bonus, p.reaction, p.swings_left) == (False, False, False, 0)


def test_the_reaction_comes_back_at_the_owners_turn_not_the_top_of_the_round():
    # ref: Action, bonus action, and reaction — "The reaction comes back at the same time, not at the top of the round."
    s = running(campaign(fighter(), creature("orc", "Orc", hp=60, ac=5), creature("gob", "Gob", hp=60)), [20, 10, 1])
    s.execute(cmd.NextTurn())  # Orc's turn
    s.dice.force([15, 3])
    s.execute(cmd.Attack("aldric", "orc", "Longsword", use="opportunity"))
    s.execute(cmd.NextTurn())  # Gob
    s.execute(cmd.NextTurn())  # round 2: Aldric
    assert not pips(s.state, "aldric").reaction
    s.execute(cmd.NextTurn())
    s.execute(cmd.TogglePip("orc", "reaction", True))
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())  # round 3: the orc's reaction is still spent until its own turn
    assert pips(s.state, "orc").reaction


def test_a_combatant_stepped_past_gets_only_its_reaction_and_legendary_actions_back():
    # ref: Action, bonus action, and reaction — "A combatant that the turn order steps past because it cannot act ...
    # gets its reaction and its legendary actions back, and keeps the rest of what it spent."
    dragon = evolve(creature("dragon", "Dragon", hp=100), legendary_actions=3)
    s = running(campaign(fighter(), dragon, creature("orc", "Orc", hp=60)), [20, 10, 1])
    s.execute(cmd.NextTurn())  # the dragon's turn
    s.execute(cmd.TogglePip("dragon", "bonus", True))
    s.execute(cmd.NextTurn())  # the orc's
    s.execute(cmd.TogglePip("dragon", "reaction", True))
    s.dice.force([15, 3])
    s.execute(cmd.Attack("dragon", "aldric", "Scimitar", use="legendary"))
    s.execute(cmd.AddChip("dragon", "Stunned"))
    s.execute(cmd.NextTurn())  # Aldric
    s.execute(cmd.NextTurn())  # steps past the stunned dragon to the orc
    assert current(s) == "orc"
    c = s.state.fight.find("dragon")
    assert (c.reaction_used, c.legendary_used, c.bonus_used) == (False, 0, True)


def test_a_dead_or_defeated_combatant_gets_nothing_back():
    # ref: Action, bonus action, and reaction — "A combatant that is dead or defeated gets nothing back."
    s = running(campaign(fighter(), creature("orc", "Orc", hp=60), creature("gob", "Gob", hp=5)), [20, 10, 1])
    s.execute(cmd.NextTurn())
    s.execute(cmd.TogglePip("gob", "reaction", True))
    s.execute(cmd.ApplyDamage("gob", 5))
    s.execute(cmd.NextTurn())
    s.execute(cmd.NextTurn())
    assert s.state.fight.find("gob").reaction_used


def test_pressing_a_pip_marks_it_used_or_free_and_the_log_records_it():
    # ref: Action, bonus action, and reaction — "Press a free pip to mark that cost used ... Press a used pip to mark it free again ... The combat log records each press."
    s = fight()
    assert s.execute(cmd.TogglePip("aldric", "bonus", True)).lines == ("Ser Aldric's Bonus action is marked used.",)
    assert s.execute(cmd.TogglePip("aldric", "bonus", False)).lines == ("Ser Aldric's Bonus action is marked free.",)
    with pytest.raises(CommandRejected, match="already free"):
        s.execute(cmd.TogglePip("aldric", "bonus", False))


def test_a_surprised_combatant_has_its_pips_spent():
    # ref: Surprise — "Until its first turn ends, its Reaction pip is spent. On that first turn, the Action and Bonus action pips are spent too"
    s = fight()
    s.execute(cmd.AddChip("orc", "Surprised"))
    p = pips(s.state, "orc")
    assert (p.action, p.bonus, p.reaction) == (True, True, True)


def test_a_standard_action_spends_the_action_and_writes_the_log_line():
    # ref: Action, bonus action, and reaction — "A button spends the action and writes a log line, such as 'Ser Aldric takes the Dash action.'"
    s = fight()
    assert s.execute(cmd.TakeAction("aldric", "dash")).lines == ("Ser Aldric takes the Dash action.",)
    assert pips(s.state, "aldric").action
    # "A button whose cost the turn already spent shows a toast and does nothing"
    with pytest.raises(CommandRejected, match="Action is spent"):
        s.execute(cmd.TakeAction("aldric", "Hide"))


def test_dodge_puts_a_dodging_chip_until_the_start_of_the_next_turn():
    # ref: Action, bonus action, and reaction — "Dodge also puts a Dodging chip on the combatant until the start of its next turn, and attack rolls against a Dodging creature roll at disadvantage. The Dodging creature rolls its Dexterity saves at advantage"
    s = fight()
    lines = s.execute(cmd.TakeAction("aldric", "Dodge")).lines
    assert lines == ("Ser Aldric takes the Dodge action.", "Ser Aldric is Dodging until the start of Ser Aldric's next turn.")
    s.execute(cmd.NextTurn())
    s.dice.force([18, 4])
    line = s.execute(cmd.Attack("orc", "aldric", "Scimitar")).lines[0]
    assert "d20 4 (at disadvantage (dropped 18), Dodging target disadvantage)" in line
    s.dice.force([3, 17])
    assert "at advantage (dropped 3), Dodging advantage" in s.execute(cmd.RollSave("aldric", "dexterity")).lines[0]
    s.execute(cmd.NextTurn())
    assert not s.state.actor("aldric").chips


def test_cunning_action_spends_the_bonus_action_from_rogue_2():
    # ref: Action, bonus action, and reaction — "A Rogue of 2nd level or higher also gets a Cunning Action (bonus action) group with Dash, Disengage, and Hide, which spend the bonus action instead."
    s = fight(rogue(), creature("orc", "Orc"))
    assert s.execute(cmd.TakeAction("ayla", "Dash", bonus=True)).lines == (
        "Ayla takes the Dash action as a bonus action (Cunning Action).",
    )
    p = pips(s.state, "ayla")
    assert (p.action, p.bonus) == (False, True)
    with pytest.raises(CommandRejected, match="Cunning Action offers Dash, Disengage, Hide, not Dodge"):
        s.execute(cmd.TakeAction("ayla", "Dodge", bonus=True))
    s2 = fight(rogue(1), creature("orc", "Orc"))
    with pytest.raises(CommandRejected, match="no Cunning Action"):
        s2.execute(cmd.TakeAction("ayla", "Hide", bonus=True))


def test_a_spell_costs_its_casting_time_and_a_long_casting_time_is_refused():
    # ref: Action, bonus action, and reaction — "A casting time longer than a turn, such as a ten-minute ritual, is refused in a fight in the same way, and it offers the same box."
    cleric = evolve(character("mir", "Mirelle"), spellcasting="wisdom", spells=("Healing Word", "Raise Dead", "Sacred Flame"),
                    slots=(4, 3, 3, 3, 3))  # fmt: skip
    s = fight(cleric, creature("orc", "Orc", hp=60))
    s.dice.force([2])
    s.execute(cmd.Cast("mir", "Healing Word", targets=("mir",)))
    p = pips(s.state, "mir")
    assert (p.action, p.bonus) == (False, True)  # Healing Word is a bonus action
    with pytest.raises(CommandRejected, match="Raise Dead takes 1 hour to cast"):
        s.execute(cmd.Cast("mir", "Raise Dead", targets=("mir",)))
    s.dice.force([3, 15])
    s.execute(cmd.Cast("mir", "Sacred Flame", targets=("orc",)))
    with pytest.raises(CommandRejected, match="Action is spent"):
        s.execute(cmd.Cast("mir", "Sacred Flame", targets=("orc",)))


def test_a_turned_creature_takes_no_reactions():
    # ref: Action, bonus action, and reaction — "a Turned creature takes no reactions"
    s = fight()
    s.execute(cmd.AddChip("orc", "Turned"))
    assert pips(s.state, "orc").reaction
    with pytest.raises(CommandRejected, match="Turned and takes no reactions"):
        s.execute(cmd.Attack("orc", "aldric", "Scimitar", use="opportunity"))


def test_out_of_turn_swing_that_names_no_cost_spends_nothing():
    # The GM's own call (issue silent): only a swing named opportunity or legendary pays between turns.
    s = fight()
    s.dice.force([2])
    s.execute(cmd.Attack("orc", "aldric", "Scimitar"))
    assert s.state.fight.find("orc") == evolve(s.state.fight.find("orc"), action_used=False, reaction_used=False)
