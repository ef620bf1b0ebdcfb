"""A GM's own spell, saved in the campaign: the fields of the spell form and the reference's boxes.

ref: Death saves — "In a custom spell, the Raises the dead box of a heal gives the same rule"
(as Revivify), and "the Stabilizes the dying box of a heal gives the same rule" (as Spare the
Dying). ref: Resisting a hit — a buff's chip "resists the type through Resists or Caster picks
one of", and the spell "casts as a reaction".

The record holds only what the form shows, so a campaign file stays short and readable; the
cast reads it as the app's own `Spell` (`as_spell`). It imports no other record, so the
campaign model can hold it without a cycle.
"""

from __future__ import annotations

from typing import Literal

from attrs import fields_dict

from combat_tui.core.records import frozen
from combat_tui.systems.dnd5e.data.spells import Spell

CustomKind = Literal["attack", "save", "heal", "chip", "damage", "utility"]
CUSTOM_KINDS: tuple[str, ...] = ("attack", "save", "heal", "chip", "damage", "utility")


@frozen
class CustomSpell:
    name: str
    level: int = 1
    """0 for a cantrip."""
    kind: CustomKind = "utility"
    dice: str = ""
    """Damage or healing at the spell's level, such as `2d4+2`."""
    damage_type: str = ""
    per_slot: str = ""
    """Dice added per slot level above the spell's (`1d4`)."""
    save: str = ""
    """The ability of the target's save (`dexterity`)."""
    half_on_save: bool = False
    chip: str = ""
    """The chip the spell puts on (a `chip` spell's own name when empty)."""
    rounds: int = 0
    repeat_save: bool = False
    concentration: bool = False
    max_targets: int = 1
    """0: any number (an area)."""
    add_modifier: bool = False
    cantrip_scaling: bool = False
    range: str = ""
    """`Self` puts the spell on its caster when the cast names no target."""
    raises_dead: bool = False
    """The Raises the dead box of a heal (Revivify's rule)."""
    stabilizes: bool = False
    """The Stabilizes the dying box of a heal (Spare the Dying's rule)."""
    resists: tuple[str, ...] = ()
    """The Resists box: damage types the spell's chip resists."""
    choose_type: tuple[str, ...] = ()
    """The Caster picks one of box: the cast names one (`cast ... fire`)."""
    reaction: bool = False
    """The casts as a reaction box (a casting time of 1 reaction)."""
    note: str = ""
    """What the rules do not resolve; the cast shows it."""


def rules_kind(spell: CustomSpell) -> str:
    """The kind the cast resolves: a heal with a box raises or stabilizes instead."""
    if spell.raises_dead:
        return "raise"
    if spell.stabilizes:
        return "stabilize"
    return spell.kind


_SPELL_FIELDS = fields_dict(Spell)


def chip_name(spell: CustomSpell) -> str:
    """The chip the spell puts on: its own name for a chip spell, and the types it resists in
    brackets, as `Protection from Energy (fire)` names its type, so the chip says what it does."""
    base = spell.chip or (spell.name if spell.kind == "chip" else "")
    return f"{base} ({', '.join(spell.resists)})" if base and spell.resists else base


def as_spell(spell: CustomSpell) -> Spell:
    """The app's spell record the cast reads."""
    kind = rules_kind(spell)
    values = dict(
        dice=spell.dice if kind not in ("raise", "stabilize") else "", damage_type=spell.damage_type,
        per_slot=spell.per_slot, save=spell.save, half_on_save=spell.half_on_save,
        chip=chip_name(spell), rounds=spell.rounds,
        repeat_save=spell.repeat_save, add_modifier=spell.add_modifier, max_targets=spell.max_targets,
        cantrip_scaling=spell.cantrip_scaling, choose_type=spell.choose_type, concentration=spell.concentration,
        casting="reaction" if spell.reaction else "action", range=spell.range, note=spell.note,
        resists=spell.resists,
    )  # fmt: skip
    # `resists` is the spell record's newest field: a record without it keeps the rest
    return Spell(spell.name, spell.level, kind, **{k: v for k, v in values.items() if k in _SPELL_FIELDS})  # type: ignore[arg-type]
