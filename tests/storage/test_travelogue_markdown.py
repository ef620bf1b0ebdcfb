"""The travelogue as Markdown, and the JSON reader of the Improved Initiative import."""

from __future__ import annotations

import errno
import json
import os

import pytest

from combat_tui.storage import CampaignError, files
from combat_tui.storage.travelogue_markdown import read_json, travelogue_markdown, write_travelogue_markdown

FIGHT = [
    "Setup: Ser Aldric, Mirelle, Goblin 1, Goblin 2.",
    "Round 1: Ser Aldric's turn.",
    "Ser Aldric takes the Dash action.",
    "Goblin 2's turn.",
    "Goblin 2 attacks Mirelle with Scimitar: d20 14 + 4 = 18, a hit.",
    "Round 2: Mirelle's turn.",
    "Mirelle is dying. Roll a death save.",
]


def test_round_and_turn_starts_become_headings_and_the_rest_a_list():
    assert travelogue_markdown("Goblin Ambush", FIGHT) == (
        "# Goblin Ambush: travelogue\n\n"
        "- Setup: Ser Aldric, Mirelle, Goblin 1, Goblin 2.\n\n"
        "## Round 1: Ser Aldric's turn.\n\n"
        "- Ser Aldric takes the Dash action.\n\n"
        "### Goblin 2's turn.\n\n"
        "- Goblin 2 attacks Mirelle with Scimitar: d20 14 + 4 = 18, a hit.\n\n"
        "## Round 2: Mirelle's turn.\n\n"
        "- Mirelle is dying. Roll a death save.\n"
    )


def test_a_log_without_rounds_is_a_plain_list():
    text = travelogue_markdown("Space Bears", ["The party walks north.", "Ayla finds 12 gp."])
    assert text == "# Space Bears: travelogue\n\n- The party walks north.\n- Ayla finds 12 gp.\n"


def test_markdown_specials_at_a_line_start_and_inline_are_escaped():
    lines = travelogue_markdown("*Camp*", ["# not a heading", "> not a quote", "1. not a list", "- not an item",
                                           "+5 to hit", "Goblin_2 hits [x] for *3* <b>", ""]).splitlines()  # fmt: skip
    assert lines[0] == r"# \*Camp\*: travelogue"
    assert lines[2:] == [r"- \# not a heading", r"- \> not a quote", r"- 1\. not a list", r"- \- not an item",
                         r"- \+5 to hit", r"- Goblin\_2 hits \[x\] for \*3\* \<b>"]  # fmt: skip


def test_a_line_break_inside_a_line_stays_inside_its_item():
    assert travelogue_markdown("C", ["two\n# lines"]).splitlines()[2] == "- two # lines"


def test_write_is_atomic_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "travelogue.md"
    write_travelogue_markdown(path, "Goblin Ambush", FIGHT)
    assert path.read_text().startswith("# Goblin Ambush: travelogue\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["travelogue.md"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_folder_gives_a_clear_error(tmp_path):
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(CampaignError, match="read-only or not yours; nothing was changed"):
            write_travelogue_markdown(tmp_path / "travelogue.md", "C", FIGHT)
        assert list(tmp_path.iterdir()) == []
    finally:
        tmp_path.chmod(0o700)


def test_a_refused_write_gives_the_same_clear_error_as_root(tmp_path, monkeypatch):
    # The read-only folder above, for a test run as root (which chmod does not stop)
    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(files, "open", refuse, raising=False)
    with pytest.raises(CampaignError, match="read-only or not yours; nothing was changed"):
        write_travelogue_markdown(tmp_path / "travelogue.md", "C", FIGHT)
    assert list(tmp_path.iterdir()) == []


def test_a_full_disk_leaves_the_old_file_whole(tmp_path, monkeypatch):
    path = tmp_path / "travelogue.md"
    write_travelogue_markdown(path, "C", FIGHT[:2])
    before = path.read_text()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(CampaignError, match="the disk is full; nothing was changed"):
        write_travelogue_markdown(path, "C", FIGHT)
    monkeypatch.undo()
    assert path.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["travelogue.md"]


def test_read_json_reads_an_export_with_or_without_a_byte_order_mark(tmp_path):
    path = tmp_path / "export.json"
    path.write_text(json.dumps([{"Name": "Goblin"}]))
    assert read_json(path) == [{"Name": "Goblin"}]
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"Name": "Wolf"}).encode())
    assert read_json(path) == {"Name": "Wolf"}


def test_read_json_says_what_is_wrong(tmp_path):
    with pytest.raises(CampaignError, match="does not exist"):
        read_json(tmp_path / "missing.json")
    with pytest.raises(CampaignError, match="is a folder"):
        read_json(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text('[\n  {"Name": "Goblin",}\n]')
    with pytest.raises(CampaignError) as caught:
        read_json(bad)
    assert "not valid JSON" in str(caught.value) and "line 2" in str(caught.value)
    bad.write_bytes(b"\xff\xfe{}")
    with pytest.raises(CampaignError, match="not UTF-8"):
        read_json(bad)


def test_read_json_refuses_a_huge_or_deeply_nested_file(tmp_path):
    path = tmp_path / "big.json"
    path.write_text("[" + "1," * 600 + "1]")
    with pytest.raises(CampaignError, match="larger than"):
        read_json(path, max_bytes=1000)
    path.write_text("[" * 200_000 + "]" * 200_000)
    with pytest.raises(CampaignError, match="nested too deeply"):
        read_json(path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_read_json_of_an_unreadable_file(tmp_path):
    path = tmp_path / "secret.json"
    path.write_text("{}")
    path.chmod(0o000)
    with pytest.raises(CampaignError, match="permission denied"):
        read_json(path)


def test_read_json_of_a_file_it_may_not_read_as_root(tmp_path, monkeypatch):
    # The unreadable file above, for a test run as root (which reads any file)
    from combat_tui.storage import exchange

    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")

    path = tmp_path / "secret.json"
    path.write_text("{}")
    monkeypatch.setattr(exchange, "open", refuse, raising=False)
    with pytest.raises(CampaignError, match="permission denied"):
        read_json(path)
