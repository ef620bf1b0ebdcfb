"""Space log lines in plain words: the chart's "X hit dice" worked out, a console named by its
officer and its ship by its label, Battle Damage beyond the maximum said as such."""

from __future__ import annotations

from attrs import evolve

from combat_tui.systems.futurepath.space.summary import damage_text, fight_summary
from tests.systems.futurepath.space.helpers import FULL, run, session, ship, to_phase, two


def _armed(s, roll: int, *faces: int) -> list[str]:
    """A GM Battle Damage of this chart roll on B, taking effect when round 1's Response Phase ends."""
    run(s, f"space damage b {roll}")
    to_phase(s, "response")
    if faces:
        s.dice.force(faces)
    return run(s, "space next")


def test_a_blown_capacitor_says_the_console_and_its_hit_dice():
    # ref: notes §2.11 chart 8 — "d6 picks a console ...; it explodes for X hit dice of Electric
    # damage and the occupant is Shaken for 1 round; X = 1 + ⌊level/4⌋"
    lines = _armed(two(), 8, 3, 4)
    assert ("B: Blown capacitor takes effect (d6 3: the Helm Officer's console): it explodes for 1 hit die (1d6) of "
            "Electric damage and its officer is Shaken for 1 round; until the end of round 2's Response Phase.") in lines
    assert not any(" X " in line for line in lines)


def test_the_eps_conduit_and_the_plasma_failure_say_their_hit_dice_too():
    # ref: notes §2.11 chart 10 — "Pilot console explodes (X hit dice Electric, Shaken for 1
    # round)"; chart 2 — "X hit dice of damage per turn while working on it"
    eps = _armed(two(), 10, 2)
    assert any("the Pilot's console explodes (1 hit die (1d6) Electric, Shaken for 1 round)" in line for line in eps)
    plasma = _armed(two(), 2)
    assert any("1 hit die (1d6) of damage per turn while working on it" in line for line in plasma)


def test_an_empty_console_is_named_by_its_officer_and_the_ship_by_its_label():
    # ref: notes §2.11 chart 8 — "(1 Captain, 2 Science, 3 Pilot, 4 Sensor, 5 Weapons, 6 Engineer)"
    crewless = tuple(p for p in FULL if p != "captain")
    b1, b2 = evolve(ship("b", "b", positions=crewless), name="Fighter"), evolve(ship("c", "b"), name="Fighter")
    s = session(ship("a"), b1, b2)
    run(s, "space start")
    lines = _armed(s, 8, 1)
    assert "Fighter 1: the Captain's console explodes, but no one is at it." in lines
    assert any(line.startswith("Fighter 1: Blown capacitor takes effect (d6 1: the Captain's console): it explodes for "
                               "hit dice (1 + level / 4) of Electric damage") for line in lines)  # fmt: skip


def test_battle_damage_beyond_the_maximum_reads_as_such():
    # ref: R109 — "A ship can take between 0 and 5 Battle Damage (by size)"; R110 — "any further
    # Battle Damage makes it explode within 1 round"
    assert damage_text(1, 3) == "1 of 3" and damage_text(1, 3, short=True) == "1/3"
    assert damage_text(3, 1) == "3, 2 beyond its maximum of 1" and damage_text(3, 1, short=True) == "3 (max 1)"
    s = two(b={"size": "diminutive"}, a={"sensors": 14}, more=(ship("c", "b"),))
    run(s, "space damage b 7", "space damage b 7")
    assert "B takes the Battle Damage (Ruptured valve): 2, 1 beyond its maximum of 1." in run(s, "space next")
    to_phase(s, "response")
    run(s, "space next")
    assert "B: Battle Damage 2, 1 beyond its maximum of 1, adrift and helpless; acted: no one." in fight_summary(s.state)
