"""FuturePath events: what a command did, in the past tense; `log.py` turns them into lines."""

from __future__ import annotations

from combat_tui.core.records import frozen
from combat_tui.systems.futurepath.model import Declaration, TeamInitiative, Turn


@frozen
class GroundSetupOpened:
    present: tuple[str, ...]


@frozen
class GroundSetupCancelled:
    pass


@frozen
class PresenceSet:
    ref: str
    present: bool


@frozen
class AwarenessSet:
    ref: str
    aware: bool


@frozen
class InitiativeFixed:
    ref: str
    old: int
    new: int


@frozen
class GroupFixed:
    ref: str
    group: str


@frozen
class TeamInitiativeSet:
    team: str
    initiative: TeamInitiative


@frozen
class TeamInitiativeFixed:
    """Team Initiative with its breakdown, fixed at the start (R7)."""

    team: str
    initiative: TeamInitiative


@frozen
class TeamTieBroken:
    """How a Team Initiative tie was broken (R9, A9): `dex` (the highest DEX score), `dex-next`
    (the DEX scores in turn) or opposed `rolls` (team, d20, total)."""

    teams: tuple[str, ...]
    by: str
    rolls: tuple[tuple[str, int, int], ...] = ()


@frozen
class GroupsFormed:
    team: str
    vanguard: tuple[str, ...]
    rearguard: tuple[str, ...]


@frozen
class SurpriseRoundStarted:
    """Round 0 (R25): only the aware act; the unaware are flat-footed (R26)."""

    aware: tuple[str, ...]
    unaware: tuple[str, ...]
    joiners: bool = False
    """The stealthed joiners' own Round 0 (R22)."""


@frozen
class RoundStarted:
    round: int


@frozen
class PhaseStarted:
    round: int
    phase: str


@frozen
class AdvantagesListed:
    """The Advantages/Disadvantages phase (R28-R33): every source, by combatant."""

    sources: tuple[tuple[str, tuple[str, ...]], ...]
    environment: tuple[str, ...]


@frozen
class GroupTurnStarted:
    turn: Turn
    acting: tuple[str, ...]
    """Members who can act (Round 0: the aware only)."""
    round: int


@frozen
class GroupTurnEnded:
    turn: Turn


@frozen
class CounterTicked:
    ref: str
    name: str
    old: int
    new: int


@frozen
class CounterHeld:
    """A counter that did not go down: its bearer has not gone since it began (R66, A17),
    or it is Round 0 (A16)."""

    ref: str
    name: str
    rounds: int
    why: str


@frozen
class ConditionEnded:
    ref: str
    name: str


@frozen
class ConditionAdded:
    ref: str
    name: str
    rounds: int
    replaced: str = ""
    """The condition it replaced on the same track, or `reset` when a timer restarted."""


@frozen
class ConditionRemoved:
    ref: str
    name: str


@frozen
class JoinQueued:
    ref: str


@frozen
class Joined:
    ref: str
    team: str
    group: str
    new_team: bool = False
    surprise: bool = False


@frozen
class OptionSet:
    name: str
    old: str
    new: str
    default: str


@frozen
class OpposedRolled:
    rolls: tuple[tuple[str, int, int], ...]
    """(ref, d20, total) of every roll, rerolls included, in order."""
    winner: str


@frozen
class EnvironmentSet:
    name: str
    dice: int
    rolls: str


@frozen
class MarkedOut:
    ref: str
    reason: str


@frozen
class GroundFightEnded:
    """The end of combat (R70): `losers` is the team that is out, if the check found one."""

    losers: str
    leftovers: tuple[tuple[str, str, int], ...]
    """(ref, condition, rounds left) to resolve at once (R72)."""


@frozen
class Warning:
    """Something the GM should know but that is not refused (A12): `ref`'s label, then `text`."""

    ref: str
    text: str


@frozen
class ActionDeclared:
    declaration: Declaration


@frozen
class ActionWithdrawn:
    ref: str
    name: str


@frozen
class GroupCommitted:
    """Everyone committed (R64): the queue in resolution order (R60-R63)."""

    order: tuple[Declaration, ...]


@frozen
class ActionResolved:
    declaration: Declaration


@frozen
class FPAttackRolled:
    """An accuracy check and its judgement, with every number that went into it."""

    attacker: str
    target: str
    weapon: str
    d20: int
    sources: tuple[tuple[str, int, bool], ...]
    """(name, dice, cancelled) of every advantage source (R28-R31)."""
    net: int
    advantage_die: str
    advantage_rolls: tuple[int, ...]
    ability: str
    ability_mod: int
    accuracy: int
    flat: tuple[tuple[str, int], ...]
    total: int
    ac: int
    ac_kind: str
    tier: str
    extra_damage: int = 0
    forced: bool = False
    forbidden_by: str = ""


@frozen
class DamageRolled:
    """One damage roll of an attack: `what` is normal, minor, major, critical, extra 1, ..."""

    what: str
    faces: tuple[int, ...]
    dice: int
    static: int
    multiplier: int
    total: int


@frozen
class CritChainRolled:
    """ref: notes §2.3 — the d20 rolled again for a further Extra Damage on a critical."""

    index: int
    d20: int
    outcome: str
    """multiplied, unmultiplied (the rest too), or cancelled (the rest too)."""


@frozen
class FPDamageTaken:
    target: str
    amount: int
    dr: int
    taken: int
    hp: int
    damage_type: str = ""


@frozen
class FPHealed:
    target: str
    amount: int
    hp: int


@frozen
class GrenadeThrown:
    thrower: str
    faces: tuple[int, int]
    landed: str
    cook: str = ""
    """`` (not cooked), `cooked`, `harmless` (failed), `in hand` (critical failure)."""
    wis_d20: int = 0
    wis_total: int = 0
    feet: int = 0
    target: str = ""
    """The creature it is aimed at; empty when only a square is named."""
    reach: int = 0
    """The thrower's maximum range, shown when `feet` is given."""
    timed_by: str = ""
    """The creature whose group turn sets it off (A38); empty: the next turn of another team."""


@frozen
class GrenadeExploded:
    thrower: str
    landed: str
    when: str
    target: str = ""
    """The creature whose group turn set it off; empty for the square rule or in hand."""


@frozen
class DotTaken:
    """Damage over time at the start of the bearer's turn (Burning, Electrified, Bleeding)."""

    ref: str
    name: str
    faces: tuple[int, ...]


@frozen
class TrapRolled:
    ref: str
    what: str
    d20: int
    adv: tuple[int, ...]
    total: int
    dc: int
    outcome: str


@frozen
class LeftoverRound:
    ref: str
    name: str
    left: int
    cured: bool = False


@frozen
class CheckRolled:
    ref: str
    what: str
    """save or check."""
    ability: str
    d20: int
    sources: tuple[tuple[str, int, bool], ...]
    net: int
    advantage_die: str
    advantage_rolls: tuple[int, ...]
    ability_mod: int
    bonus: int
    total: int
    dc: int


@frozen
class CombatantAdded:
    """A new combatant, with what the GM checks at a glance (`weapons`: their lines)."""

    ref: str
    team: str
    hp: int
    ac: int
    initiative: int
    weapons: tuple[str, ...] = ()
    joins: bool = False
    """A ground fight is running: they are not in it until `join`."""


@frozen
class CombatantEdited:
    ref: str
    changes: tuple[tuple[str, str, str], ...]
    """(what, old text, new text) of every changed field; a weapon added has no old text, one
    removed no new text."""


@frozen
class CombatantRemoved:
    ref: str
    posts: tuple[tuple[str, str], ...] = ()
    """(ship, position) of the crew posts they held, now empty."""


@frozen
class Moved:
    """A Standard Move or a Bonus Move on the 5-ft grid: how far, how, of how far it could go."""

    ref: str
    feet: int
    mode: str
    """run, climb, swim or crawl."""
    allowance: int
    why: tuple[str, ...] = ()
    """What set the allowance apart from a plain run (half speed climbing, Entangled ...)."""
    bonus: bool = False
    total: int = 0
    """With a Bonus Move: the feet of both moves (the character is Sprinting)."""
    failed: bool = False
    """The GM's movement check failed: the move falls short and grants no Bonus Move."""


@frozen
class TeamAdded:
    team: str


@frozen
class AwarenessJudged:
    """Setup's awareness by Passive Perception against Stealth: who does not see whom."""

    unseen: tuple[tuple[str, tuple[str, ...]], ...]
    """(observer, the stealthed enemies their Passive Perception does not beat)."""
    unaware: tuple[str, ...]


@frozen
class TrapAdded:
    trap: str
    name: str
    trigger: str
    detection_dc: int
    save_dc: int
    what: str
    """What it does: its damage dice and type, or its conditions."""


@frozen
class TrapSpotted:
    """A Perception against a trap's detection DC (R85-R87): passive, or an active search."""

    ref: str
    trap: str
    search: bool
    d20: int
    total: int
    dc: int
    found: bool
    why: tuple[str, ...] = ()


@frozen
class TrapTriggered:
    trap: str
    by: str = ""
    faces: tuple[int, ...] = ()
    damage: int = 0
    """The blast's damage before any save halves it."""


@frozen
class TrapSaved:
    """One target's DEX ("Reflex") save against the trap (R92)."""

    ref: str
    d20: int
    total: int
    dc: int
    saved: bool


@frozen
class TrapDisarmed:
    trap: str
    ref: str
