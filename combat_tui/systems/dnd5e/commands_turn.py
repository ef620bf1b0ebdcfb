"""The 5e commands of spells, the turn economy, class features and what monsters do (issue 6),
with the creature dialog's action editor (issue 6, item 10)."""

from __future__ import annotations

from typing import ClassVar, Literal

from combat_tui.core.records import frozen
from combat_tui.systems.dnd5e.commands_fight import RollMode
from combat_tui.systems.dnd5e.model import CreatureAction


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
    react: tuple[str, ...] = ()
    """The Reaction dialogs' answers, (the combatant's ref, the spell it casts) pairs in one flat
    tuple: `react NAME SPELL`, once per dialog. Empty declines every dialog the cast opens
    (reaction_spells, resist_spells)."""
    sculpt: tuple[str, ...] = ()
    """An evoker's Sculpt Spells: the targets that succeed on the save automatically and take no
    damage where a success takes half (2014 PHB, School of Evocation)."""


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
    """The party rests: class pools, and on a long rest HP, hit dice, spell slots and legendary
    resistance, come back; on a short rest the characters named in `spend` spend hit dice."""

    kind: ClassVar[str] = "rest"
    length: Literal["short", "long"]
    spend: tuple[tuple[str, int], ...] = ()
    """(character, hit dice to spend) pairs of a short rest."""


@frozen
class EndConcentration:
    """The GM ends a caster's concentration: its spell ends on every target."""

    kind: ClassVar[str] = "concentration"
    ref: str


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
