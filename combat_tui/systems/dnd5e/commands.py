"""The 5e commands: every mutation of a 5e campaign as data (a `kind` tag, ids and numbers).

A command is built by a screen, the `:` prompt, the palette or a script line, and only
`Session.execute` carries it out; a rule refuses one with `core.command.CommandRejected`.
`KINDS` lists them all by kind, so the journal reads them back.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from attrs import frozen

from combat_tui.core.command import CommandKinds
from combat_tui.systems.dnd5e.model import CreatureAction

RollMode = Literal["", "adv", "dis", "normal"]
"""Auto (empty: the rules and the dice tray decide), or the GM's Advantage, Disadvantage, Normal."""


@frozen
class OpenSetup:
    """Open combat setup with its default lists and roll initiative for everyone on them."""

    kind: ClassVar[str] = "setup"


@frozen
class CancelSetup:
    """Close setup without a fight."""

    kind: ClassVar[str] = "cancel-setup"


@frozen
class SetInitiative:
    """Set one combatant's initiative (in setup, or the GM's fix during a fight)."""

    kind: ClassVar[str] = "init"
    ref: str
    value: int


@frozen
class Parley:
    """Settle the encounter in setup without a fight: the foes stand down and turn neutral."""

    kind: ClassVar[str] = "parley"


@frozen
class SetSurprised:
    """Tick or clear a combatant's Surprised box in setup."""

    kind: ClassVar[str] = "surprised"
    ref: str
    surprised: bool = True


@frozen
class StartFight:
    """Start the fight from setup (opening setup first if it is not open)."""

    kind: ClassVar[str] = "start"


@frozen
class NextTurn:
    kind: ClassVar[str] = "next"


@frozen
class PrevTurn:
    kind: ClassVar[str] = "prev"


@frozen
class Attack:
    """A weapon attack: one d20 against the target's AC, damage on a hit."""

    kind: ClassVar[str] = "attack"
    attacker: str
    target: str
    weapon: str
    mode: RollMode = ""
    thrown: bool = False
    """A thrown weapon thrown (a ranged attack) rather than swung."""
    long_range: bool = False
    """The target is past the weapon's normal range (disadvantage)."""
    two_handed: bool = False
    """A versatile weapon held in two hands (its larger damage die)."""
    use: Literal["", "offhand", "opportunity", "legendary"] = ""
    """What pays for the swing: the Attack action (empty), the bonus action (an off-hand swing),
    the reaction (an opportunity attack) or a legendary action."""
    ignore_cost: bool = False
    """Swing although the turn cannot pay for it (a rule the app does not model)."""
    cover: int = 0
    """The target's cover: 2 (half) or 5 (three-quarters)."""
    sneak: bool = False
    """Add Sneak Attack's dice on a hit (the GM states its condition was met)."""
    pack: bool = False
    """Pack Tactics: an ally of the attacker is within 5 feet of the target."""
    redirect: str = ""
    """The ally a Redirect Attack swaps in as the target (before the roll)."""


@frozen
class ApplyDamage:
    """The GM's damage; an empty `damage_type` means untyped, so no defense applies."""

    kind: ClassVar[str] = "damage"
    target: str
    amount: int
    damage_type: str = ""


@frozen
class Heal:
    kind: ClassVar[str] = "heal"
    target: str
    amount: int


@frozen
class RollDeathSave:
    """A dying character's death save, on its own turn, once per turn."""

    kind: ClassVar[str] = "deathsave"
    ref: str


@frozen
class Stabilize:
    """Stabilize a dying character without a roll (an ally's Medicine check, Spare the Dying)."""

    kind: ClassVar[str] = "stabilize"
    ref: str


@frozen
class EndFight:
    """End the fight and award XP: the offered amount when `award` is negative."""

    kind: ClassVar[str] = "end"
    award: int = -1
    fates: tuple[tuple[str, str], ...] = ()
    """(foe, `fled` or `captured`) for hostile foes still standing; the rest stay hostile."""
    loot: tuple[str, ...] = ()
    """Keys of the ticked loot items (`goblin-2/weapons/0`, see `ending.loot_items`)."""
    loot_to: str = ""
    """The character that takes the ticked items."""
    gold: int = -1
    """Total gp split among the living characters: the coins found on the foes when negative."""


@frozen
class AddChip:
    """Put a chip (a condition or any note) on a combatant: for `rounds` rounds (0: until
    removed), or until the start of `until_turn_of`'s next turn."""

    kind: ClassVar[str] = "chip"
    ref: str
    name: str
    rounds: int = 0
    until_turn_of: str = ""
    caster: str = ""


@frozen
class RemoveChip:
    """Take chips called `name` off a combatant: every caster's, or only `caster`'s."""

    kind: ClassVar[str] = "unchip"
    ref: str
    name: str
    caster: str | None = None


@frozen
class SetExhaustion:
    kind: ClassVar[str] = "exhaustion"
    ref: str
    level: int


@frozen
class RollSave:
    """A saving throw from the character sheet; `ability` is a full ability name."""

    kind: ClassVar[str] = "save"
    ref: str
    ability: str
    mode: RollMode = ""


@frozen
class RollCheck:
    """An ability or skill check from the character sheet (`stealth`, `strength`)."""

    kind: ClassVar[str] = "check"
    ref: str
    name: str
    mode: RollMode = ""


@frozen
class Cast:
    """Cast a spell of the app's list on targets, at a slot level (0: the lowest that is left)."""

    kind: ClassVar[str] = "cast"
    caster: str
    spell: str
    level: int = 0
    targets: tuple[str, ...] = ()
    mode: RollMode = ""
    """The roll mode of a spell attack, or of every target's save."""
    ignore_armor: bool = False
    """Cast although the caster wears armor it is not proficient with."""
    option: str = ""
    """The damage type a caster picks (Protection from Energy)."""
    ignore_cost: bool = False
    """Cast although the turn cannot pay for it, or its casting time is longer than a turn."""
    resist: tuple[str, ...] = ()
    """Targets that spend a legendary resistance to succeed if they fail the save."""
    repeat: bool = False
    """Hunter's Mark's Repeat (no slot): move the caster's mark to the target."""
    redirect: str = ""
    """The ally a Redirect Attack swaps in as the spell attack's target (before the roll)."""


@frozen
class TogglePip:
    """Press a pip: mark the action, bonus action or reaction used, or free again."""

    kind: ClassVar[str] = "pip"
    ref: str
    pip: Literal["action", "bonus", "reaction"]
    used: bool


@frozen
class TakeAction:
    """A standard action (Dash, Disengage, Dodge, Help, Hide, Ready, Search, Use an Object);
    `bonus` takes it as a Cunning Action."""

    kind: ClassVar[str] = "action"
    ref: str
    action: str
    bonus: bool = False


@frozen
class SecondWind:
    kind: ClassVar[str] = "secondwind"
    ref: str


@frozen
class ActionSurge:
    kind: ClassVar[str] = "surge"
    ref: str


@frozen
class Rage:
    kind: ClassVar[str] = "rage"
    ref: str


@frozen
class TakeRest:
    """The party rests: class pools, and on a long rest legendary resistance, come back."""

    kind: ClassVar[str] = "rest"
    length: Literal["short", "long"]


@frozen
class TurnUndead:
    """Channel Divinity: Turn Undead on the ticked undead (ref: Action, bonus action, and reaction)."""

    kind: ClassVar[str] = "turn-undead"
    ref: str
    targets: tuple[str, ...]
    resist: tuple[str, ...] = ()


@frozen
class PreserveLife:
    """Channel Divinity: Preserve Life, HP shared out as (ally, amount) pairs."""

    kind: ClassVar[str] = "preserve"
    ref: str
    shares: tuple[tuple[str, int], ...]


@frozen
class UseCreatureAction:
    """A creature's save action (Cold Breath) on targets; it costs the Action."""

    kind: ClassVar[str] = "use"
    ref: str
    action: str
    targets: tuple[str, ...]
    mode: RollMode = ""
    ignore_cost: bool = False
    resist: tuple[str, ...] = ()


@frozen
class SetTrayMode:
    """The dice tray's d20 mode, used by rolls that nothing slants."""

    kind: ClassVar[str] = "tray"
    mode: Literal["normal", "adv", "dis"]


# -- setup's lists and Stealth contest (issue 5)


@frozen
class SetSneakers:
    """Setup's Who sneaks: none, party, foes or both."""

    kind: ClassVar[str] = "sneak"
    who: str


@frozen
class SetStealth:
    """Type a sneaker's Stealth total (None clears it); the contest runs again."""

    kind: ClassVar[str] = "stealth"
    ref: str
    total: int | None


@frozen
class RollStealth:
    """Roll Stealth for every sneaker row that has no total; the contest runs again."""

    kind: ClassVar[str] = "roll-stealth"


@frozen
class JoinFight:
    """Tick Join for characters elsewhere or nearby foes in setup, or Add to fight while it runs."""

    kind: ClassVar[str] = "join-fight"
    refs: tuple[str, ...]


@frozen
class UnjoinFight:
    """Untick Join in setup."""

    kind: ClassVar[str] = "unjoin-fight"
    ref: str


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


# -- the world around a fight (issue 5, item 1): outside the union above, registered by kind


@frozen
class MoveParty:
    """Walk the party `steps` tiles in one direction (`dx`, `dy` each -1, 0 or 1; y grows south)."""

    kind: ClassVar[str] = "move"
    dx: int
    dy: int
    steps: int = 1


@frozen
class MovePartyTo:
    """Walk the party tile by tile to `x`, `y` on its map (diagonal steps first)."""

    kind: ClassVar[str] = "move-to"
    x: int
    y: int


@frozen
class SetDisposition:
    kind: ClassVar[str] = "disposition"
    ref: str
    disposition: Literal["hostile", "neutral", "friendly"]


@frozen
class PlaceCreature:
    """Put a creature on a tile; an empty `map` keeps its map."""

    kind: ClassVar[str] = "place"
    ref: str
    x: int
    y: int
    map: str = ""


@frozen
class SetCreatureHp:
    """The creature dialog's HP field: the GM sets the HP, no damage rule applies."""

    kind: ClassVar[str] = "hp"
    ref: str
    hp: int


@frozen
class DeleteCreature:
    kind: ClassVar[str] = "delete"
    ref: str


@frozen
class SplitCharacter:
    """Split a character off from the party to a tile (an empty `map`: the party's map)."""

    kind: ClassVar[str] = "split"
    ref: str
    x: int
    y: int
    map: str = ""


@frozen
class RejoinParty:
    kind: ClassVar[str] = "rejoin"
    ref: str


WORLD_COMMANDS = (MoveParty, MovePartyTo, SetDisposition, PlaceCreature, SetCreatureHp, DeleteCreature,
                  SplitCharacter, RejoinParty)  # fmt: skip
KINDS.add(*WORLD_COMMANDS)


# -- the creature dialog's action editor (issue 6, item 10)


@frozen
class SetCreatureAction:
    """Add (`index` -1) or change a creature's save action (ref: Creature actions)."""

    kind: ClassVar[str] = "creature-action"
    ref: str
    index: int
    action: CreatureAction


@frozen
class RemoveCreatureAction:
    kind: ClassVar[str] = "creature-action-remove"
    ref: str
    index: int


KINDS.add(SetCreatureAction, RemoveCreatureAction)
