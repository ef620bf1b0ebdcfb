"""The world around a fight: the party's walk and Encounter!, creatures edited and deleted,
split-off characters, and the range rule that ends a fight on its own (world.py)."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.storage.converter import command_from_data, command_to_data
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e import events as ev
from combat_tui.systems.dnd5e.setup import default_lists
from combat_tui.systems.dnd5e.world import encounter_foes, out_of_range
from tests.systems.dnd5e.helpers import HERE, at, campaign, character, creature, running, session


def walled(*actors, width: int = 30, height: int = 20):
    """A campaign on a map with a size, so walks can reach its edges."""
    from attrs import evolve

    return evolve(campaign(*actors), maps=(MapInfo("m", "The Moor", width, height), MapInfo("cave", "The Cave", 5, 5)))


def events_of(s, kind):
    return [e for e in s.history.peek_undo().events if isinstance(e, kind)]


# -- the party's walk and Encounter! ----------------------------------------------------------


def test_the_party_and_the_characters_with_it_walk_tile_by_tile_a_split_off_one_stays():
    state = walled(character("ayla"), character("bren", tile=at(0, 3)), creature("orc", tile=at(10, 0)))
    s = session(state)
    s.execute(cmd.MoveParty(1, 0, 2))
    assert s.state.party_tile == at(2, 0)
    assert s.state.actor("ayla").tile == at(2, 0)
    assert s.state.actor("bren").tile == at(0, 3)
    assert s.log == ["The party moves 2 tiles to The Moor (7, 5)."]


def test_a_walk_stops_on_the_first_tile_next_to_a_live_hostile_creature_encounter():
    # ref: Combat setup — "the live hostile creatures on the tile of the party and on the eight tiles around it"
    state = walled(character("ayla"), creature("orc", tile=at(4, 1)))
    s = session(state)
    s.execute(cmd.MoveParty(1, 0, 8))
    assert s.state.party_tile == at(3, 0)  # (4, 1) is diagonal to (3, 0): next to it
    assert events_of(s, ev.EncounterFound) == [ev.EncounterFound(("orc",))]
    assert s.log[-1] == "Encounter! Orc is next to the party."
    assert s.state.fight is None  # the dialog offers setup; the walk opens nothing


@pytest.mark.parametrize("disposition", ["neutral", "friendly"])
def test_only_a_hostile_creature_starts_an_encounter(disposition):
    # ref: Combat setup — "Only a hostile creature starts an encounter."
    state = walled(character("ayla"), creature("tam", tile=at(2, 0), disposition=disposition))
    s = session(state)
    s.execute(cmd.MoveParty(1, 0, 3))
    assert s.state.party_tile == at(3, 0)  # walked past
    assert events_of(s, ev.EncounterFound) == []
    assert encounter_foes(s.state) == ()


def test_a_defeated_hostile_creature_starts_no_encounter():
    # ref: Combat setup — "the live hostile creatures"
    state = walled(character("ayla"), creature("orc", tile=at(2, 0), hp=0, max_hp=10))
    s = session(state)
    s.execute(cmd.MoveParty(1, 0, 3))
    assert events_of(s, ev.EncounterFound) == []


def test_a_walk_that_leaves_the_map_is_refused_and_changes_nothing():
    state = walled(character("ayla"), width=8, height=8)
    s = session(state)
    with pytest.raises(CommandRejected, match=r"The Moor runs from \(0, 0\) to \(7, 7\)"):
        s.execute(cmd.MoveParty(1, 0, 3))
    assert s.state is state and s.log == []


def test_a_walk_to_a_tile_takes_the_diagonal_steps_first():
    state = walled(character("ayla"))
    s = session(state)
    s.execute(cmd.MovePartyTo(8, 6))  # from (5, 5): three tiles on the 5e grid
    assert s.state.party_tile == Tile("m", 8, 6)
    assert s.history.peek_undo().events[0].steps == 3


@pytest.mark.parametrize("bad", [cmd.MoveParty(2, 0), cmd.MoveParty(0, 0), cmd.MoveParty(1, 0, 0), cmd.MovePartyTo(5, 5)])
def test_bad_walks_are_refused(bad):
    with pytest.raises(CommandRejected):
        session(walled(character("ayla"))).execute(bad)


def test_the_party_walks_onto_a_split_off_character_who_is_with_it_again():
    state = walled(character("ayla"), character("bren", tile=at(2, 0)))
    s = session(state)
    s.execute(cmd.MoveParty(1, 0, 3))
    assert s.state.actor("bren").tile == at(3, 0) == s.state.party_tile
    assert s.log[-1] == "Bren is with the party again."


def test_nothing_moves_while_setup_is_open():
    # ref: Combat setup — setup's lists are drawn from where everyone stands
    s = session(walled(character("ayla"), creature("orc")))
    s.execute(cmd.OpenSetup())
    for command in (cmd.MoveParty(-1, 0), cmd.PlaceCreature("orc", 9, 9), cmd.DeleteCreature("orc"),
                    cmd.SplitCharacter("ayla", 1, 1)):  # fmt: skip
        with pytest.raises(CommandRejected, match="Setup is open"):
            s.execute(command)


def test_a_walk_during_a_fight_does_not_stop_for_other_hostile_creatures():
    # The fight is on: the Encounter! dialog is for a party that is not fighting.
    state = walled(character("ayla"), creature("orc"), creature("wolf", tile=at(-3, 1)))
    s = running(state, [10, 9])
    s.execute(cmd.MoveParty(-1, 0, 4))
    assert s.state.party_tile == at(-4, 0)
    assert s.state.fight is not None and events_of(s, ev.EncounterFound) == []


# -- the range rule (ref: Ending a fight) -----------------------------------------------------


def fight_with(*creatures, xp: int = 0):
    """Ayla against the creatures (all on the party's side of setup: adjacent), started."""
    state = walled(character("ayla", xp=xp), *creatures)
    return running(state, [20, 15, 10, 5][: 1 + len(creatures)])  # Ayla first, then the creatures in order


def test_a_walk_out_of_range_ends_the_fight_with_the_offered_xp():
    # ref: Ending a fight — "A walk out of that range ends the fight"
    s = fight_with(creature("orc", challenge="1/2", tile=at(-1, 0)), creature("goblin", challenge="1/4", hp=1, max_hp=7))
    s.execute(cmd.ApplyDamage("goblin", 1))
    s.execute(cmd.MoveParty(1, 0, 7))  # the orc at (4, 5): 8 tiles is still in range
    assert s.state.fight is not None
    s.execute(cmd.MoveParty(1, 0, 1))  # 9 tiles: out of the nearby range of 8
    assert s.state.fight is None
    assert s.state.actor("ayla").xp == 50  # the defeated goblin's XP, as End combat offers it
    lines = s.history.peek_undo().lines  # then End combat's own lines (fates, loot) if any
    assert lines[:4] == (
        "The party moves to The Moor (13, 5).",
        "No creature of the fight is left beside the party, and no foe of it within 8 tiles.",
        "The fight ends after 1 round.",
        "XP: 50 split among 1 characters, 50 each (Ayla).",
    )


def test_the_fight_ends_on_the_step_that_leaves_the_range_and_the_walk_goes_on():
    # ref: Ending a fight — the rule holds on the tile where it is first true
    s = fight_with(creature("orc"))
    s.execute(cmd.MoveParty(1, 0, 12))
    assert s.state.fight is None and s.state.party_tile == at(12, 0)


def test_the_wider_range_lets_a_hostile_foe_that_joined_from_farther_away_keep_the_fight_open():
    # ref: Ending a fight — "The wider range lets a foe that joined from farther away keep the fight open."
    s = fight_with(creature("orc"))
    s.execute(cmd.PlaceCreature("orc", 5 + 6, 5))  # six tiles off: not beside, but in range
    assert s.state.fight is not None and not out_of_range(s.state)
    s.execute(cmd.PlaceCreature("orc", 5 + 9, 5))
    assert s.state.fight is None


def test_a_creature_of_the_fight_beside_the_party_keeps_it_open_whatever_its_disposition():
    # ref: Ending a fight — "no creature of the fight is left on the tile of the party or on the eight tiles around it"
    s = fight_with(creature("orc"))
    s.execute(cmd.SetDisposition("orc", "neutral"))
    assert s.state.fight is not None  # beside the party
    s.execute(cmd.PlaceCreature("orc", 5 + 3, 5))  # neutral, three tiles off: nothing keeps it open
    assert s.state.fight is None


def test_turning_the_last_hostile_foe_in_range_neutral_ends_the_fight_when_none_is_beside():
    # ref: Ending a fight — "no hostile creature of the fight is left within the nearby range"
    s = fight_with(creature("orc"))
    s.execute(cmd.PlaceCreature("orc", 5 + 4, 5))
    assert s.state.fight is not None
    s.execute(cmd.SetDisposition("orc", "friendly"))
    assert s.state.fight is None


def test_a_hostile_creature_outside_the_fight_keeps_nothing_open():
    # ref: Ending a fight — "no hostile creature *of the fight*"
    state = walled(character("ayla"), creature("orc"), creature("wolf", tile=at(-6, 0)))
    s = running(state, [20, 10])
    assert s.state.fight.find("wolf") is None
    s.execute(cmd.PlaceCreature("orc", 5 + 9, 5))
    assert s.state.fight is None


def test_deleting_the_last_creature_of_the_fight_ends_it():
    # ref: Ending a fight — "and so does the deletion of the last creature in it"
    s = fight_with(creature("orc"), creature("goblin"))
    s.execute(cmd.DeleteCreature("goblin"))
    assert s.state.fight is not None and [c.ref for c in s.state.fight.combatants] == ["ayla", "orc"]
    s.execute(cmd.NextTurn())  # the orc's turn
    s.execute(cmd.DeleteCreature("orc"))  # its own turn, but the fight ends with it
    assert s.state.fight is None and s.state.actor("orc") is None
    assert s.history.peek_undo().lines[:2] == (
        "Orc is deleted from the campaign.",
        "No creature of the fight is left beside the party, and no foe of it within 8 tiles.",
    )


def test_deleting_a_combatant_before_the_current_one_keeps_the_turn_where_it_is():
    s = fight_with(creature("orc"), creature("goblin"))
    s.execute(cmd.NextTurn())
    assert s.state.fight.current().ref == "orc"
    s.execute(cmd.PlaceCreature("orc", 5, 5))  # still beside: nothing ends
    s.execute(cmd.NextTurn())
    assert s.state.fight.current().ref == "goblin"
    s.execute(cmd.DeleteCreature("orc"))
    assert s.state.fight.current().ref == "goblin"


def test_deleting_the_creature_whose_turn_it_is_is_refused_while_the_fight_goes_on():
    s = fight_with(creature("orc"), creature("goblin"))
    s.execute(cmd.NextTurn())
    with pytest.raises(CommandRejected, match="It is Orc's turn"):
        s.execute(cmd.DeleteCreature("orc"))
    assert s.state.actor("orc") is not None


def test_a_defeated_foe_keeps_no_fight_open():
    # A foe at 0 HP is out of the fight's reach: a walk of one tile from its body ends the fight.
    s = fight_with(creature("orc", hp=1, max_hp=10))
    s.execute(cmd.ApplyDamage("orc", 5))
    assert s.state.fight is not None  # falling does not end it: End combat does
    s.execute(cmd.MoveParty(-1, 0, 1))
    assert s.state.fight is None


def test_undo_brings_back_the_fight_that_a_walk_ended():
    s = fight_with(creature("orc"))
    before = s.state
    s.execute(cmd.MoveParty(1, 0, 12))
    s.undo()
    assert s.state is before and s.state.fight is not None


# -- creatures: disposition, tile, HP, deletion -----------------------------------------------


def test_disposition_changes_and_says_so():
    # ref: Parley — "change the disposition of each foe back to hostile in the creature dialog"
    s = session(walled(character("ayla"), creature("orc", tile=at(3, 3), disposition="neutral")))
    s.execute(cmd.SetDisposition("orc", "hostile"))
    assert s.state.actor("orc").disposition == "hostile"
    assert s.log == ["Orc is now hostile (was neutral)."]
    with pytest.raises(CommandRejected, match="already hostile"):
        s.execute(cmd.SetDisposition("orc", "hostile"))
    with pytest.raises(CommandRejected, match="not a disposition"):
        s.execute(cmd.SetDisposition("orc", "grumpy"))


def test_a_creature_set_hostile_beside_the_party_makes_setup_list_it():
    # ref: Combat setup — "To fight a friendly or neutral creature, set its disposition to hostile first."
    s = session(walled(character("ayla"), creature("tam", disposition="neutral")))
    with pytest.raises(CommandRejected):
        s.execute(cmd.OpenSetup())
    s.execute(cmd.SetDisposition("tam", "hostile"))
    assert default_lists(s.state)[1] == ("tam",)


def test_a_creature_moves_to_another_tile_or_map():
    # ref: Ending a fight — "move it to its new tile in the creature dialog"
    s = session(walled(character("ayla"), creature("orc", tile=at(3, 3))))
    s.execute(cmd.PlaceCreature("orc", 2, 2, "cave"))
    assert s.state.actor("orc").tile == Tile("cave", 2, 2)
    assert s.log == ["Orc moves to The Cave (2, 2)."]
    with pytest.raises(CommandRejected, match=r"The Cave runs from \(0, 0\) to \(4, 4\)"):
        s.execute(cmd.PlaceCreature("orc", 7, 2))
    with pytest.raises(CommandRejected, match="already at"):
        s.execute(cmd.PlaceCreature("orc", 2, 2))


def test_hp_is_set_outright_within_its_bounds_and_0_defeats():
    # ref: Death saves — "An encounter and an NPC have no death saves. Both are defeated at 0 HP."
    s = session(walled(character("ayla"), creature("orc", hp=10, tile=at(3, 3))))
    s.execute(cmd.SetCreatureHp("orc", 4))
    s.execute(cmd.SetCreatureHp("orc", 0))
    assert s.state.actor("orc").hp == 0
    assert s.log == ["Orc's HP set to 4 (was 10).", "Orc's HP set to 0 (was 4).", "Orc is defeated."]
    for bad in (-1, 11):
        with pytest.raises(CommandRejected, match="HP can be 0 to 10"):
            s.execute(cmd.SetCreatureHp("orc", bad))
    with pytest.raises(CommandRejected, match="not a creature"):
        s.execute(cmd.SetCreatureHp("ayla", 3))


def test_a_deleted_creature_is_gone_and_undo_brings_it_back():
    s = session(walled(character("ayla"), creature("orc", tile=at(3, 3))))
    s.execute(cmd.DeleteCreature("orc"))
    assert s.state.actor("orc") is None
    assert s.log == ["Orc is deleted from the campaign."]
    s.undo()
    assert s.state.actor("orc") is not None and s.log == []


# -- split-off characters ---------------------------------------------------------------------


def test_a_character_splits_off_to_a_tile_or_another_map_and_rejoins():
    # ref: Combat setup — "Party members elsewhere ... split off to a tile farther away or to another map"
    s = session(walled(character("ayla"), character("bren")))
    s.execute(cmd.SplitCharacter("bren", 9, 9))
    assert s.state.actor("bren").tile == Tile("m", 9, 9)
    s.execute(cmd.SplitCharacter("bren", 1, 1, "cave"))
    assert s.state.actor("bren").tile == Tile("cave", 1, 1)
    s.execute(cmd.RejoinParty("bren"))
    assert s.state.actor("bren").tile == HERE
    assert s.log == [
        "Bren splits off from the party to The Moor (9, 9).",
        "Bren splits off from the party to The Cave (1, 1).",
        "Bren rejoins the party at The Moor (5, 5).",
    ]


def test_a_split_off_character_within_one_tile_is_in_setup_and_one_farther_is_not():
    # ref: Combat setup — "the characters with the party and any split-off character within one tile of the party"
    s = session(walled(character("ayla"), character("bren"), creature("orc")))
    s.execute(cmd.SplitCharacter("bren", 6, 6))
    assert default_lists(s.state)[0] == ("ayla", "bren")
    s.execute(cmd.SplitCharacter("bren", 7, 7))
    assert default_lists(s.state)[0] == ("ayla",)


def test_split_and_rejoin_refuse_what_makes_no_sense():
    s = session(walled(character("ayla"), creature("orc", tile=at(3, 3))))
    with pytest.raises(CommandRejected, match="the party's tile"):
        s.execute(cmd.SplitCharacter("ayla", 5, 5))
    with pytest.raises(CommandRejected, match="with the party already"):
        s.execute(cmd.RejoinParty("ayla"))
    with pytest.raises(CommandRejected, match="not a party character"):
        s.execute(cmd.SplitCharacter("orc", 1, 1))
    with pytest.raises(CommandRejected, match="There is no map 'nowhere'"):
        s.execute(cmd.SplitCharacter("ayla", 1, 1, "nowhere"))


# -- the journal reads them back ------------------------------------------------------------


@pytest.mark.parametrize("command", [cmd.MoveParty(1, -1, 3), cmd.MovePartyTo(2, 3), cmd.SetDisposition("orc", "neutral"),
                                     cmd.PlaceCreature("orc", 1, 2, "cave"), cmd.SetCreatureHp("orc", 3),
                                     cmd.DeleteCreature("orc"), cmd.SplitCharacter("ayla", 4, 4), cmd.RejoinParty("ayla")])  # fmt: skip
def test_each_world_command_round_trips_through_the_journal(command):
    assert command_from_data(command_to_data(command), "dnd5e") == command
