"""The journal and the snapshot check each other: a record out of place, a snapshot ahead of its
journal, a file a crash or a hand edit left wrong is refused with the file, the line and what is
wrong, and the files are left as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from combat_tui.core.runner import run_line
from combat_tui.storage import CampaignError, load_session, open_campaign, read_snapshot
from combat_tui.storage.journal import read_journal

FIGHT = ["dice 15 12 10 8 11 9 14 13", "setup", "start", "next", "damage 'Goblin 2' 3", "heal 'Goblin 2' 1"]


@pytest.fixture
def played(folder: Path) -> Path:
    """The sample with five records in its journal and its snapshot at 0."""
    opened = open_campaign(folder, seed=1)
    for line in FIGHT:
        run_line(opened.session, line)
    opened._writer.close()  # a crash: the snapshot stays at 0, the lock dies with the process
    opened._lock.release()
    return folder


def journal_lines(folder: Path) -> list[str]:
    return (folder / "travelogue.jsonl").read_text().splitlines()


def write_lines(folder: Path, lines: list[str], end: str = "\n") -> None:
    (folder / "travelogue.jsonl").write_text("\n".join(lines) + end)


def refused(folder: Path, match: str) -> None:
    """Opening refuses with that message and changes no file."""
    before = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != ".lock"}
    with pytest.raises(CampaignError, match=match):
        open_campaign(folder)
    after = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.name != ".lock"}
    assert after == before


def test_a_deleted_record_is_a_gap(played: Path):
    lines = journal_lines(played)
    write_lines(played, lines[:2] + lines[3:])
    refused(played, r"travelogue.jsonl, line 3: the record's seq is 4 where 3 comes next: it skips some")


def test_a_duplicated_record_is_refused(played: Path):
    lines = journal_lines(played)
    write_lines(played, lines[:3] + [lines[2]] + lines[3:])
    refused(played, r"line 4: the record's seq is 3 where 4 comes next: it repeats an earlier one")


def test_swapped_records_are_refused(played: Path):
    lines = journal_lines(played)
    lines[1], lines[2] = lines[2], lines[1]
    write_lines(played, lines)
    refused(played, r"line 2: the record's seq is 3 where 2 comes next")


def test_two_objects_on_one_line_are_refused(played: Path):
    lines = journal_lines(played)
    write_lines(played, [lines[0] + "," + lines[1]] + lines[2:])
    refused(played, r"line 1: the line goes on after its JSON object")
    write_lines(played, [lines[0] + lines[1]] + lines[2:])
    refused(played, r"line 1: the line goes on after its JSON object")


def test_a_record_over_two_lines_is_refused(played: Path):
    lines = journal_lines(played)
    first = lines[0].replace(',"op"', ',\n"op"', 1)
    write_lines(played, [first] + lines[1:])
    refused(played, r"line 1: this line is not a journal record \(it ends inside a JSON object\)")


def test_a_seq_that_is_not_a_whole_number(played: Path):
    lines = journal_lines(played)
    lines[0] = lines[0].replace('"seq":1', '"seq":true')
    write_lines(played, lines)
    refused(played, r"line 1: the record has no whole-number seq \(found True\)")


def test_journal_seq_true_is_not_1(played: Path):
    state = played / "campaign.toml"
    state.write_text(state.read_text().replace("journal_seq = 0", "journal_seq = true"))
    refused(played, r"campaign.toml, journal_seq: must be a whole number from 0 \(found True\)")


def test_a_snapshot_past_the_end_of_its_journal_is_refused(played: Path):
    state = played / "campaign.toml"
    state.write_text(state.read_text().replace("journal_seq = 0", "journal_seq = 9"))
    refused(played, r"journal_seq: the snapshot includes 9 journal records, but travelogue.jsonl holds 5")


def test_a_whole_last_record_without_its_newline_is_kept(played: Path):
    session, records, _, _ = load_session(played)
    path = played / "travelogue.jsonl"
    path.write_bytes(path.read_bytes().rstrip(b"\n"))
    again, kept, length, _ = load_session(played)
    assert kept == records == 5 and again.state == session.state
    assert length == path.stat().st_size
    opened = open_campaign(played)  # writing again starts on a line of its own
    run_line(opened.session, "next")
    opened.close()
    assert len(journal_lines(played)) == 6 and load_session(played)[1] == 6


def test_a_torn_last_line_is_dropped_and_cut_on_open(played: Path):
    path = played / "travelogue.jsonl"
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"seq":6,"op":"cmd","label":"ne')
    assert load_session(played)[1] == 5
    assert path.read_bytes().endswith(b'"ne')  # reading changes nothing
    open_campaign(played).close()
    assert path.read_bytes().startswith(whole) and path.read_bytes().count(b"\n") == 5


def test_a_torn_multibyte_character_at_the_end_is_a_torn_line(played: Path):
    path = played / "travelogue.jsonl"
    path.write_bytes(path.read_bytes() + '{"seq":6,"op":"cmd","label":"é'.encode()[:-1])
    assert load_session(played)[1] == 5


def test_invalid_utf8_in_the_middle_names_the_line(played: Path):
    path = played / "travelogue.jsonl"
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b"next", b"n\xffxt")
    path.write_bytes(b"\n".join(lines))
    refused(played, r"travelogue.jsonl, line 3: not valid UTF-8")


def test_deep_nesting_and_huge_numbers_in_the_journal_are_messages(played: Path):
    lines = journal_lines(played)
    write_lines(played, lines[:1] + ['{"seq":2,"op":"cmd","x":' + "[" * 100_000 + "]" * 100_000 + "}"])
    refused(played, r"line 2: this line is not a journal record \(it is nested too deeply\)")
    write_lines(played, lines[:1] + ['{"seq":2,"op":"cmd","faces":[' + "7" * 5000 + "]}"])
    refused(played, r"line 2: this line is not a journal record \(Exceeds the limit")


def test_bad_fields_of_a_record_are_named(played: Path):
    lines = journal_lines(played)
    record = json.loads(lines[3])
    record["lines"] = "Goblin 2 takes 3."
    write_lines(played, lines[:3] + [json.dumps(record)] + lines[4:])
    refused(played, r"line 4: this record cannot be read \(lines: expected a list of str\)")
    record["lines"], record["faces"] = [], ["5"]
    write_lines(played, lines[:3] + [json.dumps(record)] + lines[4:])
    refused(played, r"line 4: this record cannot be read \(faces: expected a list of int\)")


def test_a_record_whose_dice_do_not_replay_is_refused(played: Path):
    lines = journal_lines(played)
    setup = json.loads(lines[0])
    setup["faces"] = setup["faces"][:-1]  # one face short: the replay would roll one itself
    write_lines(played, [json.dumps(setup)] + lines[1:])
    refused(played, r"line 1: this record cannot be replayed: The record rolled")


def test_a_campaign_file_with_a_byte_order_mark_loads(folder: Path):
    state = folder / "campaign.toml"
    campaign, seq = read_snapshot(folder)
    state.write_bytes(b"\xef\xbb\xbf" + state.read_bytes())
    assert read_snapshot(folder) == (campaign, seq)


def test_invalid_utf8_in_the_campaign_file_names_the_line(folder: Path):
    state = folder / "campaign.toml"
    lines = state.read_bytes().split(b"\n")
    lines[3] = lines[3] + b" # \xff"
    state.write_bytes(b"\n".join(lines))
    with pytest.raises(CampaignError, match=r"campaign.toml, line 4: not valid UTF-8"):
        read_snapshot(folder)


def test_deep_nesting_and_huge_numbers_in_the_campaign_file_are_messages(folder: Path):
    state = folder / "campaign.toml"
    text = state.read_text()
    state.write_text(text + "\ndeep = " + "[" * 50_000 + "]" * 50_000 + "\n")
    with pytest.raises(CampaignError, match="nested too deeply"):
        read_snapshot(folder)
    state.write_text(text + "\nhuge = " + "9" * 5000 + "\n")
    lines = text.count("\n") + 2
    with pytest.raises(CampaignError, match=rf"campaign.toml, line {lines}: not valid TOML: Exceeds the limit"):
        read_snapshot(folder)


def test_a_group_the_journal_ends_inside_is_dropped_whole(played: Path):
    lines = journal_lines(played)
    records = [json.loads(line) for line in lines]
    records[2]["group"] = 4  # records 3 to 6: the journal ends after 5
    written = [json.dumps(r) for r in records]
    write_lines(played, written)
    journal = read_journal(played / "travelogue.jsonl")
    assert len(journal.records) == 2
    assert journal.length == len(("\n".join(written[:2]) + "\n").encode())
    records[2]["group"] = 3  # records 3 to 5: whole
    write_lines(played, [json.dumps(r) for r in records])
    assert len(read_journal(played / "travelogue.jsonl").records) == 5


def test_a_group_inside_a_group_is_refused(played: Path):
    records = [json.loads(line) for line in journal_lines(played)]
    records[0]["group"], records[1]["group"] = 3, 2
    write_lines(played, [json.dumps(r) for r in records])
    refused(played, r"line 2: a group starts inside another group")
