"""The 5e commands: every mutation of a 5e campaign as data (a `kind` tag, ids and numbers).

A command is built by a screen, the `:` prompt, the palette or a script line, and only
`Session.execute` carries it out; a rule refuses one with `core.command.CommandRejected`.
`KINDS` lists them all by kind, so the journal reads them back.

Each rule area keeps its commands in a module beside this one: `commands_setup.py` (setup, the
turn order, the end of a fight), `commands_fight.py` (attacks, damage, chips, checks),
`commands_turn.py` (spells, the turn economy, class features, creature actions) and
`commands_world.py`; this module is their one public face.
"""

from __future__ import annotations

from combat_tui.core.command import CommandKinds
from combat_tui.systems.dnd5e.commands_build import (
    BUILD_COMMANDS,
    AddCharacter,
    AddCreature,
    DeleteCharacter,
    DeleteTemplate,
    EditActor,
    EditTemplate,
    Equip,
    ImportCharacters,
    ImportTemplates,
    LevelUp,
    SaveTemplate,
    SpawnCreatures,
    Unequip,
)
from combat_tui.systems.dnd5e.commands_fight import (
    AddChip,
    ApplyDamage,
    Attack,
    Heal,
    RemoveChip,
    RollCheck,
    RollDeathSave,
    RollMode,
    RollSave,
    SetExhaustion,
    SetTrayMode,
    Stabilize,
)
from combat_tui.systems.dnd5e.commands_setup import (
    CancelSetup,
    EndFight,
    JoinFight,
    NextTurn,
    OpenSetup,
    Parley,
    PrevTurn,
    RollStealth,
    SetInitiative,
    SetSneakers,
    SetStealth,
    SetSurprised,
    StartFight,
    UnjoinFight,
)
from combat_tui.systems.dnd5e.commands_tools import TOOL_COMMANDS, HoldTurn, RenameCombatant, ResumeTurn, SetNote
from combat_tui.systems.dnd5e.commands_turn import (
    ActionSurge,
    Cast,
    PreserveLife,
    Rage,
    RemoveCreatureAction,
    SecondWind,
    SetCreatureAction,
    TakeAction,
    TakeRest,
    TogglePip,
    TurnUndead,
    UseCreatureAction,
)
from combat_tui.systems.dnd5e.commands_world import (
    WORLD_COMMANDS,
    DeleteCreature,
    MoveParty,
    MovePartyTo,
    PlaceCreature,
    RejoinParty,
    SetCreatureHp,
    SetDisposition,
    SplitCharacter,
)

Command = (
    OpenSetup
    | CancelSetup
    | Parley
    | SetSurprised
    | SetInitiative
    | StartFight
    | NextTurn
    | PrevTurn
    | Attack
    | ApplyDamage
    | Heal
    | RollDeathSave
    | Stabilize
    | EndFight
    | AddChip
    | RemoveChip
    | SetExhaustion
    | RollSave
    | RollCheck
    | SetTrayMode
    | Cast
    | TogglePip
    | TakeAction
    | SecondWind
    | ActionSurge
    | Rage
    | TakeRest
    | TurnUndead
    | PreserveLife
    | UseCreatureAction
    | SetSneakers
    | SetStealth
    | RollStealth
    | JoinFight
    | UnjoinFight
)
COMMAND_TYPES: tuple[type, ...] = Command.__args__  # type: ignore[attr-defined]
KINDS = CommandKinds(*COMMAND_TYPES)
"""Every 5e command class by its kind; the world and action-editor commands are added below."""

# The world's commands (issue 5, item 1) and the action editor's (issue 6, item 10) are outside
# the `Command` union: they are registered by kind after it.
KINDS.add(*WORLD_COMMANDS)
KINDS.add(SetCreatureAction, RemoveCreatureAction)
KINDS.add(*BUILD_COMMANDS)  # a GM's own table (issue 13)
KINDS.add(*TOOL_COMMANDS)  # the GM's turn tools: hold, resume, rename, note

__all__ = [
    "AddCharacter",
    "AddCreature",
    "BUILD_COMMANDS",
    "DeleteCharacter",
    "DeleteTemplate",
    "EditActor",
    "EditTemplate",
    "Equip",
    "ImportCharacters",
    "ImportTemplates",
    "LevelUp",
    "SaveTemplate",
    "SpawnCreatures",
    "Unequip",
    "ActionSurge",
    "AddChip",
    "ApplyDamage",
    "Attack",
    "COMMAND_TYPES",
    "CancelSetup",
    "Cast",
    "Command",
    "DeleteCreature",
    "EndFight",
    "Heal",
    "JoinFight",
    "KINDS",
    "MoveParty",
    "MovePartyTo",
    "NextTurn",
    "OpenSetup",
    "Parley",
    "PlaceCreature",
    "PreserveLife",
    "PrevTurn",
    "Rage",
    "RejoinParty",
    "RemoveChip",
    "RemoveCreatureAction",
    "RollCheck",
    "RollDeathSave",
    "RollMode",
    "RollSave",
    "RollStealth",
    "SecondWind",
    "SetCreatureAction",
    "SetCreatureHp",
    "SetDisposition",
    "SetExhaustion",
    "SetInitiative",
    "SetSneakers",
    "SetStealth",
    "SetSurprised",
    "SetTrayMode",
    "SplitCharacter",
    "Stabilize",
    "StartFight",
    "TakeAction",
    "TakeRest",
    "TogglePip",
    "TurnUndead",
    "UnjoinFight",
    "UseCreatureAction",
    "WORLD_COMMANDS",
    "TOOL_COMMANDS",
    "HoldTurn",
    "RenameCombatant",
    "ResumeTurn",
    "SetNote",
]
