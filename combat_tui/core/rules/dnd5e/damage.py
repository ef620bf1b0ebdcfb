"""Damage and healing of HP, bonus HP first, and what 0 HP means.

ref: Damage and damage defenses — "An encounter or an NPC loses HP at once, and the log records a
defeat. A character or a creature loses bonus HP first, then real HP." "The Damage button ...
deals the typed amount with no damage type. No defense applies to it." A typed amount (and a
weapon's typed hit) goes through the target's defenses (defenses.py).
ref: Death saves — "A party character at 0 HP is dying, not dead." "An encounter and an NPC have
no death saves. Both are defeated at 0 HP."
"""

from __future__ import annotations

from attrs import evolve

from ...commands import CommandRejected
from ...events import CharacterDying, CombatantDefeated, DamageApplied, Healed
from ...model import Actor, Campaign, Character
from ..system import Outcome
from .defenses import DAMAGE_TYPES, apply_defenses


def find_actor(state: Campaign, ref: str) -> Actor:
    actor = state.actor(ref)
    if actor is None:
        raise CommandRejected(f"There is no one called '{ref}' in this campaign.")
    return actor


def _check_amount(amount: int) -> None:
    if amount < 1:
        raise CommandRejected(f"The amount must be at least 1, not {amount}.")


def apply_damage(state: Campaign, ref: str, amount: int, damage_type: str = "") -> Outcome:
    """Take `amount` from bonus HP, then HP; a drop to 0 defeats a creature or fells a character."""
    _check_amount(amount)
    actor = find_actor(state, ref)
    dealt, notes = amount, ()
    if damage_type:
        if damage_type not in DAMAGE_TYPES:
            raise CommandRejected(f"'{damage_type}' is not a damage type.", "Types: " + ", ".join(DAMAGE_TYPES) + ".")
        defended = apply_defenses(actor, ((damage_type, amount),))
        amount, notes = defended.amount, defended.notes
    absorbed = min(actor.bonus_hp, amount)
    hp_after = max(0, actor.hp - (amount - absorbed))
    changed = evolve(actor, hp=hp_after, bonus_hp=actor.bonus_hp - absorbed)
    events: tuple = (DamageApplied(ref, amount, absorbed, actor.hp, hp_after, damage_type, dealt, notes),)
    if actor.hp > 0 and hp_after == 0:
        events += (CharacterDying(ref),) if isinstance(actor, Character) else (CombatantDefeated(ref),)
    return Outcome(state.with_actor(changed), events)


def heal(state: Campaign, ref: str, amount: int) -> Outcome:
    """Regain HP up to the maximum; the heal control brings back a creature at 0 HP too."""
    _check_amount(amount)
    actor = find_actor(state, ref)
    hp_after = min(actor.max_hp, actor.hp + amount)
    changed = evolve(actor, hp=hp_after)
    return Outcome(state.with_actor(changed), (Healed(ref, amount, actor.hp, hp_after),))
