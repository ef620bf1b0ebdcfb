"""The 2014 armor table (PHB "Armor"; SRD 5.1): the presets that carry both traits of body armor."""

from __future__ import annotations

from combat_tui.systems.dnd5e.model import Armor

PADDED = Armor("Padded", "light", 11, stealth_disadvantage=True)
LEATHER = Armor("Leather", "light", 11)
STUDDED_LEATHER = Armor("Studded leather", "light", 12)
HIDE = Armor("Hide", "medium", 12)
CHAIN_SHIRT = Armor("Chain shirt", "medium", 13)
SCALE_MAIL = Armor("Scale mail", "medium", 14, stealth_disadvantage=True)
BREASTPLATE = Armor("Breastplate", "medium", 14)
HALF_PLATE = Armor("Half plate", "medium", 15, stealth_disadvantage=True)
RING_MAIL = Armor("Ring mail", "heavy", 14, stealth_disadvantage=True)
CHAIN_MAIL = Armor("Chain mail", "heavy", 16, strength=13, stealth_disadvantage=True)
SPLINT = Armor("Splint", "heavy", 17, strength=15, stealth_disadvantage=True)
PLATE = Armor("Plate", "heavy", 18, strength=15, stealth_disadvantage=True)
SHIELD = Armor("Shield", "shield", 2)

PRESETS: dict[str, Armor] = {
    armor.name.casefold(): armor
    for armor in (PADDED, LEATHER, STUDDED_LEATHER, HIDE, CHAIN_SHIRT, SCALE_MAIL, BREASTPLATE, HALF_PLATE,
                  RING_MAIL, CHAIN_MAIL, SPLINT, PLATE, SHIELD)
}  # fmt: skip
