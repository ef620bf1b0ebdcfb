"""Labels: the names the app shows, numbered when creatures share a name, and stable while a
count lasts (issue 14)."""

from __future__ import annotations

import pytest
from attrs import evolve

from combat_tui.core.command import CommandRejected
from combat_tui.core.maps import MapInfo
from combat_tui.core.runner import run_line
from combat_tui.core.text import format_command
from combat_tui.systems.dnd5e import commands as cmd
from combat_tui.systems.dnd5e.labels import counted, labels, numbers
from combat_tui.systems.dnd5e.system import DND5E
from tests.systems.dnd5e.helpers import at, campaign, character, creature, running, session

WOLVES = ("wolf-1", "wolf-2", "wolf-3", "wolf-4")
MAP = (MapInfo("m", "The Map", 20, 20),)


def run(s, *lines):
    out = []
    for line in lines:
        out += run_line(s, line).lines
    return out


def wolves(state) -> tuple[str, ...]:
    found = labels(state)
    return tuple(found[ref] for ref in WOLVES)


# -- one test per sentence of Combat setup about numbers ----------------------------------------


def test_the_sample_numbers_the_goblins_of_the_fight_that_start_would_begin(sample):
    # ref: Combat setup
    assert labels(sample) == {
        "ser-aldric": "Ser Aldric", "mirelle": "Mirelle", "ayla": "Ayla", "bren": "Bren",
        "goblin-1": "Goblin 1", "goblin-2": "Goblin 2", "goblin-3": "Goblin 3", "goblin-boss": "Goblin Boss",
        "wolf-1": "Wolf 1", "wolf-2": "Wolf 2", "wolf-3": "Wolf 3", "wolf-4": "Wolf 4",
        "brother-oswin": "Brother Oswin", "korg": "Korg", "winter-wolf": "Winter Wolf",
        "young-green-dragon": "Young Green Dragon",
    }  # fmt: skip


def test_combatants_that_share_a_name_get_a_number_after_it():
    # ref: Combat setup — "Combatants that share a name get a number after it, such as “Goblin Scout 1”
    # and “Goblin Scout 2”."
    state = campaign(character("hero"), creature("a", "Goblin Scout"), creature("b", "Goblin Scout"))
    s = session(state)
    for line in ("setup", "start"):
        run(s, line)
        found = labels(s.state)
        assert (found["a"], found["b"]) == ("Goblin Scout 1", "Goblin Scout 2")


def test_the_numbers_follow_the_order_of_the_creature_list():
    # ref: Combat setup — "The numbers follow the order of the creature list."
    state = campaign(
        character("hero"),
        creature("c", "Goblin Scout"),
        creature("a", "Goblin Scout"),
        creature("b", "Goblin Scout"),
    )
    found = labels(state)
    assert (found["c"], found["a"], found["b"]) == ("Goblin Scout 1", "Goblin Scout 2", "Goblin Scout 3")
    s = session(evolve(state, maps=MAP))
    run(s, "creature add 'Goblin Scout'")  # a spawn goes to the end of the list, and of the count
    assert labels(s.state)[s.state.creatures[-1].id] == "Goblin Scout 4"


def test_the_panel_the_status_line_the_screen_and_the_dialogs_use_the_same_numbers(sample):
    # ref: Combat setup — "The rows of the Encounters panel, the combat status line in the sidebar, the
    # combat screen, and the attack and spell dialogs use the same numbers."
    # Every one of them reads DND5E.labels; so do `show`, the text form and the log lines.
    s = running(sample)
    command = cmd.ApplyDamage("goblin-2", 3)
    assert DND5E.labels(s.state)["goblin-2"] == "Goblin 2"
    assert format_command(command, s.state) == "damage 'Goblin 2' 3"
    assert DND5E.show(s.state, "goblin-2").startswith("Goblin 2: HP 7/7")
    assert s.execute(command).lines[0].startswith("Goblin 2 takes 3 damage")


def test_the_active_tab_and_the_setup_dialog_number_the_foes_as_the_fight_will(sample):
    # ref: Combat setup — "The Active tab and the setup dialog number the foes of the fight that Start
    # combat would begin, or of the fight that runs, so a foe shows the same label in the panel, the
    # dialog, and the fight."
    wolf = evolve(sample.actor("wolf-3"), tile=evolve(sample.party_tile, x=6))  # a lone wolf beside the party
    state = sample.with_actor(wolf)
    before = labels(state)
    assert before["wolf-3"] == "Wolf"
    s = session(state)
    run(s, "setup")
    assert labels(s.state) == before
    run(s, "start")
    assert labels(s.state) == before


def test_a_foe_that_is_the_only_one_of_its_name_in_the_fight_shows_no_number(sample):
    # ref: Combat setup — "A foe that is the only one of its name in the fight shows no number."
    state = campaign(character("hero", "Hero"), creature("orc", "Orc"), creature("imp", "Imp"))
    assert labels(state) == {"hero": "Hero", "orc": "Orc", "imp": "Imp"}
    # Other wolves nearby do not number the one in the fight.
    state = sample.with_actor(evolve(sample.actor("wolf-2"), tile=evolve(sample.party_tile, x=6)))
    s = running(state)
    assert wolves(s.state) == ("Wolf 1", "Wolf", "Wolf 3", "Wolf 4")


def test_the_nearby_tab_counts_on_after_the_fight(sample):
    # ref: Combat setup — "The Nearby tab counts on after the fight, so a second wolf nearby reads
    # “Wolf 2” beside a lone “Wolf” in the Active tab."
    wolf = sample.actor("wolf-1")
    state = sample.with_actor(evolve(wolf, tile=at(1, 1, "greenway")))
    found = labels(state)
    assert (found["wolf-1"], found["wolf-2"]) == ("Wolf", "Wolf 2")
    s = running(state)
    found = labels(s.state)
    assert (found["wolf-1"], found["wolf-2"]) == ("Wolf", "Wolf 2")


def test_a_defeated_foe_keeps_its_place_in_the_count_of_a_running_fight(sample):
    # ref: Combat setup — "A defeated foe keeps its place in the count of a running fight."
    s = running(sample)
    s.execute(cmd.ApplyDamage("goblin-1", 7))
    found = labels(s.state)
    assert (found["goblin-1"], found["goblin-2"], found["goblin-3"]) == ("Goblin 1", "Goblin 2", "Goblin 3")
    entry = s.execute(cmd.ApplyDamage("goblin-2", 7))
    assert entry.lines == ("Goblin 2 takes 7 damage (7 → 0 HP).", "Goblin 2 is defeated.")
    s.execute(cmd.ApplyDamage("goblin-3", 7))
    assert [labels(s.state)[r] for r in ("goblin-1", "goblin-2", "goblin-3")] == ["Goblin 1", "Goblin 2", "Goblin 3"]


def test_the_stored_name_keeps_the_plain_name(sample):
    # ref: Combat setup — "The log and the stored name keep the plain name."
    s = session(sample)
    run(s, "template save 'Wolf 1' as Wolf", "setup", "join 'Wolf 2'", "spawn Wolf 2")
    assert {c.name for c in s.state.creatures if c.id.startswith("wolf")} == {"Wolf"}
    assert [c.number for c in s.state.creatures if c.name == "Wolf"][-2:] == [5, 6]  # the number is its own field
    run(s, "template save 'Wolf 6' as Pup")
    assert s.state.templates[-1].number == 0  # a template is in no count


# -- the scenarios of the issue ------------------------------------------------------------------


def test_wolves_that_join_keep_their_labels_and_a_name_hits_the_wolf_it_named(sample):
    # ref: Combat setup — "so a foe shows the same label in the panel, the dialog, and the fight"
    s = session(sample)
    start = wolves(sample)
    assert start == ("Wolf 1", "Wolf 2", "Wolf 3", "Wolf 4")
    for line in ("setup", "join Wolf 1", "join Wolf 3", "start"):
        run(s, line)
        assert wolves(s.state) == start
    assert run(s, "damage 'Wolf 3' 20")[-1] == "Wolf 3 is defeated."
    assert wolves(s.state) == start
    assert s.state.actor("wolf-3").hp == 0
    run(s, "damage 'Wolf 2' 7")  # the wolf still nearby, not a fighting one
    assert s.state.actor("wolf-2").hp == 4 and s.state.actor("wolf-1").hp == 11
    assert wolves(s.state) == start


def test_a_goblin_defeated_outside_a_fight_keeps_its_label_and_so_do_the_others(sample):
    # ref: Combat setup — "A defeated foe keeps its place in the count"
    s = session(sample)
    assert run(s, "damage 'Goblin 2' 7")[-1] == "Goblin 2 is defeated."
    assert run_line(s, "show 'Goblin 2'").output.startswith("Goblin 2: HP 0/7")
    assert run_line(s, "show 'Goblin 3'").output.startswith("Goblin 3: HP 7/7")
    # The last goblin standing beside its fallen keeps its number too, into the fight.
    run(s, "damage 'Goblin 1' 7")
    assert run_line(s, "show 'Goblin 3'").output.startswith("Goblin 3: HP 7/7")
    assert run(s, "setup")[0] == "Combat setup: Ser Aldric, Mirelle, Ayla and Bren against Goblin 3 and Goblin Boss."


def test_the_setup_lines_and_the_order_name_a_lone_joined_wolf_alike(sample):
    # ref: Combat setup — "so a foe shows the same label in the panel, the dialog, and the fight":
    # a wolf that joins from the Nearby list, where it reads "Wolf 1", is "Wolf 1" in the fight too.
    s = session(sample)
    run(s, "dice 10 10 10 10 10 10 10 10", "setup")
    assert run(s, "dice 15", "join Wolf 1") == ["Wolf 1 joins the fight.", "Initiative rolled: Wolf 1 17"]
    assert "Wolf 1 17" in run(s, "start")[0]
    assert labels(s.state)["wolf-1"] == "Wolf 1"


def test_a_lone_foe_takes_its_number_when_a_second_of_its_name_joins(sample):
    # ref: Combat setup — "Combatants that share a name get a number after it" and "a second wolf
    # nearby reads “Wolf 2” beside a lone “Wolf”": the lone one was Wolf 1 all along.
    state = sample.with_actor(evolve(sample.actor("wolf-1"), tile=evolve(sample.party_tile, x=6)))
    s = running(state)
    assert wolves(s.state)[:2] == ("Wolf", "Wolf 2")
    entry = s.execute(cmd.JoinFight(("wolf-2",)))
    assert entry.lines[0] == "Wolf 2 joins the fight."
    assert wolves(s.state)[:2] == ("Wolf 1", "Wolf 2")
    with pytest.raises(CommandRejected, match="could mean more than one"):
        run(s, "damage Wolf 3")  # never the wrong wolf
    # It keeps the number while the fight lasts, even when the other wolf is gone.
    run(s, "delete 'Wolf 2'")
    assert labels(s.state)["wolf-1"] == "Wolf 1"


def test_a_spawn_into_a_fight_counts_on_and_numbers_a_lone_foe_of_its_name(sample):
    # ref: Combat setup — "The numbers follow the order of the creature list"
    s = session(sample)
    run(s, "template save 'Wolf 1' as Wolf", "start")
    before = labels(s.state)
    lines = run(s, "spawn Wolf 2")
    made = [c.id for c in s.state.creatures[-2:]]
    found = labels(s.state)
    assert [found[ref] for ref in made] == ["Wolf 5", "Wolf 6"]
    assert {ref: found[ref] for ref in before} == before
    assert "Wolf 5" in " ".join(lines) and all(s.state.fight.find(ref) for ref in made)


def test_a_spawn_numbers_a_foe_that_was_alone_of_its_name():
    # ref: Combat setup — "Combatants that share a name get a number after it"
    state = evolve(campaign(character("hero"), creature("ogre", "Ogre")), maps=MAP)
    s = running(state)
    assert labels(s.state)["ogre"] == "Ogre"
    run(s, "template save Ogre", "spawn Ogre 2")
    found = labels(s.state)
    assert [found[c.id] for c in s.state.creatures] == ["Ogre 1", "Ogre 2", "Ogre 3"]


def test_undoing_a_join_gives_back_the_labels(sample):
    # ref: Combat setup
    state = sample.with_actor(evolve(sample.actor("wolf-1"), tile=evolve(sample.party_tile, x=6)))
    s = running(state)
    before = labels(s.state)
    s.execute(cmd.JoinFight(("wolf-2",)))
    assert labels(s.state)["wolf-1"] == "Wolf 1"
    s.undo()
    assert labels(s.state) == before
    s.redo()
    assert (labels(s.state)["wolf-1"], labels(s.state)["wolf-2"]) == ("Wolf 1", "Wolf 2")


def test_a_log_line_names_the_combatant_by_the_label_it_had_when_the_command_ran(sample):
    # ref: Combat setup
    # (This used to show a shift: a felled Goblin 1 left the fight that Start would begin and the
    # others were numbered again; now the label it had is the one it keeps.)
    s = session(sample)
    before = labels(s.state)
    entry = s.execute(cmd.ApplyDamage("goblin-1", 7))
    assert entry.lines == ("Goblin 1 takes 7 damage (7 → 0 HP).", "Goblin 1 is defeated.")
    assert entry.label == "damage 'Goblin 1' 7"
    assert labels(s.state) == before


def test_the_setup_dialog_numbers_the_foes_as_the_fight_will(sample):
    # ref: Combat setup
    before = labels(sample)
    s = session(sample)
    s.execute(cmd.OpenSetup())
    assert labels(s.state) == before
    s.execute(cmd.StartFight())
    assert labels(s.state) == before


# -- when a count goes on, and when it starts again ----------------------------------------------


def test_the_numbers_outlast_the_end_of_the_fight(sample):
    # ref: Combat setup — the loot of "Scimitar (Goblin 2)" and the fates name the foes of the fight;
    # the numbers stay with the creatures after it, so earlier lines still name the same ones.
    s = running(sample)
    run(s, "damage 'Goblin 2' 7", "damage 'Goblin 1' 7")
    before = labels(s.state)
    run(s, "end fled 'Goblin 3'")
    after = labels(s.state)
    assert "goblin-3" not in after
    assert {ref: after[ref] for ref in after} == {ref: before[ref] for ref in after}
    run(s, "creature add Goblin")  # the next goblin counts on past the highest
    assert labels(s.state)[s.state.creatures[-1].id] == "Goblin 3"


def test_a_deletion_outside_a_fight_leaves_the_others_numbers(sample):
    # ref: Combat setup — "The numbers follow the order of the creature list"
    s = session(sample)
    run(s, "delete 'Goblin 1'")
    found = labels(s.state)
    assert (found["goblin-2"], found["goblin-3"]) == ("Goblin 2", "Goblin 3")
    run(s, "creature add Goblin")
    assert labels(s.state)[s.state.creatures[-1].id] == "Goblin 4"
    # With no goblin left, the count of the name starts again.
    run(s, "delete 'Goblin 2'", "delete 'Goblin 3'", "delete Goblin")
    run(s, "creature add Goblin", "creature add Goblin")
    assert [labels(s.state)[c.id] for c in s.state.creatures if c.name == "Goblin"] == ["Goblin 1", "Goblin 2"]


def test_a_renamed_creature_joins_the_count_of_its_new_name(sample):
    # ref: Combat setup
    s = running(sample)
    run(s, "edit 'Goblin 1' name=Wolf")
    found = labels(s.state)
    assert found["goblin-1"] == "Wolf 5"
    assert (found["goblin-2"], found["goblin-3"]) == ("Goblin 2", "Goblin 3")
    assert wolves(s.state) == ("Wolf 1", "Wolf 2", "Wolf 3", "Wolf 4")


def test_an_older_file_without_numbers_gets_them_once_and_keeps_them(sample):
    # ref: Combat setup — an older campaign has no stored numbers: they follow the creature list,
    # and the first rule that takes a creature away stores them, so none moves.
    assert all(c.number == 0 for c in sample.creatures)
    stored = counted(sample)
    assert labels(stored) == labels(sample)
    assert [c.number for c in stored.creatures if c.name == "Wolf"] == [1, 2, 3, 4]
    assert counted(stored) is stored
    # A number a hand edit gave twice is one creature's; the other takes the next free one.
    twice = evolve(sample, creatures=tuple(evolve(c, number=1) if c.name == "Goblin" else c for c in sample.creatures))
    assert sorted(numbers(twice)[f"goblin-{n}"] for n in (1, 2, 3)) == [1, 2, 3]


def test_labels_are_cached_but_follow_a_new_state(sample):
    # ref: Combat setup
    assert labels(sample) is labels(sample)
    # Numbers not stored yet follow the creature list of the record as it is.
    state = evolve(sample, creatures=sample.creatures[1:])
    assert labels(state)["goblin-2"] == "Goblin 1"
    assert labels(sample)["goblin-2"] == "Goblin 2"
