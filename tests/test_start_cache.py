"""The start-up's generated code is compiled once and kept (issue 17: some 700 compiles, ~15 ms
of the first screen). Counted, not timed: a second start compiles only the texts that differ
from run to run."""

from __future__ import annotations

import builtins
import marshal
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from combat_tui import start_cache

ROOT = Path(__file__).resolve().parent.parent

START = """
from combat_tui import start_cache
start_cache.install()
import combat_tui.app
from combat_tui.storage import open_campaign, prepare_sample
opened = open_campaign(prepare_sample("goblin-ambush"), seed=1)
opened.close()
varying = len(start_cache._varying)
start_cache.finish()
print(start_cache.hits, start_cache.misses, varying)
"""


FIRST_SCREEN = """
import asyncio
from combat_tui import css_cache, start_cache
start_cache.install()
from combat_tui.app import CombatApp
from combat_tui.storage import prepare_sample
from textual.css.stylesheet import Stylesheet

# Styles compare layouts by identity, and print sets in their hash order (a set read back from the
# cache may print in another): compare what they print, sets sorted
def shape(rules):
    return [(repr(r.selector_set), repr(sorted(r.styles.get_rules().items())), sorted(r.styles.important),
             r.selector_names, r.pseudo_classes, r.is_default_rules, r.tie_breaker) for r in rules]

async def main():
    app = CombatApp(prepare_sample("goblin-ambush"), seed=1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start_cache.finish()
        fresh = Stylesheet(variables=app.stylesheet._variables)
        fresh.source = dict(app.stylesheet.source)
        fresh.parse()
        same = shape(fresh.rules) == shape(app.stylesheet.rules) and len(fresh.rules) > 50  # `finish` put Textual's parse back
        print(css_cache.hits, css_cache.misses, same)

asyncio.run(main())
"""


def run(script: str, home: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True,
                          env={**os.environ, "COMBAT_TUI_HOME": str(home), "PYTHONPATH": str(ROOT)})  # fmt: skip
    return done.stdout.split()


def test_a_second_start_parses_no_css_and_styles_as_a_fresh_parse_does(tmp_path):
    _, first_misses, first_same = run(FIRST_SCREEN, tmp_path)
    hits, misses, same = run(FIRST_SCREEN, tmp_path)
    assert int(first_misses) > 5 and int(misses) == 0 and int(hits) >= int(first_misses)
    assert first_same == same == "True"  # the rules read back are the rules a parse makes


def start(home: Path) -> tuple[int, int, int]:
    hits, misses, varying = map(int, run(START, home))
    return hits, misses, varying


def test_a_second_start_compiles_only_what_differs_run_to_run(tmp_path):
    first_hits, first_misses, _ = start(tmp_path)
    assert first_misses > 100 and first_hits > 100  # typing compiles the same annotations many times
    hits, misses, varying = start(tmp_path)
    assert misses == varying < 50  # attrs's `__hash__` texts carry each process's hash seed
    assert hits > 100  # fewer than the first: a second opening reads the kept campaign, no cattrs
    file = tmp_path / "cache" / start_cache.cache_file().name
    written = file.stat().st_mtime_ns
    assert start(tmp_path)[1] == varying
    assert file.stat().st_mtime_ns == written  # nothing new: not rewritten


@pytest.fixture
def cache(monkeypatch, tmp_path):
    monkeypatch.setenv("COMBAT_TUI_HOME", str(tmp_path))
    yield tmp_path / "cache"
    start_cache.finish()
    assert builtins.compile is start_cache._compile


def test_kept_code_is_the_code_compile_makes_and_keeps_the_callers_future_flags(cache):
    start_cache.install()
    code = compile("def f(x: int) -> int:\n    return x\n", "<generated f>", "exec")
    start_cache.finish()
    start_cache.install()
    again = compile("def f(x: int) -> int:\n    return x\n", "<generated f>", "exec")
    assert start_cache.hits == 1 and again is not code
    assert again.co_code == code.co_code and again.co_consts == code.co_consts
    space: dict = {}
    exec(again, space)
    assert space["f"].__annotations__ == {"x": "int", "return": "int"}  # this module's `annotations` future
    assert compile("1 + 2", "<ast>", "eval", flags=0x400, dont_inherit=True).__class__.__name__ == "Expression"


@pytest.mark.parametrize("content", [b"", b"not marshal at all", b"\xe3\x00\x00", None])
def test_a_damaged_or_foreign_cache_is_a_miss_never_an_error(cache, content):
    import marshal

    cache.mkdir(parents=True)
    file = start_cache.cache_file()
    file.write_bytes(marshal.dumps(({("x", "<f>", "exec", 0): "not code", 3: 4}, frozenset({1}))) if content is None else content)
    start_cache.install()
    space: dict = {}
    exec(compile("y = 2", "<f>", "exec"), space)
    assert space["y"] == 2 and start_cache.misses >= 1
    start_cache.finish()
    start_cache.install()
    assert start_cache._kept  # rewritten whole


def test_a_cache_that_cannot_be_written_leaves_the_start_as_it_was(cache):
    cache.write_text("a file where the folder should be")  # as a read-only or full disk: an OSError
    start_cache.install()
    space: dict = {}
    exec(compile("z = 3", "<g>", "exec"), space)
    start_cache.finish()
    assert space["z"] == 3 and cache.read_text() == "a file where the folder should be"
    assert list(cache.parent.iterdir()) == [cache]


@pytest.mark.parametrize("content", [b"", b"garbage", "stamp"])
def test_a_damaged_or_other_textuals_css_cache_is_parsed_afresh(cache, content):
    import pickle

    from textual.css.stylesheet import Stylesheet

    from combat_tui import css_cache

    cache.mkdir(parents=True)
    rules = Stylesheet()._parse_rules("Static { color: red; }", ("x.tcss", ""))
    key = ("Static { color: blue; }", ("x.tcss", ""), False, 0, "", ())
    stale = pickle.dumps(((1, 2), {key: rules}))  # another Textual's: blue would read as red
    css_cache.cache_file().write_bytes(stale if content == "stamp" else content)
    start_cache.install()
    sheet = Stylesheet(variables={})
    sheet.add_source("Static { color: blue; }", ("x.tcss", ""))
    sheet.parse()
    assert "Color(0, 0, 255)" in repr(sheet.rules[0].styles) and css_cache.misses == 1
    start_cache.finish()
    assert Stylesheet._parse_rules is not css_cache._cached_parse


def test_no_home_folder_means_no_cache_and_no_error(monkeypatch):
    for name in ("COMBAT_TUI_HOME", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)

    def no_home():
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    start_cache.install()
    exec(compile("w = 4", "<h>", "exec"), {})
    start_cache.finish()
    assert builtins.compile is start_cache._compile


def test_a_cache_grown_past_its_limit_keeps_only_what_a_start_used(tmp_path, monkeypatch):
    """A file grown by other builds and screens is read whole at each start: past the limit, the
    next start rewrites it with only what it used, though it compiled and parsed nothing new."""
    from combat_tui import css_cache

    run(FIRST_SCREEN, tmp_path)
    code_file = tmp_path / "cache" / start_cache.cache_file().name
    css_file = tmp_path / "cache" / css_cache.cache_file().name
    kept, varying = marshal.loads(code_file.read_bytes())
    used = len(kept)
    stale = {(f"x = {n}", f"<stale {n}>", "exec", 0): compile(f"x = {n}", f"<stale {n}>", "exec") for n in range(start_cache.LIMIT)}
    code_file.write_bytes(marshal.dumps(({**kept, **stale}, varying)))
    stamp, parses = pickle.loads(css_file.read_bytes())
    css_used = len(parses)
    padding = {(f"Stale{n} {{}}", ("x", ""), False, 0, "", ()): b"" for n in range(css_cache.LIMIT)}
    css_file.write_bytes(pickle.dumps((stamp, {**parses, **padding})))
    run(FIRST_SCREEN, tmp_path)
    assert len(marshal.loads(code_file.read_bytes())[0]) <= used
    assert len(pickle.loads(css_file.read_bytes())[1]) <= css_used
