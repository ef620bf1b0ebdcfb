"""The sample 5e campaign "Goblin Ambush", as records (2014 stats).

`campaigns/goblin-ambush/campaign.toml` was written from these records with
`storage.write_snapshot`; tests/library/test_goblin_ambush.py checks that the two still agree.
"""

from __future__ import annotations

from ..core.model import Abilities, Campaign, Character, ClassLevel, Creature, MapInfo, Tile, Weapon
from . import armor as a
from . import weapons as w

MAP = MapInfo("greenway", "The Greenway", 20, 12)


def tile(x: int, y: int) -> Tile:
    return Tile(MAP.id, x, y)


PARTY_TILE = tile(5, 5)


def characters() -> tuple[Character, ...]:
    return (
        Character(
            "ser-aldric", "Ser Aldric", PARTY_TILE, Abilities(18, 12, 16, 10, 12, 10), 49, 49, 18, 3,
            race="Human", classes=(ClassLevel("Fighter", 5, "Champion"),),
            weapon_proficiencies=("simple", "martial"), weapons=(w.LONGSWORD, w.HANDAXE),
            armor_proficiencies=("light", "medium", "heavy", "shield"), armor=a.CHAIN_MAIL, shield=a.SHIELD,
            save_proficiencies=("strength", "constitution"), skill_proficiencies=("athletics", "perception"),
        ),
        Character(
            "mirelle", "Mirelle", PARTY_TILE, Abilities(14, 10, 16, 10, 18, 12), 48, 48, 18, 3,
            race="Hill Dwarf", classes=(ClassLevel("Cleric", 5, "Life Domain"),),
            weapon_proficiencies=("simple", "battleaxe", "handaxe", "light hammer", "warhammer"),
            weapons=(w.MACE,),
            armor_proficiencies=("light", "medium", "heavy", "shield"), armor=a.CHAIN_MAIL, shield=a.SHIELD,
            save_proficiencies=("wisdom", "charisma"), skill_proficiencies=("insight", "medicine", "religion"),
            speed=25, spellcasting="wisdom", slots=(4, 3, 2),
            spells=("Sacred Flame", "Spare the Dying", "Bless", "Cure Wounds", "Healing Word", "Shield of Faith",
                    "Hold Person", "Revivify"),
        ),
        Character(
            "ayla", "Ayla", PARTY_TILE, Abilities(8, 18, 14, 12, 12, 14), 38, 38, 15, 3,
            race="Lightfoot Halfling", classes=(ClassLevel("Rogue", 5, "Thief"),),
            weapon_proficiencies=("simple", "hand crossbow", "longsword", "rapier", "shortsword"),
            weapons=(w.RAPIER, w.SHORTBOW), armor_proficiencies=("light",), armor=a.LEATHER,
            save_proficiencies=("dexterity", "intelligence"),
            skill_proficiencies=("acrobatics", "perception", "sleight of hand", "stealth"),
            expertise=("perception", "stealth"), speed=25,
        ),
        Character(
            "bren", "Bren", PARTY_TILE, Abilities(8, 14, 14, 18, 12, 12), 32, 32, 12, 3,
            race="Tiefling", classes=(ClassLevel("Wizard", 5, "School of Evocation"),),
            weapon_proficiencies=("dagger", "dart", "sling", "quarterstaff", "light crossbow"),
            weapons=(w.QUARTERSTAFF, w.DAGGER),
            save_proficiencies=("intelligence", "wisdom"), skill_proficiencies=("arcana", "history"),
            spellcasting="intelligence", slots=(4, 3, 2),
            spells=("Fire Bolt", "Burning Hands", "Magic Missile", "Sleep", "Acid Arrow", "Hold Person",
                    "Protection from Energy"),
        ),
    )  # fmt: skip


CLUB = Weapon("Club", "1d4", "bludgeoning", "simple", light=True)
"""An acolyte's club (2014 stat block)."""


def goblin(number: int, at: Tile) -> Creature:
    return Creature(
        f"goblin-{number}", "Goblin", at, Abilities(8, 14, 10, 10, 8, 8), 7, 7, 15,
        challenge="1/4", weapons=(w.SCIMITAR, w.SHORTBOW),
        # Stat block: Stealth +6, passive Perception 9, leather armor and shield; a few coins each.
        skill_bonuses=(("stealth", 6),), passive_perception=9, armor=a.LEATHER, shield=a.SHIELD,
        gold=(0, 4, 7, 2)[number % 4],
    )  # fmt: skip


def creatures() -> tuple[Creature, ...]:
    ambush = tile(6, 5)  # the tile next to the party
    den = tile(9, 5)  # four tiles away
    pack = tile(13, 9)  # eight tiles away: the edge of the nearby range
    return (
        goblin(1, ambush),
        goblin(2, ambush),
        goblin(3, ambush),
        Creature(
            "goblin-boss", "Goblin Boss", ambush, Abilities(10, 14, 10, 10, 8, 10), 21, 21, 17,
            challenge="1", weapons=(w.SCIMITAR, w.JAVELIN),
            skill_bonuses=(("stealth", 6),), passive_perception=9, armor=a.CHAIN_SHIRT, shield=a.SHIELD, gold=25,
        ),
        Creature("wolf-1", "Wolf", den, Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4", weapons=(w.WOLF_BITE,)),
        Creature("wolf-2", "Wolf", den, Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4", weapons=(w.WOLF_BITE,)),
        # A second pack at the edge of the nearby range, and a neutral NPC two tiles off (issue 5).
        Creature("wolf-3", "Wolf", pack, Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4", weapons=(w.WOLF_BITE,)),
        Creature("wolf-4", "Wolf", pack, Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4", weapons=(w.WOLF_BITE,)),
        Creature(
            "brother-oswin", "Brother Oswin", tile(3, 3), Abilities(10, 10, 10, 10, 14, 11), 9, 9, 10,
            disposition="neutral", npc=True, challenge="1/4", weapons=(CLUB,), passive_perception=12,
            spellcasting="wisdom", spells=("Sacred Flame", "Bless", "Cure Wounds"), slots=(3,),
        ),
    )  # fmt: skip


def goblin_ambush() -> Campaign:
    return Campaign(
        name="Goblin Ambush",
        system="dnd5e",
        party_tile=PARTY_TILE,
        maps=(MAP,),
        characters=characters(),
        creatures=creatures(),
    )
