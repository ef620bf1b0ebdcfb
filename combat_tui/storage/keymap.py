"""The GM's keymap: `keymap.toml` in the config folder rebinds any key by its binding id.

    # one line a binding: its id (`combat-tui keys` lists them) = the keys, comma-separated
    "combat.next-turn" = "n,space"
    "app.quit" = ["q", "f10"]
    combat.attack = "a"               # unquoted, the dots make tables: the same id

The app hands the result to Textual's `App.set_keymap`. A file that cannot be used is reported
in one message and the default keys stay; a missing file is no problem.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from combat_tui.storage.locations import config_dir

KEYMAP_FILE = "keymap.toml"


def keymap_path() -> Path:
    return config_dir() / KEYMAP_FILE


def read_keymap(path: Path | None = None, is_key: Callable[[str], bool] = bool) -> tuple[dict[str, str], str]:
    """The keymap of the file (binding id to Textual's comma-separated keys) and "", or an empty
    keymap and the one message to show when the file cannot be used (nothing of it is applied).
    `is_key` tells a key name from a typo; it is the UI's (`screens/key_list.py`), which knows Textual's."""
    path = keymap_path() if path is None else path
    if not path.is_file():
        return {}, ""
    import tomllib  # only when there is a file: start-up waits for every import

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        return {}, _problem(path, f"it cannot be read ({error.strerror or error})")
    except UnicodeDecodeError:
        return {}, _problem(path, "it is not UTF-8 text")
    except tomllib.TOMLDecodeError as error:
        return {}, _problem(path, f"it is not valid TOML: {error}")
    keymap: dict[str, str] = {}
    for binding_id, value in _flat(data):
        keys = value.split(",") if isinstance(value, str) else value
        if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
            return {}, _problem(path, f'"{binding_id}" needs a string of keys, such as "n,space"')
        keys = [key.strip() for key in keys]
        if not any(keys):
            return {}, _problem(path, f'"{binding_id}" has no key; give at least one, such as "n"')
        bad = next((key for key in keys if not is_key(key)), None)
        if bad is not None:
            return {}, _problem(path, f'"{binding_id}": "{bad}" is not a key name (such as n, N, space, f5, ctrl+n)')
        keymap[binding_id] = ",".join(keys)
    return keymap, ""


def _flat(table: dict, prefix: str = "") -> Iterable[tuple[str, object]]:
    """Every entry with its dotted id: `combat.next = "n"` unquoted is a table in TOML."""
    for name, value in table.items():
        if isinstance(value, dict):
            yield from _flat(value, f"{prefix}{name}.")
        else:
            yield f"{prefix}{name}", value


def unknown_ids(keymap: dict[str, str], known: Iterable[str]) -> list[str]:
    """The ids of the keymap that no binding has (a typo rebinds nothing)."""
    known = set(known)
    return [binding_id for binding_id in keymap if binding_id not in known]


def _problem(path: Path, what: str) -> str:
    return f"{path}: {what}. The default keys are in use."
