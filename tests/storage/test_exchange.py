"""Shared-records files: creatures, templates and a party as hand-editable TOML.

A file round-trips exactly; a bad one is refused whole, with every bad record and field named,
and the file left as it was.
"""

from __future__ import annotations

import errno
import os
import tomllib
from pathlib import Path

import pytest
from attrs import evolve

from combat_tui.storage import CampaignError, files
from combat_tui.storage.exchange import MAX_BYTES, RecordsError, read_records, write_records
from combat_tui.systems.dnd5e.model import Character, Creature


def _written(tmp_path: Path, records, kind: str = "creatures", system: str = "dnd5e") -> Path:
    path = tmp_path / f"{kind}.toml"
    write_records(path, system, kind, records)
    return path


def _refused(path: Path, record_type: type = Creature, **expected) -> str:
    before = path.read_bytes()
    with pytest.raises(CampaignError) as caught:
        read_records(path, record_type, **expected)
    assert path.read_bytes() == before  # a refused file is left as it was
    return str(caught.value)


@pytest.mark.parametrize("kind", ["creatures", "templates"])
def test_creatures_and_templates_round_trip(tmp_path, sample, kind):
    records = sample.creatures if kind == "creatures" else tuple(evolve(c, id="") for c in sample.creatures[3:6])
    path = _written(tmp_path, records, kind)
    assert read_records(path, Creature, system="dnd5e", kind=kind) == records
    assert not list(tmp_path.glob("*.tmp"))


def test_a_party_round_trips(tmp_path, sample):
    path = _written(tmp_path, sample.characters, "party")
    assert read_records(path, Character) == sample.characters


def test_the_file_names_its_version_system_and_kind_and_is_an_array_of_tables(tmp_path, sample):
    text = _written(tmp_path, sample.creatures[:1]).read_text()
    assert text.startswith('schema_version = 1\nsystem = "dnd5e"\nkind = "creatures"\n')
    assert "[[creatures]]" in text and "[creatures.abilities]" in text
    assert "strength = 8" in text  # every ability score written, as in the campaign file


def test_a_hand_written_file_reads(tmp_path):
    path = tmp_path / "hand.toml"
    path.write_text(
        'schema_version = 1\nsystem = "dnd5e"\nkind = "templates"\n\n'
        '[[templates]]\nid = ""\nname = "Bandit"\nmax_hp = 11\nhp = 11\nac = 12\n'
        'tile = { map = "", x = 0, y = 0 }\nabilities = { strength = 11, dexterity = 12 }\n'
        '[[templates.weapons]]\nname = "Scimitar"\ndamage = "1d6"\ndamage_type = "slashing"\n'
    )
    (bandit,) = read_records(path, Creature)
    assert (bandit.name, bandit.ac, bandit.abilities.dexterity, bandit.weapons[0].damage) == ("Bandit", 12, 12, "1d6")


def test_every_bad_record_and_field_is_named_with_its_place(tmp_path, sample):
    path = _written(tmp_path, sample.creatures[:4])
    text = path.read_text()
    goblins = text.split("[[creatures]]")
    goblins[1] = goblins[1].replace("ac = 15", 'ac = "lots"').replace('name = "Goblin"', 'nmae = "Goblin"')
    goblins[3] = goblins[3].replace("max_hp = 7", "max_hp = 7.5").replace("ranged = true", 'ranged = "false"')
    path.write_text("[[creatures]]".join(goblins))
    message = _refused(path)
    lines = message.splitlines()
    assert f"{path}: creatures[0].ac: expected an int" in lines
    assert f"{path}: creatures[0].name: required field missing" in lines
    assert f"{path}: creatures[0]: unknown fields (nmae)" in lines
    assert f"{path}: creatures[2].max_hp: expected an int" in lines
    assert f"{path}: creatures[2].weapons[1].ranged: expected true or false" in lines
    assert len(lines) == 5  # creatures[1] and [3] are fine; the good ones are not imported either


def test_wrong_types_are_not_coerced(tmp_path, sample):
    path = _written(tmp_path, sample.creatures[:1])
    text = path.read_text().replace("hp = 7\nac", 'hp = true\nac').replace('disposition', 'x')
    text = text.replace("[creatures.tile]\nmap = \"greenway\"\nx = 6\ny = 5\n", 'tile = "here"\n')
    text = text.replace("skill_bonuses = [\n    [\n        \"stealth\",\n        6,", 'skill_bonuses = [\n    [\n        "stealth",\n        "six",')
    path.write_text(text.replace('challenge = "1/4"', 'challenge = "1/4"\ndisposition = "angry"'))
    lines = _refused(path).splitlines()
    assert f"{path}: creatures[0].hp: expected an int" in lines
    assert f"{path}: creatures[0].tile: expected a table" in lines
    assert f"{path}: creatures[0].skill_bonuses[0][1]: expected an int" in lines
    assert f"{path}: creatures[0].disposition: expected one of 'hostile', 'neutral', 'friendly'" in lines


def test_a_file_of_another_rule_system_is_refused(tmp_path, sample):
    path = _written(tmp_path, sample.creatures[:1], system="futurepath")
    assert "for the rule system 'futurepath', not 'dnd5e'" in _refused(path, system="dnd5e")
    assert "the rule system 'futurepath' has no Creature records" in _refused(path)


def test_an_unknown_rule_system_or_kind_is_refused(tmp_path, sample):
    path = _written(tmp_path, sample.creatures[:1])
    path.write_text(path.read_text().replace('system = "dnd5e"', 'system = "pf9"'))
    assert "Unknown rule system 'pf9'" in _refused(path)
    path = _written(tmp_path, sample.creatures[:1])
    assert "this file holds creatures, not party" in _refused(path, kind="party")
    path.write_text(path.read_text().replace('kind = "creatures"', 'kind = "monsters"'))
    assert "kind: must be one of creatures, templates, party" in _refused(path)


def test_a_newer_schema_version_and_unknown_top_level_keys_are_refused(tmp_path, sample):
    path = _written(tmp_path, sample.creatures[:1])
    text = path.read_text()
    path.write_text(text.replace("schema_version = 1", "schema_version = 9"))
    assert "newer than this combat-tui reads" in _refused(path)
    path.write_text(text.replace("schema_version = 1", "schema_version = 1\nextra = 3"))
    assert "unknown keys: extra" in _refused(path)


def test_bad_toml_names_the_line(tmp_path, sample):
    path = _written(tmp_path, sample.creatures[:1])
    path.write_text(path.read_text().replace("ac = 15", "ac = = 15"))
    message = _refused(path)
    assert "not valid TOML" in message and "line 10" in message


def test_a_huge_file_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text("# padding\n" * (MAX_BYTES // 10 + 1))
    assert "larger than 4 MB" in _refused(path)


def test_deep_nesting_is_refused(tmp_path):
    path = tmp_path / "deep.toml"
    path.write_text('schema_version = 1\nsystem = "dnd5e"\nkind = "creatures"\nx = ' + "[" * 50_000 + "]" * 50_000)
    assert "nested too deeply" in _refused(path)


def test_records_that_are_not_tables_are_refused(tmp_path):
    path = tmp_path / "odd.toml"
    path.write_text('schema_version = 1\nsystem = "dnd5e"\nkind = "creatures"\ncreatures = [1, "two"]\n')
    lines = _refused(path).splitlines()
    assert lines == [f"{path}: creatures[0]: expected a table", f"{path}: creatures[1]: expected a table"]
    path.write_text('schema_version = 1\nsystem = "dnd5e"\nkind = "creatures"\ncreatures = 3\n')
    assert "expected an array of tables [[creatures]]" in _refused(path)


def test_a_file_that_is_not_text_or_not_there(tmp_path):
    path = tmp_path / "binary.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert "not UTF-8 text" in _refused(path)
    with pytest.raises(CampaignError, match="does not exist"):
        read_records(tmp_path / "missing.toml", Creature)
    with pytest.raises(CampaignError, match="is a folder"):
        read_records(tmp_path, Creature)


def test_the_error_is_one_type_with_every_problem(tmp_path, sample):
    path = _written(tmp_path, sample.creatures[:2])
    path.write_text(path.read_text().replace("ac = 15", 'ac = "x"'))
    with pytest.raises(RecordsError) as caught:
        read_records(path, Creature)
    assert isinstance(caught.value, CampaignError)
    assert caught.value.problems == (("creatures[0].ac", "expected an int"), ("creatures[1].ac", "expected an int"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_folder_gives_a_clear_error(tmp_path, sample):
    folder = tmp_path / "shared"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(CampaignError, match="cannot be written: the folder is read-only or not yours"):
            write_records(folder / "creatures.toml", "dnd5e", "creatures", sample.creatures)
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o700)


def test_a_read_only_file_system_gives_a_clear_error(tmp_path, sample, monkeypatch):
    # The same refusal as a read-only folder, for a test run as root (which chmod does not stop).
    def refuse(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(files, "open", refuse, raising=False)
    with pytest.raises(CampaignError, match="the folder is read-only or not yours; nothing was changed"):
        write_records(tmp_path / "creatures.toml", "dnd5e", "creatures", sample.creatures)
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_leaves_the_old_file_and_no_temporary_file(tmp_path, sample, monkeypatch):
    path = _written(tmp_path, sample.creatures[:1])
    before = path.read_bytes()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(CampaignError, match="the disk is full"):
        write_records(path, "dnd5e", "creatures", sample.creatures)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["creatures.toml"]
    assert tomllib.loads(before.decode())["creatures"][0]["name"] == "Goblin"


def test_a_missing_folder_and_a_bad_kind_on_write(tmp_path, sample):
    with pytest.raises(CampaignError, match="the folder does not exist"):
        write_records(tmp_path / "nowhere" / "c.toml", "dnd5e", "creatures", sample.creatures)
    with pytest.raises(ValueError, match="kind must be one of"):
        write_records(tmp_path / "c.toml", "dnd5e", "monsters", sample.creatures)
