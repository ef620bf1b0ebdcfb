"""Awareness in setup: those on watch roll Perception against Stealth instead of using Passive
Perception; Deafened and sleep lower Passive Perception (notes §2.5; the Combat page gives no
number for either)."""

from __future__ import annotations

import pytest

from combat_tui.core.text import format_command, parse
from combat_tui.library.space_bears import space_bears
from combat_tui.systems.futurepath import commands as fc
from combat_tui.systems.futurepath.awareness import passive_perception
from tests.lines import refused
from tests.systems.futurepath.helpers import campaign, fight, fighter, run, session


def watchers(stealth: int = 11, **kw):
    """W (Passive Perception 12, WIS 18: +4) against S in stealth."""
    s = session(campaign(fighter("w", perception=12, wis=18, **kw), fighter("s", "b", stealth=stealth)))
    run(s, "setup")
    return s


def test_a_combatant_on_watch_rolls_perception_against_stealth():
    # ref: Combat page, "The Surprise Phase": "If they are actively looking for targets or are 'on the
    # alert,' then they can roll a normal Perception skill check against the enemy's stealth."
    s = watchers(stealth=18)
    run(s, "awareness")
    assert fight(s).unaware == ("w",)  # Passive Perception 12 misses Stealth 18
    s.dice.force([17])
    lines = run(s, "awareness watch W")
    assert lines[0] == "W keeps watch: Perception d20 17 + 2 = 19 against Stealth (S 18): sees S."
    assert fight(s).unaware == ()


def test_a_poor_watch_roll_can_miss_what_passive_perception_would_see():
    # ref: Combat page, "The Surprise Phase": "roll a normal Perception skill check against the enemy's stealth"
    s = watchers(stealth=11)
    s.dice.force([3])
    lines = run(s, "awareness watch W")
    assert lines[0] == "W keeps watch: Perception d20 3 + 2 = 5 against Stealth (S 11): does not see S."
    assert fight(s).unaware == ("w",)


def test_a_deafened_watcher_rolls_with_a_disadvantage_die():
    # ref: notes §2.5 — Deafened: "1Ad disadvantage on Initiative and Perception"
    s = watchers(stealth=18)
    run(s, "chip W +Deafened")
    s.dice.force([17, 1])
    assert run(s, "awareness watch W")[0] == "W keeps watch: Perception d20 17 - 1Ad (1d2: 1) + 2 = 18 against Stealth (S 18): sees S."


def test_without_stealth_no_watch_roll_is_made():
    # ref: Combat page, "The Surprise Phase": "if an enemy is in stealth" — no one to spot, nothing to roll
    s = watchers(stealth=0)
    assert run(s, "awareness watch W") == ["Passive Perception against Stealth: everyone sees every opponent."]


def test_deafened_lowers_passive_perception_by_half_the_wis_bonus():
    # ref: notes §2.5 — Deafened: "Passive Perception reduced by half the WIS bonus (rounded down)"
    s = watchers(stealth=11)
    run(s, "chip W +Deafened")
    lines = run(s, "awareness")
    assert lines[0] == "W's Passive Perception is 10 (Deafened) against Stealth (S 11): does not see S."
    assert fight(s).unaware == ("w",)  # 12 - 4 // 2 = 10; undeafened, 12 would see Stealth 11


def test_asleep_or_unconscious_passive_perception_is_a_quarter():
    # ref: notes §2.5 — Helpless / Incapacitated / Unconscious: "while asleep or unconscious,
    # Passive Perception is ¼ (rounded down)"
    s = watchers(stealth=4)
    run(s, "chip W +Asleep")
    assert run(s, "awareness")[0] == "W's Passive Perception is 3 (asleep or unconscious) against Stealth (S 4): does not see S."
    assert passive_perception(fighter("x", perception=12, wis=18)) == (12, "")


def test_the_most_severe_lowering_applies():
    # ref: notes §2.5 (a) — "When conditions conflict, the most severe one applies."
    from combat_tui.systems.futurepath.model import FPCondition

    who = fighter("x", perception=12, wis=18, conditions=(FPCondition("Deafened"), FPCondition("Unconscious")))
    assert passive_perception(who) == (3, "asleep or unconscious")


def test_a_deafened_combatant_looks_for_a_trap_with_the_lowered_passive_perception():
    # ref: Combat page, "Detecting Traps and Mines": "Passive Perception: Used as a default as characters
    # move through an area"; notes §2.5 Deafened
    s = watchers()
    run(s, "trap Mine dc=11", "chip W +Deafened")
    assert run(s, "spot W Mine") == ["W looks for the Mine: Passive Perception 10 (Deafened) vs DC 11, does not find it."]


def test_an_asleep_combatant_cannot_keep_watch():
    # ref: notes §2.5 — while asleep or unconscious, "no skill checks"
    s = watchers()
    run(s, "chip W +Unconscious")
    assert refused(s, "awareness watch W") == "W is asleep or unconscious and cannot roll Perception."


def test_bad_watch_lines_are_refused():
    s = watchers()
    run(s, "absent S")
    assert refused(s, "awareness watch S") == "S is not in the fight, so cannot keep watch."
    assert refused(s, "awareness watch W, W") == "W is named twice on watch."
    assert refused(s, "awareness watch") == "'awareness watch' needs the names of those on watch."
    assert refused(s, "awareness W") == "'awareness' takes 'watch' and names, not 'W'."
    assert refused(s, "awareness watch Nobody").startswith("No one here is called 'Nobody'")


@pytest.mark.parametrize("command", [fc.JudgeAwareness(), fc.JudgeAwareness(("bear-1", "james"))])
def test_format_then_parse_is_the_same_command(command):
    state = space_bears()
    text = format_command(command, state)
    assert parse(text, state).command == command, text
    assert parse("awareness watch 'Space Bear 1', James", state).command == fc.JudgeAwareness(("bear-1", "james"))
