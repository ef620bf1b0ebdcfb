"""Damage defenses: resistance, vulnerability and immunity, type by type.

ref: Damage and damage defenses — "Each damage type in the hit changes separately. For a spell
with half damage on a successful save, the save halves first, and the defenses apply after that.
The app rounds down only at the end. The types with no defense add up and round down together,
and each type with a defense rounds down on its own." "A character resists the damage types of its
race, such as fire for a tiefling. A creature takes its three lists from the creature dialog."
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from combat_tui.core.records import frozen
from combat_tui.systems.dnd5e.conditions import conditions_of
from combat_tui.systems.dnd5e.data.races import RACE_RESISTANCES
from combat_tui.systems.dnd5e.model import Actor, Character, Weapon

DAMAGE_TYPES = ("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing",
                "poison", "psychic", "radiant", "slashing", "thunder")  # fmt: skip


@frozen
class Defended:
    """What a hit deals after defenses, and the defense that changed each type (for the log)."""

    amount: int
    notes: tuple[str, ...] = ()


def defenses_of(actor: Actor) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(resistances, vulnerabilities, immunities) of a character (by race) or a creature.

    ref: Conditions — a Petrified combatant resists all damage and is immune to poison (2014 PHB).
    """
    if isinstance(actor, Character):
        resist, vulnerable, immune = frozenset(RACE_RESISTANCES.get(actor.race.casefold(), ())), frozenset(), frozenset()
    else:
        resist = frozenset(actor.resistances)
        vulnerable, immune = frozenset(actor.vulnerabilities), frozenset(actor.immunities)
    if any(c.name == "Petrified" for c in conditions_of(actor)):
        resist, immune = frozenset(DAMAGE_TYPES), immune | {"poison"}
    return resist, vulnerable, immune


WEAPON_TYPES = frozenset({"bludgeoning", "piercing", "slashing"})
ENERGY_TYPES = ("acid", "cold", "fire", "lightning", "thunder")


def chip_resistances(actor: Actor, weapon: Weapon | None) -> dict[str, str]:
    """Damage types a chip resists for this hit, with the chip's name.

    ref: Damage and damage defenses — "Stoneskin resists bludgeoning, piercing, and slashing from a
    nonmagical weapon, and a spell gets through it. Protection from Energy resists the one type
    that the caster picks at the cast." A chip `Protection from Energy (fire)` names the type.
    "the pact weapon of a Pact of the Blade warlock counts as magical too."
    """
    found: dict[str, str] = {}
    for chip in actor.chips:
        name = chip.name.strip().casefold()
        if name == "stoneskin" and weapon is not None and not (weapon.magical or weapon.pact):
            found.update(dict.fromkeys(WEAPON_TYPES, "Stoneskin"))
        elif name == "raging":  # ref: Action, bonus action, and reaction — Rage resists B/P/S, any source
            found.update(dict.fromkeys(WEAPON_TYPES, "Rage"))
        else:
            found.update(dict.fromkeys(spell_chip_resists(chip.name, chip.source), _spell_of(chip.name, chip.source)))
    return found


def _spell_of(chip_name: str, spell: str) -> str:
    return spell or chip_name.split("(")[0].strip()


def spell_chip_resists(chip_name: str, spell: str = "") -> tuple[str, ...]:
    """The damage types a spell's chip resists (ref: Resisting a hit — "its chip resists the type
    through Resists or Caster picks one of"): the record's `resists`, and the picked one of its
    `choose_type`, which the chip's name carries (`Absorb Elements (fire)`)."""
    from combat_tui.systems.dnd5e.catalog import find_spell

    named = tuple(part.strip().casefold() for part in chip_name.partition("(")[2].rstrip(") ").split(","))
    record = find_spell(_spell_of(chip_name, spell))
    if record is None:  # a campaign's custom spell: its chip names the types (`Frost Ward (cold)`)
        return tuple(t for t in named if t in DAMAGE_TYPES) if spell else ()
    chosen = tuple(t for t in named if t in record.choose_type)
    return tuple(dict.fromkeys((*record.resists, *chosen)))


def _resistance_source(actor: Actor, damage_type: str, from_chips: dict[str, str]) -> str:
    """What the log names beside a resistance: the race, the chip, or the creature's stat block."""
    if isinstance(actor, Character) and damage_type in RACE_RESISTANCES.get(actor.race.casefold(), ()):
        return actor.race
    if damage_type in from_chips:
        return from_chips[damage_type]
    if any(c.name == "Petrified" for c in conditions_of(actor)) and damage_type not in getattr(actor, "resistances", ()):
        return "Petrified"
    return ""  # a creature's own list


def apply_defenses(
    actor: Actor, parts: tuple[tuple[str, int], ...], halved: bool = False, weapon: Weapon | None = None
) -> Defended:
    """Damage of several types against `actor`: halve first (a save), then each type's defense;
    undefended types are summed and rounded down together, each defended type on its own.
    `weapon` is the weapon of a weapon hit (None for a spell or the GM's typed damage)."""
    resist, vulnerable, immune = defenses_of(actor)
    from_chips = chip_resistances(actor, weapon)
    if not halved and not any(t in resist or t in vulnerable or t in immune or t in from_chips for t, _ in parts):
        return Defended(sum(amount for _, amount in parts))  # no defense: the sum, without fractions
    plain = Fraction(0)
    total = 0
    notes = []
    for damage_type, amount in parts:
        value = Fraction(amount, 2) if halved else Fraction(amount)
        if damage_type in immune:
            notes.append(f"immune to {damage_type}: {floor(value)} → 0")
            continue
        factor = Fraction(1)
        words = []
        source = ""
        if damage_type in resist or damage_type in from_chips:
            named = _resistance_source(actor, damage_type, from_chips)
            source = f" ({named})" if named else ""
            factor, words = factor / 2, words + ["resistance"]
        if damage_type in vulnerable:
            factor, words = factor * 2, words + ["vulnerability"]
        if factor == 1 and not words:
            plain += value
            continue
        taken = floor(value * factor)
        total += taken
        notes.append(f"{' and '.join(words)} to {damage_type}{source}: {floor(value)} → {taken}")
    return Defended(total + floor(plain), tuple(notes))
