"""FuturePath ships and the space fight: frozen attrs records, tuples and string ids.

`FuturePath.ships` holds the ships and `FuturePath.space` the fight. The rules live beside
this module; the tables they read (hull sizes, the Battle Damage Chart, distance bands, weapon
types, function DCs) are the package's data files (`futurepath/data/space/*.toml`), not constants.
Rule numbers (R95-R118), sections (§2.8-§2.13) and defaults (A42-A56) are those of
spec/futurepath-notes.md.
"""

from __future__ import annotations

from typing import Literal

from combat_tui.core.records import frozen

POSITIONS = ("captain", "science", "helm", "sensors", "weapons", "engineer", "medical")
"""The seven crew positions in the page's suggested order within a phase (R101)."""
ATTRIBUTES = ("engines", "weapons", "structure", "shields", "electronics", "sensors")
SpacePhase = Literal["surprise", "support", "action", "response"]


@frozen
class ShipAttributes:
    """The six Core System Attribute scores; a modifier is floor((score - 10) / 2) (§2.8)."""

    engines: int = 10
    weapons: int = 10
    structure: int = 10
    shields: int = 10
    electronics: int = 10
    sensors: int = 10


@frozen
class HardPoint:
    """A weapon hard point; `weapon` is its type (laser, plasma, kinetic, rocket: §2.10)."""

    name: str
    weapon: str = "kinetic"


@frozen
class Bay:
    name: str
    external: bool = False
    """A bay with an external component can be a specified target (§2.13)."""


@frozen
class CrewPost:
    """Who holds a position: a FuturePath character (`actor`) or a named NPC crew member.

    `bonus` is the static bonus the crew member adds to the position's rolls: a trained skill
    +1, plus +1 per competency level above novice (§2.9 rule 7), and what the GM adds.
    `wis_dex` is the Weapons Officer's WIS or DEX modifier, added to the repair DC of Battle
    Damage the ship deals (§2.11, A51).
    """

    position: str
    actor: str = ""
    name: str = ""
    bonus: int = 0
    wis_dex: int = 0
    out: bool = False
    """Out of action: the position is skipped (R104)."""


@frozen
class Ship:
    id: str
    name: str
    side: str
    """The team the ship fights for; ships of other sides are its enemies."""
    size: str = "medium"
    """Hull size, a row of data/space/hulls.toml (colossal ... fine)."""
    military: bool = True
    attributes: ShipAttributes = ShipAttributes()
    hard_points: tuple[HardPoint, ...] = ()
    bays: tuple[Bay, ...] = ()
    crew: tuple[CrewPost, ...] = ()
    tech_level: int = 1
    pilot_skill: int = 0
    """The Helm Officer's Pilot skill-die level: the cap of Tactical Mobility (§2.8); 0: no cap."""
    swarm: str = ""
    """The name of the swarm it flies in (§2.13); empty if none."""
    silent: bool = False
    """It runs silent when the fight starts (§2.13)."""
    cloak: str = ""
    """Its cloaking device: absorbent (passive), emitter or hybrid (activated); empty: none."""

    def post(self, position: str) -> CrewPost | None:
        for post in self.crew:
            if post.position == position:
                return post
        return None


@frozen
class BattleDamage:
    """One Battle Damage on a ship: its chart row and repair DC (§2.11, R118).

    The side effect arms at the end of the Response Phase of the round it was dealt unless it is
    repaired there, and lasts until the end of the next round's Response Phase (R107, A46).
    """

    roll: int
    """The 2d6 chart roll (2-12)."""
    dc: int
    """Repair DC: base + attacker's Weapons mod + its Weapons Officer's WIS/DEX (0: no roll)."""
    name: str
    round: int
    """The round it was dealt in."""
    source: str = ""
    """The ship (or `ram`, `hack`) that dealt it."""
    armed: bool = False
    """Its side effect is in force."""
    side_repaired: bool = False
    ends: int = 0
    """The round at whose Response Phase end the side effect lapses (A46); 0: not armed yet."""
    progress: int = 0
    """Successful Response-Phase repair rounds so far (two repair it, §2.11)."""
    console: str = ""
    """The console a Blown Capacitor picked (chart 8)."""
    excess: int = 0
    """Successes beyond those needed: they raise the Rocked Ship save and give 2 disadvantage
    from 4 up (chart 3, 5, 9)."""


@frozen
class SystemDamage:
    """Points of specified-targeting damage on a CSA, hard point or bay (§2.13)."""

    system: str
    points: int
    dc: int = 12
    """Repair DC: 12 + the damage modifier (§2.11)."""


@frozen
class CrewCondition:
    """A condition on a position's crew member (Shaken for 1 round ...) from the chart."""

    position: str
    name: str
    until: int = 0
    """The round at whose Response Phase end it lapses; 0: until treated."""


@frozen
class Intrusion:
    """A hacker inside (or trying to get into) an enemy ship (§2.13)."""

    target: str
    stage: int = 0
    """0: outside, 1: access gained, 2+: 1 + the rounds of harm done."""
    since: int = 0
    """The round access was gained: every DC inside rises by +1 per round since (§2.13)."""
    fails: int = 0
    """Cumulative disadvantage from failing access by more than 5; at 3 no more tries."""
    exposed: bool = False
    exposed_at: int = 0
    """The round the target's crew found the hacker."""
    last: int = 0
    """The hacker's last roll: what a counter-hack must beat."""
    jammed: int = 0
    """The round in which a Jam keeps the hacker from acting in this system (it forfeits a turn)."""


@frozen
class ShipStatus:
    """One ship in the fight: damage, stances and what its crew did this round."""

    ship: str
    damage: tuple[BattleDamage, ...] = ()
    systems: tuple[SystemDamage, ...] = ()
    conditions: tuple[CrewCondition, ...] = ()
    at_max: int = 0
    """At its maximum Battle Damage: the round at whose Response Phase end it goes adrift unless
    repaired below it first (R111, A47); 0: not at the maximum."""
    adrift: bool = False
    explodes: int = 0
    """Battle Damage beyond the maximum: it explodes at the end of this round (A48); 0 none."""
    exploded: bool = False
    surrendered: bool = False
    acted: tuple[str, ...] = ()
    """Positions that have taken their one action this round (R103)."""
    in_action: tuple[str, ...] = ()
    """Science Officer or Chief Engineer declared to act in the Action Phase (R99)."""
    scans: tuple[str, ...] = ()
    """Ships this ship scanned successfully this round (R117)."""
    crit_scans: tuple[str, ...] = ()
    found: tuple[str, ...] = ()
    """Ships a scan found through their stealth: they can be fired on (R116)."""
    helm: str = ""
    """This round's manoeuvre: offensive, defensive, feint, evasive, intercept."""
    helm_target: str = ""
    intercepted: tuple[tuple[str, int], ...] = ()
    """(target, round) of successful intercepts, for Ram (§2.12)."""
    commands: tuple[tuple[str, int, str], ...] = ()
    """(position, amount, kind) of the Captain's bonuses this round: kind bonus or rerolls."""
    encouraged: bool = False
    boosts: tuple[tuple[str, int, int], ...] = ()
    """(attribute, modifier change, last round): Boost moves Electronics mod points (§2.12)."""
    boost_cooldown: int = 0
    """The round until which the Science Officer cannot Boost again (A55)."""
    bombard_cooldown: int = 0
    bombard_failed: int = 0
    """The round in which enemies need 1 fewer success against this ship (§2.10)."""
    damage_rounds: tuple[int, ...] = ()
    """The rounds in which this ship took Battle Damage from fire (the cap of 1 per round, A49)."""
    repairing: int = -1
    """The index of the Battle Damage the Engineer is working on; other work resets it (§2.11)."""
    silent: bool = False
    shields_back: int = 0
    """After silent running, the round the shields are up again (§2.13)."""
    hacks: tuple[Intrusion, ...] = ()
    hack_damage: bool = False
    """Hacking dealt its one Battle Damage of the combat (§2.13)."""
    point_defence: int = 0
    """d10s of point defence readied this round against incoming rockets (§2.13); 0 none."""
    point_defence_used: int = 0
    """The last round point defence was readied (once a round)."""
    grappled_by: tuple[tuple[str, int], ...] = ()
    """(grappling ship, last round): the Engines bonus to Tracking DC is lost (§2.12 Grapple)."""
    cloak: int = 0
    """The round from which its activated cloak raises its Detection DC; 0: not activated."""
    spoofed: int = 0
    """The round in which enemy scans and targeting checks against it roll at disadvantage."""
    decoys: int = 0
    """The round in which guided missiles fired at it have a 50 % chance to miss (Sensor Spoofing's decoys)."""
    scan_rolls: tuple[tuple[str, int], ...] = ()
    """(target, total) of every scan this ship's Sensor Officer rolled this round, failed ones too:
    what Shield Manipulation and a sensor Jam oppose."""
    sensor_jam: int = 0
    """The round an enemy's Jam works on this ship's sensors; a scan not above `sensor_jam_total` fails."""
    sensor_jam_total: int = 0
    missile_jam: tuple[str, int] = ("", 0)
    """(enemy, round): this ship's Jam meets that enemy's next missiles at it this round."""
    defence: tuple[int, ...] = ()
    """Defensive Fire this round: the die modifier of each hard point held back (-2, a laser -1)."""
    deep_scans: tuple[tuple[str, int], ...] = ()
    """(target, successful rounds) of deep scans under way or done (3 complete one)."""
    assisting: str = ""
    """The position the Captain gives Direct Assistance to (it stays until the Captain returns)."""
    assist_lost: int = 0
    """The round in which a natural 2 on the Captain's roll lost the Direct Assistance's advantage."""
    presence: int = 0
    """The Captain's Charisma score while Commanding Presence is in force; 0: not in force."""
    presence_until: int = 0
    """The last round of Commanding Presence; not 0 once it was used (once a day)."""
    manipulations: tuple[tuple[str, int], ...] = ()
    """(enemy, total) of this round's Shield Manipulation against that enemy."""
    weapons_assists: tuple[tuple[str, str, int], ...] = ()
    """(position, target, modifier) of this round's successful Weapons Assists."""


@frozen
class Pending:
    """A result rolled in this phase that applies when the phase ends (R95)."""

    kind: str
    """damage, system, repair, side-repair, system-repair, boost, distance, treat, disrupt."""
    ship: str
    """The ship it happens to."""
    source: str = ""
    position: str = ""
    amount: int = 0
    detail: str = ""
    dc: int = 0
    """A repair DC, a required count, or the last round an effect lasts."""
    damage: BattleDamage | None = None


@frozen
class TakenAction:
    """What a position did this round, with its result, for the phase screen and the log."""

    ship: str
    position: str
    phase: str
    action: str
    target: str = ""
    result: str = ""


@frozen
class PoolDie:
    """One d10 of a Fire: its face (then the reroll of a 1), its bonus, and whether it succeeded."""

    faces: tuple[int, ...]
    bonus: int = 0
    success: bool = False
    kind: str = "hard point"
    """hard point, reroll, special (Bombard's extra die) or shot down (by point defence)."""


@frozen
class FirePool:
    """A Fire of this round as the phase screen shows it: the pool, the count, the chart."""

    ship: str
    target: str
    dice: tuple[PoolDie, ...]
    threshold: int
    needed: int
    successes: int
    result: str
    charts: tuple[tuple[str, str], ...] = ()
    """(ship, `2d6 3+4 = 7 Ruptured valve, repair DC 8`) for each Battle Damage it dealt."""


@frozen
class Swarm:
    """Four or more small ships treated as one (§2.13)."""

    id: str
    name: str
    ships: tuple[str, ...]


@frozen
class SpaceOptions:
    """The GM's choice for every adopted space default (notes §3.2); each field names its A-number."""

    reroll: Literal["extra", "literal"] = "extra"  # A43
    crit_scan_rerolls: int = 1  # A52: faces up to this are rerolled on a critical scan
    scan_bonus: Literal["mod", "mod+1"] = "mod"  # §2.14
    ram_both_above: int = 50  # §2.14: d% above this damages both ships
    evasive_successes: int = 2  # §2.14
    max_bd_adrift: Literal["next-round", "round-after"] = "next-round"  # A47: adrift from the next round, or a round later


@frozen
class SpaceFight:
    stage: Literal["running", "ended"] = "running"
    round: int = 0
    """0 in the surprise Action Phase (A56)."""
    phase: SpacePhase = "support"
    ships: tuple[str, ...] = ()
    statuses: tuple[ShipStatus, ...] = ()
    surprise: tuple[str, ...] = ()
    """Ships no enemy's Passive Sensors detect: they act in the surprise Action Phase (R102)."""
    pending: tuple[Pending, ...] = ()
    actions: tuple[TakenAction, ...] = ()
    """This round's actions, in the order they were taken."""
    distances: tuple[tuple[str, str, str, int], ...] = ()
    """(ship, ship, band, progress toward the next band) per pair (§2.13)."""
    swarms: tuple[Swarm, ...] = ()
    options: SpaceOptions = SpaceOptions()
    pools: tuple[FirePool, ...] = ()
    """This round's Fires, for the phase screen."""

    def status(self, ref: str) -> ShipStatus | None:
        for status in self.statuses:
            if status.ship == ref:
                return status
        return None
