"""Events: what a command did, in the past tense. The rule system turns them into log lines."""

from __future__ import annotations

from attrs import frozen

from combat_tui.core.dice import Roll
from combat_tui.systems.dnd5e.model import CreatureAction
from combat_tui.core.maps import Tile


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
    use: str = ""
    """What paid for the swing when not the Attack action: `off-hand`, `opportunity attack`,
    `legendary action 2 of 3`."""
    cover: int = 0
    """Cover's bonus to the AC (2 half, 5 three-quarters); `ac` includes it."""


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


@frozen
class PipToggled:
    """A pip pressed by hand: `pip` is action, bonus or reaction."""

    ref: str
    pip: str
    used: bool


@frozen
class ActionTaken:
    """A standard action (Dash, Dodge ...), as a bonus action for Cunning Action."""

    ref: str
    action: str
    bonus: bool = False


@frozen
class SecondWindUsed:
    ref: str
    roll: Roll
    level: int
    hp_before: int
    hp_after: int


@frozen
class ActionSurged:
    ref: str
    uses_left: int


@frozen
class RageStarted:
    ref: str
    bonus: int
    uses_left: int
    feral: bool = False
    """Feral Instinct: a surprised barbarian acts on its first turn because it rages first."""


@frozen
class RestTaken:
    kind: str
    """`short` or `long`."""
    recovered: tuple[tuple[str, str], ...]
    """(actor ref, what came back) pairs."""


@frozen
class ChannelDivinityUsed:
    ref: str
    feature: str
    uses_left: int


@frozen
class UndeadDestroyed:
    ref: str
    challenge: str


@frozen
class ConditionImmune:
    """A failed save's condition did not land: the target is immune, its chips stay."""

    ref: str
    condition: str


@frozen
class AttackRedirected:
    creature: str
    ally: str


@frozen
class LegendaryResistanceUsed:
    ref: str
    left: int


@frozen
class ActionRecharge:
    """A spent creature action's recharge d6 at the start of its turn."""

    ref: str
    action: str
    face: int
    needed: int
    ready: bool


@frozen
class ActionsReadied:
    """The end of a fight: every spent creature action is ready again."""

    refs: tuple[str, ...]


@frozen
class CreatureActionUsed:
    ref: str
    action: str
    targets: tuple[str, ...]


@frozen
class CreatureActionSet:
    """The action editor added (`old` None) or changed a creature's save action."""

    ref: str
    old: CreatureAction | None
    new: CreatureAction


@frozen
class CreatureActionRemoved:
    ref: str
    action: CreatureAction


# -- setup's lists and Stealth contest, and the End combat dialog's fates, loot and coins (issue 5)


@frozen
class SneakersSet:
    old: str
    new: str


@frozen
class StealthSet:
    """A Stealth total typed in a sneaker row (None: cleared)."""

    ref: str
    old: int | None
    new: int | None


@frozen
class StealthOutcome:
    """At Start: one side's contest, as its outcome line reads."""

    side: str
    totals: tuple[tuple[str, int], ...]
    surprised: tuple[str, ...]


@frozen
class FightJoined:
    """Combatants brought in from the lists of setup, or added to a running fight."""

    refs: tuple[str, ...]
    running: bool = False


@frozen
class JoinUndone:
    ref: str


@frozen
class FatesSettled:
    """ref: Combat screen — each hostile foe still standing at the end: fled, captured, still hostile."""

    fates: tuple[tuple[str, str], ...]


@frozen
class LootTaken:
    to: str
    items: tuple[str, ...]
    """As the dialog lists them: `Scimitar (Goblin 2)`."""


@frozen
class GoldSplit:
    total: int
    share: int
    leftover: int
    receivers: tuple[str, ...]


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
    | SneakersSet
    | StealthSet
    | StealthOutcome
    | FightJoined
    | JoinUndone
    | FatesSettled
    | LootTaken
    | GoldSplit
    | PipToggled
    | ActionTaken
    | SecondWindUsed
    | ActionSurged
    | RageStarted
    | RestTaken
    | ChannelDivinityUsed
    | UndeadDestroyed
    | ConditionImmune
    | AttackRedirected
    | LegendaryResistanceUsed
    | ActionRecharge
    | ActionsReadied
    | CreatureActionUsed
)


# -- the world around a fight (issue 5, item 1)


@frozen
class PartyMoved:
    start: Tile
    end: Tile
    steps: int
    joined: tuple[str, ...] = ()
    """Split-off characters the party walked onto: they are with it again."""


@frozen
class EncounterFound:
    """The party stopped next to live hostile creatures, with no fight running: Encounter!"""

    foes: tuple[str, ...]


@frozen
class FightOutOfRange:
    """ref: Ending a fight — no creature of the fight near the party, no hostile one in range."""

    nearby_range: int


@frozen
class DispositionSet:
    ref: str
    old: str
    new: str


@frozen
class CreaturePlaced:
    ref: str
    old: Tile
    new: Tile


@frozen
class CreatureHpSet:
    ref: str
    old: int
    new: int


@frozen
class CreatureDeleted:
    ref: str
    name: str
    tile: Tile


@frozen
class CharacterSplit:
    ref: str
    tile: Tile


@frozen
class CharacterRejoined:
    ref: str
    tile: Tile
