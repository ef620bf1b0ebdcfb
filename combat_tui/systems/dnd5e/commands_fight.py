"""The 5e commands of attacks, damage, death, chips, saves and checks, and the dice tray."""

from __future__ import annotations

from typing import ClassVar, Literal

from combat_tui.core.records import frozen

RollMode = Literal["", "adv", "dis", "normal"]
"""Auto (empty: the rules and the dice tray decide), or the GM's Advantage, Disadvantage, Normal."""


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
    react: tuple[str, ...] = ()
    """The Reaction dialog's answer, (the combatant's ref, the spell it casts): `react NAME SPELL`.
    Empty declines every dialog the swing opens (reaction_spells)."""


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
class SetTrayMode:
    """The dice tray's d20 mode, used by rolls that nothing slants."""

    kind: ClassVar[str] = "tray"
    mode: Literal["normal", "adv", "dis"]
