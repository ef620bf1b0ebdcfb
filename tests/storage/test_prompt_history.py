"""The `:` prompt's history file: capped, written whole by a rename, a bad file passed over."""

from __future__ import annotations

from combat_tui.storage.prompt_history import KEEP, history_file, read_history, write_history


def test_lines_come_back_in_order_and_only_the_last_are_kept(isolated_home):
    assert history_file().parent == isolated_home
    assert write_history([f"damage Bren {n}" for n in range(KEEP + 20)])
    lines = read_history()
    assert len(lines) == KEEP
    assert lines[0] == "damage Bren 20" and lines[-1] == f"damage Bren {KEEP + 19}"
    assert [p.name for p in isolated_home.iterdir()] == ["prompt-history.txt"]  # no temporary left


def test_a_missing_or_bad_file_reads_as_no_history(isolated_home):
    assert read_history() == []
    history_file().write_bytes(b"next\n\xff\xfe not text\n")
    assert read_history() == []
    history_file().write_text("next\n\x1b[2J\nundo\n", encoding="utf-8")
    assert read_history() == ["next", "undo"]  # a line the prompt could not show is left out
    history_file().unlink()
    history_file().mkdir()
    assert read_history() == []


def test_a_file_that_cannot_be_written_is_no_error(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert write_history(["next"], blocked / "prompt-history.txt") is False
