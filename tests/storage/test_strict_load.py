"""Strict types on load (issue 14): a value must already have its field's type. cattrs' default
conversions would load `hp = 48.9` as 48, `"no"` as true and `name = 5` as "5"; the campaign
file, the journal's commands and shared files refuse each, naming the file and the field path,
and leave the file as it was (DESIGN.md §7)."""

from __future__ import annotations

import json
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w

from combat_tui.library.goblin_ambush import goblin_ambush
from combat_tui.library.space_bears import space_bears
from combat_tui.storage import CampaignError, load_session, read_snapshot, sample_dir, write_snapshot
from combat_tui.storage.converter import (
    StructureError,
    campaign_from_data,
    campaign_to_data,
    command_from_data,
    record_from_data,
    structure,
)
from combat_tui.storage.exchange import read_records, write_records
from combat_tui.systems.dnd5e.commands import ApplyDamage
from combat_tui.systems.dnd5e.model import Creature


def _folder(tmp_path: Path, sample: str = "goblin-ambush") -> Path:
    target = tmp_path / sample
    shutil.copytree(sample_dir() / sample, target)
    return target


def _edited(folder: Path, edit) -> bytes:
    """The campaign file with `edit(data)` applied, as a hand edit would leave it."""
    path = folder / "campaign.toml"
    data = tomllib.loads(path.read_text())
    edit(data)
    path.write_text(tomli_w.dumps(data))
    return path.read_bytes()


def _refused(folder: Path, edit) -> str:
    before = _edited(folder, edit)
    with pytest.raises(CampaignError) as caught:
        read_snapshot(folder)
    assert (folder / "campaign.toml").read_bytes() == before  # left as it was
    assert str(caught.value).startswith(str(folder / "campaign.toml"))
    return str(caught.value)


def _set(path: str, value):
    """An edit that sets the value at `characters.1.hp`."""

    def edit(data):
        *parents, last = [int(key) if key.isdigit() else key for key in path.split(".")]
        for key in parents:
            data = data[key]
        data[last] = value

    return edit


@pytest.mark.parametrize(
    "path, value, message",
    [
        ("characters.1.hp", 48.9, "characters[1].hp: expected an int"),
        ("characters.1.hp", 48.0, "characters[1].hp: expected an int"),
        ("characters.1.hp", "48", "characters[1].hp: expected an int"),
        ("characters.1.hp", True, "characters[1].hp: expected an int"),
        ("characters.0.stable", "no", "characters[0].stable: expected true or false"),
        ("characters.0.stable", 0, "characters[0].stable: expected true or false"),
        ("characters.0.name", 5, "characters[0].name: expected a string"),
        ("characters.0.name", ["Ser", "Aldric"], "characters[0].name: expected a string"),
        ("characters.0.feats", "Alert", "characters[0].feats: expected an array"),
        ("characters.0.feats", {"a": "Alert"}, "characters[0].feats: expected an array"),
        ("characters.0.slots", [1, 2.5], "characters[0].slots[1]: expected an int"),
        ("characters.0.tile", "greenway", "characters[0].tile: expected a table"),
        ("characters.0.tile", [["greenway", 1, 1]], "characters[0].tile: expected a table"),
        ("creatures.0.disposition", "angry", "creatures[0].disposition: expected one of 'hostile', 'neutral', 'friendly'"),
        ("creatures.0.skill_bonuses", [["stealth", 6.0]], "creatures[0].skill_bonuses[0][1]: expected an int"),
        ("creatures.0.skill_bonuses", [["stealth"]], "creatures[0].skill_bonuses[0]: expected an array of 2 items"),
        ("creatures.0.skill_bonuses", [[6, "stealth"]], "creatures[0].skill_bonuses[0][0]: expected a string"),
        ("maps", {"id": "greenway"}, "maps: expected an array"),
        ("name", 3, "name: expected a string"),
    ],
)  # fmt: skip
def test_a_value_of_another_type_is_refused_with_its_path(tmp_path, path, value, message):
    assert message in _refused(_folder(tmp_path), _set(path, value))


def test_a_datetime_or_a_float_infinity_is_not_a_number(tmp_path):
    folder = _folder(tmp_path)
    path = folder / "campaign.toml"
    path.write_text(path.read_text().replace("max_hp = 49", "max_hp = 1979-05-27T07:32:00Z", 1))
    with pytest.raises(CampaignError, match=r"characters\[0\]\.max_hp: expected an int"):
        read_snapshot(folder)
    path.write_text(path.read_text().replace("max_hp = 1979-05-27T07:32:00Z", "max_hp = inf", 1))
    with pytest.raises(CampaignError, match=r"characters\[0\]\.max_hp: expected an int"):
        read_snapshot(folder)


def test_every_bad_field_is_named_in_one_message(tmp_path):
    def edit(data):
        data["characters"][0]["ac"] = "18"
        data["characters"][2]["stable"] = "yes"
        data["creatures"][1]["nmae"] = "x"

    message = _refused(_folder(tmp_path), edit)
    assert "characters[0].ac: expected an int" in message
    assert "characters[2].stable: expected true or false" in message
    assert "creatures[1]: unknown fields (nmae)" in message


def test_futurepath_is_as_strict(tmp_path):
    folder = _folder(tmp_path, "space-bears")
    message = _refused(folder, _set("futurepath.options", {"extra_damage_step": 4.5}))
    assert "futurepath.options.extra_damage_step: expected an int" in message


def test_good_files_load_exactly_as_before(tmp_path):
    assert read_snapshot(sample_dir() / "goblin-ambush")[0] == goblin_ambush()
    for campaign in (goblin_ambush(), space_bears()):
        write_snapshot(tmp_path, campaign, 2)
        assert read_snapshot(tmp_path) == (campaign, 2)
        assert campaign_from_data(campaign_to_data(campaign)) == campaign


def test_hostile_values_get_a_message_not_a_traceback():
    data = campaign_to_data(goblin_ambush())
    deep: object = 1
    for _ in range(5000):  # below any parser's limit, far past any field's depth
        deep = [deep]
    data["characters"][0]["hp"] = deep
    data["characters"][0]["feats"] = deep
    data["creatures"][0]["x" * 100_000] = 1
    with pytest.raises(StructureError) as caught:
        campaign_from_data(data)
    problems = dict(caught.value.problems)
    assert problems["characters[0].hp"] == "expected an int"
    assert problems["characters[0].feats[0]"] == "expected a string"
    assert len(problems["creatures[0]"]) < 100  # the key of 100,000 characters is cut short
    with pytest.raises(StructureError, match="expected a table"):
        campaign_from_data(["not", "a", "campaign"])


def test_a_huge_string_loads_as_itself(tmp_path):
    folder = _folder(tmp_path)
    _edited(folder, _set("creatures.0.notes", "n" * 1_000_000))
    assert read_snapshot(folder)[0].creatures[0].notes == "n" * 1_000_000


def test_journal_commands_are_as_strict():
    good = {"kind": "damage", "target": "goblin-1", "amount": 3}
    assert command_from_data(good, "dnd5e") == ApplyDamage("goblin-1", 3)
    for bad, problem in [({**good, "amount": 3.5}, "amount: expected an int"),
                         ({**good, "amount": "3"}, "amount: expected an int"),
                         ({**good, "target": 7}, "target: expected a string"),
                         ({**good, "kind": ["damage"]}, "kind: unknown command kind"),
                         (["damage"], "a command must be a table")]:  # fmt: skip
        with pytest.raises(StructureError, match=problem):
            command_from_data(bad, "dnd5e")


def test_a_journal_record_of_the_wrong_type_is_refused_with_its_line(tmp_path):
    folder = _folder(tmp_path)
    record = {"seq": 1, "op": "cmd", "label": "damage", "commands": [{"kind": "damage", "target": "goblin-1", "amount": 2.9}]}
    (folder / "travelogue.jsonl").write_text(json.dumps(record) + "\n")
    before = (folder / "travelogue.jsonl").read_bytes()
    with pytest.raises(CampaignError) as caught:
        load_session(folder)
    assert "travelogue.jsonl" in str(caught.value) and "line 1" in str(caught.value)
    assert "amount: expected an int" in str(caught.value)
    assert (folder / "travelogue.jsonl").read_bytes() == before


def test_shared_files_and_the_campaign_file_share_one_strictness(tmp_path, sample):
    row = {**campaign_to_data(sample)["creatures"][0], "hp": 48.9, "npc": "no", "name": 5}
    _, problems = record_from_data(row, Creature)
    assert dict(problems) == {"hp": "expected an int", "npc": "expected true or false", "name": "expected a string"}
    data = campaign_to_data(sample)
    data["creatures"][0] = row
    with pytest.raises(StructureError) as caught:
        structure(data, type(sample))
    assert {(f"creatures[0].{where}", problem) for where, problem in problems} == set(caught.value.problems)
    path = tmp_path / "creatures.toml"
    write_records(path, "dnd5e", "creatures", sample.creatures[:1])
    path.write_text(path.read_text().replace("\nhp = 7\n", "\nhp = 48.9\n", 1))
    with pytest.raises(CampaignError, match=r"creatures\[0\]\.hp: expected an int"):
        read_records(path, Creature)


def test_a_shared_file_with_a_bom_reads_and_one_with_a_huge_number_is_refused(tmp_path, sample):
    path = tmp_path / "creatures.toml"
    write_records(path, "dnd5e", "creatures", sample.creatures[:1])
    text = path.read_text()
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert read_records(path, Creature) == sample.creatures[:1]
    path.write_text(text.replace("\nhp = 7\n", "\nhp = " + "9" * 5000 + "\n", 1))
    with pytest.raises(CampaignError, match="not valid TOML"):
        read_records(path, Creature)


def test_right_data_is_structured_without_detailed_validation_and_wrong_data_with_it(monkeypatch):
    """Issue 17: the detailed converter's generated code took 20 ms of every start-up to compile;
    it runs only for data that is refused, and then still names every bad field."""
    import combat_tui.storage.converter as converter

    detailed = []
    real = converter._converter.structure
    monkeypatch.setattr(converter._converter, "structure", lambda *args: (detailed.append(args[1]), real(*args))[1])
    data = campaign_to_data(goblin_ambush())
    assert campaign_from_data(data) == goblin_ambush()
    assert detailed == []
    data["characters"][1]["hp"] = 48.9
    data["characters"][2]["name"] = 5
    with pytest.raises(StructureError) as refused:
        campaign_from_data(data)
    assert len(detailed) == 1
    assert {where for where, _ in refused.value.problems} == {"characters[1].hp", "characters[2].name"}
