"""The app's parsed CSS, kept between runs (`start_cache` installs and finishes it).

Textual parses every stylesheet on each start, the app's and each widget's defaults: about 9 ms of
the first screen. While the app starts, each parse is looked up by the text, where it was read
from, its place among the sheets and the theme's variables, in what earlier runs kept (pickled,
beside the generated code). A cache written by another Textual (told by the files that parse
CSS: their sizes and times) is not read; a parse that found errors is not kept.
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

from combat_tui.start_cache import cache_folder, write

_kept: dict[tuple, bytes] = {}
"""Each parse kept, pickled."""
_made: dict[tuple, list] = {}
_used: set[tuple] = set()
LIMIT = 150
"""Parses kept at most (a start of the app uses about 60, the warm-up's included); past it, only
what this run used: the file is read whole at each start (`start_cache.LIMIT`)."""
_parse = None
"""Textual's `Stylesheet._parse_rules` while this one stands in for it."""
_theme: tuple = (None, ())
"""(the variables dict, its items sorted): a theme's variables are sorted once, not each parse."""
hits = 0
misses = 0


def cache_file() -> Path:
    return cache_folder() / f"parsed-css.{sys.implementation.cache_tag}.pickle"


def _textual_stamp() -> tuple:
    from textual.css import model, parse, styles, stylesheet, tokenize

    return tuple((Path(module.__file__).stat().st_size, Path(module.__file__).stat().st_mtime_ns)
                 for module in (model, parse, styles, stylesheet, tokenize))  # fmt: skip


def install() -> None:
    global _parse, hits, misses
    from textual.css.stylesheet import Stylesheet

    hits = misses = 0
    _kept.clear(), _made.clear(), _used.clear()
    try:
        stamp, kept = pickle.loads(cache_file().read_bytes())
        if stamp == _textual_stamp() and isinstance(kept, dict):
            _kept.update(kept)
    except Exception:  # missing, damaged or another Textual's: parse as before
        _kept.clear()
    if _parse is None:
        _parse = Stylesheet._parse_rules
        Stylesheet._parse_rules = _cached_parse


def _cached_parse(self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""):
    global _theme, hits, misses
    if _theme[0] is not self._variables:
        _theme = (self._variables, tuple(sorted(self._variables.items())))
    key = (css, read_from, is_default_rules, tie_breaker, scope, _theme[1])
    rules = _made.get(key)
    if rules is not None:
        return rules
    if key in _kept:
        try:
            rules = pickle.loads(_kept[key])
        except Exception:  # damaged: parsed again below
            del _kept[key]
        else:
            hits += 1
            _used.add(key)
            _made[key] = rules
            return rules
    rules = _parse(self, css, read_from, is_default_rules, tie_breaker, scope)
    misses += 1
    if not any(rule.errors for rule in rules):
        _made[key] = rules
    return rules


def finish() -> None:
    global _parse
    if _parse is not None:
        from textual.css.stylesheet import Stylesheet

        Stylesheet._parse_rules, _parse = _parse, None
    new = {key: rules for key, rules in _made.items() if key not in _used}
    if new or len(_kept) > LIMIT:
        kept = _kept if len(_kept) + len(new) <= LIMIT else {key: _kept[key] for key in _used}
        try:
            kept.update((key, pickle.dumps(rules, protocol=pickle.HIGHEST_PROTOCOL)) for key, rules in new.items())
            write(cache_file(), pickle.dumps((_textual_stamp(), kept), protocol=pickle.HIGHEST_PROTOCOL))
        except Exception:  # a rule that does not pickle: no cache, as before
            pass
    _kept.clear(), _made.clear(), _used.clear()
