"""Refusals name a combatant by the label the app shows ("Space Bear 2"), not the sheet's name
that four bears share, so the GM knows which one is meant and can type it back."""

from __future__ import annotations

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice
from combat_tui.core.runner import run_line
from combat_tui.core.session import Session
from combat_tui.library.space_bears import space_bears
from combat_tui.systems.futurepath.labels import label
from combat_tui.systems.futurepath.rounds import acting
from tests.lines import refused
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session


def sample(*lines: str) -> Session:
    s = Session(space_bears(), dice=Dice(3))
    run(s, *lines)
    return s


def test_two_goblins_have_numbered_labels():
    # ref: DESIGN.md §5 — "names are the labels the app shows ("Goblin 2")"
    fp = campaign(fighter("g1", "b", name="Goblin"), fighter("g2", "b", name="Goblin"), fighter("x")).futurepath
    assert [label(fp, ref) for ref in ("g1", "g2", "x")] == ["Goblin 1", "Goblin 2", "X"]


def test_the_trap_refusals_name_the_bear_by_its_label():
    # ref: Combat page, "Disarming and Sabotage": "Once a trap is detected, it can be bypassed or disabled"
    s = sample("setup", "absent Katie", "trap Mine dc=10")
    assert refused(s, "disarm 'Space Bear 2' Mine") == "Space Bear 2 has not found the Mine."
    run(s, "spot 'Space Bear 2' Mine")  # Passive Perception 11 against DC 10
    assert refused(s, "spot 'Space Bear 2' Mine") == "Space Bear 2 already knows where the Mine is."
    run(s, "start")
    s.dice.force([8, 1])
    assert "try again after 1 round" in run(s, "disarm 'Space Bear 2' Mine")[0]
    assert refused(s, "disarm 'Space Bear 2' Mine") == "Space Bear 2 must wait 1 round before trying the Mine again."


def test_the_condition_refusals_name_the_bear_by_its_label():
    # ref: notes §2.5 (c), (d) — gaining a condition again; removing one the bearer has not
    s = sample("setup")
    assert refused(s, "chip 'Space Bear 3' -Shaken") == "Space Bear 3 is not Shaken."
    run(s, "chip 'Space Bear 3' +Prone")
    assert refused(s, "chip 'Space Bear 3' +Prone") == "Space Bear 3 is already Prone."


def test_setup_and_fight_refusals_name_the_bear_by_its_label():
    # ref: Combat page, "Adding new Combatants"; "Action Phase" (the acting group declares)
    s = sample("setup")
    assert refused(s, "present 'Space Bear 1'") == "Space Bear 1 is already in the fight."
    run(s, "start")
    while fight(s).phase != "action":
        run(s, "next")
    group = acting(s.state.futurepath, fight(s))
    idle = next(f"bear-{i}" for i in range(1, 5) if f"bear-{i}" not in group)
    shown = label(s.state.futurepath, idle)
    assert refused(s, f"declare '{shown}' move") == f"{shown} is not in the acting group."
    assert refused(s, "attack 'Space Bear 4' 'Space Bear 4'") == "Space Bear 4 cannot attack themselves."
    assert refused(s, "join 'Space Bear 4'") == "Space Bear 4 is already in the fight."


def test_a_hint_gives_the_label_quoted_so_it_can_be_typed_back():
    # ref: DESIGN.md §5 — names are labels, "quoted when they have spaces"
    s = sample("setup", "start")
    with pytest.raises(CommandRejected) as caught:
        run_line(s, "remove 'Space Bear 2'")
    assert caught.value.reason == "Space Bear 2 is in the running ground fight."
    assert "out 'Space Bear 2' fled" in caught.value.detail


def test_a_move_refusal_names_the_bear_by_its_label():
    # ref: Combat page, "Standard Move Actions": the Move is a declared Standard action
    s = session(campaign(fighter("m", dex=14), fighter("g1", "b", name="Goblin"), fighter("g2", "b", name="Goblin")))
    run(s, "setup", "start")
    while "g2" not in acting(s.state.futurepath, fight(s)):
        run(s, "next")
    with pytest.raises(CommandRejected) as caught:
        run_line(s, "move 'Goblin 2' 30")
    assert (caught.value.reason, caught.value.detail) == ("Goblin 2 has no Move declared.",
                                                          "Declare one first: declare 'Goblin 2' move.")  # fmt: skip
