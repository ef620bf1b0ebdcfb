"""A fuzzer of campaign files (DESIGN.md §7: a bad campaign file gets a message with the file,
the line or field path and the problem, and the file is left untouched).

The samples' `campaign.toml` (both systems) and a `travelogue.jsonl` of a few commands run
through `open_campaign` are mutated: a key dropped, a value retyped or out of range, an array
item duplicated or reordered, text truncated, nested deeply, junk bytes, a byte order mark.
For each case, opening the folder either succeeds, with a state that passes its system's check,
saves and loads equal and holds exactly what the file says (no value of another type, nothing
clamped), or raises a CampaignError naming the file and a line or field, with the files on disk
unchanged. Anything else is a failure. The cases come from fixed seeds, so each is reproducible
by its number (`case(n)`).
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import tomllib
from collections import Counter
from functools import cache
from pathlib import Path

import attrs
import pytest
import tomli_w

from combat_tui.core.campaign import Campaign
from combat_tui.core.registry import get_system
from combat_tui.core.runner import run_line
from combat_tui.storage import CampaignError, open_campaign, read_snapshot, sample_dir, write_snapshot
from combat_tui.storage.converter import campaign_from_data, command_from_data

CASES = 1000
SEED = 14_000
FILES = ("campaign.toml", "travelogue.jsonl", "campaign.toml.bak")
GOBLIN_LINES = ("dice 15 12 10 8 11 9 14 13", "setup", "start", "dice 18 6", 'attack Ayla "Goblin 1" Rapier',
                "next", 'damage "Goblin 3" 7', "undo", "redo", 'heal Mirelle 3', 'chip Bren +Prone', "next")  # fmt: skip
BEAR_LINES = ("setup", "absent Katie", 'chip Brandon +Shaken 1', "start", "next", "undo", "redo")
PLACE = re.compile(r"^(line \d+|record \d+|end of document|the top level|[A-Za-z_][\w-]*(\[\d+\])*(\.[A-Za-z_][\w-]*(\[\d+\])*)*)(,|:|$)")
"""A place a message names first: `line 3`, `characters[1].hp`, `journal_seq`."""
UNPLACED: tuple[str, ...] = ()
"""Refusals that name no line yet: the TOML parser gives none for nesting past Python's recursion
limit, and folder.py does not find one. Remove an entry once its message names its line."""


@pytest.fixture(scope="module")
def bases(tmp_path_factory) -> dict[str, dict[str, bytes]]:
    return make_bases(tmp_path_factory.mktemp("bases"))


def make_bases(scratch: Path) -> dict[str, dict[str, bytes]]:
    """The files each case starts from: a sample's snapshot alone, or with a journal to replay."""
    found = {}
    for name, folder, lines in (("dnd5e", "goblin-ambush", GOBLIN_LINES), ("futurepath", "space-bears", BEAR_LINES)):
        snapshot = (sample_dir() / folder / "campaign.toml").read_bytes()
        found[f"{name} snapshot"] = {"campaign.toml": snapshot}
        target = scratch / folder
        target.mkdir()
        (target / "campaign.toml").write_bytes(snapshot)
        opened = open_campaign(target, seed=3)
        try:
            for line in lines:
                run_line(opened.session, line)
        finally:
            opened.close()
        # The snapshot before the commands, so that opening replays every record.
        found[f"{name} journal"] = {"campaign.toml": snapshot, "travelogue.jsonl": (target / "travelogue.jsonl").read_bytes()}
    return found


# -- mutations of parsed data: (what was done, the new data) --------------------------------------------


def _places(data: object, path: tuple = ()) -> list[tuple]:
    """Every (path) to a value inside `data`, containers included."""
    found = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        found.append((*path, key))
        found += _places(value, (*path, key))
    return found


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _retyped(value: object, rng: random.Random) -> object:
    if isinstance(value, bool):
        return rng.choice(["yes", "no", "true", 0, 1, [value], 1.0])
    if isinstance(value, int):
        return rng.choice([value + 0.9, float(value), str(value), value != 0, [value], {"value": value}, "many"])
    if isinstance(value, str):
        return rng.choice([5, 0, True, 48.9, [value], {"text": value}, list(value[:3])])
    if isinstance(value, list):
        return rng.choice(["a", 3, {}, {"0": value[0] if value else 1}, [[item] for item in value]])
    return rng.choice([[], "table", 7, [value]])


def _out_of_range(value: int, rng: random.Random) -> int:
    return rng.choice([-1, -value - 1, 0, value + 10_000, 41, 31, 501, 10**6, 10**9 + 1, -(10**12), 2**63, 10**40])


def data_mutation(data: dict, rng: random.Random) -> tuple[str, dict]:
    places = _places(data)
    path = rng.choice(places)
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    how = rng.choice(["drop", "retype", "retype", "range", "range", "duplicate", "reorder", "unknown", "empty", "nest"])
    where = ".".join(map(str, path))
    if how == "drop":
        del parent[key]
    elif how == "retype" or (how == "range" and (type(value) is not int)):
        parent[key] = _retyped(value, rng)
        how = "retype"
    elif how == "range":
        parent[key] = _out_of_range(value, rng)
    elif how == "duplicate":
        lists = [p for p in places if isinstance(_get(data, p), list) and _get(data, p)]
        if not lists:
            return "nothing", data
        path = rng.choice(lists)
        items = _get(data, path)
        items.insert(rng.randrange(len(items) + 1), json.loads(json.dumps(rng.choice(items))))
        where = ".".join(map(str, path))
    elif how == "reorder":
        lists = [p for p in places if isinstance(_get(data, p), list) and len(_get(data, p)) > 1]
        if not lists:
            return "nothing", data
        path = rng.choice(lists)
        rng.shuffle(_get(data, path))
        where = ".".join(map(str, path))
    elif how == "unknown":
        tables = [p for p in places if isinstance(_get(data, p), dict)] or [()]
        path = rng.choice(tables)
        (_get(data, path) if path else data)["surplus"] = 1
        where = ".".join(map(str, path))
    elif how == "empty":
        parent[key] = type(value)() if isinstance(value, str | list | dict) else 0
    else:
        nested: object = 1
        for _ in range(rng.choice([3, 40, 200])):
            nested = [nested]
        parent[key] = nested
    return f"{how} {where}", data


# -- mutations of the text -------------------------------------------------------------------------


def text_mutation(raw: bytes, rng: random.Random, toml: bool) -> tuple[str, bytes]:
    how = rng.choice(["truncate", "junk", "bom", "line twice", "line dropped", "lines swapped", "deep", "digits",
                      "huge text", "crlf", "special number"])  # fmt: skip
    lines = raw.split(b"\n")
    index = rng.randrange(len(lines))
    if how == "truncate":
        cut = rng.randrange(len(raw))
        return f"truncate at {cut}", raw[:cut]
    if how == "junk":
        at = rng.randrange(len(raw) + 1)
        junk = rng.choice([b"\x00", b"\xff\xfe", b"\xc3\x28", b"]]", b"{", b'"', b"= =", bytes(rng.randrange(256) for _ in range(8))])
        return f"junk {junk!r} at {at}", raw[:at] + junk + raw[at:]
    if how == "bom":
        return how, b"\xef\xbb\xbf" + raw
    if how == "line twice":
        return f"{how} {index + 1}", b"\n".join(lines[: index + 1] + lines[index:])
    if how == "line dropped":
        return f"{how} {index + 1}", b"\n".join(lines[:index] + lines[index + 1 :])
    if how == "lines swapped":
        other = rng.randrange(len(lines))
        lines[index], lines[other] = lines[other], lines[index]
        return f"{how} {index + 1} {other + 1}", b"\n".join(lines)
    if how == "crlf":
        return how, raw.replace(b"\n", b"\r\n")
    numbers = [m for m in re.finditer(rb"(?<![\w.\-])\d+(?![\w.])", raw)]
    strings = [m for m in re.finditer(rb'"[^"\n\\]*"', raw)]
    if how == "digits" and numbers:
        m = rng.choice(numbers)
        return f"5,000 digits at {m.start()}", raw[: m.start()] + b"7" * 5000 + raw[m.end() :]
    if how == "huge text" and strings:
        m = rng.choice(strings)
        return f"huge text at {m.start()}", raw[: m.start()] + b'"' + b"x" * 100_000 + b'"' + raw[m.end() :]
    if how == "special number" and numbers and toml:
        m = rng.choice(numbers)
        word = rng.choice([b"nan", b"inf", b"-inf", b"1e400", b"1979-05-27T07:32:00Z", b"0x10", b"1_000"])
        return f"{word.decode()} at {m.start()}", raw[: m.start()] + word + raw[m.end() :]
    depth = rng.choice([1000, 100_000])
    if numbers:
        m = rng.choice(numbers)
        inner = b"{a = " * depth + b"1" + b"}" * depth if toml and rng.random() < 0.5 else b"[" * depth + b"1" + b"]" * depth
        if not toml and rng.random() < 0.5:
            inner = b'{"a":' * depth + b"1" + b"}" * depth
        return f"nested {depth} deep at {m.start()}", raw[: m.start()] + inner + raw[m.end() :]
    return "nothing", raw


@cache
def _parsed(raw: bytes) -> str:
    """A base snapshot's data as JSON, parsed once and copied per case."""
    return json.dumps(tomllib.loads(raw.decode()))


def case(number: int, bases: dict[str, dict[str, bytes]]) -> tuple[str, str, dict[str, bytes]]:
    """(base, what was done, the files) of case `number`."""
    rng = random.Random(SEED + number)
    base = rng.choice(sorted(bases))
    files = dict(bases[base])
    target = "travelogue.jsonl" if "journal" in base and rng.random() < 0.7 else "campaign.toml"
    raw = files[target]
    if rng.random() < 0.6:  # a change a hand edit makes: parse, change one thing, write back
        if target == "campaign.toml":
            how, data = data_mutation(json.loads(_parsed(raw)), rng)
            try:
                files[target] = tomli_w.dumps(data).encode()
            except (TypeError, ValueError, RecursionError):  # TOML cannot say it: a text change instead
                how, files[target] = text_mutation(raw, rng, toml=True)
        else:
            lines = raw.decode().splitlines()
            index = rng.randrange(len(lines))
            how, data = data_mutation({"record": json.loads(lines[index])}, rng)
            lines[index] = json.dumps(data.get("record"), ensure_ascii=False) if "record" in data else ""
            files[target] = ("\n".join(lines) + "\n").encode()
            how = f"line {index + 1}: {how}"
    else:
        how, files[target] = text_mutation(raw, rng, toml=target.endswith(".toml"))
    return base, f"{target}: {how}", files


# -- what each outcome must satisfy ----------------------------------------------------------------


def _typed_equal(written: object, loaded: object) -> bool:
    """The file's value and the loaded one: the same type and value, all the way down."""
    if isinstance(written, dict):
        return isinstance(loaded, dict) and all(k in loaded and _typed_equal(v, loaded[k]) for k, v in written.items())
    if isinstance(written, list):
        return (isinstance(loaded, list | tuple) and len(written) == len(loaded)
                and all(_typed_equal(a, b) for a, b in zip(written, loaded, strict=True)))  # fmt: skip
    return type(written) is type(loaded) and written == loaded


def _silently_wrong(files: dict[str, bytes], opened: Campaign) -> str:
    """What an open that succeeded loaded other than the files say, or ""."""
    snapshot = tomllib.loads(files["campaign.toml"].decode("utf-8-sig"))
    seq = snapshot.get("journal_seq", 0)
    data = {k: v for k, v in snapshot.items() if k not in ("schema_version", "journal_seq")}
    journal = files.get("travelogue.jsonl", b"").decode("utf-8", "replace").splitlines()
    campaign = campaign_from_data(json.loads(json.dumps(data))) if journal else opened  # before the replay
    if not _typed_equal(data, attrs.asdict(campaign)):
        return "the snapshot loaded other values than it holds"
    for number, line in enumerate(journal, start=1):
        try:
            record = json.loads(line) if line.strip() else {}
        except ValueError:  # a torn last line, which the open left out
            continue
        if number <= seq or not isinstance(record, dict) or record.get("op") != "cmd":
            continue  # folded into the snapshot, or not a command: not structured by an open
        for command in record.get("commands", []):
            data = {k: v for k, v in command.items() if k != "kind"}
            try:
                loaded = attrs.asdict(command_from_data(command, campaign.system))
            except ValueError as error:
                return f"line {number}: a command was replayed that does not read ({error})"
            if not _typed_equal(data, loaded):
                return f"line {number}: a command loaded other values than it holds"
        for key, kind in (("faces", int), ("lines", str)):
            if any(type(item) is not kind for item in record.get(key, [])):
                return f"line {number}: {key} loaded with items that are not {kind.__name__}"
    return ""


def run_case(number: int, bases, tmp_path: Path) -> tuple[str, str]:
    """(outcome, detail) of one case."""
    base, how, files = case(number, bases)
    folder = tmp_path / f"case-{number}"
    folder.mkdir()
    for name, raw in files.items():
        (folder / name).write_bytes(raw)
    before = {name: (folder / name).read_bytes() for name in FILES if (folder / name).exists()}
    try:
        opened = open_campaign(folder, seed=0)
    except CampaignError as error:
        after = {name: (folder / name).read_bytes() for name in FILES if (folder / name).exists()}
        message = str(error)
        if after != before:
            return "files changed", f"{base}, {how}: {message[:200]}"
        if error.file.name not in FILES or not message.startswith(str(error.file)):
            return "message names no file", f"{base}, {how}: {message[:200]}"
        if not (error.where and PLACE.match(error.where)) and not PLACE.match(error.problem):
            if error.problem in UNPLACED:
                return "refused, no line yet", message
            return "message names no place", f"{base}, {how}: {message[:200]}"
        return "refused", message
    except Exception as error:  # the failure this fuzzer looks for
        return "traceback", f"{base}, {how}: {type(error).__name__}: {str(error)[:200]}"
    try:
        state = opened.session.state
        wrong = _silently_wrong(files, state)
    finally:
        opened.close()
    problems = get_system(state.system).check(state)
    if problems:
        return "loaded with problems", f"{base}, {how}: {problems[:3]}"
    if wrong:
        return "silently wrong", f"{base}, {how}: {wrong}"
    if (folder / "campaign.toml").read_bytes() == files["campaign.toml"]:  # closing saved nothing: save it here
        write_snapshot(folder, state, 0)
    if read_snapshot(folder)[0] != state:
        return "does not round-trip", f"{base}, {how}"
    return "loaded", how


def test_a_thousand_mutated_files_load_or_are_refused_with_a_place(bases, tmp_path: Path, monkeypatch):
    # What a file says is under test here, not that it reaches the disk (tests/storage): without
    # this, the disk's fsync latency is most of the run.
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    outcomes: Counter[str] = Counter()
    bad: list[str] = []
    for number in range(CASES):
        outcome, detail = run_case(number, bases, tmp_path)
        outcomes[outcome] += 1
        if outcome not in ("loaded", "refused", "refused, no line yet"):
            bad.append(f"case {number}: {outcome}: {detail}")
        shutil.rmtree(tmp_path / f"case-{number}")
    summary = ", ".join(f"{name} {count}" for name, count in outcomes.most_common())
    print(f"{CASES} cases: {summary}")
    assert not bad, f"{CASES} cases: {summary}\n" + "\n".join(bad[:40])
    assert outcomes["loaded"] > 50 and outcomes["refused"] > 300  # the mutations reach both outcomes
