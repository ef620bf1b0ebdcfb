"""Labels: the names the app shows, numbered when combatants share a name."""

from __future__ import annotations

from attrs import evolve

from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.labels import labels
from tests.systems.dnd5e.helpers import at, campaign, character, creature, running, session


def test_the_sample_numbers_the_goblins_of_the_fight_that_start_would_begin(sample):
    # ref: Combat setup
    assert labels(sample) == {
        "ser-aldric": "Ser Aldric", "mirelle": "Mirelle", "ayla": "Ayla", "bren": "Bren",
        "goblin-1": "Goblin 1", "goblin-2": "Goblin 2", "goblin-3": "Goblin 3", "goblin-boss": "Goblin Boss",
        "wolf-1": "Wolf 1", "wolf-2": "Wolf 2", "wolf-3": "Wolf 3", "wolf-4": "Wolf 4",
        "brother-oswin": "Brother Oswin", "korg": "Korg", "winter-wolf": "Winter Wolf",
        "young-green-dragon": "Young Green Dragon",
    }  # fmt: skip


def test_a_foe_that_is_the_only_one_of_its_name_shows_no_number():
    # ref: Combat setup
    state = campaign(character("hero", "Hero"), creature("orc", "Orc"), creature("imp", "Imp"))
    assert labels(state) == {"hero": "Hero", "orc": "Orc", "imp": "Imp"}


def test_the_numbers_follow_the_order_of_the_creature_list():
    # ref: Combat setup
    state = campaign(
        character("hero"),
        creature("c", "Goblin Scout"),
        creature("a", "Goblin Scout"),
        creature("b", "Goblin Scout"),
    )
    found = labels(state)
    assert (found["c"], found["a"], found["b"]) == ("Goblin Scout 1", "Goblin Scout 2", "Goblin Scout 3")


def test_the_nearby_tab_counts_on_after_the_fight(sample):
    # ref: Combat setup
    # "a second wolf nearby reads 'Wolf 2' beside a lone 'Wolf' in the Active tab"
    wolf = sample.creatures[4]
    state = evolve(sample, creatures=sample.creatures[:4] + (evolve(wolf, tile=at(1, 1, "greenway")),) + sample.creatures[5:])
    found = labels(state)
    assert (found["wolf-1"], found["wolf-2"]) == ("Wolf", "Wolf 2")


def test_a_defeated_foe_keeps_its_place_in_the_count_of_a_running_fight(sample):
    # ref: Combat setup
    s = running(sample)
    s.execute(cmd.ApplyDamage("goblin-1", 7))
    found = labels(s.state)
    assert (found["goblin-1"], found["goblin-2"], found["goblin-3"]) == ("Goblin 1", "Goblin 2", "Goblin 3")
    entry = s.execute(cmd.ApplyDamage("goblin-2", 7))
    assert entry.lines == ("Goblin 2 takes 7 damage (7 → 0 HP).", "Goblin 2 is defeated.")


def test_the_setup_dialog_numbers_the_foes_as_the_fight_will(sample):
    # ref: Combat setup
    before = labels(sample)
    s = session(sample)
    s.execute(cmd.OpenSetup())
    assert labels(s.state) == before
    s.execute(cmd.StartFight())
    assert labels(s.state) == before


def test_a_log_line_names_the_combatant_by_the_label_it_had_when_the_command_ran(sample):
    # ref: Combat setup
    # Outside a fight, a felled Goblin 1 leaves the fight that Start would begin, so the labels
    # of the goblins shift after the command; the line must still name the goblin that was hit.
    s = session(sample)
    entry = s.execute(cmd.ApplyDamage("goblin-1", 7))
    assert entry.lines == ("Goblin 1 takes 7 damage (7 → 0 HP).", "Goblin 1 is defeated.")
    assert entry.label == "damage 'Goblin 1' 7"


def test_labels_are_cached_but_follow_a_new_state(sample):
    # ref: Combat setup
    assert labels(sample) is labels(sample)
    state = evolve(sample, creatures=sample.creatures[1:])
    assert labels(state)["goblin-2"] == "Goblin 1"
    assert labels(sample)["goblin-2"] == "Goblin 2"
