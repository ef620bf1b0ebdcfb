"""The Combat page's example encounter, played as a script from Round 0 to the end of Round 1,
with Katie joining in the Counter phase (campaigns/space-bears/example-encounter.txt)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from combat_tui.library.space_bears import space_bears
from combat_tui.script import run_script
from combat_tui.storage import read_snapshot, sample_dir

SAMPLE = sample_dir() / "space-bears"
SCRIPT = SAMPLE / "example-encounter.txt"


def play(tmp_path: Path) -> list[str]:
    folder = tmp_path / "space-bears"
    shutil.copytree(SAMPLE, folder)
    out, err = io.StringIO(), io.StringIO()
    assert run_script(folder, SCRIPT, seed=1, out=out, err=err) == 0, err.getvalue()
    return out.getvalue().splitlines()


def test_the_sample_folder_holds_the_sample_records():
    assert read_snapshot(SAMPLE) == (space_bears(), 0)


def test_the_party_goes_first_without_katie(tmp_path: Path):
    # ref: R7, R8, R19, A7 — "The bear's team initiative is lower than your group's, thanks to
    # Katie not being part of the group."; "The Team Initiative is simply the average
    # Initiative score round down." (no condition penalty by default)
    lines = play(tmp_path)
    assert "Team Initiative of The Party: 4 (average of Brandon 6, James 4, Art 2 = 4)." in lines
    assert ("Team Initiative of The Space Bears: 3 (average of Space Bear 1 3, Space Bear 2 3, Space Bear 3 3, "
            "Space Bear 4 3 = 3).") in lines  # fmt: skip


def test_brandon_and_james_are_the_vanguard_and_art_the_lone_rearguard(tmp_path: Path):
    # ref: R12, R13, A10
    assert "The Party: Vanguard Brandon and James; Rearguard Art." in play(tmp_path)


def test_only_brandon_acts_in_the_surprise_round_and_misses(tmp_path: Path):
    # ref: R25, R26, A2 — his shot misses; proficiency and Shaken cancel
    lines = play(tmp_path)
    start = lines.index("Surprise round (Round 0): Brandon can act; James, Art, Space Bear 1, Space Bear 2, "
                        "Space Bear 3 and Space Bear 4 are unaware and flat-footed.")  # fmt: skip
    assert lines[start + 1] == "The Party Vanguard acts: Brandon."
    shot = next(line for line in lines if line.startswith("Brandon attacks Space Bear 1"))
    assert "vs flat-footed AC 12, miss." in shot and "net +0" in shot


def test_round_1_goes_group_by_group(tmp_path: Path):
    # ref: R11 — the party's Vanguard, the bears' Vanguard, the party's Rearguard, the bears'
    lines = play(tmp_path)
    turns = [line for line in lines if " acts: " in line]
    assert turns == [
        "The Party Vanguard acts: Brandon.",
        "The Party Vanguard acts: Brandon and James.",
        "The Space Bears Vanguard acts: Space Bear 1 and Space Bear 2.",
        "The Party Rearguard acts: Art.",
        "The Space Bears Rearguard acts: Space Bear 3 and Space Bear 4.",
    ]


def test_james_technique_resolves_before_brandons_hiding(tmp_path: Path):
    # ref: R62 — Technique before Use Item (a skill)
    assert "Everyone has committed. Resolution order: 1. James: Shock; 2. Brandon: hide." in play(tmp_path)


def test_the_bears_hit_james_and_art(tmp_path: Path):
    lines = play(tmp_path)
    assert "James takes 2 slashing damage, HP 14." in lines
    assert "Art takes 6 slashing damage, HP 11." in lines
    assert "James takes 5 slashing damage, HP 9." in lines
    assert "Space Bear 4 takes 4 thermal damage (DR 1), HP 26." in lines


def test_round_1_counters_are_those_the_gm_reads_out(tmp_path: Path):
    # ref: R65, R66, A16, A17, A18 — the first Stunned and the Shaken reach 0; the bear James
    # stunned goes from 2 to 1
    lines = play(tmp_path)
    counter = lines.index("Round 1: Counter phase.")
    assert lines[counter + 1 : counter + 10] == [
        "Brandon: Shaken counter 1 -> 0.", "Brandon is no longer Shaken.",
        "James: Shaken counter 1 -> 0.", "James is no longer Shaken.",
        "Art: Shaken counter 1 -> 0.", "Art is no longer Shaken.",
        "Space Bear 1: Stunned counter 1 -> 0.", "Space Bear 1 is no longer Stunned.",
        "Space Bear 3: Stunned counter 2 -> 1.",
    ]  # fmt: skip


def test_katie_joins_the_rearguard_without_changing_the_team_initiative(tmp_path: Path):
    # ref: R18, R19, R20, A13 — "Your Initiative is in line with Art's so you join the Rearguard"
    lines = play(tmp_path)
    assert lines[-2] == "Katie joins The Party's Rearguard."
    assert lines[-1].startswith("Katie: HP 24/24") and lines[-1].endswith("The Party, Rearguard")


def test_with_katie_the_party_would_have_gone_after_the_bears():
    # ref: R7, A7 — "Her lower initiative would have knocked the average down below them."
    from tests.systems.futurepath.helpers import fight, run, session

    s = session(space_bears())
    run(s, "setup", "chip Brandon +Shaken 1", "chip 'Space Bear 1' +Stunned 1", "start")
    assert [t.team for t in fight(s).teams] == ["bears", "party"]
