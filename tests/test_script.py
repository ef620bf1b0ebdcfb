"""Script mode: a fight from a file with forced dice, its output the travelogue (DESIGN.md §5)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from combat_tui.__main__ import main
from combat_tui.script import run_script
from combat_tui.storage import load_session, read_snapshot, sample_dir

FIGHT = """\
# The goblin ambush, with forced dice
dice 15 12 10 8 11 9 14 13
setup
init Ayla 20
start
dice 18 6
attack Ayla "Goblin 1" Rapier
next
dice 20 3 4
attack "Ser Aldric" "Goblin 2" Longsword
damage "Goblin 3" 7
damage "Goblin Boss" 21
end
show "Ser Aldric"
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    target = tmp_path / "camp"
    shutil.copytree(sample_dir() / "goblin-ambush", target)
    return target


def run(folder: Path, text: str, tmp_path: Path, **kwargs) -> tuple[int, str, str]:
    script = tmp_path / "fight.txt"
    script.write_text(text)
    out, err = io.StringIO(), io.StringIO()
    status = run_script(folder, script, out=out, err=err, **kwargs)
    return status, out.getvalue(), err.getvalue()


def test_a_whole_fight_prints_its_travelogue_and_saves_nothing(folder: Path, tmp_path: Path):
    before = (folder / "campaign.toml").read_text()
    status, out, err = run(folder, FIGHT, tmp_path)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[1] == "Initiative rolled: Ser Aldric 16, Mirelle 12, Ayla 14, Bren 10, Goblin 1 13, Goblin 2 11, Goblin 3 16, Goblin Boss 15"
    assert "Ayla attacks Goblin 1 with Rapier: d20 18 + 4 DEX + 3 proficiency = 25 vs AC 15, hit." in lines
    assert "Damage (critical hit: every die rolled twice): 2d8 3+4 + 4 STR = 11 slashing." in lines
    assert "XP: 350 split among 4 characters, 87 each (Ser Aldric, Mirelle, Ayla and Bren); 2 XP left over." in lines
    assert lines[-1] == "Ser Aldric: HP 49/49, AC 18, XP 87"
    assert (folder / "campaign.toml").read_text() == before
    assert not (folder / "travelogue.jsonl").exists()


def test_the_same_script_gives_the_same_output(folder: Path, tmp_path: Path):
    assert run(folder, FIGHT, tmp_path, seed=5) == run(folder, FIGHT, tmp_path, seed=5)


def test_save_keeps_the_fight_and_its_travelogue(folder: Path, tmp_path: Path):
    status, out, _ = run(folder, FIGHT, tmp_path, save=True)
    assert status == 0
    session, records, _, _ = load_session(folder)
    assert session.log == out.splitlines()[:-1]  # all but show's answer
    assert session.state.fight is None
    assert session.state.actor("ser-aldric").xp == 87
    assert read_snapshot(folder)[1] == records


def test_an_error_names_the_line_exits_2_and_saves_nothing(folder: Path, tmp_path: Path):
    before = (folder / "campaign.toml").read_text()
    status, out, err = run(folder, "setup\nstart\ndamage Nobody 4\nnext\n", tmp_path, save=True)
    assert status == 2
    assert "fight.txt:3: damage Nobody 4: No one here is called 'Nobody'." in err
    assert "Round 1" in out and "turn." in out  # the lines before it still printed
    assert (folder / "campaign.toml").read_text() == before
    assert (folder / "travelogue.jsonl").read_text() == ""


def test_undo_and_redo_in_a_script(folder: Path, tmp_path: Path):
    status, out, _ = run(folder, "dice 1 1 1 1 1 1 1 1\nsetup\nstart\nnext\nundo\nredo\nshow Bren\n", tmp_path)
    assert status == 0
    turn_lines = [line for line in out.splitlines() if line.endswith("'s turn.")]
    assert len(turn_lines) == 3 and turn_lines[1] == turn_lines[2]  # redo prints the line again


def test_command_line_script_and_check(folder: Path, tmp_path: Path, capsys):
    script = tmp_path / "fight.txt"
    script.write_text(FIGHT)
    assert main(["script", str(folder), str(script), "--save"]) == 0
    assert "XP: 350" in capsys.readouterr().out
    assert main(["check", str(folder)]) == 0
    assert "Goblin Ambush (dnd5e), 9 journal records, no fight." in capsys.readouterr().out


def test_command_line_reports_a_bad_campaign(tmp_path: Path, capsys):
    assert main(["check", str(tmp_path)]) == 1
    assert "campaign.toml: the file does not exist" in capsys.readouterr().err


def test_new_copies_a_sample_and_refuses_to_overwrite(tmp_path: Path, capsys):
    target = tmp_path / "mine"
    assert main(["new", str(target), "--name", "Mine"]) == 0
    assert read_snapshot(target)[0].name == "Mine"
    assert main(["new", str(target)]) == 1
    assert "already exists" in capsys.readouterr().err
