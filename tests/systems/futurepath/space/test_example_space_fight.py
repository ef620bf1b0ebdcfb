"""The Space Bears' ship fight, played as a script: from the Marauder's surprise attack to the
Marauder adrift, with the Bearclaw's repair in between (campaigns/space-bears/example-space-fight.txt)."""

from __future__ import annotations

import io
import shutil

import pytest

from combat_tui.script import run_script
from combat_tui.storage import sample_dir

SAMPLE = sample_dir() / "space-bears"
SCRIPT = SAMPLE / "example-space-fight.txt"


@pytest.fixture(scope="module")
def lines(tmp_path_factory) -> list[str]:
    folder = tmp_path_factory.mktemp("play") / "space-bears"
    shutil.copytree(SAMPLE, folder)
    out, err = io.StringIO(), io.StringIO()
    assert run_script(folder, SCRIPT, seed=1, out=out, err=err) == 0, err.getvalue()
    return out.getvalue().splitlines()


def test_the_silent_marauder_gets_the_surprise_action_phase(lines):
    # ref: R102, A56 — Stealth DC 12 beats the Bearclaw's Passive Sensors 11; the fighters are seen
    assert "Marauder is not detected (Detection DC 12, best Passive Sensors 11): it acts in a surprise Action Phase." in lines
    assert "Fighter 1 is detected by Bearclaw (Passive Sensors 11 vs Detection DC 11)." in lines
    assert "Surprise round, Action Phase. Marauder: Helm Officer, Sensor Officer, Weapons Officer." in lines


def test_the_surprise_shot_damages_the_bearclaw(lines):
    # ref: R112-R115, R118
    assert any(line.startswith("Marauder fires on Bearclaw:") and line.endswith("Battle Damage to Bearclaw.") for line in lines)
    assert ("Battle Damage to Bearclaw: 2d6 3+6 = 9, Misaligned actuator (repair DC 15 = 13 + 1 Weapons mod + 1 Weapons "
            "Officer); it lands when the phase ends.") in lines  # fmt: skip
    assert "Bearclaw takes the Battle Damage (Misaligned actuator): 1 of 3." in lines


def test_james_finds_the_marauder_through_its_stealth(lines):
    # ref: R116, R117
    assert any("Sensor Officer scans Marauder" in line and "found through its stealth" in line for line in lines)


def test_the_actuator_bites_and_ursa_repairs_it_over_two_rounds(lines):
    # ref: R107, §2.11 — the side effect takes hold after the Response Phase; two successful rounds repair it
    effect = "Bearclaw: Misaligned actuator takes effect: the Pilot has disadvantage; until the end of round 2's Response Phase."
    first = "Bearclaw's Misaligned actuator: 1 of 2 rounds of repair."
    done = "Bearclaw's Misaligned actuator is repaired (2 of 2 rounds); its side effect is gone."
    assert lines.index(first) < lines.index(effect) < lines.index(done)
    assert any("flies offensively at Marauder: 2d10 7, 6, 3 (kept 6, 3) -2 dis" in line for line in lines)


def test_the_marauder_reaches_its_maximum_and_goes_adrift_when_that_rounds_response_phase_ends(lines):
    # ref: R110, R111, A47 — "If the ship has just received its max amount of Battle Damage the
    # effect doesn't happen until the next turn this means the Engineer can respond"
    at_max = ("Marauder is at its maximum Battle Damage: unless its Chief Engineer repairs one in round 2's Response "
              "Phase (one success is enough now), it is adrift and helpless from round 3.")  # fmt: skip
    adrift = lines.index("Marauder is adrift and helpless.")
    assert lines.index(at_max) < adrift < lines.index("Round 3, Support Phase. Bearclaw: Captain, Science Officer; "
                                                      "Raiders: Science Officer.")  # fmt: skip
    assert not any(line.startswith("Marauder fires") for line in lines[adrift:])
    assert "Marauder's Chief Engineer is Shaken (rocked ship: DEX save 3+0 vs DC 18)." in lines


def test_the_swarm_is_hit_easiest_first_and_surrenders_to_end_the_fight(lines):
    # ref: §2.13, R108
    assert any(line.startswith("Bearclaw fires on Raiders:") and "Battle Damage to Fighter 4" in line for line in lines)
    assert lines[-5:] == ["Fighter 1 surrenders.", "Fighter 2 surrenders.", "Fighter 3 surrenders.", "Fighter 4 surrenders.",
                          "Space combat is over: The Party hold the field."]  # fmt: skip
