"""The races and subraces of the 2014 PHB (chapter 2; SRD 5.1 has the dwarf, elf, halfling,
human, dragonborn, gnome, half-elf, half-orc and tiefling), with the traits the rules read as
fields and every other trait as text for the sheet.

A character's `race` is free text; `find_race` reads `Hill Dwarf`, `dwarf (hill)`, `Drow`,
`Red Dragonborn` or `Dragonborn (red)`. A dragonborn without an ancestry resists nothing.
"""

from __future__ import annotations

from combat_tui.core.records import evolve, frozen


@frozen
class Race:
    name: str
    speed: int
    size: str = "medium"
    darkvision: int = 0
    ability_bonuses: tuple[tuple[str, int], ...] = ()
    """The score increases; the sheet's scores already include them (the rules do not add them)."""
    resistances: tuple[str, ...] = ()
    save_advantages: tuple[str, ...] = ()
    """What its saves have advantage against: `poison`, `charmed`, `frightened`, `magic (int, wis, cha)`."""
    hp_per_level: int = 0
    """Dwarven Toughness: +1 max HP per level."""
    armor: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    lucky: bool = False
    """Halfling Lucky: a natural 1 on an attack roll, ability check or save is rerolled once."""
    relentless_endurance: bool = False
    """Half-orc: once per long rest, drop to 1 HP instead of 0 (unless killed outright)."""
    savage_attacks: bool = False
    """Half-orc: a melee weapon critical hit adds one more weapon die."""
    heavy_armor_speed: bool = False
    """Dwarf: heavy armor never lowers its speed."""
    traits: tuple[str, ...] = ()
    """The traits the rules do not read, as the sheet shows them."""
    aliases: tuple[str, ...] = ()


DARKVISION = "Darkvision 60 ft."
DWARF = Race(
    "Dwarf", 25, darkvision=60, ability_bonuses=(("constitution", 2),), resistances=("poison",),
    save_advantages=("poison",), weapons=("battleaxe", "handaxe", "light hammer", "warhammer"), heavy_armor_speed=True,
    traits=(DARKVISION, "Dwarven Resilience: advantage on saves against poison, resistance to poison damage",
            "Tool Proficiency: smith's, brewer's or mason's tools", "Stonecunning",
            "Languages: Common, Dwarvish"),
)  # fmt: skip
ELF = Race(
    "Elf", 30, darkvision=60, ability_bonuses=(("dexterity", 2),), save_advantages=("charmed",), skills=("perception",),
    traits=(DARKVISION, "Keen Senses: proficiency in Perception",
            "Fey Ancestry: advantage on saves against being charmed; magic cannot put it to sleep",
            "Trance: 4 hours of meditation instead of sleep", "Languages: Common, Elvish"),
)  # fmt: skip
ELF_WEAPONS = ("longsword", "shortsword", "shortbow", "longbow")
HALFLING = Race(
    "Halfling", 25, "small", ability_bonuses=(("dexterity", 2),), save_advantages=("frightened",), lucky=True,
    traits=("Lucky: reroll a natural 1 on an attack roll, ability check or save",
            "Brave: advantage on saves against being frightened", "Halfling Nimbleness: moves through the space of a larger creature", "Languages: Common, Halfling"),
)  # fmt: skip
GNOME = Race(
    "Gnome", 25, "small", darkvision=60, ability_bonuses=(("intelligence", 2),), save_advantages=("magic (int, wis, cha)",),
    traits=(DARKVISION, "Gnome Cunning: advantage on INT, WIS and CHA saves against magic", "Languages: Common, Gnomish"),
)  # fmt: skip
DRAGONBORN = Race(
    "Dragonborn", 30, ability_bonuses=(("strength", 2), ("charisma", 1)),
    traits=("Draconic Ancestry: the dragon type sets the breath weapon and the resistance",
            ("Breath Weapon: an action, once per short rest; DC 8 + CON + proficiency, 2d6 (3d6 at 6th level, "
             "4d6 at 11th, 5d6 at 16th), half on a save"), "Languages: Common, Draconic"),
)  # fmt: skip
ANCESTRIES: dict[str, tuple[str, str, str]] = {
    "black": ("acid", "5 by 30 ft. line", "dexterity"), "blue": ("lightning", "5 by 30 ft. line", "dexterity"),
    "brass": ("fire", "5 by 30 ft. line", "dexterity"), "bronze": ("lightning", "5 by 30 ft. line", "dexterity"),
    "copper": ("acid", "5 by 30 ft. line", "dexterity"), "gold": ("fire", "15 ft. cone", "dexterity"),
    "green": ("poison", "15 ft. cone", "constitution"), "red": ("fire", "15 ft. cone", "dexterity"),
    "silver": ("cold", "15 ft. cone", "constitution"), "white": ("cold", "15 ft. cone", "constitution"),
}  # fmt: skip
"""Draconic Ancestry: damage type (the resistance and the breath), breath area, breath save."""


def _dragonborn(colour: str) -> Race:
    kind, area, save = ANCESTRIES[colour]
    name = f"{colour.capitalize()} Dragonborn"
    breath = f"Breath Weapon ({colour}): {kind} damage, {area}, {save} save"
    return evolve(DRAGONBORN, name=name, resistances=(kind,), traits=DRAGONBORN.traits + (breath,),
                  aliases=(f"Dragonborn ({colour})",))  # fmt: skip


RACES: tuple[Race, ...] = (
    DWARF,
    evolve(DWARF, name="Hill Dwarf", ability_bonuses=DWARF.ability_bonuses + (("wisdom", 1),), hp_per_level=1,
           traits=DWARF.traits + ("Dwarven Toughness: +1 max HP per level",), aliases=("Dwarf (hill)",)),
    evolve(DWARF, name="Mountain Dwarf", ability_bonuses=DWARF.ability_bonuses + (("strength", 2),),
           armor=("light", "medium"), aliases=("Dwarf (mountain)",)),
    ELF,
    evolve(ELF, name="High Elf", ability_bonuses=ELF.ability_bonuses + (("intelligence", 1),), weapons=ELF_WEAPONS,
           traits=ELF.traits + ("Cantrip: one wizard cantrip (INT)", "Extra Language"), aliases=("Elf (high)",)),
    evolve(ELF, name="Wood Elf", speed=35, ability_bonuses=ELF.ability_bonuses + (("wisdom", 1),), weapons=ELF_WEAPONS,
           traits=ELF.traits + ("Fleet of Foot: speed 35 ft.", "Mask of the Wild: can hide when lightly obscured by nature"),
           aliases=("Elf (wood)",)),
    evolve(ELF, name="Drow", darkvision=120, ability_bonuses=ELF.ability_bonuses + (("charisma", 1),),
           weapons=("rapier", "shortsword", "hand crossbow"),
           traits=("Superior Darkvision 120 ft.",) + ELF.traits[1:] + (
               "Sunlight Sensitivity: disadvantage on attack rolls and sight-based Perception in direct sunlight",
               "Drow Magic: dancing lights; faerie fire at 3rd level, darkness at 5th (CHA)"),
           aliases=("Dark Elf", "Elf (drow)", "Elf (dark)")),
    HALFLING,
    evolve(HALFLING, name="Lightfoot Halfling", ability_bonuses=HALFLING.ability_bonuses + (("charisma", 1),),
           traits=HALFLING.traits + ("Naturally Stealthy: can hide behind a creature one size larger",),
           aliases=("Halfling (lightfoot)",)),
    evolve(HALFLING, name="Stout Halfling", ability_bonuses=HALFLING.ability_bonuses + (("constitution", 1),),
           resistances=("poison",), save_advantages=HALFLING.save_advantages + ("poison",),
           traits=HALFLING.traits + ("Stout Resilience: advantage on saves against poison, resistance to poison damage",),
           aliases=("Halfling (stout)",)),
    Race("Human", 30, ability_bonuses=tuple((a, 1) for a in ("strength", "dexterity", "constitution", "intelligence",
                                                               "wisdom", "charisma")),
         traits=("Languages: Common and one more",)),
    DRAGONBORN,
    *(_dragonborn(colour) for colour in ANCESTRIES),
    GNOME,
    evolve(GNOME, name="Forest Gnome", ability_bonuses=GNOME.ability_bonuses + (("dexterity", 1),),
           traits=GNOME.traits + ("Natural Illusionist: the minor illusion cantrip (INT)", "Speak with Small Beasts"),
           aliases=("Gnome (forest)",)),
    evolve(GNOME, name="Rock Gnome", ability_bonuses=GNOME.ability_bonuses + (("constitution", 1),),
           traits=GNOME.traits + (("Artificer's Lore: double proficiency on History checks about magic items, "
                                   "alchemical objects or technology"), "Tinker: tinker's tools, clockwork devices"),
           aliases=("Gnome (rock)",)),
    Race("Half-Elf", 30, darkvision=60, ability_bonuses=(("charisma", 2),), save_advantages=("charmed",),
         traits=(DARKVISION, "Ability Score Increase: +1 to two other scores",
                 "Fey Ancestry: advantage on saves against being charmed; magic cannot put it to sleep",
                 "Skill Versatility: two skills", "Languages: Common, Elvish and one more"),
         aliases=("Half Elf", "Halfelf")),
    Race("Half-Orc", 30, darkvision=60, ability_bonuses=(("strength", 2), ("constitution", 1)),
         skills=("intimidation",), relentless_endurance=True, savage_attacks=True,
         traits=(DARKVISION, "Menacing: proficiency in Intimidation",
                 "Relentless Endurance: once per long rest, drop to 1 HP instead of 0",
                 "Savage Attacks: a melee weapon critical hit adds one more weapon die", "Languages: Common, Orc"),
         aliases=("Half Orc", "Halforc")),
    Race("Tiefling", 30, darkvision=60, ability_bonuses=(("intelligence", 1), ("charisma", 2)), resistances=("fire",),
         traits=(DARKVISION, "Hellish Resistance: resistance to fire damage",
                 "Infernal Legacy: thaumaturgy; hellish rebuke at 3rd level, darkness at 5th (CHA)",
                 "Languages: Common, Infernal")),
)  # fmt: skip


def _spellings(race: Race) -> tuple[str, ...]:
    return (race.name, *race.aliases)


BY_NAME: dict[str, Race] = {spelling.casefold(): race for race in RACES for spelling in _spellings(race)}


def race_key(text: str) -> str:
    """`  Dwarf  (Hill) ` -> `hill dwarf`: spaces collapsed, case folded, `Base (sub)` turned round."""
    key = " ".join(text.split()).casefold()
    if key.endswith(")") and " (" in key:
        base, _, sub = key[:-1].partition(" (")
        turned = f"{sub.strip()} {base.strip()}"
        if turned in BY_NAME:
            return turned
    return key


def find_race(text: str) -> Race | None:
    return BY_NAME.get(race_key(text))


RACE_RESISTANCES: dict[str, tuple[str, ...]] = {key: race.resistances for key, race in BY_NAME.items() if race.resistances}
"""Damage resistances by race, keyed by every accepted spelling (case folded): the table the
damage defenses read (Dwarven Resilience, Stout Resilience, Hellish Resistance, Draconic Ancestry)."""
