"""Setup's Party members elsewhere and Add nearby foes lists, and Add to fight while a fight runs."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.maps import Tile
from combat_tui.core.text import format_command, parse
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.joining import elsewhere, nearby_foes, tile_groups, whole_group
from tests.systems.dnd5e.helpers import at, campaign, character, creature, current, order, running, session


def _open(state):
    s = session(state)
    s.dice.force([10] * 10)
    s.execute(cmd.OpenSetup())
    s.dice.clear_forced()
    return s


def test_party_members_elsewhere_lists_split_off_characters_farther_away_or_on_another_map():
    # ref: Combat setup — "Under Party members elsewhere, the dialog lists each character split off
    # to a tile farther away or to another map."
    scout = character("scout", tile=at(3, 0))
    away = character("away", tile=Tile("other", 1, 1))
    s = _open(campaign(character("hero"), character("near", tile=at(1, 1)), scout, away, creature("gob")))
    assert [(c.id, d) for c, d in elsewhere(s.state)] == [("scout", 3), ("away", None)]


def test_tick_join_brings_a_character_into_the_fight_with_an_initiative_roll():
    # ref: Combat setup — "Tick Join on a row to bring that character into the fight."
    s = _open(campaign(character("hero"), character("scout", tile=at(3, 0)), creature("gob")))
    s.dice.force([17])
    s.execute(cmd.JoinFight(("scout",)))
    row = s.state.fight.find("scout")
    assert (row.side, row.initiative, row.joined) == ("party", 17, True)
    assert s.log[-2:] == ["Scout joins the fight.", "Initiative rolled: Scout 17"]
    s.execute(cmd.UnjoinFight("scout"))
    assert s.state.fight.find("scout") is None and s.log[-1] == "Scout no longer joins the fight."


def test_add_nearby_foes_lists_live_hostile_creatures_within_range_nearest_first_with_distance():
    # ref: Combat setup — "the other live hostile creatures within the nearby range, nearest first,
    # with the distance in tiles"
    state = campaign(
        character("hero"), creature("gob"),
        creature("far", tile=at(6, 0)), creature("near", tile=at(3, 2)), creature("dead", tile=at(2, 0), hp=0),
        creature("calm", tile=at(2, 0), disposition="neutral"), creature("out", tile=at(9, 0)),
    )  # fmt: skip
    s = _open(state)
    assert [(c.id, d) for c, d in nearby_foes(s.state)] == [("near", 3), ("far", 6)]
    wider = evolve(s.state, nearby_range=9)
    assert [c.id for c, _ in nearby_foes(wider)] == ["near", "far", "out"]


def test_add_the_whole_group_ticks_every_join_box_of_a_tile_with_two_or_more_foes(sample):
    # ref: Combat setup — "When two or more foes stand on one tile, an Add the whole group box above
    # them ticks every Join box of that tile at once. A joined foe rolls initiative with the others."
    s = _open(sample)
    groups = tile_groups(s.state)  # the den four tiles off, the second pack eight off
    assert [refs for _, refs in groups] == [("wolf-1", "wolf-2"), ("wolf-3", "wolf-4")]
    parsed = parse("join group Wolf 2", s.state)
    assert parsed.command == cmd.JoinFight(("wolf-1", "wolf-2"))
    s.dice.force([12, 5])
    s.execute(parsed.command)
    assert [(c.ref, c.initiative) for c in s.state.fight.combatants if c.joined] == [("wolf-1", 14), ("wolf-2", 7)]
    assert s.log[-2:] == ["Wolf 1 and Wolf 2 join the fight.", "Initiative rolled: Wolf 1 14, Wolf 2 7"]
    assert whole_group(sample, "wolf-1") == ("wolf-1", "wolf-2")


def test_only_a_hostile_creature_within_range_joins_as_a_foe():
    # ref: Combat setup — "Only a hostile creature starts an encounter." (and joins as a foe)
    state = campaign(character("hero"), creature("gob"), creature("calm", tile=at(2, 0), disposition="friendly"),
                     creature("out", tile=at(9, 0)), creature("dead", tile=at(2, 0), hp=0))  # fmt: skip
    s = _open(state)
    before = s.state
    with pytest.raises(CommandRejected, match="friendly: only a hostile creature"):
        s.execute(cmd.JoinFight(("calm",)))
    with pytest.raises(CommandRejected, match="9 tiles away, outside the nearby range of 8"):
        s.execute(cmd.JoinFight(("out",)))
    with pytest.raises(CommandRejected, match="defeated"):
        s.execute(cmd.JoinFight(("dead",)))
    with pytest.raises(CommandRejected, match="already in the fight"):
        s.execute(cmd.JoinFight(("gob",)))
    with pytest.raises(CommandRejected, match="not one that joined"):
        s.execute(cmd.UnjoinFight("gob"))
    assert s.state is before


def test_add_to_fight_rolls_initiative_logs_it_and_puts_the_foe_into_the_order_without_moving_the_turn():
    # ref: Combat setup — "During a fight, the Nearby encounters tab has an Add to fight button on
    # each hostile row that is not in the fight. ... It rolls initiative for the foe, logs the roll,
    # and puts the foe into the order."
    state = campaign(character("hero"), creature("gob"), creature("wolf", tile=at(4, 0)))
    s = running(state, [15, 5])
    s.execute(cmd.NextTurn())
    assert current(s) == "gob"
    s.dice.force([20])
    s.execute(cmd.JoinFight(("wolf",)))
    assert order(s) == ["wolf", "hero", "gob"] and current(s) == "gob"
    assert s.log[-2:] == ["Wolf joins the fight.", "Initiative rolled: Wolf 20"]
    s.execute(cmd.NextTurn())
    assert current(s) == "wolf" and s.state.fight.round == 2
    s.undo()
    s.undo()
    assert order(s) == ["hero", "gob"]


def test_join_text_forms(sample):
    s = _open(sample)
    assert parse("join Wolf 1, Wolf 2", s.state).command == cmd.JoinFight(("wolf-1", "wolf-2"))
    assert format_command(cmd.JoinFight(("wolf-1", "wolf-2")), s.state) == "join Wolf 1, Wolf 2"
    assert parse("unjoin 'Wolf 2'", s.state).command == cmd.UnjoinFight("wolf-2")
    with pytest.raises(CommandRejected, match="at least one name"):
        parse("join", s.state)


def test_join_lists_keep_a_joined_row_ticked_in_its_place_and_group_the_tiles(sample):
    # ref: Combat setup — the lists below setup's own rows, with their Join boxes
    from combat_tui.systems.dnd5e.joining import join_lists

    s = _open(sample)
    s.dice.force([12])
    s.execute(cmd.JoinFight(("wolf-2",)))
    characters, foes, groups = join_lists(s.state)
    assert [(c.id, joined) for c, _, joined in characters] == [("korg", False)]
    assert [(c.id, d, joined) for c, d, joined in foes][:2] == [("wolf-1", 4, False), ("wolf-2", 4, True)]
    den = next(group for group in groups if group[1] == ("wolf-1", "wolf-2"))
    assert den[2] is False  # not every one of the tile joined yet
