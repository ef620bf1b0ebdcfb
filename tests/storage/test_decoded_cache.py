"""The campaign a snapshot decodes to, kept between runs (`decoded_cache`, issue 17): the same
bytes read by the same code give the same campaign without cattrs or the checks; anything else is
parsed as before."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from combat_tui.core.records import frozen
from combat_tui.core.runner import run_line
from combat_tui.storage import decoded_cache, load_session, open_campaign
from combat_tui.storage import folder as storage_folder


@pytest.fixture
def parses(monkeypatch) -> list[int]:
    """Each parse of a snapshot (the cattrs structure and the checks) noted."""
    seen: list[int] = []
    campaign_of = storage_folder._campaign_of
    monkeypatch.setattr(storage_folder, "_campaign_of", lambda data, file: seen.append(1) or campaign_of(data, file))
    return seen


def _play_and_close(folder: Path, lines: list[str]) -> object:
    opened = open_campaign(folder, seed=1)
    for line in lines:
        run_line(opened.session, line)
        opened.after_command()
    state = opened.session.state
    assert opened.close() == ""
    return state


def test_a_closed_campaign_opens_again_without_a_parse_and_equal(folder: Path, parses) -> None:
    state = _play_and_close(folder, ["setup", "start", "next"])
    assert parses == [1]  # the sample's snapshot, parsed at the opening
    again = open_campaign(folder, seed=1)
    assert parses == [1]  # the snapshot closing wrote: kept
    assert again.session.state == state
    again.close()
    fresh = storage_folder.parse_snapshot((folder / "campaign.toml").read_bytes(), folder / "campaign.toml")[0]
    assert fresh.fight == state.fight  # the TOML itself says the same


def test_an_unchanged_campaign_is_kept_as_it_was_read(folder: Path, parses) -> None:
    _play_and_close(folder, [])
    session, *_ = load_session(folder)
    assert parses == [1]
    assert session.state == storage_folder.read_snapshot(folder)[0]


def test_a_hand_edit_is_read_not_the_kept_campaign(folder: Path, parses) -> None:
    _play_and_close(folder, [])
    toml = folder / "campaign.toml"
    toml.write_text(toml.read_text().replace('name = "Goblin Ambush"', 'name = "Edited By Hand"', 1))
    session, *_ = load_session(folder)
    assert parses == [1, 1] and session.state.name == "Edited By Hand"


def test_a_hand_edit_made_while_the_app_runs_is_not_kept_for_those_bytes(folder: Path, parses) -> None:
    opened = open_campaign(folder, seed=1)
    toml = folder / "campaign.toml"
    toml.write_text(toml.read_text().replace('name = "Goblin Ambush"', 'name = "Edited By Hand"', 1))
    (folder / ".campaign.json").unlink(missing_ok=True)
    opened.close()  # nothing played: no snapshot written, the edited file stays
    session, *_ = load_session(folder)
    assert parses == [1, 1] and session.state.name == "Edited By Hand"


def test_a_damaged_or_foreign_kept_file_is_a_miss(folder: Path, parses) -> None:
    state = _play_and_close(folder, ["setup"])
    for kept in decoded_cache.folder_of_cache().glob("*.pickle"):
        kept.write_bytes(b"not a pickle")
    session, *_ = load_session(folder)
    assert parses == [1, 1] and session.state == state


def test_changed_code_is_a_miss(folder: Path, parses, tmp_path: Path, monkeypatch) -> None:
    module = tmp_path / "rules_module.py"
    module.write_text("X = 1\n")
    fake = type(sys)("combat_tui.systems.fake_rules")
    fake.__file__ = str(module)
    monkeypatch.setitem(sys.modules, "combat_tui.systems.fake_rules", fake)
    state = _play_and_close(folder, ["setup"])
    load_session(folder)
    assert parses == [1]  # kept, stamped with the fake module too
    module.write_text("X = 22\n")  # its size changes: another build of the rules
    session, *_ = load_session(folder)
    assert parses == [1, 1] and session.state == state


def test_a_cache_that_cannot_be_written_changes_nothing(folder: Path, parses, monkeypatch, tmp_path: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would be")
    monkeypatch.setattr(decoded_cache, "folder_of_cache", lambda: blocked / "campaigns")
    state = _play_and_close(folder, ["setup"])
    session, *_ = load_session(folder)
    assert parses == [1, 1] and session.state == state


def test_no_more_than_keep_campaigns_are_kept(monkeypatch) -> None:
    monkeypatch.setattr(decoded_cache, "KEEP", 3)
    for number in range(5):
        decoded_cache.write(decoded_cache.key(b"toml %d" % number, None), "campaign", number)
    assert len(list(decoded_cache.folder_of_cache().glob("*.pickle"))) == 3
    assert decoded_cache.read(decoded_cache.key(b"toml 4", None)) == ("campaign", 4, None)
    assert decoded_cache.read(decoded_cache.key(b"toml 4", b"{}")) is None  # another JSON form: another key


def test_a_temporary_file_left_by_a_killed_run_is_removed_once_old(monkeypatch) -> None:
    import os

    where = decoded_cache.folder_of_cache()
    where.mkdir(parents=True)
    old, young = where / "a.pickle.1.tmp", where / "b.pickle.2.tmp"
    old.write_bytes(b"cut short"), young.write_bytes(b"being written")
    os.utime(old, (0, 0))
    decoded_cache.write(decoded_cache.key(b"toml", None), "campaign", 1)
    assert not old.exists() and young.exists()


def test_an_opening_from_the_kept_campaign_imports_no_cattrs(folder: Path, tmp_path: Path) -> None:
    """In a fresh process, as the app opens: the second opening structures nothing."""
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from combat_tui.storage import open_campaign
        opened = open_campaign(Path({str(folder)!r}), seed=1)
        print("cattrs" in sys.modules)
        opened.close()
    """)
    env = {"COMBAT_TUI_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(Path.cwd())}
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    second = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    assert first.stdout.split() == ["True"] and second.stdout.split() == ["False"]


@frozen
class Point:
    x: float
    y: tuple


def test_equal_records_are_kept_once_and_read_back_equal() -> None:
    """500 goblins hold 1,000 equal weapons and armours: each distinct value is pickled once, so
    reading rebuilds one (issue 17, start-up); nothing else is merged."""
    import io
    import pickle

    made = [Point(1.0, ("a", 1)), Point(1.0, ("a", 1)), Point(-0.0, ()), Point(0.0, ()), Point(1.0, ("a", True))]
    kept = [made, [1], [1]]
    handle = io.BytesIO()
    decoded_cache._SharingPickler(handle, protocol=pickle.HIGHEST_PROTOCOL).dump(kept)
    points, first, second = pickle.loads(handle.getvalue())
    assert points == made and first == second == [1]
    assert points[0] is points[1]  # equal: one record
    assert len({id(point) for point in points}) == 4  # -0.0 is not 0.0, True is not 1
    assert first is not second  # a list is mutable: never shared
    assert str(points[2].x) == "-0.0"


def test_a_kept_campaign_shares_its_goblins_equal_abilities(folder: Path, parses) -> None:
    state = _play_and_close(folder, ["setup"])
    kept = storage_folder.read_snapshot(folder)[0]
    assert parses == [1] and kept == state
    goblins = [creature for creature in kept.creatures if creature.name == "Goblin"]
    assert len(goblins) == 3 and goblins[0].abilities is goblins[2].abilities
