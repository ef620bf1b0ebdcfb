"""Commands outside their context are refused with a message, not a crash (DESIGN.md §7,
issue 14 item 5): a Channel Divinity with no fight, a creature action or a spell from someone the
running fight does not hold, a cast with no spells, a chip whose name is not text."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import ClassLevel, CreatureAction, Pool
from tests.lines import played, refused
from tests.systems.dnd5e.helpers import at, campaign, character, creature, running

START = ("dice 2 10 19 5 9 8 7 3", "start")
"""The sample's fight: the party of four against the three goblins and their boss."""
BREATH = CreatureAction("Cold Breath", "dexterity", 12, "4d8", "cold", recharge=5, half=True)


def sample(*lines: str) -> Session:
    return played(goblin_ambush(), *lines, seed=0)




@pytest.mark.parametrize("line", ["preserve Mirelle Ayla 3", "turn-undead Mirelle", "turn-undead Mirelle on 'Goblin 1'"])
def test_channel_divinity_needs_a_running_fight(line):
    # ref: Action, bonus action, and reaction — Preserve Life "shares out ... among the allies in the fight"
    assert refused(sample(), line) == "No fight is running."
    assert refused(sample("setup"), line) == "The fight has not started yet."


def test_channel_divinity_from_a_cleric_the_fight_does_not_hold_is_refused():
    cleric = evolve(character("mir", "Mirelle", tile=at(6, 6)), classes=(ClassLevel("Cleric", 2, "Life Domain"),),
                    pools=(Pool("Channel Divinity", 1, 1, "short"),))  # fmt: skip
    s = running(campaign(cleric, character("kara", "Kara", hp=2, max_hp=20), creature("orc", "Orc")), [20, 1])
    with pytest.raises(CommandRejected, match="Mirelle is not in this fight."):
        s.execute(cmd.PreserveLife("mir", (("kara", 5),)))


def test_a_creature_action_from_a_creature_not_in_the_fight_is_refused():
    # ref: Creature actions — "In a fight, each action shows in the spell list of the creature"
    s = sample(*START)
    assert refused(s, "use 'Winter Wolf' 'Cold Breath' on Ayla") == "Winter Wolf is not in this fight."


def test_a_creature_action_on_a_target_not_in_the_fight_is_refused():
    s = sample(*START)
    s.execute(cmd.SetCreatureAction("goblin-1", -1, BREATH))
    assert refused(s, "use 'Goblin 1' 'Cold Breath' on Ayla, 'Wolf 1'") == "Wolf is not in this fight."  # as an attack says it


def test_a_creature_action_waits_for_setup_to_start():
    s = sample("setup")
    assert refused(s, "use 'Winter Wolf' 'Cold Breath' on Ayla") == "Setup is open: the fight has not started."


def test_outside_a_fight_a_creature_action_still_works():
    s = sample()
    s.dice.force([1, 1, 1, 1, 20])
    assert run_line(s, "use 'Winter Wolf' 'Cold Breath' on Ayla").lines[0] == "Winter Wolf uses Cold Breath on Ayla."


def test_a_cast_from_a_character_with_no_spells_and_no_slots_is_refused():
    # Ayla (a Thief) has no spell list and no slot: nothing says what she could cast
    assert refused(sample(), "cast Ayla 'Fire Bolt' on 'Goblin 1'") == "Ayla has no spells and no spell slots."
    assert refused(sample(*START), "cast Ayla 'Fire Bolt' on 'Goblin 1'") == "Ayla has no spells and no spell slots."


def test_a_cast_from_or_on_someone_the_running_fight_does_not_hold_is_refused():
    s = sample(*START)
    assert refused(s, "cast 'Brother Oswin' 'Cure Wounds' on Ayla") == "Brother Oswin is not in this fight."
    assert refused(s, "cast Bren 'Fire Bolt' on 'Wolf 1'") == "Wolf is not in this fight."  # as an attack says it


def test_a_cast_at_slot_level_0_is_refused():
    assert refused(sample(), "cast Bren 'Magic Missile' at 0 on 'Goblin 1'") == "0 is out of range for a slot level (1 to 9)."


@pytest.mark.parametrize(("line", "reason"), [
    ("chip Ayla '+Poisoned -3'", "'Poisoned -3' ends in a signed number: a chip lasts a number of rounds from 1."),
    ("chip Ayla '+Poisoned +3'", "'Poisoned +3' ends in a signed number: a chip lasts a number of rounds from 1."),
    ("chip Ayla +Poisoned -3", "A timed chip lasts at least 1 round."),
    ("chip Ayla +" + "x" * 61, "A chip's name has at most 60 characters."),
])  # fmt: skip
def test_a_chip_with_a_count_in_its_name_is_refused(line, reason):
    # ref: Conditions — a typed chip matches a row when it spells one of the names
    assert refused(sample(), line) == reason


@pytest.mark.parametrize("name", ["Blind\x1b[2J", "Poisoned\x00", "\udcffProne", "Mark\u202e"])
def test_a_chip_name_that_is_not_text_never_reaches_the_state(name):
    s = sample()
    with pytest.raises(CommandRejected, match="The chip's name holds"):
        s.execute(cmd.AddChip("ayla", name))
    assert s.state.actor("ayla").chips == ()


def test_huge_dice_are_refused_for_a_creature_action_by_the_text_form_and_the_rule():
    s = sample()
    reason = refused(s, "creature-action 'Winter Wolf' add Zap con 13 999999d999999 cold")
    assert reason == "'999999d999999' is more dice than a table rolls."
    with pytest.raises(CommandRejected, match="more dice than a table rolls"):
        s.execute(cmd.SetCreatureAction("winter-wolf", -1, evolve(BREATH, name="Zap", damage="999999d999999")))


def test_a_creature_action_with_huge_dice_from_a_file_is_refused_when_used():
    # a campaign file is checked elsewhere; the rule still refuses to roll such dice
    state = goblin_ambush()
    wolf = state.actor("winter-wolf")
    state = state.with_actor(evolve(wolf, actions=(evolve(BREATH, damage="999999d999999"),)))
    s = Session(state, dice=Dice(0))
    assert "more dice than a table rolls" in refused(s, "use 'Winter Wolf' 'Cold Breath' on Ayla")
