"""The 5e campaign state: frozen attrs records, tuples and string ids.

A change makes a new record with `attrs.evolve`; unchanged parts are shared, so the history can
keep every old state cheaply. Nothing here knows a rule; the rule modules beside it read and
rebuild these. The maps and tiles are the kernel's (`core/maps.py`).
"""

from __future__ import annotations

from typing import Literal

from combat_tui.core import campaign, ids
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.core.records import evolve, frozen
from combat_tui.systems.dnd5e.custom_spell import CustomSpell

Disposition = Literal["hostile", "neutral", "friendly"]
Side = Literal["party", "foes"]
Stage = Literal["setup", "running"]
ABILITIES = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")


@frozen
class Abilities:
    strength: int = 10
    dexterity: int = 10
    constitution: int = 10
    intelligence: int = 10
    wisdom: int = 10
    charisma: int = 10


@frozen
class Weapon:
    """A weapon as the attack rules read it."""

    name: str
    damage: str
    """Dice expression of one hit, such as `1d8` or `2d4`."""
    damage_type: str = ""
    category: Literal["simple", "martial", "natural"] = "simple"
    ranged: bool = False
    """A ranged weapon (bow, crossbow); a thrown melee weapon stays False."""
    finesse: bool = False
    light: bool = False
    thrown: bool = False
    magical: bool = False
    normal_range: int = 0
    long_range: int = 0
    versatile: str = ""
    """Dice of a two-handed hit with a versatile weapon (`1d10` for a longsword); empty if none."""
    pact: bool = False
    """A Pact of the Blade warlock's pact weapon: it counts as magical."""
    save_ability: str = ""
    """A creature weapon's save on each hit (`strength` for a wolf bite); empty for none."""
    save_dc: int = 0
    save_condition: str = ""
    """The condition a failed on-hit save adds (`Prone`)."""
    to_hit_bonus: int = 0
    """Added to the attack roll beyond the ability and proficiency (a +1 weapon, a stat block's
    printed to-hit that the sum does not reach)."""
    damage_bonus: int = 0
    """Added to the damage beyond the ability modifier (a +1 weapon)."""
    extra_damage: str = ""
    """Dice of a second damage part on each hit (`2d6` fire of a flame tongue, a dragon's Rend)."""
    extra_damage_type: str = ""
    reach: int = 5
    """Melee reach in feet (10 for a whip or a dragon's Rend)."""


ArmorCategory = Literal["light", "medium", "heavy", "shield"]


@frozen
class Armor:
    """Body armor or a shield, with the two 5e traits of body armor (2014 PHB)."""

    name: str
    category: ArmorCategory
    base: int
    """Base AC of body armor (light adds DEX, medium up to +2, heavy none); a shield's bonus."""
    strength: int = 0
    """Heavy armor's Strength requirement: below it, speed drops by 10 feet."""
    stealth_disadvantage: bool = False


@frozen
class Chip:
    """A condition or effect on a combatant. Its name decides its rule (conditions.py).

    `rounds` counts down at the start of each round (0 means until removed); `until_turn_of`
    ends it at the start of that combatant's next turn ("next turn"). `caster` and `source`
    keep chips of different casters apart.
    """

    name: str
    rounds: int = 0
    caster: str = ""
    source: str = ""
    until_turn_of: str = ""
    save_ability: str = ""
    """The holder repeats this save at the end of each of its turns (Hold Person); a success ends it."""
    save_dc: int = 0
    damage: str = ""
    """Dice the chip deals at the end of its holder's next turn, then it ends (Acid Arrow)."""
    damage_type: str = ""
    pending: bool = False
    """Put on during its holder's own turn: that turn's end does not count as the next one."""


@frozen
class Pool:
    """A class feature's uses (Second Wind, Action Surge, Rage, Channel Divinity).

    ref: Action, bonus action, and reaction — "a button for each class pool that the character
    has"; `recovery` is the rest that brings every use back (`short` or `long`)."""

    name: str
    uses: int
    max: int
    recovery: Literal["short", "long"] = "long"


RECHARGE_FACES = (0, 4, 5, 6)
"""A creature action's `recharge`: none, or the lowest d6 face that recharges it."""


@frozen
class CreatureAction:
    """A creature's save action, such as a winter wolf's Cold Breath (ref: Creature actions)."""

    name: str
    save: str
    """The ability of the target's save (`dexterity`)."""
    dc: int
    damage: str
    """One damage term, such as `4d8`."""
    damage_type: str = ""
    recharge: int = 0
    """The lowest d6 face that recharges it (one of `RECHARGE_FACES`); 0: no recharge, always ready."""
    half: bool = True
    """A successful save halves the damage (else it takes none)."""
    ready: bool = True


@frozen
class ClassLevel:
    name: str
    level: int
    subclass: str = ""


@frozen
class Character:
    """A party character: it has a sheet, proficiencies, and (later) death saves."""

    id: str
    name: str
    tile: Tile
    abilities: Abilities
    max_hp: int
    hp: int
    ac: int
    proficiency_bonus: int = 2
    race: str = ""
    classes: tuple[ClassLevel, ...] = ()
    weapon_proficiencies: tuple[str, ...] = ()
    """Categories (`simple`, `martial`) and weapon names, lower case."""
    weapons: tuple[Weapon, ...] = ()
    armor_proficiencies: tuple[str, ...] = ()
    """Categories (`light`, `medium`, `heavy`, `shield`) and armor names, lower case."""
    armor: Armor | None = None
    shield: Armor | None = None
    feats: tuple[str, ...] = ()
    save_proficiencies: tuple[str, ...] = ()
    """Ability names (`strength` ...) whose saves add the proficiency bonus."""
    skill_proficiencies: tuple[str, ...] = ()
    expertise: tuple[str, ...] = ()
    """Skills whose checks add twice the proficiency bonus."""
    speed: int = 30
    bonus_hp: int = 0
    spellcasting: str = ""
    """The spellcasting ability (`wisdom`), empty for none."""
    spells: tuple[str, ...] = ()
    """Spells it can cast, by name."""
    slots: tuple[int, ...] = ()
    """Spell slots left, 1st level first; empty means slots are not tracked."""
    chips: tuple[Chip, ...] = ()
    condition_immunities: tuple[str, ...] = ()
    exhaustion: int = 0
    """Exhaustion level 0 to 6 (2014 rules), not a chip."""
    xp: int = 0
    inventory: tuple[str, ...] = ()
    """Items the character carries beyond its weapons and armor (loot joins it: "Scimitar")."""
    gold: int = 0
    """The gold field of the Coins row, in gp."""
    death_successes: int = 0
    death_failures: int = 0
    """Three failures: dead (the HP number stays where it was)."""
    stable: bool = False
    pools: tuple[Pool, ...] = ()
    """Class feature uses (ref: Class feature pools)."""
    fighting_styles: tuple[str, ...] = ()
    """Fighting styles by name (`Two-Weapon Fighting`)."""
    max_hp_override: int = 0
    """The GM's max HP; 0: the max HP follows the classes' hit dice and CON (building.py)."""
    silver: int = 0
    copper: int = 0
    platinum: int = 0
    hit_dice_used: int = 0
    """Hit dice spent since they came back; hit dice left = the total level - this (features.py)."""

    @property
    def dead(self) -> bool:
        return self.death_failures >= 3

    @property
    def dying(self) -> bool:
        return self.hp <= 0 and not self.stable and not self.dead


@frozen
class Creature:
    """A creature or an NPC of the campaign, standing on a tile with a disposition."""

    id: str
    name: str
    tile: Tile
    abilities: Abilities
    max_hp: int
    hp: int
    ac: int
    disposition: Disposition = "hostile"
    npc: bool = False
    challenge: str = ""
    """Challenge rating as written in a stat block (`1/4`, `1`, `5`); empty means none."""
    proficiency_bonus: int = 2
    weapons: tuple[Weapon, ...] = ()
    bonus_hp: int = 0
    resistances: tuple[str, ...] = ()
    """Damage types (lower case) this creature takes half of."""
    vulnerabilities: tuple[str, ...] = ()
    immunities: tuple[str, ...] = ()
    condition_immunities: tuple[str, ...] = ()
    save_proficiencies: tuple[str, ...] = ()
    """Saves the stat block lists: they add the proficiency bonus."""
    skill_proficiencies: tuple[str, ...] = ()
    speed: int = 30
    spellcasting: str = ""
    spells: tuple[str, ...] = ()
    slots: tuple[int, ...] = ()
    chips: tuple[Chip, ...] = ()
    exhaustion: int = 0
    creature_type: str = ""
    """`undead`, `construct`, `beast` ... (lower case); empty when not set."""
    multiattack: int = 0
    """Swings of its Attack action (Multiattack); 0 or 1: one swing."""
    multiattack_disadvantage: int = 0
    """The swing of the Multiattack that rolls at disadvantage (2: the goblin boss's second)."""
    pack_tactics: bool = False
    surprise_attack: str = ""
    """Dice a hit adds in round 1 against a surprised target (`2d6`); empty for none."""
    redirect_attack: bool = False
    turn_resistance: bool = False
    legendary_actions: int = 0
    """Legendary actions per round."""
    legendary_resistance: int = 0
    """Legendary resistance per day."""
    legendary_resistance_used: int = 0
    actions: tuple[CreatureAction, ...] = ()
    notes: str = ""
    skill_bonuses: tuple[tuple[str, int], ...] = ()
    """Skill bonuses as the stat block prints them (`[["stealth", 6]]`); they win over the
    proficiency sum, since a stat block's numbers are the creature's."""
    passive_perception: int = 0
    """As the stat block prints it; 0 means 10 + its Perception bonus."""
    armor: Armor | None = None
    """Worn armor, for the loot it drops; the AC stays the stat block's `ac`."""
    shield: Armor | None = None
    gold: int = 0
    """Coins found on the creature when it is defeated, in gp."""
    hit_dice: str = ""
    """The stat block's hit dice (`2d8+2`), for rolled HP; empty for none."""
    ac_source: str = ""
    """What the AC comes from as the stat block says it (`natural armor`)."""
    size: str = ""
    """`tiny` ... `gargantuan`; empty when not set."""
    senses: str = ""
    """As the stat block prints them (`darkvision 60 ft.`)."""
    languages: str = ""
    speeds: str = ""
    """Speeds beyond walking, as printed (`fly 80 ft., climb 40 ft.`); `speed` is the walk."""
    save_bonuses: tuple[tuple[str, int], ...] = ()
    """Save bonuses as the stat block prints them (`[["dexterity", 6]]`); they win over the sum."""
    source: str = ""
    """Where it came from: `srd:wolf`, `template:Goblin Boss`, empty when made by hand."""
    number: int = 0
    """Its number among the creatures of its name ("Goblin 2"), kept for good; 0: not stored yet
    (labels.py counts it)."""


Actor = Character | Creature


Sneakers = Literal["none", "party", "foes", "both"]


@frozen
class Combatant:
    """One place in a fight's order; `ref` is the id of a character or a creature."""

    ref: str
    side: Side
    initiative: int
    dex_mod: int = 0
    """Kept for the tie break: the higher DEX modifier acts first."""
    surprised: bool = False
    """Ticked in setup: at Start it wears the Surprised chip (ref: Surprise)."""
    joined: bool = False
    """Brought in from Party members elsewhere or Add nearby foes: outside the stealth contest."""
    stealth: int | None = None
    """The Stealth total of a sneaker in setup (rolled or typed); None takes no part."""
    # The turn's economy (ref: Action, bonus action, and reaction); economy.py reads and resets it.
    action_used: bool = False
    bonus_used: bool = False
    reaction_used: bool = False
    swings_left: int = 0
    """Swings left in the Attack action already spent (Extra Attack, Multiattack)."""
    extra_actions: int = 0
    """Action Surge's "+1 action" pip, free until the next action spends it."""
    surged: bool = False
    legendary_used: int = 0
    sneak_used: bool = False
    """Sneak Attack landed during the current turn (of any combatant)."""
    freed: tuple[str, ...] = ()
    """Pips the GM pressed free while the Surprised chip holds them (ref: Surprise — "To overrule a
    spent pip, press it to mark it free")."""
    light_swing: bool = False
    """It swung a light melee weapon with its Attack action this turn (the Off-hand group)."""
    turn_spells: tuple[str, ...] = ()
    """The spells it cast on its own turn so far (the 2014 bonus-action spell rule, actions.py)."""
    numbered: bool = False
    """Its label shows its number for the rest of the fight: it shared its name in the fight, or
    came in numbered (labels.py)."""
    held: bool = False
    """It set its turn aside (hold): Next turn steps past its place until it resumes (turn_tools.py)."""
    alias: str = ""
    """Its name for this fight (rename): its label; the stored name stays (labels.py)."""
    note: str = ""
    """The GM's note on it for this fight: on its card and in `show`."""


@frozen
class Fight:
    stage: Stage
    combatants: tuple[Combatant, ...]
    """In setup, the setup lists; once running, the turn order."""
    turn: int = 0
    round: int = 0
    death_save_rolled: bool = False
    """The current turn's combatant has rolled its death save (once per turn)."""
    sneaks: Sneakers = "none"
    """Setup's Who sneaks: the side(s) that try to sneak up on the other (ref: Stealth contest)."""
    interrupted: tuple[str, ...] = ()
    """Combatants whose turn had begun when a held one resumed before them: Next turn goes back to
    each without starting its turn again (turn_tools.py)."""

    def current(self) -> Combatant | None:
        if self.stage != "running" or not self.combatants:
            return None
        return self.combatants[self.turn]

    def find(self, ref: str) -> Combatant | None:
        for combatant in self.combatants:
            if combatant.ref == ref:
                return combatant
        return None


@frozen
class Campaign(campaign.Campaign):
    """A 5e campaign: everything its folder holds except the travelogue, which is the journal's."""

    party_tile: Tile
    maps: tuple[MapInfo, ...] = ()
    characters: tuple[Character, ...] = ()
    creatures: tuple[Creature, ...] = ()
    fight: Fight | None = None
    templates: tuple[Creature, ...] = ()
    """Creatures saved as templates (their actions kept): the library lists them beside the SRD's.
    A template's id is its name; its tile is unused."""
    nearby_range: int = 8
    """Tiles within which a hostile creature counts as nearby (a campaign setting)."""
    d20_mode: Literal["normal", "adv", "dis"] = "normal"
    """The dice tray's d20 mode: used by a roll that no chip or rule slants."""
    custom_spells: tuple[CustomSpell, ...] = ()
    """The GM's own spells (the spell form); a cast finds one by name before the app's list."""

    def actor(self, ref: str) -> Actor | None:
        found = ids.find(self.characters, ref)
        return found if found is not None else ids.find(self.creatures, ref)

    def with_actor(self, actor: Actor) -> Campaign:
        """The campaign with one character or creature replaced (matched by id)."""
        if isinstance(actor, Character):
            return evolve(self, characters=_replace(self.characters, actor))
        return evolve(self, creatures=_replace(self.creatures, actor))


def _replace(items: tuple, new) -> tuple:
    return ids.replaced(items, new)  # by position from the id index, which the result shares


__all__ = [
    "ABILITIES",
    "Abilities",
    "Actor",
    "Armor",
    "ArmorCategory",
    "Chip",
    "Campaign",
    "Character",
    "ClassLevel",
    "Combatant",
    "Creature",
    "CreatureAction",
    "Disposition",
    "Fight",
    "Pool",
    "Side",
    "Weapon",
]
