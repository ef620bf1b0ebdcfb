"""The twelve classes of the 2014 rules (PHB chapter 3; SRD 5.1) and the multiclass tables.

Proficiency entries are lower case, as `Character` documents: categories (`simple`, `martial`;
`light`, `medium`, `heavy`, `shield`) and weapon names (`hand crossbow`). A subclass is free text
on a `ClassLevel`; the ones listed here (the SRD's and the PHB's) are the ones whose features the
rules read (bonus proficiencies, a third caster's spellcasting) and whose short names are known.

Spell slots (PHB chapter 6, "Multiclassing"): one spellcasting class uses its own table, which is
the multiclass table at its full level (full caster), at half its level rounded up (paladin and
ranger from 2nd level) or at a third rounded up (Eldritch Knight and Arcane Trickster from 3rd).
Two or more add full levels, half the paladin and ranger levels and a third of the Eldritch Knight
and Arcane Trickster levels, each rounded down. Pact Magic stays out of that sum.
"""

from __future__ import annotations

from typing import Literal

from combat_tui.core.records import frozen

CasterKind = Literal["", "full", "half", "third", "pact"]


@frozen
class SubclassInfo:
    name: str
    """As the PHB names it (`Life Domain`, `School of Evocation`)."""
    srd: bool = False
    """Named in the SRD 5.1 (the others are the PHB's)."""
    aliases: tuple[str, ...] = ()
    """Short forms a GM types (`Life`, `Evocation`)."""
    caster: CasterKind = ""
    spellcasting: str = ""
    armor: tuple[str, ...] = ()
    """Bonus proficiencies the subclass grants (Life Domain: heavy armor)."""
    weapons: tuple[str, ...] = ()
    other: str = ""
    """What else it grants that the rules do not read (tools, skills)."""


@frozen
class ClassInfo:
    name: str
    hit_die: int
    saves: tuple[str, ...]
    armor: tuple[str, ...]
    weapons: tuple[str, ...]
    multiclass_armor: tuple[str, ...]
    """What a character gains when this is not its first class (PHB "Multiclassing Proficiencies")."""
    multiclass_weapons: tuple[str, ...]
    multiclass_other: str = ""
    caster: CasterKind = ""
    spellcasting: str = ""
    subclass_level: int = 3
    subclasses: tuple[SubclassInfo, ...] = ()
    prerequisites: tuple[tuple[str, ...], ...] = ()
    """Multiclassing minimums: each inner tuple is a set of abilities of which one needs 13."""
    other: str = ""
    """Proficiencies the rules do not read (tools, skill choices), for the sheet."""

    @property
    def average_hp(self) -> int:
        """The fixed hit points of a level after the first: half the die plus one."""
        return self.hit_die // 2 + 1


ALL_ARMOR = ("light", "medium", "heavy", "shield")
CASTER_WEAPONS = ("dagger", "dart", "sling", "quarterstaff", "light crossbow")
ROGUE_WEAPONS = ("simple", "hand crossbow", "longsword", "rapier", "shortsword")
DRUID_WEAPONS = ("club", "dagger", "dart", "javelin", "mace", "quarterstaff", "scimitar", "sickle", "sling", "spear")


def _sub(name: str, *aliases: str, srd: bool = False, **fields) -> SubclassInfo:
    return SubclassInfo(name, srd, aliases, **fields)


def _schools() -> tuple[SubclassInfo, ...]:
    names = ("Abjuration", "Conjuration", "Divination", "Enchantment", "Evocation", "Illusion", "Necromancy",
             "Transmutation")  # fmt: skip
    return tuple(_sub(f"School of {n}", n, f"{n} School", srd=n == "Evocation") for n in names)


CLASSES: dict[str, ClassInfo] = {
    info.name.casefold(): info
    for info in (
        ClassInfo("Barbarian", 12, ("strength", "constitution"), ("light", "medium", "shield"), ("simple", "martial"),
                  ("shield",), ("simple", "martial"),
                  subclasses=(_sub("Path of the Berserker", "Berserker", srd=True),
                              _sub("Path of the Totem Warrior", "Totem Warrior", "Totem")),
                  prerequisites=(("strength",),), other="Two skills."),
        ClassInfo("Bard", 8, ("dexterity", "charisma"), ("light",), ROGUE_WEAPONS, ("light",), (),
                  "one skill, one musical instrument", "full", "charisma",
                  subclasses=(_sub("College of Lore", "Lore", srd=True),
                              _sub("College of Valor", "Valor", armor=("medium", "shield"), weapons=("martial",))),
                  prerequisites=(("charisma",),), other="Three musical instruments, three skills."),
        ClassInfo("Cleric", 8, ("wisdom", "charisma"), ("light", "medium", "shield"), ("simple",),
                  ("light", "medium", "shield"), (), "", "full", "wisdom", 1,
                  (_sub("Knowledge Domain", "Knowledge"), _sub("Life Domain", "Life", srd=True, armor=("heavy",)),
                   _sub("Light Domain", "Light"), _sub("Nature Domain", "Nature", armor=("heavy",)),
                   _sub("Tempest Domain", "Tempest", armor=("heavy",), weapons=("martial",)),
                   _sub("Trickery Domain", "Trickery"),
                   _sub("War Domain", "War", armor=("heavy",), weapons=("martial",))),
                  (("wisdom",),), "Two skills."),
        ClassInfo("Druid", 8, ("intelligence", "wisdom"), ("light", "medium", "shield"), DRUID_WEAPONS,
                  ("light", "medium", "shield"), (), "armor and shields of no metal", "full", "wisdom", 2,
                  (_sub("Circle of the Land", "Land", srd=True), _sub("Circle of the Moon", "Moon")),
                  (("wisdom",),), "Armor and shields of no metal; herbalism kit; two skills."),
        ClassInfo("Fighter", 10, ("strength", "constitution"), ALL_ARMOR, ("simple", "martial"),
                  ("light", "medium", "shield"), ("simple", "martial"),
                  subclasses=(_sub("Champion", srd=True), _sub("Battle Master", "Battlemaster", other="one artisan's tools"),
                              _sub("Eldritch Knight", "EK", caster="third", spellcasting="intelligence")),
                  prerequisites=(("strength", "dexterity"),), other="Two skills."),
        ClassInfo("Monk", 8, ("strength", "dexterity"), (), ("simple", "shortsword"), (), ("simple", "shortsword"),
                  subclasses=(_sub("Way of the Open Hand", "Open Hand", srd=True), _sub("Way of Shadow", "Shadow"),
                              _sub("Way of the Four Elements", "Four Elements")),
                  prerequisites=(("dexterity",), ("wisdom",)),
                  other="One artisan's tools or musical instrument; two skills."),
        ClassInfo("Paladin", 10, ("wisdom", "charisma"), ALL_ARMOR, ("simple", "martial"),
                  ("light", "medium", "shield"), ("simple", "martial"), "", "half", "charisma",
                  subclasses=(_sub("Oath of Devotion", "Devotion", srd=True), _sub("Oath of the Ancients", "Ancients"),
                              _sub("Oath of Vengeance", "Vengeance")),
                  prerequisites=(("strength",), ("charisma",)), other="Two skills."),
        ClassInfo("Ranger", 10, ("strength", "dexterity"), ("light", "medium", "shield"), ("simple", "martial"),
                  ("light", "medium", "shield"), ("simple", "martial"), "one skill", "half", "wisdom",
                  subclasses=(_sub("Hunter", srd=True), _sub("Beast Master", "Beastmaster")),
                  prerequisites=(("dexterity",), ("wisdom",)), other="Three skills."),
        ClassInfo("Rogue", 8, ("dexterity", "intelligence"), ("light",), ROGUE_WEAPONS, ("light",), (),
                  "one skill, thieves' tools",
                  subclasses=(_sub("Thief", srd=True), _sub("Assassin", other="disguise kit, poisoner's kit"),
                              _sub("Arcane Trickster", "AT", caster="third", spellcasting="intelligence")),
                  prerequisites=(("dexterity",),), other="Thieves' tools; four skills."),
        ClassInfo("Sorcerer", 6, ("constitution", "charisma"), (), CASTER_WEAPONS, (), (), "", "full", "charisma", 1,
                  (_sub("Draconic Bloodline", "Draconic", srd=True), _sub("Wild Magic", "Wild")),
                  (("charisma",),), "Two skills."),
        ClassInfo("Warlock", 8, ("wisdom", "charisma"), ("light",), ("simple",), ("light",), ("simple",), "",
                  "pact", "charisma", 1,
                  (_sub("The Fiend", "Fiend", srd=True), _sub("The Archfey", "Archfey"),
                   _sub("The Great Old One", "Great Old One", "GOO")),
                  (("charisma",),), "Two skills."),
        ClassInfo("Wizard", 6, ("intelligence", "wisdom"), (), CASTER_WEAPONS, (), (), "", "full", "intelligence", 2,
                  _schools(), (("intelligence",),), "Two skills."),
    )
}  # fmt: skip


def find_class(name: str) -> ClassInfo | None:
    return CLASSES.get(" ".join(name.split()).casefold())


def find_subclass(info: ClassInfo, text: str) -> SubclassInfo | None:
    """The listed subclass that `text` names (its name or a short form, any case), or None."""
    wanted = " ".join(text.split()).casefold()
    for sub in info.subclasses:
        if wanted == sub.name.casefold() or wanted in (a.casefold() for a in sub.aliases):
            return sub
    return None


# PHB chapter 6, "Multiclass Spellcaster: Spell Slots per Spell Level", by caster level 1..20.
MULTICLASS_SLOTS: tuple[tuple[int, ...], ...] = (
    (2,), (3,), (4, 2), (4, 3), (4, 3, 2), (4, 3, 3), (4, 3, 3, 1), (4, 3, 3, 2), (4, 3, 3, 3, 1),
    (4, 3, 3, 3, 2), (4, 3, 3, 3, 2, 1), (4, 3, 3, 3, 2, 1), (4, 3, 3, 3, 2, 1, 1), (4, 3, 3, 3, 2, 1, 1),
    (4, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 2, 1, 1, 1, 1), (4, 3, 3, 3, 3, 1, 1, 1, 1),
    (4, 3, 3, 3, 3, 2, 1, 1, 1), (4, 3, 3, 3, 3, 2, 2, 1, 1),
)  # fmt: skip


def table_slots(caster_level: int) -> tuple[int, ...]:
    """The multiclass table's row; level 0 has no slots."""
    return MULTICLASS_SLOTS[min(caster_level, 20) - 1] if caster_level >= 1 else ()


def pact_magic(warlock_level: int) -> tuple[int, int]:
    """(pact slots, their slot level) of the Warlock table (PHB chapter 3); (0, 0) below level 1."""
    if warlock_level < 1:
        return 0, 0
    count = 4 if warlock_level >= 17 else 3 if warlock_level >= 11 else 2 if warlock_level >= 2 else 1
    return count, min(5, (warlock_level + 1) // 2)
