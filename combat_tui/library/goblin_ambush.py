"""The sample 5e campaign "Goblin Ambush", as records (2014 stats).

`campaigns/goblin-ambush/campaign.toml` was written from these records with
`storage.write_snapshot`; tests/library/test_goblin_ambush.py checks that the two still agree.
"""

from __future__ import annotations

from attrs import evolve

from combat_tui.core.maps import MapInfo, Tile
from combat_tui.library import armor as a
from combat_tui.library import weapons as w
from combat_tui.systems.dnd5e.model import (
    Abilities,
    Campaign,
    Character,
    ClassLevel,
    Creature,
    CreatureAction,
    Pool,
    Weapon,
)

MAP = MapInfo("greenway", "The Greenway", 20, 12)
LAIR = MapInfo("lair", "The Dragon's Lair", 16, 10)
"""A second map: a young dragon with legendary actions and resistance (issue 6)."""


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
            pools=(Pool("Second Wind", 1, 1, "short"), Pool("Action Surge", 1, 1, "short")),
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
            pools=(Pool("Channel Divinity", 1, 1, "short"),),
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
                    "Protection from Energy", "Shield", "Absorb Elements", "Fireball"),
        ),
        Character(
            # Scouting away from the party (a party member elsewhere): `join Korg` brings him into a fight.
            "korg", "Korg", tile(1, 10), Abilities(17, 13, 16, 8, 12, 8), 55, 55, 14, 3,
            race="Half-Orc", classes=(ClassLevel("Barbarian", 5, "Path of the Berserker"),),
            weapon_proficiencies=("simple", "martial"), weapons=(GREATAXE, w.HANDAXE, w.JAVELIN),
            armor_proficiencies=("light", "medium", "shield"),  # Unarmored Defense: AC 10 + DEX + CON
            save_proficiencies=("strength", "constitution"), skill_proficiencies=("athletics", "survival"),
            speed=40, pools=(Pool("Rage", 3, 3, "long"),),
        ),
    )  # fmt: skip


GREATAXE = Weapon("Greataxe", "1d12", "slashing", "martial")
WOLF_BITE = evolve(w.WOLF_BITE, save_ability="strength", save_dc=11, save_condition="Prone")
"""ref: Pack Tactics, on-hit saves ... — "the DC 11 Strength save of a wolf bite" (or Prone)."""
WINTER_WOLF_BITE = Weapon("Bite", "2d6", "piercing", "natural", save_ability="strength", save_dc=14, save_condition="Prone")
COLD_BREATH = CreatureAction("Cold Breath", "dexterity", 12, "4d8", "cold", recharge=5, half=True)
DRAGON_BITE = Weapon("Bite", "2d10", "piercing", "natural")
DRAGON_CLAW = Weapon("Claw", "2d6", "slashing", "natural")
POISON_BREATH = CreatureAction("Poison Breath", "constitution", 14, "12d6", "poison", recharge=5, half=True)


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
            creature_type="humanoid", multiattack=2, multiattack_disadvantage=2, redirect_attack=True,
            notes="Multiattack: two scimitar attacks, the second at disadvantage. Redirect Attack: only another "
                  "goblin within 5 feet swaps places.",
        ),
        Creature("wolf-1", "Wolf", den, Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4", weapons=(WOLF_BITE,), creature_type="beast", pack_tactics=True),
        Creature("wolf-2", "Wolf", den, Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4", weapons=(WOLF_BITE,), creature_type="beast", pack_tactics=True),
        # A second pack at the edge of the nearby range, and a neutral NPC two tiles off (issue 5).
        Creature("wolf-3", "Wolf", pack, Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4", weapons=(WOLF_BITE,), creature_type="beast", pack_tactics=True),
        Creature("wolf-4", "Wolf", pack, Abilities(12, 15, 12, 3, 12, 6), 11, 11, 13, challenge="1/4", weapons=(WOLF_BITE,), creature_type="beast", pack_tactics=True),
        Creature(
            "brother-oswin", "Brother Oswin", tile(3, 3), Abilities(10, 10, 10, 10, 14, 11), 9, 9, 10,
            disposition="neutral", npc=True, challenge="1/4", weapons=(CLUB,), passive_perception=12,
            spellcasting="wisdom", spells=("Sacred Flame", "Bless", "Cure Wounds"), slots=(3,),
        ),
        # Beyond the nearby range, up the valley; its Cold Breath recharges on a 5 or 6 (issue 6).
        Creature(
            "winter-wolf", "Winter Wolf", tile(17, 1), Abilities(18, 13, 14, 7, 12, 8), 75, 75, 13,
            challenge="3", weapons=(WINTER_WOLF_BITE,), immunities=("cold",), creature_type="monstrosity",
            pack_tactics=True, actions=(COLD_BREATH,), passive_perception=15,
        ),
        # On the second map: legendary actions and resistance, set in its creature form (issue 6).
        Creature(
            "young-green-dragon", "Young Green Dragon", Tile(LAIR.id, 8, 5), Abilities(19, 12, 17, 16, 13, 15),
            136, 136, 18, challenge="8", proficiency_bonus=3, weapons=(DRAGON_BITE, DRAGON_CLAW),
            immunities=("poison",), condition_immunities=("poisoned",),
            save_proficiencies=("dexterity", "constitution", "wisdom", "charisma"), creature_type="dragon",
            multiattack=3, legendary_actions=3, legendary_resistance=3, actions=(POISON_BREATH,), passive_perception=17,
            notes="Multiattack: a bite and two claws. Legendary actions and resistance are the GM's choice for a "
                  "young dragon.",
        ),
    )  # fmt: skip


def goblin_ambush() -> Campaign:
    return Campaign(
        name="Goblin Ambush",
        system="dnd5e",
        party_tile=PARTY_TILE,
        maps=(MAP, LAIR),
        characters=characters(),
        creatures=creatures(),
    )
