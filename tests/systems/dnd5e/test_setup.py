"""Combat setup: the default lists, values editable until Start, Start and Cancel."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.maps import Tile
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.setup import default_lists
from tests.systems.dnd5e.helpers import HERE, at, campaign, character, creature, current, order, running, session

PARTY = ("ser-aldric", "mirelle", "ayla", "bren")
GOBLINS = ("goblin-1", "goblin-2", "goblin-3", "goblin-boss")


def test_sample_default_lists(sample):
    # ref: Combat setup
    assert default_lists(sample) == (PARTY, GOBLINS)


def test_sample_setup_opens_with_the_default_lists_and_leaves_the_wolves_out(sample):
    # ref: Combat setup
    s = session(sample)
    s.execute(cmd.OpenSetup())
    fight = s.state.fight
    assert fight is not None and fight.stage == "setup"
    assert [(c.ref, c.side) for c in fight.combatants] == [(r, "party") for r in PARTY] + [
        (r, "foes") for r in GOBLINS
    ]
    assert s.log[0] == (
        "Combat setup: Ser Aldric, Mirelle, Ayla and Bren against "
        "Goblin 1, Goblin 2, Goblin 3 and Goblin Boss."
    )
    assert fight.find("wolf-1") is None and fight.find("wolf-2") is None


@pytest.mark.parametrize("dx, dy, listed", [(0, 0, True), (1, 1, True), (-1, 0, True), (0, -1, True), (2, 0, False), (1, -2, False)])
def test_characters_within_one_tile_of_the_party_are_listed(dx, dy, listed):
    # ref: Combat setup
    state = campaign(character("near", tile=at(dx, dy)), creature("orc"))
    party, _ = default_lists(state)
    assert ("near" in party) is listed


def test_a_character_on_another_map_is_not_listed():
    # ref: Combat setup
    state = campaign(character("here"), character("away", tile=Tile("other", 5, 5)), creature("orc"))
    assert default_lists(state) == (("here",), ("orc",))


@pytest.mark.parametrize("dx, dy", [(0, 0), (-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)])
def test_live_hostile_creatures_on_the_party_tile_and_the_eight_around_it_are_foes(dx, dy):
    # ref: Combat setup
    state = campaign(character("hero"), creature("orc", tile=at(dx, dy)))
    assert default_lists(state) == (("hero",), ("orc",))


@pytest.mark.parametrize("dx, dy", [(2, 0), (0, -2), (2, 2), (-3, 1), (4, 0)])
def test_a_hostile_creature_farther_away_is_left_out(dx, dy):
    # ref: Combat setup
    state = campaign(character("hero"), creature("orc"), creature("far", tile=at(dx, dy)))
    assert default_lists(state) == (("hero",), ("orc",))


def test_a_hostile_creature_on_another_map_is_left_out():
    # ref: Combat setup
    state = campaign(character("hero"), creature("orc"), creature("elsewhere", tile=Tile("other", 5, 5)))
    assert default_lists(state) == (("hero",), ("orc",))


def test_a_defeated_hostile_creature_is_not_listed():
    # ref: Combat setup
    state = campaign(character("hero"), creature("orc"), creature("dead", hp=0, max_hp=10))
    assert default_lists(state) == (("hero",), ("orc",))


@pytest.mark.parametrize("disposition", ["friendly", "neutral"])
def test_friendly_and_neutral_creatures_on_the_party_tile_line_up_with_the_party(disposition):
    # ref: Combat setup
    state = campaign(character("hero"), creature("ally", tile=HERE, disposition=disposition), creature("orc"))
    assert default_lists(state) == (("hero", "ally"), ("orc",))
    s = session(state)
    s.execute(cmd.OpenSetup())
    assert s.state.fight.find("ally").side == "party"
    assert s.state.fight.find("orc").side == "foes"


@pytest.mark.parametrize("disposition", ["friendly", "neutral"])
def test_friendly_and_neutral_creatures_next_to_the_party_are_not_listed(disposition):
    # ref: Combat setup
    state = campaign(character("hero"), creature("ally", tile=at(1, 0), disposition=disposition), creature("orc"))
    assert default_lists(state) == (("hero",), ("orc",))


@pytest.mark.parametrize("disposition", ["friendly", "neutral"])
def test_only_a_hostile_creature_starts_an_encounter(disposition):
    # ref: Combat setup
    state = campaign(character("hero"), creature("ally", tile=HERE, disposition=disposition))
    s = session(state)
    with pytest.raises(CommandRejected) as refused:
        s.execute(cmd.OpenSetup())
    assert "No hostile creature" in refused.value.reason
    assert s.state is state and s.log == [] and not s.can_undo


def test_no_hostile_nearby_rejects_setup_and_start(sample):
    # ref: Combat setup
    moved = evolve(sample, party_tile=Tile("greenway", 0, 11))
    s = session(moved)
    for command in (cmd.OpenSetup(), cmd.StartFight()):
        with pytest.raises(CommandRejected, match="No hostile creature"):
            s.execute(command)
        assert s.state is moved and s.log == []


def test_setup_rolls_initiative_for_everyone_on_the_lists(sample):
    # ref: Combat setup
    s = session(sample)
    s.dice.force([11, 12, 13, 14, 15, 16, 17, 18])
    s.execute(cmd.OpenSetup())
    assert [c.initiative for c in s.state.fight.combatants] == [12, 12, 17, 16, 17, 18, 19, 20]
    assert s.dice.forced == ()


def test_setup_cannot_open_twice_nor_during_a_fight(sample):
    # ref: Combat setup
    s = session(sample)
    s.execute(cmd.OpenSetup())
    before = s.state
    with pytest.raises(CommandRejected, match="already open"):
        s.execute(cmd.OpenSetup())
    s.execute(cmd.StartFight())
    running_state = s.state
    with pytest.raises(CommandRejected, match="already running"):
        s.execute(cmd.OpenSetup())
    with pytest.raises(CommandRejected, match="already running"):
        s.execute(cmd.StartFight())
    assert s.state is running_state and before is not running_state


def test_values_stay_editable_until_start(sample):
    # ref: Initiative
    s = session(sample)
    s.dice.force([10] * 8)
    s.execute(cmd.OpenSetup())
    s.execute(cmd.SetInitiative("bren", 25))
    s.execute(cmd.SetInitiative("goblin-3", 2))
    fight = s.state.fight
    assert fight.stage == "setup"
    assert fight.find("bren").initiative == 25 and fight.find("goblin-3").initiative == 2
    assert s.log[-2:] == ["Initiative of Bren set to 25 (was 12).", "Initiative of Goblin 3 set to 2 (was 12)."]
    s.execute(cmd.StartFight())
    assert order(s)[0] == "bren" and order(s)[-1] == "goblin-3"


def test_start_without_setup_opens_it_first(sample):
    # ref: Combat setup
    s = session(sample)
    s.dice.force([10] * 8)
    s.execute(cmd.StartFight())
    assert s.state.fight.stage == "running"
    assert s.log[0].startswith("Combat setup: ") and s.log[1].startswith("Initiative rolled: ")
    assert s.log[2].startswith("The fight begins. Order: ")
    assert len(s.history.entries) == 1  # one command, one undo step


def test_start_orders_the_fight_and_begins_round_one(sample):
    # ref: Combat setup
    s = session(sample)
    # Ser Aldric 20+1, Mirelle 15+0, Ayla 10+4, Bren 5+2, Goblins 12+2, 8+2, 3+2, Boss 1+2
    s.dice.force([20, 15, 10, 5, 12, 8, 3, 1])
    s.execute(cmd.StartFight())
    fight = s.state.fight
    assert order(s) == ["ser-aldric", "mirelle", "ayla", "goblin-1", "goblin-2", "bren", "goblin-3", "goblin-boss"]
    assert (fight.turn, fight.round) == (0, 1)
    assert s.log[-2:] == [
        "The fight begins. Order: Ser Aldric 21, Mirelle 15, Ayla 14, Goblin 1 14, Goblin 2 10, "
        "Bren 7, Goblin 3 5, Goblin Boss 3.",
        "Round 1: Ser Aldric's turn.",
    ]


def test_cancel_setup_closes_it_without_a_fight(sample):
    # ref: Combat setup
    s = session(sample)
    s.execute(cmd.OpenSetup())
    s.execute(cmd.CancelSetup())
    assert s.state.fight is None
    assert s.log[-1] == "Combat setup closed without a fight."
    with pytest.raises(CommandRejected, match="Setup is not open"):
        s.execute(cmd.CancelSetup())


def test_cancel_is_refused_once_the_fight_runs():
    # ref: Combat setup
    s = running(campaign(character("hero"), creature("orc")))
    before = s.state
    with pytest.raises(CommandRejected, match="Setup is not open"):
        s.execute(cmd.CancelSetup())
    assert s.state is before


def test_start_skips_a_first_combatant_that_was_defeated_during_setup():
    # ref: Death saves
    # "An encounter and an NPC have no death saves. Both are defeated at 0 HP": a creature felled
    # between setup and Start loses its turns, the first one included.
    s = session(campaign(character("hero"), creature("orc"), creature("imp")))
    s.dice.force([5, 20, 10])  # orc first, then imp, then hero
    s.execute(cmd.OpenSetup())
    s.execute(cmd.ApplyDamage("orc", 10))
    s.execute(cmd.StartFight())
    assert order(s) == ["orc", "imp", "hero"]
    assert current(s) == "imp"
    assert s.log[-1] == "Round 1: Imp's turn."


def test_parley_closes_setup_without_a_fight_and_turns_the_foes_neutral(sample):
    # ref: Parley — "It closes the dialog, starts no fight, and writes a note to the travelogue that names the foes. ... they stand down and become neutral ... Undo makes them hostile again."
    from tests.systems.dnd5e.helpers import session

    s = session(sample)
    s.execute(cmd.OpenSetup())
    entry = s.execute(cmd.Parley())
    assert s.state.fight is None
    assert entry.lines == ("The party parleys with Goblin 1, Goblin 2, Goblin 3 and Goblin Boss and settles the "
                           "encounter without a fight; they stand down and turn neutral.",)  # fmt: skip
    goblins = [c for c in s.state.creatures if c.name.startswith("Goblin")]
    assert {g.disposition for g in goblins} == {"neutral"}
    assert {c.disposition for c in s.state.creatures if c.name == "Wolf"} == {"hostile"}
    with pytest.raises(CommandRejected, match="No hostile creature"):
        s.execute(cmd.OpenSetup())  # the Encounter stays shut
    s.undo()
    assert {c.disposition for c in s.state.creatures if c.name.startswith("Goblin")} == {"hostile"}


def test_parley_needs_setup_open(sample):
    from tests.systems.dnd5e.helpers import session

    with pytest.raises(CommandRejected, match="from setup"):
        session(sample).execute(cmd.Parley())


def test_a_surprised_combatant_wears_the_chip_and_acts_only_after_its_first_turn():
    # ref: Surprise — "you tick Surprised on each row by hand before you press Start combat. The log records a line such as 'Goblin Scout is surprised.'"
    # "A surprised combatant wears a Surprised chip and keeps its place ... At the end of that turn the chip ends and the reaction comes back"
    hero = character("hero", hp=20)
    s = session(campaign(hero, creature("orc", hp=15)))
    s.dice.force([5, 15])  # the orc goes first
    s.execute(cmd.OpenSetup())
    assert s.execute(cmd.SetSurprised("orc")).lines == ("Orc will be surprised.",)
    with pytest.raises(CommandRejected, match="already marked"):
        s.execute(cmd.SetSurprised("orc"))
    entry = s.execute(cmd.StartFight())
    assert entry.lines[1:] == ("Orc is surprised.", "Round 1: Orc's turn.")
    assert current(s) == "orc" and [c.name for c in s.state.actor("orc").chips] == ["Surprised"]
    with pytest.raises(CommandRejected, match="Orc is surprised: no action or reaction until its first turn ends"):
        s.execute(cmd.Attack("orc", "hero", "Scimitar"))
    entry = s.execute(cmd.NextTurn())
    assert entry.lines == ("Surprised on Orc ends.", "Hero's turn.")
    s.dice.force([2])
    s.execute(cmd.Attack("orc", "hero", "Scimitar"))  # its reaction is back: an attack off its turn is allowed


def test_surprise_is_set_in_setup_only(sample):
    s = running(sample)
    with pytest.raises(CommandRejected, match="decided in setup"):
        s.execute(cmd.SetSurprised("goblin-1"))
