"""Events: what a command did, in the past tense. The rule system turns them into log lines."""

from __future__ import annotations

from attrs import frozen

from .dice import Roll


@frozen
class SetupOpened:
    party: tuple[str, ...]
    foes: tuple[str, ...]


@frozen
class InitiativeRoll:
    ref: str
    d20: int
    modifier: int
    value: int
    d20s: tuple[int, ...] = ()
    mode: str = ""
    slants: tuple = ()
    origin: str = "tray"


@frozen
class InitiativeRolled:
    rolls: tuple[InitiativeRoll, ...]


@frozen
class SetupCancelled:
    pass


@frozen
class SurpriseSet:
    ref: str
    surprised: bool


@frozen
class Surprised:
    """At Start: the combatant is surprised and wears the Surprised chip."""

    ref: str


@frozen
class Parleyed:
    foes: tuple[str, ...]


@frozen
class InitiativeSet:
    ref: str
    old: int
    new: int


@frozen
class FightStarted:
    order: tuple[str, ...]


@frozen
class TurnStarted:
    ref: str
    round: int
    new_round: bool = False


@frozen
class TurnReverted:
    ref: str
    round: int


@frozen
class AttackRolled:
    attacker: str
    target: str
    weapon: str
    d20s: tuple[int, ...]
    kept: int
    mode: str
    ability: str
    ability_mod: int
    proficiency: int
    proficient: bool
    total: int
    ac: int
    hit: bool
    critical: bool
    natural: str
    """The natural roll when it decided the outcome (`20`, `19` for a Champion, `1`), else empty."""
    crit_feature: str = ""
    """The feature that widened the critical range (Improved Critical), if it mattered."""
    slants: tuple = ()
    """The advantage.Slant of every source, the cancelled ones too."""
    origin: str = "tray"
    """How the mode was decided: auto, chosen, tray or cancel (advantage.Resolved)."""
    reach: str = ""
    """`long range`, `thrown`, `thrown, long range`, or empty for a plain swing or shot."""
    auto_crit: str = ""
    """The target's condition that made a melee hit critical (Paralyzed, Unconscious)."""
    bless: int = 0
    """The face of a Bless chip's d4, added to the total (0: no Bless)."""


@frozen
class DamageRolled:
    target: str
    weapon: str
    rolls: tuple[Roll, ...]
    modifier: int
    ability: str
    amount: int
    damage_type: str
    critical: bool
    extra: str = ""
    """Extra critical dice that do not double, as the log names them (`+2d12`)."""


@frozen
class DamageApplied:
    target: str
    amount: int
    absorbed: int
    hp_before: int
    hp_after: int
    damage_type: str = ""
    dealt: int = 0
    """The amount before defenses."""
    defenses: tuple[str, ...] = ()
    """Each defense that changed the damage, as the log names it."""


@frozen
class Healed:
    target: str
    amount: int
    hp_before: int
    hp_after: int
    woke: bool = False
    """The heal took off Unconscious (Prone stays until removed)."""
    exhaustion_lowered: bool = False
    """A creature brought back from exhaustion 6 drops to 5."""


@frozen
class CombatantDefeated:
    ref: str


@frozen
class CharacterDying:
    ref: str
    chips: tuple[str, ...] = ()
    """The chips the drop added (Unconscious, Prone)."""


@frozen
class DeathSaveRolled:
    ref: str
    d20: int
    success: bool
    successes: int
    failures: int
    bless: int = 0


@frozen
class DeathSaveFailedByDamage:
    ref: str
    failures_added: int
    failures: int


@frozen
class CharacterStabilized:
    ref: str
    by_roll: bool = False


@frozen
class CharacterRevived:
    """A natural 20 on a death save: 1 HP and awake."""

    ref: str


@frozen
class CharacterDied:
    ref: str
    reason: str
    """`saves` (three failures), `massive` (massive damage) or `exhaustion` (level 6)."""


@frozen
class HealRefused:
    ref: str
    reason: str


@frozen
class FightEnded:
    xp_offered: int
    xp_awarded: int
    share: int
    leftover: int
    receivers: tuple[str, ...]
    party_lost: bool


@frozen
class ChipAdded:
    ref: str
    name: str
    rounds: int
    until_turn_of: str
    result: str
    """added, replaced (the new chip lasts longer) or kept (the old one lasts as long)."""


@frozen
class ChipRemoved:
    ref: str
    name: str
    count: int


@frozen
class ChipsEnded:
    """Chips that ran out: their rounds (`rounds`) or a turn boundary (`turn`)."""

    ref: str
    names: tuple[str, ...]
    why: str


@frozen
class ExhaustionSet:
    ref: str
    old: int
    new: int


@frozen
class SaveRolled:
    ref: str
    ability: str
    d20s: tuple[int, ...]
    kept: int
    mode: str
    bonus: int
    total: int
    slants: tuple = ()
    origin: str = "tray"
    auto_fail: str = ""
    """The condition that failed the save without a roll."""
    bless: int = 0


@frozen
class CheckRolled:
    ref: str
    name: str
    d20s: tuple[int, ...]
    kept: int
    mode: str
    bonus: int
    total: int
    slants: tuple = ()
    origin: str = "tray"


@frozen
class TrayModeSet:
    old: str
    new: str


@frozen
class SpellCast:
    caster: str
    spell: str
    slot: int
    """The slot level spent (0: a cantrip, or no slot)."""
    targets: tuple[str, ...]
    option: str = ""


@frozen
class SpellAttackRolled:
    caster: str
    target: str
    spell: str
    d20s: tuple[int, ...]
    kept: int
    mode: str
    bonus: int
    total: int
    ac: int
    hit: bool
    critical: bool
    slants: tuple = ()
    origin: str = "tray"
    bless: int = 0


@frozen
class SpellDamageRolled:
    """A spell's damage (or healing, or Sleep's pool) roll; `target` empty for an area."""

    target: str
    spell: str
    rolls: tuple[Roll, ...]
    amount: int
    damage_type: str
    critical: bool
    note: str = ""


@frozen
class SpellSaveRolled:
    ref: str
    spell: str
    ability: str
    d20s: tuple[int, ...]
    kept: int
    mode: str
    bonus: int
    total: int
    dc: int
    success: bool
    slants: tuple = ()
    origin: str = "auto"
    auto_fail: str = ""
    bless: int = 0


@frozen
class SpellNoEffect:
    ref: str
    why: str


@frozen
class CharacterRaised:
    """Revivify or Raise Dead: back at 1 HP, the tracker cleared."""

    ref: str


@frozen
class ChipDamage:
    """A chip's damage at the end of its holder's turn (or owed when the fight ends)."""

    ref: str
    chip: str
    rolls: tuple[Roll, ...]
    amount: int
    damage_type: str
    owed: bool = False


Event = (
    SetupOpened
    | InitiativeRolled
    | SetupCancelled
    | Parleyed
    | SurpriseSet
    | Surprised
    | InitiativeSet
    | FightStarted
    | TurnStarted
    | TurnReverted
    | AttackRolled
    | DamageRolled
    | DamageApplied
    | Healed
    | CombatantDefeated
    | CharacterDying
    | DeathSaveRolled
    | DeathSaveFailedByDamage
    | CharacterStabilized
    | CharacterRevived
    | CharacterDied
    | HealRefused
    | FightEnded
    | ChipAdded
    | ChipRemoved
    | ChipsEnded
    | ExhaustionSet
    | SaveRolled
    | CheckRolled
    | TrayModeSet
    | SpellCast
    | SpellAttackRolled
    | SpellDamageRolled
    | SpellSaveRolled
    | SpellNoEffect
    | CharacterRaised
    | ChipDamage
)
