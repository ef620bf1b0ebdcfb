"""Ability modifiers and the challenge-rating tables of the 2014 rules."""

from __future__ import annotations

import re
from fractions import Fraction

from combat_tui.systems.dnd5e.model import Abilities, Actor, Character

# XP by challenge rating (2014 Monster Manual, "Experience Points by Challenge Rating").
XP_BY_CHALLENGE: dict[Fraction, int] = {
    Fraction(0): 10, Fraction(1, 8): 25, Fraction(1, 4): 50, Fraction(1, 2): 100,
    Fraction(1): 200, Fraction(2): 450, Fraction(3): 700, Fraction(4): 1100, Fraction(5): 1800,
    Fraction(6): 2300, Fraction(7): 2900, Fraction(8): 3900, Fraction(9): 5000,
    Fraction(10): 5900, Fraction(11): 7200, Fraction(12): 8400, Fraction(13): 10000,
    Fraction(14): 11500, Fraction(15): 13000, Fraction(16): 15000, Fraction(17): 18000,
    Fraction(18): 20000, Fraction(19): 22000, Fraction(20): 25000, Fraction(21): 33000,
    Fraction(22): 41000, Fraction(23): 50000, Fraction(24): 62000, Fraction(25): 75000,
    Fraction(26): 90000, Fraction(27): 105000, Fraction(28): 120000, Fraction(29): 135000,
    Fraction(30): 155000,
}  # fmt: skip


def modifier(score: int) -> int:
    """floor((score - 10) / 2), as the Initiative section writes it."""
    return (score - 10) // 2


def dex_mod(abilities: Abilities) -> int:
    return modifier(abilities.dexterity)


def parse_challenge(text: str) -> Fraction | None:
    """`1/4` -> Fraction(1, 4); empty -> None (no challenge rating); anything else raises."""
    text = text.strip()
    if not text:
        return None
    if not re.fullmatch(r"\d{1,2}(/\d{1,2})?", text):  # Fraction("1e99999999") would run for seconds
        raise ValueError(f"'{text[:20]}' is not a challenge rating")
    value = Fraction(text)
    if value not in XP_BY_CHALLENGE:
        raise ValueError(f"'{text}' is not a challenge rating")
    return value


def xp_for_challenge(text: str) -> int:
    """The XP a defeated foe is worth; a foe with no challenge rating is worth nothing."""
    challenge = parse_challenge(text)
    return 0 if challenge is None else XP_BY_CHALLENGE[challenge]


def class_level(actor: Actor, name: str, subclass: str = "") -> int:
    """A character's level in a class (and subclass, when given); 0 for a creature."""
    if not isinstance(actor, Character):
        return 0
    for entry in actor.classes:
        if entry.name.casefold() == name.casefold() and (not subclass or entry.subclass.casefold() == subclass.casefold()):
            return entry.level
    return 0
