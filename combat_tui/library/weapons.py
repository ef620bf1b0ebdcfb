"""The 2014 weapon table (PHB chapter 5 "Weapons"; SRD 5.1), as the attack rules read it.

Names follow the PHB's table, with the crossbows named as the proficiency lists write them
(`Light crossbow`, `Hand crossbow`). The properties the rules read are fields of `Weapon`; the
others (ammunition, heavy, loading, two-handed, special) are in `MORE_PROPERTIES` for the sheet.
A blowgun deals a flat 1, written `1d1`. The net deals no damage, so it is not a preset: the GM
resolves its Restrained at the table.
"""

from __future__ import annotations

from combat_tui.systems.dnd5e.model import Weapon

# Simple melee weapons
CLUB = Weapon("Club", "1d4", "bludgeoning", "simple", light=True)
DAGGER = Weapon("Dagger", "1d4", "piercing", "simple", finesse=True, light=True, thrown=True, normal_range=20, long_range=60)
GREATCLUB = Weapon("Greatclub", "1d8", "bludgeoning", "simple")
HANDAXE = Weapon("Handaxe", "1d6", "slashing", "simple", light=True, thrown=True, normal_range=20, long_range=60)
JAVELIN = Weapon("Javelin", "1d6", "piercing", "simple", thrown=True, normal_range=30, long_range=120)
LIGHT_HAMMER = Weapon("Light hammer", "1d4", "bludgeoning", "simple", light=True, thrown=True, normal_range=20, long_range=60)
MACE = Weapon("Mace", "1d6", "bludgeoning", "simple")
QUARTERSTAFF = Weapon("Quarterstaff", "1d6", "bludgeoning", "simple", versatile="1d8")
SICKLE = Weapon("Sickle", "1d4", "slashing", "simple", light=True)
SPEAR = Weapon("Spear", "1d6", "piercing", "simple", thrown=True, normal_range=20, long_range=60, versatile="1d8")

# Simple ranged weapons
LIGHT_CROSSBOW = Weapon("Light crossbow", "1d8", "piercing", "simple", ranged=True, normal_range=80, long_range=320)
DART = Weapon("Dart", "1d4", "piercing", "simple", ranged=True, finesse=True, thrown=True, normal_range=20, long_range=60)
SHORTBOW = Weapon("Shortbow", "1d6", "piercing", "simple", ranged=True, normal_range=80, long_range=320)
SLING = Weapon("Sling", "1d4", "bludgeoning", "simple", ranged=True, normal_range=30, long_range=120)

# Martial melee weapons
BATTLEAXE = Weapon("Battleaxe", "1d8", "slashing", "martial", versatile="1d10")
FLAIL = Weapon("Flail", "1d8", "bludgeoning", "martial")
GLAIVE = Weapon("Glaive", "1d10", "slashing", "martial", reach=10)
GREATAXE = Weapon("Greataxe", "1d12", "slashing", "martial")
GREATSWORD = Weapon("Greatsword", "2d6", "slashing", "martial")
HALBERD = Weapon("Halberd", "1d10", "slashing", "martial", reach=10)
LANCE = Weapon("Lance", "1d12", "piercing", "martial", reach=10)
LONGSWORD = Weapon("Longsword", "1d8", "slashing", "martial", versatile="1d10")
MAUL = Weapon("Maul", "2d6", "bludgeoning", "martial")
MORNINGSTAR = Weapon("Morningstar", "1d8", "piercing", "martial")
PIKE = Weapon("Pike", "1d10", "piercing", "martial", reach=10)
RAPIER = Weapon("Rapier", "1d8", "piercing", "martial", finesse=True)
SCIMITAR = Weapon("Scimitar", "1d6", "slashing", "martial", finesse=True, light=True)
SHORTSWORD = Weapon("Shortsword", "1d6", "piercing", "martial", finesse=True, light=True)
TRIDENT = Weapon("Trident", "1d6", "piercing", "martial", thrown=True, normal_range=20, long_range=60, versatile="1d8")
WAR_PICK = Weapon("War pick", "1d8", "piercing", "martial")
WARHAMMER = Weapon("Warhammer", "1d8", "bludgeoning", "martial", versatile="1d10")
WHIP = Weapon("Whip", "1d4", "slashing", "martial", finesse=True, reach=10)

# Martial ranged weapons
BLOWGUN = Weapon("Blowgun", "1d1", "piercing", "martial", ranged=True, normal_range=25, long_range=100)
HAND_CROSSBOW = Weapon("Hand crossbow", "1d6", "piercing", "martial", ranged=True, light=True, normal_range=30, long_range=120)
HEAVY_CROSSBOW = Weapon("Heavy crossbow", "1d10", "piercing", "martial", ranged=True, normal_range=100, long_range=400)
LONGBOW = Weapon("Longbow", "1d8", "piercing", "martial", ranged=True, normal_range=150, long_range=600)

WOLF_BITE = Weapon("Bite", "2d4", "piercing", "natural", finesse=True)
"""A wolf's bite (2014 Monster Manual), for the sample campaign."""

TABLE: tuple[Weapon, ...] = (
    CLUB, DAGGER, GREATCLUB, HANDAXE, JAVELIN, LIGHT_HAMMER, MACE, QUARTERSTAFF, SICKLE, SPEAR,
    LIGHT_CROSSBOW, DART, SHORTBOW, SLING,
    BATTLEAXE, FLAIL, GLAIVE, GREATAXE, GREATSWORD, HALBERD, LANCE, LONGSWORD, MAUL, MORNINGSTAR, PIKE, RAPIER,
    SCIMITAR, SHORTSWORD, TRIDENT, WAR_PICK, WARHAMMER, WHIP,
    BLOWGUN, HAND_CROSSBOW, HEAVY_CROSSBOW, LONGBOW,
)  # fmt: skip
"""The PHB's table in its order: simple melee, simple ranged, martial melee, martial ranged."""

PRESETS: dict[str, Weapon] = {weapon.name.casefold(): weapon for weapon in TABLE}

MORE_PROPERTIES: dict[str, tuple[str, ...]] = {
    "greatclub": ("two-handed",),
    "light crossbow": ("ammunition", "loading", "two-handed"),
    "shortbow": ("ammunition", "two-handed"),
    "sling": ("ammunition",),
    "glaive": ("heavy", "two-handed"),
    "greataxe": ("heavy", "two-handed"),
    "greatsword": ("heavy", "two-handed"),
    "halberd": ("heavy", "two-handed"),
    "lance": ("special: disadvantage against a target within 5 feet; two hands unless mounted",),
    "maul": ("heavy", "two-handed"),
    "pike": ("heavy", "two-handed"),
    "blowgun": ("ammunition", "loading"),
    "hand crossbow": ("ammunition", "loading"),
    "heavy crossbow": ("ammunition", "heavy", "loading", "two-handed"),
    "longbow": ("ammunition", "heavy", "two-handed"),
}
"""The 2014 properties a `Weapon` has no field for, by case-folded name."""


def properties(weapon: Weapon) -> tuple[str, ...]:
    """Every 2014 property of a weapon as the PHB writes it (`thrown (range 20/60)`, `reach`)."""
    found = [name for name in ("finesse", "light") if getattr(weapon, name)]
    if weapon.thrown:
        found.append(f"thrown (range {weapon.normal_range}/{weapon.long_range})")
    elif weapon.ranged:
        found.append(f"range {weapon.normal_range}/{weapon.long_range}")
    if weapon.versatile:
        found.append(f"versatile ({weapon.versatile})")
    if weapon.reach > 5:
        found.append("reach")
    base = weapon.name.casefold().removesuffix(" +1").removesuffix(" +2").removesuffix(" +3")
    return tuple(found) + MORE_PROPERTIES.get(base, ())
