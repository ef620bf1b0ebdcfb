"""Space events: what a space command did, in the past tense; `log.py` turns them into lines."""

from __future__ import annotations

from combat_tui.core.records import frozen
from combat_tui.systems.futurepath.space.model import BattleDamage, PoolDie
from combat_tui.systems.futurepath.space.twod10 import TwoD10


@frozen
class SpaceStarted:
    ships: tuple[str, ...]
    detected: tuple[tuple[str, str, int, int], ...]
    """(ship, enemy, its Detection DC, our best Passive Sensors)."""
    surprise: tuple[str, ...]


@frozen
class PhaseBegan:
    round: int
    phase: str
    acting: tuple[tuple[str, tuple[str, ...]], ...]
    """(ship, the positions that may act) in the suggested order (R101)."""
    skipped: tuple[tuple[str, str], ...] = ()
    """(ship, position) empty or out of action (R104)."""


@frozen
class CrewSet:
    ship: str
    position: str
    who: str
    """A label or an NPC name; empty: the position is empty."""


@frozen
class CrewOutSet:
    ship: str
    position: str
    out: bool


@frozen
class Held:
    ship: str
    position: str


@frozen
class Rolled:
    """A 2d10 (or d20) crew function: who rolled what against which DC, and what came of it."""

    ship: str
    position: str
    action: str
    target: str
    roll: TwoD10 | None
    dc: int
    success: bool
    result: str
    d20: tuple[int, int] = (0, 0)
    """(face, total) of a d20 roll (the Medical Officer, §2.12)."""


FireDie = PoolDie
"""One d10 of a Fire (the record the phase screen keeps too)."""


@frozen
class FireRolled:
    ship: str
    target: str
    dice: tuple[FireDie, ...]
    threshold: int
    needed: int
    successes: int
    reasons: tuple[str, ...]
    """Why `needed` and the per-die bonus are what they are (scan, helm, size ...)."""
    result: str
    system: str = ""


@frozen
class DamageRolled:
    """A Battle Damage was dealt: its 2d6 chart roll (R118); it applies when the phase ends."""

    ship: str
    source: str
    faces: tuple[int, ...]
    damage: BattleDamage
    addon: tuple[tuple[str, int], ...] = ()


@frozen
class DamageCapped:
    ship: str
    source: str


@frozen
class DamageApplied:
    ship: str
    damage: BattleDamage
    count: int
    maximum: int


@frozen
class SystemDamaged:
    ship: str
    system: str
    points: int
    total: int
    state: str


@frozen
class ShipAtMax:
    ship: str
    round: int
    """The round at whose Response Phase end it goes adrift unless repaired below its maximum."""
    emergency: bool = False
    """One successful repair in that Response Phase removes a Battle Damage (A47's default)."""


@frozen
class ShipAdrift:
    ship: str


@frozen
class ShipSaved:
    ship: str


@frozen
class ShipWillExplode:
    ship: str
    round: int


@frozen
class ShipExploded:
    ship: str


@frozen
class SideEffectArmed:
    ship: str
    damage: BattleDamage
    detail: str = ""
    hit_dice: int = 0
    """X of the chart's "X hit dice" for the one it hurts (1 + level / 4); 0: no one, or none."""


@frozen
class ConsoleEmpty:
    """A console exploded with no one at it (chart 8, 10)."""

    ship: str
    position: str


@frozen
class SideEffectLapsed:
    ship: str
    damage: BattleDamage


@frozen
class RepairProgressed:
    ship: str
    damage: BattleDamage
    progress: int
    done: bool
    reset: bool = False
    emergency: bool = False
    """Repaired by one success, the ship being at its maximum Battle Damage (A47)."""


@frozen
class SideEffectRepaired:
    ship: str
    damage: BattleDamage


@frozen
class SystemRepaired:
    ship: str
    system: str


@frozen
class BoostApplied:
    ship: str
    attribute: str
    points: int
    until: int


@frozen
class DistanceChanged:
    ship: str
    other: str
    band: str
    progress: int = 0
    needed: int = 0


@frozen
class SilentSet:
    ship: str
    on: bool
    shields_back: int = 0


@frozen
class SurrenderSet:
    ship: str
    back: bool


@frozen
class ConditionEnded:
    ship: str
    position: str
    name: str


@frozen
class ConditionTaken:
    ship: str
    position: str
    name: str
    why: str


@frozen
class CrewBonusSet:
    ship: str
    position: str
    bonus: int


@frozen
class CrewHurt:
    """A crew member takes damage from a chart effect, with a DEX save for half (chart 2)."""

    ship: str
    position: str
    why: str
    faces: tuple[int, ...]
    d20: int
    dex: int
    dc: int
    saved: bool
    amount: int


@frozen
class SpaceOver:
    winner: str
    by_gm: bool = False


@frozen
class SpaceOptionSet:
    name: str
    value: str


@frozen
class Warning:
    text: str


@frozen
class PointDefenceReady:
    ship: str
    dice: int


@frozen
class PositionChanged:
    ship: str
    who: str
    position: str
    to: str
    arrives: bool
    """At the new post this round (rushed, or the Captain); else it takes the round."""
    d20: int = 0
    total: int = 0
    dc: int = 10
    """The Acrobatics DC: 10 to rush, 15 with life support damaged (chart 4)."""
    moved: bool = True
    """False: the Acrobatics check failed with gravity out and the crew member stays (chart 4)."""


@frozen
class ShipAdded:
    ship: str
    side: str
    hull: str
    """`small military`."""
    points: int
    bays: int
    crew: int


@frozen
class ShipEdited:
    ship: str
    changes: tuple[tuple[str, str, str], ...]
    """(what, old text, new text); a hard point or bay added has no old text, one removed no new."""


@frozen
class ShipRemoved:
    ship: str
