"""The Stealth contest of combat setup, with forced dice."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.library import armor as a
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.checks import passive_perception
from combat_tui.systems.dnd5e.model import Chip
from combat_tui.systems.dnd5e.stealth import contests
from tests.systems.dnd5e.helpers import campaign, character, creature, session


def _setup(*actors, sneaks: str = "party"):
    s = session(campaign(*actors))
    s.execute(cmd.OpenSetup())
    if sneaks != "none":
        s.execute(cmd.SetSneakers(sneaks))
    return s


def _surprised(s) -> dict[str, bool]:
    return {c.ref: c.surprised for c in s.state.fight.combatants}


def _wis(actor, wisdom: int):
    return evolve(actor, abilities=evolve(actor.abilities, wisdom=wisdom))


def test_passive_perception_is_ten_plus_the_perception_bonus_or_the_stat_block_number():
    # ref: Stealth contest — "Each row of the other side shows its passive Perception (PP)."
    hero = evolve(_wis(character("hero"), 14), skill_proficiencies=("perception",))
    assert passive_perception(hero) == 10 + 2 + 2
    wolf = evolve(creature("wolf"), passive_perception=13)
    assert passive_perception(wolf) == 13


def test_a_watcher_notices_when_its_pp_is_higher_than_at_least_one_total_and_an_equal_total_stays_hidden():
    # ref: Stealth contest — "A watcher notices the threat when its passive Perception is higher than
    # at least one total. A total equal to the passive Perception stays hidden."
    ayla, bren = character("ayla"), character("bren")
    keen = evolve(creature("keen"), passive_perception=12)
    dull = evolve(creature("dull"), passive_perception=11)
    s = _setup(ayla, bren, keen, dull)
    s.execute(cmd.SetStealth("ayla", 16))
    s.execute(cmd.SetStealth("bren", 11))
    # keen (12) beats Bren's 11 and notices; dull (11) equals Bren's 11 and beats no one: surprised
    assert _surprised(s) == {"ayla": False, "bren": False, "keen": False, "dull": True}
    assert s.log[-2:] == ["Stealth total of Bren set to 11.", "Keen is no longer marked surprised."]
    [contest] = contests(s.state)
    assert contest.surprised == ("dull",) and contest.noticed == ("keen",)


def test_each_change_to_a_total_runs_the_contest_again_and_clears_a_watcher_that_now_notices():
    # ref: Stealth contest — "Each change to a total runs the contest again. It ticks Surprised on
    # each watcher that notices no one, and it clears the box on each watcher that notices."
    s = _setup(character("ayla"), evolve(creature("gob"), passive_perception=9))
    s.execute(cmd.SetStealth("ayla", 15))
    assert _surprised(s)["gob"] is True
    s.execute(cmd.SetStealth("ayla", 8))
    assert _surprised(s)["gob"] is False
    assert s.log[-2:] == ["Stealth total of Ayla set to 8.", "Gob is no longer marked surprised."]


def test_the_boxes_of_the_sneaking_side_do_not_change():
    # ref: Stealth contest — "The boxes of the sneaking side do not change."
    s = _setup(character("ayla"), evolve(creature("gob"), passive_perception=9), sneaks="none")
    s.execute(cmd.SetSurprised("ayla", True))
    s.execute(cmd.SetSneakers("party"))
    s.execute(cmd.SetStealth("ayla", 15))
    assert _surprised(s) == {"ayla": True, "gob": True}


def test_a_row_with_no_total_takes_no_part_and_with_no_totals_nothing_is_ticked():
    # ref: Stealth contest — "A row with no total takes no part."
    s = _setup(character("ayla"), character("bren"), evolve(creature("gob"), passive_perception=12))
    assert _surprised(s)["gob"] is False and contests(s.state) == ()
    s.execute(cmd.SetStealth("ayla", 14))
    # Bren has no total, so only Ayla's 14 counts: PP 12 beats nothing
    assert _surprised(s)["gob"] is True


def test_roll_stealth_rolls_d20_plus_the_sheet_bonus_for_each_sneaker_without_a_total():
    # ref: Stealth contest — "Roll Stealth rolls d20 plus the Stealth bonus for each sneaker. A
    # character uses its sheet bonus, and a creature uses its stat block."
    ayla = evolve(character("ayla", dexterity=16), skill_proficiencies=("stealth",))  # +3 +2
    bren = character("bren", dexterity=12)  # +1
    s = _setup(ayla, bren, evolve(creature("gob"), passive_perception=9))
    s.execute(cmd.SetStealth("bren", 3))
    s.dice.force([11])
    s.execute(cmd.RollStealth())
    rows = {c.ref: c.stealth for c in s.state.fight.combatants}
    assert rows == {"ayla": 16, "bren": 3, "gob": None}
    assert "Ayla rolls a Stealth check: d20 11 + 5 = 16." in s.log
    # Bren's 3 is below the goblin's PP 9, so the goblin notices
    assert _surprised(s)["gob"] is False


def test_a_creature_uses_its_stat_block_stealth_bonus():
    # ref: Stealth contest — "a creature uses its stat block"
    goblin = evolve(creature("gob", dexterity=14), skill_bonuses=(("stealth", 6),))
    s = _setup(character("ayla"), goblin, sneaks="foes")
    s.dice.force([10])
    s.execute(cmd.RollStealth())
    assert s.state.fight.find("gob").stealth == 16


def test_chips_and_armor_slant_the_stealth_roll():
    # ref: Stealth contest — "The chips of the roller slant the roll. For a character, armor with
    # stealth disadvantage and armor that the character is not proficient with also give disadvantage."
    knight = evolve(character("knight"), armor=a.CHAIN_MAIL, armor_proficiencies=("heavy",))
    s = _setup(knight, creature("gob"))
    s.dice.force([15, 4])
    s.execute(cmd.RollStealth())
    assert s.state.fight.find("knight").stealth == 4
    assert s.log[-1] == ("Knight rolls a Stealth check: d20 4 (at disadvantage (dropped 15), "
                         "Chain mail (stealth) disadvantage) + 0 = 4.")
    poisoned = evolve(character("rogue"), chips=(Chip("Poisoned"),))
    s = _setup(poisoned, creature("gob"))
    s.dice.force([15, 4])
    s.execute(cmd.RollStealth())
    assert s.state.fight.find("rogue").stealth == 4
    untrained = evolve(character("mage"), armor=a.LEATHER)
    s = _setup(untrained, creature("gob"))
    s.dice.force([15, 4])
    s.execute(cmd.RollStealth())
    assert s.state.fight.find("mage").stealth == 4
    assert any("not proficient with Leather" in line for line in s.log)


def test_both_sides_runs_one_contest_per_side_and_a_sneaker_can_be_surprised():
    # ref: Stealth contest — "With Both sides, the app runs one contest for each side ... A sneaker
    # still watches the other side ... so a sneaker can be surprised too. Each side has its own
    # outcome line."
    ayla = _wis(character("ayla"), 10)  # PP 10
    gob = evolve(creature("gob"), passive_perception=9)
    s = _setup(ayla, gob, sneaks="both")
    s.execute(cmd.SetStealth("ayla", 12))
    s.execute(cmd.SetStealth("gob", 14))
    assert _surprised(s) == {"ayla": True, "gob": True}
    party, foes = contests(s.state)
    assert (party.side, party.surprised, foes.side, foes.surprised) == ("party", ("gob",), "foes", ("ayla",))


def test_start_records_each_outcome_line_then_the_surprised_lines():
    # ref: Stealth contest — "When you press Start combat, the travelogue records each outcome line,
    # such as 'The party sneaks (Stealth Ayla 16, Bren 11). Goblin 1 and Goblin 2 are surprised.'"
    goblins = [evolve(creature(f"goblin-{i}", "Goblin"), passive_perception=9) for i in (1, 2)]
    s = _setup(character("ayla"), character("bren"), *goblins)
    s.execute(cmd.SetStealth("ayla", 16))
    s.execute(cmd.SetStealth("bren", 11))
    s.dice.force([10, 10, 10, 10])
    s.execute(cmd.StartFight())
    start = s.log.index("The party sneaks (Stealth Ayla 16, Bren 11). Goblin 1 and Goblin 2 are surprised.")
    assert s.log[start + 1].startswith("The fight begins") or "surprised" in " ".join(s.log[start + 1 :])
    assert "Goblin 1 is surprised." in s.log[start:]
    assert all(chip.name == "Surprised" for chip in s.state.actor("goblin-1").chips)


def test_the_outcome_line_with_no_one_surprised_and_for_the_foes():
    # ref: Stealth contest — "The outcome line under the picker names every total and each surprised combatant."
    s = _setup(_wis(character("ayla"), 18), creature("gob"), sneaks="foes")
    s.execute(cmd.SetStealth("gob", 7))
    s.dice.force([10, 10])
    s.execute(cmd.StartFight())
    assert "The foes sneak (Stealth Gob 7). No one is surprised." in s.log


def test_joined_rows_take_no_part_in_the_contest():
    # ref: Combat setup — "The Stealth contest covers only the rows above the list."
    far = creature("wolf", tile=campaign().party_tile.__class__("m", 9, 5))
    s = _setup(character("ayla"), creature("gob"), far)
    s.execute(cmd.JoinFight(("wolf",)))
    with pytest.raises(CommandRejected, match="no part in the Stealth contest"):
        s.execute(cmd.SetStealth("wolf", 3))
    s.execute(cmd.SetStealth("ayla", 30))
    assert _surprised(s) == {"ayla": False, "gob": True, "wolf": False}


def test_bad_stealth_commands_change_nothing():
    s = _setup(character("ayla"), creature("gob"), sneaks="none")
    before = s.state
    with pytest.raises(CommandRejected, match="No one sneaks"):
        s.execute(cmd.RollStealth())
    with pytest.raises(CommandRejected, match="not sneaking"):
        s.execute(cmd.SetStealth("ayla", 12))
    with pytest.raises(CommandRejected, match="not a choice"):
        s.execute(cmd.SetSneakers("everyone"))
    assert s.state is before


def test_a_side_that_stops_sneaking_takes_no_part_and_its_totals_come_back_with_it():
    s = _setup(character("ayla"), evolve(creature("gob"), passive_perception=9))
    s.execute(cmd.SetStealth("ayla", 30))
    s.execute(cmd.SetSneakers("foes"))
    assert s.log[-1] == "Stealth contest: the foes sneak."
    assert contests(s.state) == ()
    s.execute(cmd.SetSneakers("both"))
    [contest] = contests(s.state)
    assert contest.totals == (("ayla", 30),)


def test_stealth_text_forms(sample):
    from combat_tui.core.text import format_command, parse

    s = session(sample)
    s.execute(cmd.OpenSetup())
    assert parse("sneak both", s.state).command == cmd.SetSneakers("both")
    assert parse("stealth roll", s.state).command == cmd.RollStealth()
    assert parse("stealth Ayla 16", s.state).command == cmd.SetStealth("ayla", 16)
    assert parse("stealth 'Goblin 2' clear", s.state).command == cmd.SetStealth("goblin-2", None)
    assert format_command(cmd.SetStealth("goblin-2", None), s.state) == "stealth 'Goblin 2' clear"
    with pytest.raises(CommandRejected):
        parse("sneak", s.state)


def test_roles_say_which_rows_show_a_total_and_which_a_passive_perception():
    # ref: Stealth contest — "each row of that side shows a Stealth total. Each row of the other side
    # shows its passive Perception (PP). ... Then every row shows a Stealth total and its PP."
    from combat_tui.systems.dnd5e.stealth import roles

    s = _setup(character("ayla"), creature("gob"))
    assert roles(s.state.fight) == {"ayla": (True, False), "gob": (False, True)}
    s.execute(cmd.SetSneakers("both"))
    assert roles(s.state.fight) == {"ayla": (True, True), "gob": (True, True)}
