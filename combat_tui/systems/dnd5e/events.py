"""Events: what a command did, in the past tense. The rule system turns them into log lines.

Each rule area keeps its events in a module beside this one (`events_setup.py`, `events_fight.py`,
`events_chips.py`, `events_spells.py`, `events_turn.py`, `events_ending.py`, `events_world.py`);
this module is their one public face, so the rules and screens import every event from here.
"""

from __future__ import annotations

from combat_tui.systems.dnd5e.events_build import (
    ActorEdited,
    CharacterAdded,
    CharacterDeleted,
    CharactersImported,
    CreaturesSpawned,
    ItemEquipped,
    ItemUnequipped,
    LevelGained,
    TemplateDeleted,
    TemplateEdited,
    TemplateSaved,
    TemplatesImported,
)
from combat_tui.systems.dnd5e.events_chips import (
    CheckRolled,
    ChipAdded,
    ChipDamage,
    ChipRemoved,
    ChipsEnded,
    ConditionImmune,
    ExhaustionSet,
    SaveRolled,
    TrayModeSet,
)
from combat_tui.systems.dnd5e.events_ending import (
    FatesSettled,
    FightEnded,
    GoldSplit,
    LootTaken,
)
from combat_tui.systems.dnd5e.events_fight import (
    AttackRolled,
    CharacterDied,
    CharacterDying,
    CharacterRevived,
    CharacterStabilized,
    CombatantDefeated,
    DamageApplied,
    DamageRolled,
    DeathSaveFailedByDamage,
    DeathSaveRolled,
    Healed,
    HealRefused,
)
from combat_tui.systems.dnd5e.events_setup import (
    FightJoined,
    FightStarted,
    InitiativeRoll,
    InitiativeRolled,
    InitiativeSet,
    JoinUndone,
    Parleyed,
    SetupCancelled,
    SetupOpened,
    SneakersSet,
    StealthOutcome,
    StealthSet,
    Surprised,
    SurpriseSet,
    TurnReverted,
    TurnStarted,
)
from combat_tui.systems.dnd5e.events_spells import (
    CharacterRaised,
    ReactionOffered,
    SpellAttackRolled,
    SpellCast,
    SpellDamageRolled,
    SpellNoEffect,
    SpellSaveRolled,
)
from combat_tui.systems.dnd5e.events_tools import CombatantRenamed, NoteSet, TurnHeld, TurnResumed
from combat_tui.systems.dnd5e.events_turn import (
    ActionRecharge,
    ActionsReadied,
    ActionSurged,
    ActionTaken,
    AttackRedirected,
    ChannelDivinityUsed,
    CreatureActionRemoved,
    CreatureActionSet,
    CreatureActionUsed,
    LegendaryResistanceUsed,
    PipToggled,
    RageStarted,
    RestTaken,
    SecondWindUsed,
    UndeadDestroyed,
)
from combat_tui.systems.dnd5e.events_world import (
    CharacterRejoined,
    CharacterSplit,
    CreatureDeleted,
    CreatureHpSet,
    CreaturePlaced,
    DispositionSet,
    EncounterFound,
    FightOutOfRange,
    PartyMoved,
)

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
    | ReactionOffered
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
"""Every event of a fight; the world's events and the action editor's are not in it."""

__all__ = [
    "CombatantRenamed",
    "NoteSet",
    "TurnHeld",
    "TurnResumed",
    "ReactionOffered",
    "ActorEdited",
    "CharacterAdded",
    "CharacterDeleted",
    "CharactersImported",
    "CreaturesSpawned",
    "ItemEquipped",
    "ItemUnequipped",
    "LevelGained",
    "TemplateDeleted",
    "TemplateEdited",
    "TemplateSaved",
    "TemplatesImported",
    "ActionRecharge",
    "ActionSurged",
    "ActionTaken",
    "ActionsReadied",
    "AttackRedirected",
    "AttackRolled",
    "ChannelDivinityUsed",
    "CharacterDied",
    "CharacterDying",
    "CharacterRaised",
    "CharacterRejoined",
    "CharacterRevived",
    "CharacterSplit",
    "CharacterStabilized",
    "CheckRolled",
    "ChipAdded",
    "ChipDamage",
    "ChipRemoved",
    "ChipsEnded",
    "CombatantDefeated",
    "ConditionImmune",
    "CreatureActionRemoved",
    "CreatureActionSet",
    "CreatureActionUsed",
    "CreatureDeleted",
    "CreatureHpSet",
    "CreaturePlaced",
    "DamageApplied",
    "DamageRolled",
    "DeathSaveFailedByDamage",
    "DeathSaveRolled",
    "DispositionSet",
    "EncounterFound",
    "Event",
    "ExhaustionSet",
    "FatesSettled",
    "FightEnded",
    "FightJoined",
    "FightOutOfRange",
    "FightStarted",
    "GoldSplit",
    "HealRefused",
    "Healed",
    "InitiativeRoll",
    "InitiativeRolled",
    "InitiativeSet",
    "JoinUndone",
    "LegendaryResistanceUsed",
    "LootTaken",
    "Parleyed",
    "PartyMoved",
    "PipToggled",
    "RageStarted",
    "RestTaken",
    "SaveRolled",
    "SecondWindUsed",
    "SetupCancelled",
    "SetupOpened",
    "SneakersSet",
    "SpellAttackRolled",
    "SpellCast",
    "SpellDamageRolled",
    "SpellNoEffect",
    "SpellSaveRolled",
    "StealthOutcome",
    "StealthSet",
    "SurpriseSet",
    "Surprised",
    "TrayModeSet",
    "TurnReverted",
    "TurnStarted",
    "UndeadDestroyed",
]
