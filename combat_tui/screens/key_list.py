"""Every binding of every screen, dialog and widget, for `combat-tui keys` and the bindings test.

A class's bindings are its own and those of its combat_tui base classes (as Textual merges them);
Textual's own (Tab between fields, ctrl+q) have no id and are left out.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterator

from textual.binding import Binding
from textual.dom import DOMNode

MODIFIERS = frozenset({"ctrl", "shift", "alt", "meta", "super", "hyper"})
PACKAGES = ("combat_tui.screens", "combat_tui.widgets", "combat_tui.seats")
"""Where the bindings are: the app module, these packages and their subpackages."""


def import_all() -> None:
    """Import every module with bindings, so every class is known to `binding_classes`."""
    importlib.import_module("combat_tui.app")
    for name in PACKAGES:
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            importlib.import_module(info.name)


def binding_classes() -> list[type[DOMNode]]:
    """The app, screens, dialogs and widgets of combat_tui that bind keys, by module."""
    import_all()
    found = {cls for cls in _subclasses(DOMNode) if cls.__module__.startswith("combat_tui.") and bindings(cls)}
    return sorted(found, key=lambda cls: (cls.__module__ != "combat_tui.app", cls.__module__, cls.__qualname__))


def key_map(cls: type[DOMNode]) -> dict[str, list[Binding]]:
    """Each key the class binds and its bindings; a key bound again lower down is the lower one's."""
    merged: dict[str, list[Binding]] = {}
    for base in reversed(cls.__mro__):
        if not (isinstance(base, type) and issubclass(base, DOMNode)):
            continue
        if not base._inherit_bindings:
            merged.clear()
        if not base.__module__.startswith("combat_tui."):
            continue
        own: dict[str, list[Binding]] = {}
        for binding in base.__dict__.get("BINDINGS", ()):
            binding = binding if isinstance(binding, Binding) else Binding(*binding)
            for key in binding.key.split(","):
                own.setdefault(key.strip(), []).append(binding)
        for key, listed in own.items():
            merged.pop(key, None)
            merged[key] = listed
    return merged


def bindings(cls: type[DOMNode]) -> list[Binding]:
    """The class's bindings (a base class's first)."""
    return list(dict.fromkeys(binding for listed in key_map(cls).values() for binding in listed))


def keys_of(cls: type[DOMNode]) -> list[tuple[Binding, list[str]]]:
    """Each binding with the keys the class binds it to (a subclass may have taken some)."""
    found: dict[Binding, list[str]] = {}
    for key, listed in key_map(cls).items():
        for binding in listed:
            found.setdefault(binding, []).append(key)
    return list(found.items())


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def listing(keymap: dict[str, str]) -> list[str]:
    """The lines `combat-tui keys` prints: each class, then its bindings' ids, keys and words."""
    lines: list[str] = []
    for cls in binding_classes():
        where = cls.__module__.removeprefix("combat_tui.").replace(".", "/") + ".py"
        lines += ["", f"{cls.__name__} ({where})"]
        rows = []
        for binding, keys in keys_of(cls):
            mapped = keymap.get(binding.id or "")
            shown = (mapped.replace(",", " ") + " *") if mapped else " ".join(keys)
            words = f"{binding.description} · {binding.tooltip}" if binding.tooltip else binding.description
            rows.append((binding.id or "(no id)", shown, words))
        width_id = max(len(row[0]) for row in rows)
        width_keys = max(len(row[1]) for row in rows)
        lines += [f"  {id_:<{width_id}}  {keys:<{width_keys}}  {words}".rstrip() for id_, keys, words in rows]
    return lines


def known_ids() -> set[str]:
    return {binding.id for cls in binding_classes() for binding in bindings(cls) if binding.id}


def is_key(key: str) -> bool:
    """A key Textual can bind: a character or a key name, after any modifiers (`ctrl+n`, `?`)."""
    from textual.keys import KEY_NAME_REPLACEMENTS, REPLACED_KEYS, Keys, key_to_character

    *modifiers, name = key.split("+") if key != "+" else ["+"]
    if not name or any(modifier not in MODIFIERS for modifier in modifiers):
        return False
    if len(name) == 1:
        return name.isprintable() and not name.isspace()
    names = {k.value.rpartition("+")[2] for k in Keys} | set(KEY_NAME_REPLACEMENTS.values())
    character = key_to_character(REPLACED_KEYS.get(name, name))
    return name in names or (character is not None and character.isascii())  # not "banana": 🍌
