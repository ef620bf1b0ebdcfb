"""End combat: the XP of the defeated foes, split among the living characters."""

from __future__ import annotations

from fractions import Fraction

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.abilities import XP_BY_CHALLENGE, parse_challenge, xp_for_challenge
from combat_tui.systems.dnd5e.ending import xp_offer
from combat_tui.systems.dnd5e.events import FightEnded
from tests.systems.dnd5e.helpers import HERE, campaign, character, creature, running, session

PARTY = ("ser-aldric", "mirelle", "ayla", "bren")


@pytest.fixture
def fight(sample):
    return running(sample, [20, 19, 18, 17, 16, 15, 14, 13])


def xp(s):
    return {ref: s.state.actor(ref).xp for ref in PARTY}


def test_the_xp_of_the_defeated_foes_is_split_evenly_rounded_down_and_the_leftover_stated(fight):
    # ref: Combat screen
    fight.execute(cmd.ApplyDamage("goblin-1", 7))
    fight.execute(cmd.ApplyDamage("goblin-boss", 21))
    offer = xp_offer(fight.state)
    assert (offer.offered, offer.receivers, offer.party_lost) == (250, PARTY, False)
    assert offer.split(250) == (62, 2)
    entry = fight.execute(cmd.EndFight())
    assert FightEnded(250, 250, 62, 2, PARTY, False) in entry.events
    assert entry.lines == (
        "The fight ends after 1 round.",
        "XP: 250 split among 4 characters, 62 each (Ser Aldric, Mirelle, Ayla and Bren); 2 XP left over.",
        "Fates: Goblin 2 still hostile, Goblin 3 still hostile.",
        "Coins: 29 gp split among 4 characters, 7 gp each (Ser Aldric, Mirelle, Ayla and Bren); 1 gp left over.",
    )
    assert xp(fight) == dict.fromkeys(PARTY, 62)
    assert fight.state.fight is None


def test_foes_still_standing_are_worth_nothing(fight):
    # ref: Combat screen
    fight.execute(cmd.ApplyDamage("goblin-2", 6))  # hurt, not defeated
    assert xp_offer(fight.state).offered == 0
    entry = fight.execute(cmd.EndFight())
    assert entry.lines[1] == "No XP is awarded."
    assert xp(fight) == dict.fromkeys(PARTY, 0)


def test_an_even_split_states_no_leftover(fight):
    # ref: Combat screen
    for ref in ("goblin-1", "goblin-2"):
        fight.execute(cmd.ApplyDamage(ref, 7))
    entry = fight.execute(cmd.EndFight())
    assert entry.lines[1] == "XP: 100 split among 4 characters, 25 each (Ser Aldric, Mirelle, Ayla and Bren)."


def test_the_rounds_are_counted_in_the_end_line(fight):
    # ref: Combat screen
    for _ in range(8):
        fight.execute(cmd.NextTurn())
    entry = fight.execute(cmd.EndFight())
    assert entry.lines[0] == "The fight ends after 2 rounds."


def test_a_foe_with_no_challenge_rating_is_worth_nothing():
    # ref: Combat screen
    s = running(campaign(character("hero"), creature("orc", challenge="1/2"), creature("thing", challenge="")), [20, 10, 5])
    s.execute(cmd.ApplyDamage("orc", 10))
    s.execute(cmd.ApplyDamage("thing", 10))
    assert xp_offer(s.state).offered == 100


def test_a_creature_on_the_party_side_is_no_foe():
    # ref: Combat screen
    ally = creature("dog", "Dog", tile=HERE, disposition="friendly", challenge="1")
    s = running(campaign(character("hero"), ally, creature("orc", challenge="1/4")), [20, 10, 5])
    assert s.state.fight.find("dog").side == "party"
    s.execute(cmd.ApplyDamage("dog", 10))
    s.execute(cmd.ApplyDamage("orc", 10))
    assert xp_offer(s.state).offered == 50


def test_an_explicit_award_overrides_the_offer(fight):
    # ref: Combat screen
    fight.execute(cmd.ApplyDamage("goblin-1", 7))
    entry = fight.execute(cmd.EndFight(award=103))
    assert FightEnded(50, 103, 25, 3, PARTY, False) in entry.events
    assert entry.lines[1] == "XP: 103 split among 4 characters, 25 each (Ser Aldric, Mirelle, Ayla and Bren); 3 XP left over."
    assert xp(fight) == dict.fromkeys(PARTY, 25)


def test_an_award_of_0_gives_nothing(fight):
    # ref: Combat screen
    fight.execute(cmd.ApplyDamage("goblin-boss", 21))
    entry = fight.execute(cmd.EndFight(award=0))
    assert entry.lines[1] == "No XP is awarded."
    assert xp(fight) == dict.fromkeys(PARTY, 0)


def test_xp_adds_to_what_a_character_had():
    # ref: Combat screen
    s = running(campaign(character("hero", xp=300), creature("orc", challenge="1")), [20, 10])
    s.execute(cmd.ApplyDamage("orc", 10))
    s.execute(cmd.EndFight())
    assert s.state.actor("hero").xp == 500


def test_a_dying_character_is_living_and_gets_its_share(fight):
    # ref: Death saves
    # "A party character at 0 HP is dying, not dead."
    fight.execute(cmd.ApplyDamage("goblin-boss", 21))
    fight.execute(cmd.ApplyDamage("bren", 40))
    assert xp_offer(fight.state).receivers == PARTY
    fight.execute(cmd.EndFight())
    assert xp(fight)["bren"] == 50


def test_the_party_that_lost_is_offered_nothing(fight):
    # ref: Combat screen
    fight.execute(cmd.ApplyDamage("goblin-1", 7))
    for ref in PARTY:
        fight.execute(cmd.ApplyDamage(ref, 100))
    offer = xp_offer(fight.state)
    assert offer.party_lost and offer.offered == 0
    entry = fight.execute(cmd.EndFight())
    assert entry.lines[1] == "The party lost; no XP is awarded."


def test_ending_is_rejected_when_no_fight_runs(sample):
    # ref: Combat screen
    s = session(sample)
    with pytest.raises(CommandRejected, match="No fight is running"):
        s.execute(cmd.EndFight())
    s.execute(cmd.OpenSetup())
    before = s.state
    with pytest.raises(CommandRejected, match="has not started"):
        s.execute(cmd.EndFight())
    assert s.state is before


@pytest.mark.parametrize("challenge", ["1/3", "abc", "1/0", "31"])
def test_a_challenge_rating_that_is_not_one_is_refused_with_a_reason(challenge):
    # ref: Combat screen
    s = running(campaign(character("hero"), creature("orc", "Orc", challenge=challenge)), [20, 10])
    s.execute(cmd.ApplyDamage("orc", 10))
    before, log = s.state, list(s.log)
    with pytest.raises(CommandRejected) as refused:
        s.execute(cmd.EndFight())
    assert refused.value.reason == f"Orc has the challenge rating '{challenge}', which is not one."
    assert s.state is before and s.log == log


# The XP table of the 2014 rules (Monster Manual and DMG, "Experience Points by Challenge Rating"),
# which the reference leaves out.
XP_TABLE = {
    "0": 10, "1/8": 25, "1/4": 50, "1/2": 100, "1": 200, "2": 450, "3": 700, "4": 1100, "5": 1800,
    "6": 2300, "7": 2900, "8": 3900, "9": 5000, "10": 5900, "11": 7200, "12": 8400, "13": 10000,
    "14": 11500, "15": 13000, "16": 15000, "17": 18000, "18": 20000, "19": 22000, "20": 25000,
    "21": 33000, "22": 41000, "23": 50000, "24": 62000, "25": 75000, "26": 90000, "27": 105000,
    "28": 120000, "29": 135000, "30": 155000,
}  # fmt: skip


@pytest.mark.parametrize("challenge, value", XP_TABLE.items())
def test_the_challenge_rating_to_xp_table(challenge, value):
    # ref: Combat screen
    assert xp_for_challenge(challenge) == value


def test_the_table_has_every_rating_and_no_other():
    # ref: Combat screen
    assert set(XP_BY_CHALLENGE) == {Fraction(c) for c in XP_TABLE}


def test_no_challenge_rating_is_worth_nothing_and_ratings_parse_as_fractions():
    # ref: Combat screen
    assert parse_challenge("") is None and parse_challenge("  ") is None
    assert xp_for_challenge("") == 0
    assert parse_challenge(" 1/4 ") == Fraction(1, 4)
