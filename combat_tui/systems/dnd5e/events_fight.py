"""Events of attacks, damage, healing and death."""

from __future__ import annotations

from combat_tui.core.dice import Roll
from combat_tui.core.records import frozen


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
    use: str = ""
    """What paid for the swing when not the Attack action: `off-hand`, `opportunity attack`,
    `legendary action 2 of 3`."""
    cover: int = 0
    """Cover's bonus to the AC (2 half, 5 three-quarters); `ac` includes it."""
    bonus: int = 0
    """The weapon's `to_hit_bonus` (a +1 weapon, the rest of a stat block's printed to-hit); `total`
    includes it."""
    shield: int = 0
    """The AC a Shield cast against this hit added (`ac` includes it); 0: none was cast."""


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
    riders: tuple[str, ...] = ()
    """Damage riders the hit added, as the log names them (`Rage +2`, `Sneak Attack +3d6`)."""


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
