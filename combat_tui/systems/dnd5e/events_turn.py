"""Events of the turn economy, class features and what monsters do (issue 6)."""

from __future__ import annotations

from combat_tui.core.dice import Roll
from combat_tui.core.records import frozen
from combat_tui.systems.dnd5e.model import CreatureAction


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


@frozen
class HitDiceSpent:
    """A short rest: the hit dice a character spent, each die plus its CON modifier (at least 0)."""

    ref: str
    rolls: tuple[Roll, ...]
    con_mod: int
    total: int
    left: int


@frozen
class RestNoEffect:
    """A rest that gave a character nothing: `dead`, or `0 HP` at the start of a long rest."""

    ref: str
    kind: str
    why: str


@frozen
class ConcentrationStarted:
    ref: str
    spell: str


@frozen
class ConcentrationSaveRolled:
    """The CON save that damage asks of a concentrating caster (DC 10 or half the damage)."""

    ref: str
    spell: str
    d20s: tuple[int, ...]
    kept: int
    mode: str
    bonus: int
    total: int
    dc: int
    damage: int
    success: bool
    slants: tuple = ()
    origin: str = "tray"
    bless: int = 0
    auto_fail: str = ""


@frozen
class ConcentrationEnded:
    """A caster's concentration ended, and with it that caster's chips of the spell on `targets`.

    `why`: `save` (a failed CON save), `incapacitated` (`cause` names the chip), `dead`, `defeated`,
    `down` (0 HP), `gm` (End concentration, or the chip taken off), `spell` (a new concentration
    spell, `cause`), `spent` (no chip of the spell is left)."""

    ref: str
    spell: str
    why: str
    targets: tuple[str, ...] = ()
    cause: str = ""
