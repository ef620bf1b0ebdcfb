"""The code attrs, cattrs and typing generate at start-up, compiled once and kept between runs.

They write Python text and compile it on every start: a record class's methods, each converter's
structure function, every string annotation (typing compiles one for each, the same ones many
times): about 700 compiles, some 20 ms before the first screen. A text compiles to the same code
every run, so while the app starts, `compile` looks the text up first in what earlier runs kept
(in the cache folder, as marshal, the form of Python's own bytecode cache) and in what this run
compiled. A text that differs run to run under the same name (attrs writes each process's own
hash seed into `__hash__`) is noted as such and not kept. `finish` puts `compile` back and writes
what is new; a cache that cannot be read or written is a miss, never an error. The app's parsed
CSS is kept beside it (`css_cache`).
"""

from __future__ import annotations
import __future__

import builtins
import marshal
import os
import sys
from pathlib import Path
from types import CodeType

_FUTURE_FLAGS = 0
for _name in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _name).compiler_flag
_compile = builtins.compile
_kept: dict[tuple, CodeType] = {}
"""What earlier runs compiled, by (text, file name, mode, flags)."""
_made: dict[tuple, CodeType] = {}
"""What this run compiled."""
_varying: set[str] = set()
"""File names whose text differs from run to run: compiled each time, never kept."""
_kept_names: set[str] = set()
_changed = False
LIMIT = 1000
"""Entries kept at most (a start uses about 400); past it, only what this run used: a file grown
by other builds and screens is read whole at each start, and its freed code left the app's heap
3 MiB larger for the rest of the run."""
hits = 0
misses = 0


def cache_folder() -> Path:
    """`$COMBAT_TUI_HOME/cache`, else `$XDG_CACHE_HOME/combat-tui`."""
    home = os.environ.get("COMBAT_TUI_HOME")
    return Path(home) / "cache" if home else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "combat-tui"


def cache_file() -> Path:
    return cache_folder() / f"generated-code.{sys.implementation.cache_tag}.marshal"


def install() -> None:
    """Read what earlier runs kept and look every generated text up in it until `finish`."""
    global _changed, hits, misses
    hits = misses = 0
    _kept.clear(), _made.clear(), _varying.clear(), _kept_names.clear()
    _changed = False
    try:
        kept, varying = marshal.loads(cache_file().read_bytes())
        if not (isinstance(kept, dict) and isinstance(varying, (set, frozenset))):
            raise ValueError("not a cache")
        _kept.update((key, code) for key, code in kept.items() if _well_formed(key, code))
        _varying.update(name for name in varying if isinstance(name, str))
    except Exception:  # missing, damaged or from elsewhere: start empty
        _kept.clear(), _varying.clear()
    _kept_names.update(key[1] for key in _kept)
    builtins.compile = _cached_compile
    from combat_tui import css_cache

    css_cache.install()


def _well_formed(key: object, code: object) -> bool:
    return (
        isinstance(key, tuple) and len(key) == 4 and isinstance(key[0], str) and isinstance(key[1], str)
        and isinstance(code, CodeType) and code.co_filename == key[1]
    )  # fmt: skip


def _cached_compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, **kwargs):
    global hits, misses, _changed
    if not dont_inherit:  # the future statements of the caller, as the builtin takes them
        flags |= sys._getframe(1).f_code.co_flags & _FUTURE_FLAGS
    if kwargs or optimize != -1 or type(source) is not str or type(filename) is not str or not filename.startswith("<"):
        return _compile(source, filename, mode, flags, True, optimize, **kwargs)
    key = (source, filename, mode, flags)
    code = _kept.get(key) or _made.get(key)
    if code is not None:
        hits += 1
        _made.setdefault(key, code)
        return code
    code = _compile(source, filename, mode, flags, True)
    if not isinstance(code, CodeType):  # an AST asked for by flags: not kept
        return code
    misses += 1
    if filename in _varying:
        return code
    if filename != "<string>" and filename in _kept_names:
        _varying.add(filename)  # the same name, another text than last run's
        _changed = True
        return code
    _made[key] = code
    _changed = True
    return code


def finish() -> None:
    """Put `compile` back and write what this run added (at most once a run); the same for the CSS."""
    global _changed
    from combat_tui import css_cache

    css_cache.finish()
    if builtins.compile is _cached_compile:
        builtins.compile = _compile
    if _changed or len(_kept) > LIMIT:
        _changed = False
        kept = {**_kept, **_made} if len(_kept) + len(_made) <= LIMIT else dict(_made)
        kept = {key: code for key, code in kept.items() if key[1] not in _varying}
        try:
            write(cache_file(), marshal.dumps((kept, frozenset(_varying))))
        except RuntimeError:  # no home folder to keep it in: no cache
            pass
    _kept.clear(), _made.clear(), _kept_names.clear()


def write(file: Path, data: bytes) -> None:
    """Replace the file whole, or leave it as it was."""
    part = file.with_name(f"{file.name}.{os.getpid()}.part")
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        part.write_bytes(data)
        os.replace(part, file)
    except OSError:  # a read-only or full disk: no cache, the next start compiles as this one did
        try:
            part.unlink(missing_ok=True)
        except OSError:
            pass
