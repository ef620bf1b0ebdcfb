"""The hiding rule of a player's seat (player_view.py): one test per rule."""

from __future__ import annotations

import attrs

from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.model import Chip
from combat_tui.systems.dnd5e.player_view import (
    LogFilter,
    health,
    party_map,
    player_log,
    player_view,
    seat_refusal,
)
from tests.systems.dnd5e.helpers import campaign, character, creature, running


def _fight(**wolf):
    state = campaign(
        character("brom", "Brom", hp=20, ac=16),
        creature("wolf", "Wolf", hp=10, ac=13, **wolf),
    )
    return running(state, initiative=[20, 5])  # Brom first


def test_a_foe_shows_a_health_word_never_its_hp_or_ac():
    s = _fight()
    foe = player_view(s.state)["foes"][0]
    assert foe["label"] == "Wolf" and foe["health"] == "unhurt"
    assert not {"hp", "max_hp", "ac", "weapons"} & set(foe)


def test_the_health_words_follow_the_hp():
    wolf = creature("wolf", hp=10)
    words = [health(attrs.evolve(wolf, hp=hp)) for hp in (10, 6, 5, 1, 0)]
    assert words == ["unhurt", "wounded", "bloodied", "bloodied", "down"]


def test_the_party_shows_hp_conditions_and_death_saves():
    s = _fight()
    s.state = s.state.with_actor(attrs.evolve(s.state.actor("brom"), hp=0, death_failures=1, chips=(Chip("Prone"),)))
    member = player_view(s.state)["party"][0]
    assert member["hp"] == 0 and member["max_hp"] == 20 and member["saves"] == [0, 1]
    assert "Prone" in member["chips"] and member["status"] == "dying"


def test_a_foe_shows_its_conditions_not_the_gms_notes():
    s = _fight()
    chips = (Chip("Poisoned"), Chip("Marked by the GM"))
    s.state = s.state.with_actor(attrs.evolve(s.state.actor("wolf"), chips=chips))
    assert player_view(s.state)["foes"][0]["chips"] == ["Poisoned"]


def test_an_unseen_foe_is_not_on_the_seat_and_its_turn_reads_someone():
    s = _fight()
    s.state = s.state.with_actor(attrs.evolve(s.state.actor("wolf"), chips=(Chip("Invisible"),)))
    s.execute(cmd.NextTurn())
    view = player_view(s.state)
    assert view["foes"] == []
    assert view["order"] == [["Brom", "party", False], ["someone", "foes", True]]


def test_creatures_outside_the_fight_are_not_on_the_seat():
    from tests.systems.dnd5e.helpers import at

    state = campaign(
        character("brom", "Brom"),
        creature("wolf", "Wolf"),
        creature("owl", "Owl", tile=at(40, 40)),
    )
    s = running(state, initiative=[20, 5])
    assert [foe["label"] for foe in player_view(s.state)["foes"]] == ["Wolf"]


def test_the_ribbon_has_the_order_whose_turn_and_the_round():
    view = player_view(_fight().state, "brom")
    assert view["round"] == 1 and view["order"][0] == ["Brom", "party", True]
    assert view["me"] == "brom" and view["my_turn"] is True


FOES = {"Wolf", "Wolf 1"}


def test_a_foes_hp_change_keeps_the_amount_not_the_numbers():
    keep = LogFilter(FOES)
    assert keep.line("Wolf takes 7 slashing damage (11 → 4 HP).") == "Wolf takes 7 slashing damage."
    assert keep.line("Wolf regains 3 HP (4 → 7 HP).") == "Wolf regains 3 HP."
    assert keep.line("Brom takes 5 piercing damage (20 → 15 HP).") == "Brom takes 5 piercing damage (20 → 15 HP)."


def test_a_foes_hp_set_by_the_gm_is_not_shown():
    assert LogFilter(FOES).line("Wolf's HP set to 4 (was 11).") is None


def test_an_attack_on_a_foe_drops_its_ac():
    keep = LogFilter(FOES)
    line = "Brom attacks Wolf 1 with Longsword: d20 12 + 3 strength + 2 proficiency = 17 vs AC 13, hit."
    assert keep.line(line) == "Brom attacks Wolf 1 with Longsword: d20 12 + 3 strength + 2 proficiency = 17, hit."
    cover = (
        "Brom attacks Wolf with Longbow: d20 9 + 3 dexterity + 2 proficiency = 14 vs AC 15 (13 half cover +2), miss."
    )
    assert "AC" not in keep.line(cover)
    assert (
        keep.line("Fire Bolt (spell attack) on Wolf: d20 14 + 5 = 19 vs AC 13, hit.")
        == "Fire Bolt (spell attack) on Wolf: d20 14 + 5 = 19, hit."
    )


def test_a_foes_roll_keeps_its_total_not_its_bonuses():
    line = "Wolf attacks Brom with Bite: d20 11 + 2 strength + 2 proficiency = 15 vs AC 16, miss."
    assert LogFilter(FOES).line(line) == "Wolf attacks Brom with Bite: 15 vs AC 16, miss."


def test_a_save_against_a_foes_spell_drops_the_dc_but_not_against_the_partys():
    keep = LogFilter(FOES)
    keep.line("Wolf 1 casts Hold Person on Brom.")
    assert (
        keep.line("Brom fails the Wisdom save against Hold Person: d20 4 + 1 = 5 vs DC 13.")
        == "Brom fails the Wisdom save against Hold Person: d20 4 + 1 = 5."
    )
    keep.line("Brom casts Sleep on Wolf.")
    assert keep.line("Wolf fails the Wisdom save against Sleep: d20 4 + 1 = 5 vs DC 13.").endswith("vs DC 13.")


def test_lines_about_the_party_and_outcomes_are_kept_as_they_are():
    lines = ["Round 2.", "Brom is dying. Roll a death save.", "Wolf is defeated."]
    assert player_log(lines, _fight().state) == lines


def test_a_bound_seat_acts_only_for_its_own_character():
    state = _fight().state
    assert seat_refusal(state, "brom", "attack", cmd.Attack("brom", "wolf", "Longsword")) == ""
    assert seat_refusal(state, "brom", "attack", cmd.Attack("wolf", "brom", "Bite")) != ""
    assert seat_refusal(state, "brom", "deathsave", cmd.RollDeathSave("mira")) != ""


def test_a_bound_seat_does_not_act_outside_its_turn():
    s = _fight()
    s.execute(cmd.NextTurn())
    assert seat_refusal(s.state, "brom", "attack", cmd.Attack("brom", "wolf", "Longsword")) == "It is not your turn."
    assert seat_refusal(s.state, "brom", "dice", None) != ""


def test_a_bound_seat_takes_its_own_reactions_between_turns():
    # ref: Reactions and opportunity attacks — a reaction happens between the turns of its owner; the
    # Reaction row shows when "You can act for that combatant" (a Player tab bound to it)
    s = _fight()
    s.execute(cmd.NextTurn())
    assert seat_refusal(s.state, "brom", "attack", cmd.Attack("brom", "wolf", "Longsword", use="opportunity")) == ""
    assert seat_refusal(s.state, "brom", "cast", cmd.Cast("brom", "Shield")) == ""
    assert seat_refusal(s.state, "brom", "cast", cmd.Cast("brom", "Fire Bolt", targets=("wolf",))) == "It is not your turn."
    assert seat_refusal(s.state, "brom", "cast", cmd.Cast("mira", "Shield")) == "Act only for your own character."


def test_a_bound_seat_cannot_damage_a_foe():
    assert "cannot run 'damage'" in seat_refusal(_fight().state, "brom", "damage", None)


def test_a_foes_save_keeps_its_total_not_its_bonuses():
    keep = LogFilter({"Goblin 1", "Goblin 10"})
    keep.line("Brom casts Sleep on Goblin 1.")
    line = "Goblin 1 succeeds the Dexterity save against Burning Hands: d20 5 + 2 = 7 vs DC 13."
    assert keep.line(line) == "Goblin 1 succeeds the Dexterity save against Burning Hands: 7 vs DC 13."
    assert keep.line("Goblin 10 rolls a Dexterity save: d20 5 (at advantage (dropped 3)) + 2 = 7.") == (
        "Goblin 10 rolls a Dexterity save: 7."
    )
    assert keep.line("Brom rolls a Dexterity save: d20 5 + 2 = 7.") == "Brom rolls a Dexterity save: d20 5 + 2 = 7."


def test_a_foes_check_keeps_its_total_not_its_bonuses():
    keep = LogFilter(FOES)
    assert keep.line("Wolf rolls a Stealth check: d20 12 + 3 = 15.") == "Wolf rolls a Stealth check: 15."
    assert keep.line("Brom rolls an Athletics check: d20 12 + 5 = 17.") == "Brom rolls an Athletics check: d20 12 + 5 = 17."


def test_the_damage_of_a_foes_hit_keeps_its_total_not_its_modifier():
    keep = LogFilter(FOES)
    keep.line("Wolf attacks Brom with Bite: d20 15 + 2 strength + 2 proficiency = 19 vs AC 16, hit.")
    assert keep.line("Damage: 2d4 3 + 2 + 2 strength = 7 piercing.") == "Damage: 7 piercing."
    critical = "Damage (critical hit: every die rolled twice): 4d4 1 + 2 + 3 + 4 + 2 strength = 12 piercing."
    assert keep.line(critical) == "Damage (critical hit: every die rolled twice): 12 piercing."
    keep.line("Brom attacks Wolf with Longsword: d20 15 + 3 strength + 2 proficiency = 20 vs AC 13, hit.")
    assert keep.line("Damage: 1d8 5 + 3 strength = 8 slashing.") == "Damage: 1d8 5 + 3 strength = 8 slashing."


def test_lines_about_an_unseen_foe_name_someone():
    s = _fight()
    s.state = s.state.with_actor(attrs.evolve(s.state.actor("wolf"), chips=(Chip("Hidden"),)))
    lines = [
        "Wolf attacks Brom with Bite: d20 15 + 2 strength + 2 proficiency = 19 vs AC 16, hit.",
        "Brom attacks Wolf with Longsword: d20 15 + 3 strength + 2 proficiency = 20 vs AC 13, hit.",
        "Wolf takes 8 slashing damage (10 → 2 HP).",
        "Wolf's HP set to 4 (was 2).",
    ]
    shown = player_log(lines, s.state)
    assert shown == [
        "Someone attacks Brom with Bite: 19 vs AC 16, hit.",
        "Brom attacks someone with Longsword: d20 15 + 3 strength + 2 proficiency = 20, hit.",
        "Someone takes 8 slashing damage.",
    ]
    assert not any("Wolf" in line for line in shown)


def test_the_map_shows_the_party_and_the_creatures_nearby_or_in_the_fight_only():
    from combat_tui.core.maps import MapInfo
    from tests.systems.dnd5e.helpers import at

    state = campaign(
        character("brom", "Brom", tile=at(0, 0)),
        character("mira", "Mira", tile=at(-2, 0)),
        creature("wolf", "Wolf"),  # in the fight, one tile away
        creature("owl", "Owl", tile=at(3, 3), disposition="neutral"),  # nearby
        creature("bear", "Bear", tile=at(30, 30)),  # far away
        attrs.evolve(creature("imp", "Imp", tile=at(0, 2)), chips=(Chip("Invisible"),)),  # unseen
        creature("elk", "Elk", tile=at(1, 1, "elsewhere")),  # another map
    )
    state = attrs.evolve(state, maps=(MapInfo("m", "Vale", 40, 40),), nearby_range=5)
    shown = party_map(state)
    assert shown["name"] == "Vale" and (shown["width"], shown["height"]) == (40, 40)
    assert shown["marks"] == [[3, 5, "M", "character"], [6, 5, "w", "hostile"],
                              [8, 8, "o", "neutral"], [5, 5, "@", "party"]]  # fmt: skip
    fighting = running(state, initiative=[20, 15, 5]).state
    far = fighting.with_actor(attrs.evolve(fighting.actor("wolf"), tile=at(20, 20)))
    assert [25, 25, "w", "hostile"] in party_map(far)["marks"]
    assert player_view(fighting)["map"] == party_map(fighting)
