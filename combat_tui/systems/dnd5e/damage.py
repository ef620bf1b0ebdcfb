"""Damage and healing of HP, bonus HP first, and what 0 HP means.

ref: Damage and damage defenses — "An encounter or an NPC loses HP at once, and the log records a
defeat. A character or a creature loses bonus HP first, then real HP." "The Damage button ...
deals the typed amount with no damage type. No defense applies to it." A typed amount (and a
weapon's typed hit) goes through the target's defenses (defenses.py).
ref: Death saves — "A party character at 0 HP is dying, not dead." "An encounter and an NPC have
no death saves. Both are defeated at 0 HP."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.conditions import add_chip, has_condition, remove_chips
from combat_tui.systems.dnd5e.defenses import DAMAGE_TYPES, apply_defenses
from combat_tui.systems.dnd5e.events import (
    CharacterDied,
    CharacterDying,
    ChipsEnded,
    CombatantDefeated,
    DamageApplied,
    DeathSaveFailedByDamage,
    Healed,
    HealRefused,
)
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Chip, Weapon


def find_actor(state: Campaign, ref: str) -> Actor:
    actor = state.actor(ref)
    if actor is None:
        raise CommandRejected(f"There is no one called '{ref}' in this campaign.")
    return actor


def _check_amount(amount: int) -> None:
    if amount < 1:
        raise CommandRejected(f"The amount must be at least 1, not {amount}.")


def apply_damage(
    state: Campaign, ref: str, amount: int, damage_type: str = "", critical: bool = False, weapon: Weapon | None = None
) -> Outcome:
    """Take `amount` from bonus HP, then HP; a drop to 0 defeats a creature or fells a character."""
    _check_amount(amount)
    actor = find_actor(state, ref)
    dealt, notes = amount, ()
    if damage_type:
        if damage_type not in DAMAGE_TYPES:
            raise CommandRejected(f"'{damage_type}' is not a damage type.", "Types: " + ", ".join(DAMAGE_TYPES) + ".")
        defended = apply_defenses(actor, ((damage_type, amount),), weapon=weapon)
        amount, notes = defended.amount, defended.notes
    absorbed = min(actor.bonus_hp, amount)
    through = amount - absorbed
    hp_after = max(0, actor.hp - through)
    changed = evolve(actor, hp=hp_after, bonus_hp=actor.bonus_hp - absorbed)
    events: tuple = (DamageApplied(ref, amount, absorbed, actor.hp, hp_after, damage_type, dealt, notes),)
    if isinstance(actor, Character):
        changed, more = _character_at_zero(actor, changed, through, critical)
        events += more
    elif actor.hp > 0 and hp_after == 0:
        events += (CombatantDefeated(ref),)
    if amount > 0 and any(chip.name == "Turned" for chip in changed.chips):
        changed, _ = remove_chips(changed, "Turned")  # ref: Action, bonus action, and reaction — "Damage ends the chip"
        events += (ChipsEnded(ref, ("Turned",), "damage"),)
    return Outcome(state.with_actor(changed), events)


def _character_at_zero(before: Character, after: Character, through: int, critical: bool) -> tuple[Character, tuple]:
    """ref: Death saves — massive damage kills at once; damage at 0 HP is a failed save (two on a
    critical hit) and wakes a stable character's saves; the hit that drops it costs no failure."""
    if through <= 0 or after.hp > 0 or before.dead:
        return after, ()
    left_over = through - before.hp
    if left_over >= before.max_hp:
        return evolve(after, death_failures=3, stable=False), (CharacterDied(before.id, "massive"),)
    if before.hp > 0:
        # ref: Death saves — "It gets a death-save tracker ... and the Unconscious and Prone chips."
        added = []
        for name in ("Unconscious", "Prone"):
            after, result = add_chip(after, Chip(name))
            if result == "added":
                added.append(name)
        return after, (CharacterDying(before.id, tuple(added)),)
    added = 2 if critical else 1
    failures = min(3, before.death_failures + added)
    after = evolve(after, death_failures=failures, stable=False)
    events: tuple = (DeathSaveFailedByDamage(before.id, added, failures),)
    if failures >= 3:
        events += (CharacterDied(before.id, "saves"),)
    return after, events


def heal(state: Campaign, ref: str, amount: int) -> Outcome:
    """Regain HP up to the maximum; the heal control brings back a creature at 0 HP too.

    ref: Death saves — "Any healing above 0 HP clears the tracker of a dying or stable character."
    "A dead character regains no HP ... and the combat log says so."
    """
    _check_amount(amount)
    actor = find_actor(state, ref)
    if isinstance(actor, Character) and actor.dead:
        return Outcome(state, (HealRefused(ref, "dead"),))
    lowered = not isinstance(actor, Character) and actor.exhaustion >= 6
    if lowered:
        actor = evolve(actor, exhaustion=5)  # ref: issue 3 — a heal that brings one back lowers 6 to 5
    cap = actor.max_hp // 2 if actor.exhaustion >= 4 else actor.max_hp  # ref: Exhaustion — level 4
    hp_after = min(cap, max(actor.hp, actor.hp + amount))
    changed = evolve(actor, hp=hp_after)
    woke = False
    if isinstance(actor, Character) and hp_after > 0:
        changed = evolve(changed, death_successes=0, death_failures=0, stable=False)
        # ref: Death saves — "A heal takes off Unconscious, and Prone stays until you remove it"
        woke = actor.hp <= 0 and has_condition(actor, "Unconscious")
        if woke:
            changed, _ = remove_chips(changed, "Unconscious")
    return Outcome(state.with_actor(changed), (Healed(ref, amount, actor.hp, hp_after, woke, lowered),))
