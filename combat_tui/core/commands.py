"""Commands: every mutation of a campaign as data (a `kind` tag, ids and numbers).

A command is built by a screen, the `:` prompt, the palette or a script line, and only
`Session.execute` carries it out. `CommandRejected` is how a rule refuses one.
"""

from __future__ import annotations

from typing import ClassVar, Literal

from attrs import frozen

RollMode = Literal["", "adv", "dis", "normal"]
"""Auto (empty: the rules and the dice tray decide), or the GM's Advantage, Disadvantage, Normal."""


class CommandRejected(Exception):
    """A command that cannot run; `reason` is a sentence a GM reads, `detail` says more."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.detail = detail

    def __str__(self) -> str:
        return f"{self.reason} {self.detail}".strip()


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


@frozen
class SetTrayMode:
    """The dice tray's d20 mode, used by rolls that nothing slants."""

    kind: ClassVar[str] = "tray"
    mode: Literal["normal", "adv", "dis"]


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
)
COMMAND_TYPES: tuple[type, ...] = Command.__args__  # type: ignore[attr-defined]
BY_KIND: dict[str, type] = {cls.kind: cls for cls in COMMAND_TYPES}


def register_commands(*types: type) -> None:
    """Add a rule system's own commands to BY_KIND, so the journal can read them back by kind."""
    for cls in types:
        known = BY_KIND.get(cls.kind)
        if known is not None and known is not cls:
            raise ValueError(f"two commands share the kind {cls.kind!r}: {known.__name__} and {cls.__name__}")
        BY_KIND[cls.kind] = cls
