"""Initiative: d20 + DEX modifier, the default value, ties, the log line, and edits."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.abilities import dex_mod, modifier
from combat_tui.systems.dnd5e.initiative import default_initiative, initiative_modifier, roll_initiative, sort_order
from combat_tui.systems.dnd5e.model import Abilities, Combatant
from tests.systems.dnd5e.helpers import campaign, character, creature, current, order, running, session


@pytest.mark.parametrize(
    "score, expected",
    [(1, -5), (2, -4), (3, -4), (7, -2), (8, -1), (9, -1), (10, 0), (11, 0), (12, 1), (13, 1), (18, 4), (20, 5), (30, 10)],
)
def test_the_dex_modifier_is_floor_of_dex_minus_10_over_2(score, expected):
    # ref: Initiative
    assert modifier(score) == expected
    assert dex_mod(Abilities(dexterity=score)) == expected
    assert initiative_modifier(character("hero", dexterity=score)) == expected


@pytest.mark.parametrize("score, value", [(10, 10), (14, 12), (18, 14), (9, 9), (7, 8), (3, 6)])
def test_the_default_initiative_is_10_plus_the_modifier(score, value):
    # ref: Initiative
    assert default_initiative(character("hero", dexterity=score)) == value
    assert default_initiative(creature("orc", dexterity=score)) == value


@pytest.mark.parametrize("face, score, value", [(17, 14, 19), (1, 18, 5), (20, 10, 20), (6, 8, 5), (2, 3, -2)])
def test_initiative_is_d20_plus_the_dex_modifier(face, score, value):
    # ref: Initiative
    dice = Dice(0)
    dice.force([face])
    roll = roll_initiative(creature("orc", dexterity=score), dice)
    assert (roll.d20, roll.modifier, roll.value) == (face, modifier(score), value)
    assert dice.used == [face]


def test_the_setup_roll_adds_each_dex_modifier(sample):
    # ref: Initiative
    s = session(sample)
    s.dice.force([10] * 8)
    s.execute(cmd.OpenSetup())
    values = {c.ref: c.initiative for c in s.state.fight.combatants}
    # DEX: Ser Aldric 12, Mirelle 10, Ayla 18, Bren 14, Goblins and the Boss 14.
    assert values == {
        "ser-aldric": 11, "mirelle": 10, "ayla": 14, "bren": 12,
        "goblin-1": 12, "goblin-2": 12, "goblin-3": 12, "goblin-boss": 12,
    }  # fmt: skip


def test_the_log_line_lists_every_roll(sample):
    # ref: Initiative
    s = session(sample)
    s.dice.force([16, 6, 3, 20, 1, 9, 12, 15])
    s.execute(cmd.OpenSetup())
    assert s.log[1] == (
        "Initiative rolled: Ser Aldric 17, Mirelle 6, Ayla 7, Bren 22, "
        "Goblin 1 3, Goblin 2 11, Goblin 3 14, Goblin Boss 17"
    )


def test_the_log_line_shows_a_negative_value():
    # ref: Initiative
    s = session(campaign(character("slug", dexterity=3), creature("orc")))
    s.dice.force([2, 10])
    s.execute(cmd.OpenSetup())
    assert s.log[1] == "Initiative rolled: Slug -2, Orc 10"


def test_higher_initiative_goes_first():
    # ref: Initiative
    state = campaign(character("a"), character("b"), creature("c"))
    combatants = (Combatant("a", "party", 5), Combatant("b", "party", 18), Combatant("c", "foes", 11))
    assert [c.ref for c in sort_order(state, combatants)] == ["b", "c", "a"]


def test_a_tie_goes_to_the_higher_dex_modifier():
    # ref: Initiative
    s = session(campaign(character("zed", dexterity=16), creature("abe", dexterity=12)))
    s.dice.force([12, 14])  # both 15
    s.execute(cmd.StartFight())
    assert order(s) == ["zed", "abe"]


def test_a_tie_with_a_negative_dex_modifier():
    # ref: Initiative
    s = session(campaign(character("abe", dexterity=8), creature("zed", dexterity=10)))
    s.dice.force([11, 10])  # both 10
    s.execute(cmd.StartFight())
    assert order(s) == ["zed", "abe"]


def test_then_the_name_decides():
    # ref: Initiative
    s = session(campaign(character("zed", "Zed"), character("abe", "abe"), creature("mo", "Mo")))
    s.dice.force([10, 10, 10])
    s.execute(cmd.StartFight())
    assert order(s) == ["abe", "mo", "zed"]


def test_namesakes_keep_the_order_of_the_creature_list(sample):
    # ref: Initiative
    s = session(sample)
    s.dice.force([1, 1, 1, 1, 10, 10, 10, 10])
    s.execute(cmd.StartFight())
    assert order(s)[:4] == ["goblin-1", "goblin-2", "goblin-3", "goblin-boss"]


def test_set_initiative_in_setup_does_not_start_the_fight():
    # ref: Initiative
    s = session(campaign(character("hero"), creature("orc")))
    s.dice.force([5, 15])
    s.execute(cmd.OpenSetup())
    s.execute(cmd.SetInitiative("hero", 19))
    assert s.state.fight.stage == "setup"
    assert s.log[-1] == "Initiative of Hero set to 19 (was 5)."
    s.execute(cmd.StartFight())
    assert order(s) == ["hero", "orc"]


def test_after_the_start_an_edit_re_sorts_and_the_turn_stays_with_the_current_combatant():
    # ref: Initiative
    s = running(campaign(character("a"), character("b"), creature("c"), creature("d")), [20, 15, 10, 5])
    s.execute(cmd.NextTurn())
    assert current(s) == "b" and s.state.fight.turn == 1
    s.execute(cmd.SetInitiative("d", 25))  # d jumps ahead of the current turn
    assert order(s) == ["d", "a", "b", "c"]
    assert current(s) == "b" and s.state.fight.turn == 2
    s.execute(cmd.SetInitiative("b", 1))  # the current combatant itself moves to the end
    assert order(s) == ["d", "a", "c", "b"]
    assert current(s) == "b" and s.state.fight.turn == 3
    assert s.state.fight.round == 1
    assert s.log[-1] == "Initiative of B set to 1 (was 15)."
    s.execute(cmd.NextTurn())
    assert current(s) == "d" and s.state.fight.round == 2


def test_an_edit_after_the_start_keeps_the_dex_tie_break():
    # ref: Initiative
    s = running(campaign(character("slow", dexterity=10), creature("quick", dexterity=16)), [18, 10])
    assert order(s) == ["slow", "quick"]
    s.execute(cmd.SetInitiative("slow", 13))  # ties with quick's 13; quick has the higher DEX modifier
    assert order(s) == ["quick", "slow"]


def test_set_initiative_rejections(sample):
    # ref: Initiative
    s = session(sample)
    with pytest.raises(CommandRejected, match="no fight or setup"):
        s.execute(cmd.SetInitiative("bren", 12))
    s.execute(cmd.OpenSetup())
    before = s.state
    with pytest.raises(CommandRejected, match="Wolf is not in this fight"):
        s.execute(cmd.SetInitiative("wolf-1", 12))
    with pytest.raises(CommandRejected, match="out of range"):
        s.execute(cmd.SetInitiative("bren", 1000))
    assert s.state is before


# -- initiative as a Dexterity check (issue 5, item 7) -------------------------------------------

def _hero(**changes):
    from attrs import evolve

    from tests.systems.dnd5e.helpers import character

    return evolve(character("hero", dexterity=14, hp=20), **changes)


def test_jack_of_all_trades_remarkable_athlete_the_larger_and_alert():
    # ref: Initiative — "Jack of All Trades (bard 2) adds half the proficiency bonus, rounded down. Remarkable Athlete (Champion 7) adds half, rounded up, and the larger of the two applies. The Alert feat adds 5."
    from combat_tui.systems.dnd5e.initiative import initiative_modifier
    from combat_tui.systems.dnd5e.model import ClassLevel

    assert initiative_modifier(_hero()) == 2
    assert initiative_modifier(_hero(proficiency_bonus=3, classes=(ClassLevel("Bard", 2),))) == 3
    assert initiative_modifier(_hero(proficiency_bonus=3, classes=(ClassLevel("Fighter", 7, "Champion"),))) == 4
    both = (ClassLevel("Bard", 2), ClassLevel("Fighter", 7, "Champion"))
    assert initiative_modifier(_hero(proficiency_bonus=3, classes=both)) == 4
    assert initiative_modifier(_hero(feats=("Alert",))) == 7


def test_poisoned_initiative_rolls_at_disadvantage_and_the_log_says_so():
    # ref: Initiative — "Initiative rolled: Ser Aldric 17, Mirelle 6 (at disadvantage (dropped 15), Poisoned disadvantage)."
    from combat_tui.systems.dnd5e import commands as cmd
    from combat_tui.systems.dnd5e.model import Chip
    from tests.systems.dnd5e.helpers import campaign, character, creature, session

    aldric = character("ser-aldric", "Ser Aldric", dexterity=10)
    mirelle = _hero(id="mirelle", name="Mirelle", abilities=aldric.abilities, chips=(Chip("Poisoned"),))
    s = session(campaign(aldric, mirelle, creature("orc")))
    s.dice.force([17, 15, 6, 10])
    entry = s.execute(cmd.OpenSetup())
    assert entry.lines[1] == "Initiative rolled: Ser Aldric 17, Mirelle 6 (at disadvantage (dropped 15), Poisoned disadvantage), Orc 10"


@pytest.mark.parametrize("why", ["frightened", "exhaustion", "armor"])
def test_frightened_exhaustion_and_untrained_armor_slant_initiative_down(why):
    # ref: Initiative — "A condition chip that affects ability checks affects initiative." "Armor that the character is not trained for does the same." "Exhaustion of level 1 or higher does the same."
    from combat_tui.library.armor import PLATE
    from combat_tui.systems.dnd5e.initiative import initiative_slants
    from combat_tui.systems.dnd5e.model import Chip

    changes = {"frightened": {"chips": (Chip("Frightened"),)}, "exhaustion": {"exhaustion": 1},
               "armor": {"armor": PLATE}}[why]  # fmt: skip
    assert [s.kind for s in initiative_slants(_hero(**changes))] == ["dis"]


def test_feral_instinct_gives_advantage_on_initiative():
    # ref: Initiative — "Feral Instinct (barbarian 7) gives advantage."
    from combat_tui.systems.dnd5e.initiative import initiative_slants
    from combat_tui.systems.dnd5e.model import ClassLevel

    assert [str(s) for s in initiative_slants(_hero(classes=(ClassLevel("Barbarian", 7),)))] == ["Feral Instinct advantage"]
    assert initiative_slants(_hero(classes=(ClassLevel("Barbarian", 6),))) == ()
