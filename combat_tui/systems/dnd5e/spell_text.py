"""A spell record in words: its casting time, range and area, duration, the targets it takes,
and what the GM applies by hand. Pure functions of a `Spell` (and, for the app's own spells,
of the library's record of the same spell, which lends the fields the own table leaves empty).
The cast dialog and the spell lists show these; the rules never read them.
"""

from __future__ import annotations

from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e import catalog
from combat_tui.systems.dnd5e.data.spells import Spell

SHOWN_FIELDS = ("school", "range", "components", "duration", "area")
"""What a spell's description shows and the app's own table may leave empty."""
BY_HAND = "apply by hand:"
"""How a record's note begins (`apply by hand: the area is difficult terrain`)."""
UNITS = {"action": "action", "bonus": "bonus action", "reaction": "reaction", "minute": "minute", "hour": "hour"}


def ordinal(level: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th` ... (slot levels go up to 9)."""
    return f"{level}" + {1: "st", 2: "nd", 3: "rd"}.get(level, "th")


def level_text(spell: Spell) -> str:
    """`cantrip`, `3rd level`."""
    return "cantrip" if spell.level == 0 else f"{ordinal(spell.level)} level"


def with_library_fields(spell: Spell, library: Spell | None) -> Spell:
    """The record with the descriptive fields it leaves empty taken from `library`, the SRD's
    record of the same spell (the app's own table holds the rules, not the school or range)."""
    if library is None:
        return spell
    changes = {name: getattr(library, name) for name in SHOWN_FIELDS if not getattr(spell, name)}
    changes = {name: value for name, value in changes.items() if value}
    return evolve(spell, **changes) if changes else spell


def described(spell: Spell) -> Spell:
    """`with_library_fields` with the library the catalog has installed (none in a bare test)."""
    if all(getattr(spell, name) for name in SHOWN_FIELDS):
        return spell
    lookup = catalog.LOOKUPS.get("spell")
    return with_library_fields(spell, lookup(spell.name) if lookup is not None else None)


def casting_kind(spell: Spell) -> str:
    """`action`, `bonus action`, `reaction`, or `longer` (a minute or more, or a special time)."""
    if spell.casting in ("action", "bonus", "reaction") and spell.casting_amount <= 1:
        return UNITS[spell.casting]
    return "longer"


def casting_text(spell: Spell) -> str:
    """`1 action`, `1 bonus action`, `1 reaction`, `10 minutes`, `8 hours`, `a special time`."""
    unit = UNITS.get(spell.casting)
    if unit is None:
        return "a special time"
    amount = max(1, spell.casting_amount)
    return f"{amount} {unit}{'s' if amount > 1 else ''}"


def range_text(spell: Spell) -> str:
    """`150 feet, 20-foot sphere`, `Self, 15-foot cone`, `Touch`; empty when the record has none."""
    return ", ".join(part for part in (spell.range, spell.area) if part)


def duration_text(spell: Spell) -> str:
    """`1 minute, concentration`, `Instantaneous`; `concentration` alone when the record has no
    duration."""
    parts = [spell.duration] if spell.duration else []
    if spell.concentration:
        parts.append("concentration" if parts else "Concentration")
    return ", ".join(parts)


def about_text(spell: Spell) -> str:
    """One line: the casting time, the range and area, the duration and concentration, ritual.
    `1 action · 150 feet, 20-foot sphere · Instantaneous`."""
    parts = [casting_text(spell), range_text(spell), duration_text(spell)]
    if spell.ritual:
        parts.append("ritual")
    return " · ".join(part for part in parts if part)


def target_limit(spell: Spell, slot: int) -> int:
    """How many targets the cast takes at `slot` (Hold Person: one more a slot level above 2nd);
    0: any number (an area, or a target per dart or ray)."""
    if not spell.max_targets:
        return 0
    return spell.max_targets + spell.targets_per_slot * max(0, slot - spell.level)


def targets_text(spell: Spell, slot: int = 0) -> str:
    """`one target`, `up to 3 targets`, `any number of targets`, `a target per dart`."""
    if spell.kind == "missiles":
        return "a target per dart"
    if spell.kind == "rays":
        return "a target per ray"
    if spell.kind == "utility" and not spell.area and spell.range == "Self":
        return "on the caster"
    limit = target_limit(spell, slot or spell.level)
    if limit == 0:
        return "any number of targets"
    return "one target" if limit == 1 else f"up to {limit} targets"


def needs_target(spell: Spell) -> bool:
    """Whether the cast must name a target: not a spell the GM applies by hand, nor one on its
    caster alone (`Self` with no area: the rules put its caster in)."""
    return spell.kind != "utility" and not (spell.range == "Self" and not spell.area)


def by_hand(spell: Spell) -> str:
    """What the GM applies by hand, from the record's note (`the area is difficult terrain`);
    empty when the rules resolve it all."""
    note = spell.note.strip()
    if note.casefold().startswith(BY_HAND):
        note = note[len(BY_HAND) :].strip()
    return note[:1].upper() + note[1:] if note else ""
