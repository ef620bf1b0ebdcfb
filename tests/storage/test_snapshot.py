"""The TOML snapshot: readable, round-trips exactly, and bad files get a precise message."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.storage import CampaignError, read_snapshot, sample_dir, write_snapshot


def test_sample_file_matches_the_records():
    campaign, seq = read_snapshot(sample_dir() / "goblin-ambush")
    assert campaign == goblin_ambush()
    assert seq == 0


def test_write_then_read_is_equal_and_keeps_a_backup(folder: Path):
    campaign, _ = read_snapshot(folder)
    before = (folder / "campaign.toml").read_text()
    write_snapshot(folder, campaign, 7)
    again, seq = read_snapshot(folder)
    assert again == campaign and seq == 7
    assert (folder / "campaign.toml.bak").read_text() == before
    assert not list(folder.glob("*.tmp"))


def test_file_starts_with_schema_version_and_system(folder: Path):
    text = (folder / "campaign.toml").read_text()
    assert text.startswith("schema_version = 1\n")
    assert 'system = "dnd5e"' in text


def _broken(folder: Path, old: str, new: str) -> str:
    path = folder / "campaign.toml"
    text = path.read_text().replace(old, new, 1)
    path.write_text(text)
    return text


def test_toml_syntax_error_names_the_line_and_leaves_the_file(folder: Path):
    text = _broken(folder, "hp = 49", "hp = = 49")
    with pytest.raises(CampaignError) as caught:
        read_snapshot(folder)
    message = str(caught.value)
    assert "campaign.toml" in message and "line 18" in message and "not valid TOML" in message
    assert (folder / "campaign.toml").read_text() == text


def test_wrong_type_names_the_field_path(folder: Path):
    _broken(folder, "max_hp = 49", 'max_hp = "lots"')
    with pytest.raises(CampaignError) as caught:
        read_snapshot(folder)
    assert "characters[0].max_hp" in str(caught.value)


def test_unknown_key_is_reported_not_dropped(folder: Path):
    _broken(folder, "max_hp = 49", "max_hp = 49\nmaxhp = 50")
    with pytest.raises(CampaignError) as caught:
        read_snapshot(folder)
    assert "maxhp" in str(caught.value)


def test_unknown_system_and_duplicate_ids(folder: Path):
    _broken(folder, 'system = "dnd5e"', 'system = "gurps"')
    with pytest.raises(CampaignError) as caught:
        read_snapshot(folder)
    assert "system" in str(caught.value) and "gurps" in str(caught.value)
    _broken(folder, 'system = "gurps"', 'system = "dnd5e"')
    _broken(folder, 'id = "mirelle"', 'id = "ser-aldric"')
    with pytest.raises(CampaignError) as caught:
        read_snapshot(folder)
    assert "characters[1].id" in str(caught.value)


def test_hp_above_max_is_refused(folder: Path):
    _broken(folder, "\nhp = 49\n", "\nhp = 60\n")
    with pytest.raises(CampaignError, match=r"characters\[0\]\.hp"):
        read_snapshot(folder)


def test_newer_schema_is_refused_with_advice(folder: Path):
    _broken(folder, "schema_version = 1", "schema_version = 9")
    with pytest.raises(CampaignError, match="newer than this combat-tui reads"):
        read_snapshot(folder)


def test_missing_file(tmp_path: Path):
    with pytest.raises(CampaignError, match="does not exist"):
        read_snapshot(tmp_path)


def test_a_challenge_rating_that_is_not_one_is_refused_on_load(folder: Path):
    _broken(folder, 'challenge = "1/4"', 'challenge = "1/3"')
    with pytest.raises(CampaignError, match=r"creatures\[0\]\.challenge: '1/3' is not a challenge rating"):
        read_snapshot(folder)


def test_an_unknown_damage_type_in_a_defense_list_is_refused_on_load(folder: Path):
    _broken(folder, 'challenge = "1/4"', 'challenge = "1/4"\nresistances = ["frost"]')
    with pytest.raises(CampaignError, match=r"creatures\[0\]\.resistances\[0\]: 'frost' is not a damage type"):
        read_snapshot(folder)
