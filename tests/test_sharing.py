"""Files a GM shares, through `export` and `import` at the prompt or in a script (issue 13, item 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from combat_tui.core.command import CommandRejected
from combat_tui.core.runner import run_line
from combat_tui.library.sharing import run_file_verb
from tests.systems.dnd5e.helpers import session

GOBLIN = {
    "Name": "Cave Goblin", "Type": "Small humanoid (goblinoid)", "HP": {"Value": 7, "Notes": "(2d6)"},
    "AC": {"Value": 15, "Notes": "(leather armor, shield)"}, "Speed": ["30 ft."],
    "Abilities": {"Str": 8, "Dex": 14, "Con": 10, "Int": 10, "Wis": 8, "Cha": 8}, "Challenge": "1/4",
    "Actions": [{"Name": "Scimitar", "Content": "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. "
                                               "Hit: 5 (1d6 + 2) slashing damage."}],
}


def test_templates_go_out_to_a_file_and_come_back_into_another_campaign(sample, tmp_path: Path):
    s = session(sample)
    run_line(s, 'template save "Goblin Boss" as "Big Boss"')
    file = tmp_path / "bosses.toml"
    result = run_file_verb(s, f"export templates {file}")
    assert "1 templates written" in result.output and file.exists()
    other = session(sample)
    lines = run_file_verb(other, f"import {file}").lines
    assert [t.name for t in other.state.templates] == ["Big Boss"]
    assert other.state.templates[0] == s.state.templates[0]
    assert lines == ("Imported 1 template from bosses.toml: Big Boss.",)
    run_line(other, "undo")
    assert other.state.templates == ()


def test_a_party_goes_out_and_joins_another_campaign_with_fresh_ids(sample, tmp_path: Path):
    s = session(sample)
    file = tmp_path / "party.toml"
    run_file_verb(s, f"export party {file}")
    run_line(s, 'character delete Ayla')
    before = len(s.state.characters)
    with pytest.raises(CommandRejected, match="has a Ser Aldric already"):
        run_file_verb(s, f"import {file}")
    assert len(s.state.characters) == before


def test_improved_initiative_creatures_become_templates(sample, tmp_path: Path):
    file = tmp_path / "ii.json"
    file.write_text(json.dumps([GOBLIN]))
    s = session(sample)
    run_file_verb(s, f"import {file}")
    goblin = s.state.templates[0]
    assert (goblin.name, goblin.ac, goblin.max_hp, goblin.weapons[0].name) == ("Cave Goblin", 15, 7, "Scimitar")
    run_line(s, 'spawn "Cave Goblin" 2')
    assert sum(1 for c in s.state.creatures if c.name == "Cave Goblin") == 2


def test_a_bad_import_imports_nothing_and_names_each_error(sample, tmp_path: Path):
    bad = dict(GOBLIN, AC={"Value": "lots"})
    file = tmp_path / "ii.json"
    file.write_text(json.dumps([GOBLIN, bad]))
    s = session(sample)
    before = s.state
    with pytest.raises(CommandRejected) as error:
        run_file_verb(s, f"import {file}")
    assert "nothing was imported" in str(error.value) and "[1]" in str(error.value) and "AC" in str(error.value)
    assert s.state is before
    (tmp_path / "broken.toml").write_text("kind = [")
    with pytest.raises(CommandRejected, match="not valid TOML"):
        run_file_verb(s, f"import {tmp_path / 'broken.toml'}")
    with pytest.raises(CommandRejected, match="does not exist|no such|cannot be read"):
        run_file_verb(s, f"import {tmp_path / 'missing.toml'}")


def test_the_travelogue_goes_out_as_markdown(sample, tmp_path: Path):
    s = session(sample)
    run_line(s, "start")
    run_line(s, "next")
    file = tmp_path / "log.md"
    run_file_verb(s, f"export travelogue {file}")
    text = file.read_text()
    assert text.startswith("# Goblin Ambush") and "## Round 1" in text
