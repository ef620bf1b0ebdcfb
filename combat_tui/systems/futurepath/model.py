"""The FuturePath state: its combatants, teams, ground fight and the GM's choices of defaults.

Frozen attrs records, tuples and string ids; a FuturePath `Campaign` holds one `FuturePath` in
its `futurepath` field. The rules live beside this module; the tables they read (die levels,
the condition catalogue, the Extra Damage schedule) are data files in `data/`, not constants here.
Rule numbers (R1-R94) and default numbers (A1-A56) are those of spec/futurepath-notes.md.
"""

from __future__ import annotations

from typing import Literal

from combat_tui.core import campaign, ids
from combat_tui.core.maps import MapInfo, Tile
from combat_tui.core.records import evolve, frozen
from combat_tui.systems.futurepath.space.model import Ship, SpaceFight

FPGroup = Literal["vanguard", "rearguard"]
Phase = Literal["advantages", "action", "counters"]
Slot = Literal["free", "simple", "standard", "bonus"]
Category = Literal["", "move", "attack", "technique", "item"]


@frozen
class FPAbilities:
    """Ability scores; a modifier is floor(score / 2) - 5 (notes §2.7)."""

    strength: int = 10
    dexterity: int = 10
    constitution: int = 10
    intelligence: int = 10
    wisdom: int = 10
    charisma: int = 10


@frozen
class ArmorParts:
    """The parts of AC: 10 + armor + DEX mod + size + natural + misc (notes §2.2).

    Touch AC leaves out armor and natural armor; flat-footed AC leaves out DEX.
    """

    armor: int = 0
    natural: int = 0
    size: int = 0
    misc: int = 0


@frozen
class DamageReduction:
    """One DR entry; an untyped entry (`all`) stops every type (notes §2.2)."""

    amount: int
    damage_type: str = "all"


@frozen
class FPWeapon:
    """A FuturePath weapon as the accuracy and damage rules read it (notes §2.2-2.4)."""

    name: str
    damage: str
    """Dice expression of one hit, such as `1d8+1`; the `+1` is static bonus damage."""
    damage_type: str = ""
    accuracy: int = 0
    """The weapon's accuracy bonus (R47)."""
    crit_from: int = 20
    """The lowest natural d20 of the crit range: 20, 19 for `19-20`, down to 17 (R52)."""
    crit_multiplier: int = 2
    level: int = 0
    """Weapon level: 0-2 is light, 3-5 medium (notes §2.4)."""
    ranged: bool = False
    proficient: bool = True
    """Proficiency is one advantage on accuracy (R29); without it, disadvantage (R30, A5)."""
    levels_short: int = 1
    """Without proficiency: how many proficiency levels short the wielder is (A5)."""
    attributes: tuple[str, ...] = ()
    """Lower-case attributes: two-handed, clunky, heavy, light, versatile, thrown, gigantic, grenade."""
    range_ft: int = 0


@frozen
class FPCondition:
    """A condition or timed effect on one bearer: one counter per (effect, bearer) (A20).

    `rounds` 0 means it lasts until removed. `armed` turns true once the bearer's group has taken
    a turn since the effect began; only armed counters tick in the Counter Phase (R66, A17).
    `owner` is who keeps the counter: the controller of whoever caused it (R67).
    """

    name: str
    rounds: int = 0
    armed: bool = False
    owner: str = ""
    source: str = ""


@frozen
class FPActor:
    """A FuturePath character or creature."""

    id: str
    name: str
    team: str
    """The id of the team it belongs to (`Team.id`)."""
    max_hp: int
    hp: int
    abilities: FPAbilities = FPAbilities()
    path: str = ""
    """The class or Path name (`Tracer`); it picks the row of the path table (paths.toml)."""
    level: int = 1
    initiative_misc: int = 0
    """MISC of Initiative = DEX + WIS + MISC (R5)."""
    advantage_die: str = ""
    """A dice expression that overrides the table (`1d2`); empty: by die level or by Path level (A1)."""
    advantage_die_level: int = 0
    """A die level 1-20 of the Advantage Die table; 0: from the Path table by character level."""
    ac: ArmorParts = ArmorParts()
    dr: tuple[DamageReduction, ...] = ()
    weapons: tuple[FPWeapon, ...] = ()
    off_hand: str = ""
    """The name of the off-hand weapon when dual wielding; empty if none."""
    extra_damage: int | None = None
    """Extra Damage count; None: from the path table's schedule by level (levels 5, 11, 17)."""
    conditions: tuple[FPCondition, ...] = ()
    creature: bool = False
    player: str = ""
    """Who plays the character (`Katie`); empty for the GM's creatures."""
    stealth: int = 0
    """The last Stealth result, for awareness (R27)."""
    perception: int = 0
    """Passive Perception (R27)."""
    walk: int = 15
    """Walk speed in feet, by species (the common 15 ft); in combat everyone runs at twice it."""

    def condition(self, name: str) -> FPCondition | None:
        for condition in self.conditions:
            if condition.name.casefold() == name.casefold():
                return condition
        return None


@frozen
class Team:
    id: str
    name: str


@frozen
class TeamInitiative:
    """Team Initiative with its breakdown (R7, A7, A8): floor(mean of scores) - conditions."""

    scores: tuple[tuple[str, int], ...]
    """(member id, personal Initiative score) of the members present at the start."""
    average: int
    conditions: tuple[str, ...] = ()
    """Distinct listed conditions on members: -1 each (notes §2.5 b)."""
    override: int | None = None
    """The GM's value, if set; it replaces the computed one."""

    @property
    def computed(self) -> int:
        return self.average - len(self.conditions)

    @property
    def value(self) -> int:
        return self.computed if self.override is None else self.override


@frozen
class FightTeam:
    """A team in the fight: its Team Initiative and its two groups (R10)."""

    team: str
    initiative: TeamInitiative
    vanguard: tuple[str, ...] = ()
    rearguard: tuple[str, ...] = ()
    tie_rolls: tuple[int, ...] = ()
    """Opposed rolls that broke a Team Initiative tie (R9, A9), in order."""

    def group(self, name: FPGroup) -> tuple[str, ...]:
        return self.vanguard if name == "vanguard" else self.rearguard

    @property
    def members(self) -> tuple[str, ...]:
        return self.vanguard + self.rearguard


@frozen
class Turn:
    """One group's turn in the Action phase (R11)."""

    team: str
    group: FPGroup


@frozen
class Declaration:
    """One declared action of a combatant in its group's turn (R34-R38).

    `before_standard` tells a Simple or Free action taken before the Standard action from one
    taken after it (R61); a Bonus action always comes after it.
    """

    actor: str
    slot: Slot
    name: str
    category: Category = ""
    rolls: bool = False
    """A roll decides its outcome (R60, A29)."""
    before_standard: bool = True
    target: str = ""
    weapon: str = ""
    grenade: bool = False
    """A thrown grenade: an Attack that resolves in the Use Item slot (R62)."""
    resolved: bool = False
    result: str = ""
    feet: int = 0
    """How far a grenade is thrown, in feet (0: not said); checked against its maximum range (R81)."""


@frozen
class Environment:
    """A GM-stated advantage or disadvantage of the surroundings (R28): +n or -n dice on `rolls`."""

    name: str
    dice: int
    rolls: str = "all"
    """What it slants: all, attack, save, skill, melee, ranged, initiative."""


@frozen
class Grenade:
    """A thrown grenade waiting to go off (R83, A38): at the end of the next group turn of
    another team, or at its start when cooked (R84)."""

    thrower: str
    team: str
    cooked: bool = False
    landed: str = ""
    """Where it landed, as the throw's scatter says (`on target`, `5 ft left, 10 ft long`)."""
    target: str = ""
    """The creature it was aimed at, whose group turn sets it off (A38); empty: the square rule."""


@frozen
class GroundFight:
    """A ground fight, from setup to its end (R2, R3)."""

    stage: Literal["setup", "running", "ended"] = "setup"
    present: tuple[str, ...] = ()
    """Everyone in the fight, in roster order; late joiners are added in the Counter Phase."""
    unaware: tuple[str, ...] = ()
    """Combatants unaware of their opponents at the start: no Round 0 action, flat-footed (R26)."""
    initiative_fix: tuple[tuple[str, int], ...] = ()
    """The GM's personal Initiative scores that replace the computed ones."""
    group_fix: tuple[tuple[str, str], ...] = ()
    """The GM's group choices (member id, vanguard|rearguard) for ties and odd members (R14)."""
    teams: tuple[FightTeam, ...] = ()
    """In turn order (R8, R9)."""
    round: int = 0
    phase: Phase = "advantages"
    turns: tuple[Turn, ...] = ()
    """This round's group turns, in order, empty groups skipped (R11, A14, A15)."""
    turn: int = 0
    """Index into `turns` in the Action phase."""
    acted: tuple[str, ...] = ()
    """Who has acted this round (Round 0: ends their flat-footed state, A19)."""
    declarations: tuple[Declaration, ...] = ()
    """The current group's declared actions, in declaration order."""
    committed: bool = False
    """Every member of the acting group has committed (R64): rolls may start."""
    environment: tuple[Environment, ...] = ()
    joiners: tuple[str, ...] = ()
    """Actors waiting to join at the next Counter Phase (R18)."""
    surprise: tuple[str, ...] = ()
    """Stealthed joiners who get their own Round 0 (R22)."""
    joiner_round: bool = False
    """The Action phase is the stealthed joiners' own Round 0: only they act (R22)."""
    out: tuple[tuple[str, str], ...] = ()
    """(id, reason) of combatants who fled or surrendered (R70)."""
    grenades: tuple[Grenade, ...] = ()


@frozen
class FPOptions:
    """The GM's choice for every adopted default (notes §3.2); each field names its A-number."""

    initiative_from: Literal["modifiers", "scores"] = "modifiers"  # A6
    condition_penalty: bool = False  # A7
    odd_member: Literal["nearest-mean", "vanguard", "rearguard"] = "nearest-mean"  # A10, A13
    tick_after_round0: bool = False  # A16
    advantage_cap: int = 3  # A4
    block_below: int = -3  # A4
    nonproficient_per_level: int = 1  # A5
    minor_hit_succeeds: bool = True  # A27
    minor_static_bonus: bool = True  # A22
    extra_damage_step: int = 4  # A23, notes §2.14
    dual_wield_major: bool = True  # A24
    crit_range_autohit: bool = True  # A25
    natural20_autohit: bool = True  # A25
    natural1_fails: bool = True  # A25
    bonus_after_standards: bool = True  # A30
    technique_before_item: bool = True  # A31
    disarm_trigger_margin: int = 5  # A40
    dex_tie: Literal["highest", "next-highest"] = "highest"  # A9
    grenade_at_target: bool = True  # A38


@frozen
class Trap:
    """A trap or mine (the page's "Traps/Mines"): how it is found, set off, and what it does.

    The detection DC is the placer's check result (R94), or the construction's base DC, plus 5
    for a Clocked (cloaked) Mine and 2 for a Stealth Mine (R86)."""

    id: str
    name: str
    trigger: str = "contact"
    """contact, tripwire, motion, electronic, gravity (proximity) or remote (R91)."""
    level: int = 1
    """Trap Level: the device's Tech Level unless the trap states one (A39)."""
    damage: str = ""
    """Dice of the blast; empty for a trap that only applies conditions (R92)."""
    damage_type: str = ""
    conditions: tuple[str, ...] = ()
    """Conditions a failed save brings instead of (or with) damage: Stunned, Shaken, Entangled."""
    rounds: int = 1
    base_dc: int = 10
    cloaked: bool = False
    stealth_mine: bool = False
    electronic: bool = False
    chasing: bool = False
    """A Chasing mine moves to the nearest target first: +5 to the save DC (R92)."""
    radius: int = 5
    """Feet of the blast, or of a proximity sensor's reach (10-50 ft)."""
    disarm_dc: int = 10
    placed_dc: int = 0
    """The placer's setting check, which is the DC to detect it (R94); 0 when the GM placed it."""
    team: str = ""
    """The team that set it (it knows where the trap is)."""
    spotted: tuple[str, ...] = ()
    status: Literal["armed", "triggered", "disarmed"] = "armed"
    retry_round: int = 0
    """A disarm that failed by 4 or less: the round from which it may be tried again (R90)."""

    @property
    def detection_dc(self) -> int:
        return (self.placed_dc or self.base_dc) + (5 if self.cloaked else 0) + (2 if self.stealth_mine else 0)

    @property
    def save_dc(self) -> int:
        return 10 + self.level + (5 if self.chasing else 0)


@frozen
class FuturePath:
    """Everything FuturePath a campaign holds."""

    actors: tuple[FPActor, ...] = ()
    teams: tuple[Team, ...] = ()
    fight: GroundFight | None = None
    options: FPOptions = FPOptions()
    ships: tuple[Ship, ...] = ()
    space: SpaceFight | None = None
    """The space fight (space/), beside the ground one."""
    traps: tuple[Trap, ...] = ()
    """Traps and mines in the area, placed before or during a fight."""

    def actor(self, ref: str) -> FPActor | None:
        return ids.find(self.actors, ref)

    def team(self, ref: str) -> Team | None:
        for team in self.teams:
            if team.id == ref:
                return team
        return None

    def with_actor(self, actor: FPActor) -> FuturePath:
        if len(self.actors) >= 8 and len(ids.index_of(self.actors)) == len(self.actors):
            return evolve(self, actors=ids.replaced(self.actors, actor))  # ids unique: one to replace
        actors = tuple(actor if a.id == actor.id else a for a in self.actors)
        if actors == self.actors and self.actor(actor.id) is None:
            raise KeyError(actor.id)
        return evolve(self, actors=actors)


@frozen
class Campaign(campaign.Campaign):
    """A FuturePath campaign: its maps and the party's tile (carried, not yet walked), and the
    FuturePath state in `futurepath`, the table its campaign file has always held it in."""

    party_tile: Tile
    maps: tuple[MapInfo, ...] = ()
    futurepath: FuturePath | None = None
