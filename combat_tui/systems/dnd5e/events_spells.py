"""Events of casting a spell: its attack, damage, saves and what it could not do."""

from __future__ import annotations

from attrs import frozen

from combat_tui.core.dice import Roll


@frozen
class SpellCast:
    caster: str
    spell: str
    slot: int
    """The slot level spent (0: a cantrip, or no slot)."""
    targets: tuple[str, ...]
    option: str = ""
    note: str = ""
    """What the rules leave to the GM (`apply by hand: ...`), from the spell's record."""


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
    shield: int = 0
    """The AC a Shield cast against this hit added (`ac` includes it); 0: none was cast."""


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
