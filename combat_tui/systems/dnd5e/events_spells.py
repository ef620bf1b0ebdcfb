"""Events of casting a spell: its attack, damage, saves and what it could not do."""

from __future__ import annotations

from combat_tui.core.dice import Roll
from combat_tui.core.records import frozen


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


@frozen
class ReactionOffered:
    """A Reaction dialog the line opened and did not answer (no `react` for it): no log line.
    The screen runs the line dry, finds these, asks the GM, and posts it with the answers.

    `kind`: `shield` (a hit Shield would turn into a miss: the roll `total` against `ac`, the
    `bonus` Shield really adds), `darts` (Magic Missile: Shield blocks every dart), or `resist`
    (damage of `damage_type` about to land: `amount` before resistance, `save` the save's words
    for a save spell). `slot`: the lowest slot the cast would spend."""

    ref: str
    spell: str
    kind: str
    total: int = 0
    ac: int = 0
    bonus: int = 0
    slot: int = 0
    amount: int = 0
    damage_type: str = ""
    by: str = ""
    """Who deals the damage or rolled the attack (a ref)."""
    means: str = ""
    """The weapon or spell it comes from."""
    save: str = ""
    """For a save spell: `fails` or `succeeds` (the dialog names the save result)."""
