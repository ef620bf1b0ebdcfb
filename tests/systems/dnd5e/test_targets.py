"""Whom an action offers, the likeliest first, and the type-ahead on labels (systems/dnd5e/targets.py).

The sample fight on forced initiative: Ayla, Ser Aldric, Bren, Goblin 2, Goblin 1, Goblin 3,
Mirelle, Goblin Boss; the goblins stand on the tile next to the party.
"""

from __future__ import annotations

from attrs import evolve

from combat_tui.systems.dnd5e.catalog import find_spell
from combat_tui.systems.dnd5e.labels import labels
from combat_tui.systems.dnd5e.targets import likeliest, match_label, spell_kind, target_order
from tests.lines import played
from tests.systems.dnd5e.helpers import at, campaign, character, creature, running

START = ("dice 10 5 16 8 4 6 3 2", "start")
GOBLINS = ["goblin-2", "goblin-1", "goblin-3", "goblin-boss"]


def fight(sample, *lines: str):
    return played(sample, *START, *lines).state


# -- the order ------------------------------------------------------------------------------------


def test_harm_offers_the_foes_standing_first_then_the_allies_and_the_actor_last(sample):
    # ref: issue "Fast at the table", item 1: "starts on the likeliest target (the inspected or
    # selected combatant, else the nearest foe still standing), and leaves the defeated and dead out"
    state = fight(sample, "damage 'Goblin 1' 7")
    assert target_order(state, "ayla", "harm") == ["goblin-2", "goblin-3", "goblin-boss", "ser-aldric", "bren",
                                                   "mirelle", "ayla"]  # fmt: skip
    assert likeliest(state, "ayla", "harm") == "goblin-2"


def test_the_fallen_come_back_only_when_asked_at_the_end(sample):
    # ref: issue "Fast at the table", item 1: "leaves the defeated and dead out unless asked"
    state = fight(sample, "damage 'Goblin 1' 7")
    assert target_order(state, "ayla", "harm", fallen=True)[-1] == "goblin-1"
    assert "goblin-1" not in target_order(state, "ayla", "any")


def test_nearest_is_the_distance_on_the_map_ties_keep_the_fights_order():
    # ref: Redirect Attack — "The app tracks no positions": only the tiles say who is near, and
    # combatants on tiles at the same distance keep the order of the fight.
    state = campaign(character("kara"), creature("far"), creature("near", tile=at(1, 1)),
                     creature("also", tile=at(-1, 0)))  # fmt: skip
    state = running(state, [20, 19, 18, 17]).state  # Kara, Far, Near, Also
    state = state.with_actor(evolve(state.actor("far"), tile=at(4, 0)))  # it walked off, still in the fight
    assert target_order(state, "kara", "harm") == ["near", "also", "far", "kara"]
    assert likeliest(state, "kara", "harm") == "near"


def test_a_heal_starts_on_the_most_hurt_ally_a_dying_one_first(sample):
    # ref: Combat screen — "A dying ally can be selected, so you can heal it on a foe's turn."
    state = fight(sample, "damage Bren 20", "damage Ayla 10")
    assert target_order(state, "mirelle", "heal")[:4] == ["bren", "ayla", "mirelle", "ser-aldric"]
    state = fight(sample, "damage Bren 20", "damage Ayla 38")  # Ayla dying
    assert likeliest(state, "mirelle", "heal") == "ayla"


def test_an_unhurt_party_heals_the_caster_first(sample):
    state = fight(sample)
    assert likeliest(state, "mirelle", "heal") == "mirelle"
    assert likeliest(state, "mirelle", "help") == "mirelle"


def test_a_heal_leaves_out_a_creature_at_0_hp_and_a_dead_character(sample):
    # ref: Death saves — "A healing spell has no effect on a creature at 0 HP"
    state = fight(sample, "damage 'Goblin 1' 7")
    dead = evolve(state.actor("bren"), hp=0, death_failures=3)
    state = state.with_actor(dead)
    order = target_order(state, "mirelle", "heal")
    assert "goblin-1" not in order and "bren" not in order


def test_a_raise_offers_the_dead_of_the_casters_side(sample):
    # ref: Death saves — "Revivify and Raise Dead each clear the tracker and heal to 1 HP"; the spell
    # record says it raises (kind "raise"), so the fallen are what it wants.
    state = fight(sample, "damage 'Goblin 1' 7")
    state = state.with_actor(evolve(state.actor("bren"), hp=0, death_failures=3))
    assert spell_kind(find_spell("Revivify")) == "raise"
    assert target_order(state, "mirelle", "raise") == ["bren", "goblin-1"]
    assert likeliest(state, "mirelle", "raise") == "bren"


def test_a_stabilize_starts_on_the_dying(sample):
    state = fight(sample, "damage Ayla 38")
    assert likeliest(state, "mirelle", "dying") == "ayla"
    assert likeliest(fight(sample), "mirelle", "dying") is None


def test_the_inspected_one_comes_first_when_it_fits(sample):
    # ref: Combat screen — "The target defaults to the inspected combatant"
    state = fight(sample, "damage 'Goblin 1' 7")
    assert target_order(state, "ayla", "harm", inspected="goblin-3")[0] == "goblin-3"
    assert likeliest(state, "ayla", "harm", inspected="bren") == "bren"
    assert likeliest(state, "ayla", "harm", inspected="goblin-1") == "goblin-2"  # defeated: it does not fit


def test_no_foe_standing_starts_a_harm_on_no_one(sample):
    state = fight(sample, *(f"damage '{name}' 99" for name in ("Goblin 1", "Goblin 2", "Goblin 3", "Goblin Boss")))
    assert likeliest(state, "ayla", "harm") is None


def test_the_kind_of_a_spell_comes_from_its_record():
    assert [spell_kind(find_spell(name)) for name in ("Fire Bolt", "Healing Word", "Bless", "Spare the Dying")] == [
        "harm", "heal", "help", "dying"]  # fmt: skip


# -- type-ahead -----------------------------------------------------------------------------------


def test_g2_gob_2_goblin_2_and_2_reach_goblin_2(sample):
    # ref: issue "Fast at the table", item 1: "takes type-ahead on the label ("g2" or "gob 2" reaches
    # Goblin 2)"
    state = fight(sample)
    named = [(ref, labels(state)[ref]) for ref in target_order(state, "ayla", "harm")]
    for typed in ("g2", "gob 2", "Goblin 2", "goblin2", "2"):
        assert match_label(named, typed) == ["goblin-2"], typed


def test_an_initial_that_fits_several_keeps_the_likeliest_order(sample):
    state = fight(sample)
    named = [(ref, labels(state)[ref]) for ref in target_order(state, "ayla", "harm")]
    assert match_label(named, "g") == GOBLINS
    assert match_label(named, "gb") == ["goblin-boss"]
    assert match_label(named, "boss") == ["goblin-boss"]


def test_a_label_the_text_starts_comes_before_one_it_fits_further_in():
    named = [("ser", "Ser Aldric"), ("ayla", "Ayla")]
    assert match_label(named, "a") == ["ayla", "ser"]
    assert match_label(named, "ald") == ["ser"]
    assert match_label({"wolf": "Wolf", "wolf-12": "Wolf 12"}, "wolf") == ["wolf", "wolf-12"]


def test_a_typed_number_is_a_whole_number():
    named = {"g1": "Goblin 1", "g12": "Goblin 12"}
    assert match_label(named, "g1") == ["g1"]
    assert match_label(named, "1") == ["g1"]
    assert match_label(named, "g3") == []
    assert match_label(named, "") == ["g1", "g12"]
