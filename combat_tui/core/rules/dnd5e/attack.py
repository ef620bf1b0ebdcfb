"""Weapon attacks.

ref: Attack rolls — "The roll is 1d20, plus the ability modifier of the weapon, plus the
proficiency bonus of the attacker, against the AC of the defender." STR for melee, DEX for ranged,
the higher for finesse; proficiency by category or by name, creatures always proficient; a natural
20 hits and rolls every damage die twice; a natural 1 misses; damage is the dice plus the ability
modifier, never the proficiency bonus.
"""

from __future__ import annotations

from ...commands import CommandRejected
from ...dice import Dice, parse_dice
from ...events import AttackRolled, DamageRolled
from ...model import Actor, Campaign, Character, Weapon
from ..system import Outcome
from .abilities import modifier
from .damage import apply_damage, find_actor
from .turns import can_take_turn, running_fight


def weapon_ability(actor: Actor, weapon: Weapon) -> tuple[str, int]:
    """("STR" or "DEX", modifier): DEX for ranged, STR for melee, the higher for finesse."""
    strength = modifier(actor.abilities.strength)
    dexterity = modifier(actor.abilities.dexterity)
    if weapon.ranged:
        return "DEX", dexterity
    if weapon.finesse and dexterity > strength:
        return "DEX", dexterity
    return "STR", strength


def is_proficient(actor: Actor, weapon: Weapon) -> bool:
    """A character by its lists (category or name); a creature always, like a stat block."""
    if not isinstance(actor, Character):
        return True
    known = {entry.casefold() for entry in actor.weapon_proficiencies}
    return weapon.category in known or weapon.name.casefold() in known


def attack_bonus(actor: Actor, weapon: Weapon) -> int:
    """The to-hit bonus a screen shows beside a weapon."""
    _, ability_mod = weapon_ability(actor, weapon)
    return ability_mod + (actor.proficiency_bonus if is_proficient(actor, weapon) else 0)


def find_weapon(actor: Actor, name: str) -> Weapon:
    for weapon in actor.weapons:
        if weapon.name.casefold() == name.casefold():
            return weapon
    have = ", ".join(w.name for w in actor.weapons) or "none"
    raise CommandRejected(f"{actor.name} has no weapon called '{name}'.", f"Weapons: {have}.")


def attack(state: Campaign, attacker_ref: str, target_ref: str, weapon_name: str, mode: str, dice: Dice) -> Outcome:
    fight = running_fight(state)
    attacker, target = find_actor(state, attacker_ref), find_actor(state, target_ref)
    for actor in (attacker, target):
        if fight.find(actor.id) is None:
            raise CommandRejected(f"{actor.name} is not in this fight.")
    if attacker.id == target.id:
        raise CommandRejected(f"{attacker.name} cannot attack itself.")
    if attacker.hp <= 0 or not can_take_turn(state, attacker.id):
        raise CommandRejected(f"{attacker.name} is at 0 HP and cannot attack.")
    if target.hp <= 0 and not isinstance(target, Character):
        raise CommandRejected(f"{target.name} is already defeated.")
    weapon = find_weapon(attacker, weapon_name)
    roll = _roll_attack(attacker, target, weapon, mode, dice)
    if not roll.hit:
        return Outcome(state, (roll,))
    damage = roll_damage(attacker, target, weapon, roll.critical, dice)
    if damage.amount == 0:
        return Outcome(state, (roll, damage))
    applied = apply_damage(state, target.id, damage.amount, weapon.damage_type, critical=roll.critical)
    return Outcome(applied.state, (roll, damage, *applied.events))


def _roll_attack(attacker: Actor, target: Actor, weapon: Weapon, mode: str, dice: Dice) -> AttackRolled:
    d20s = (dice.d20(), dice.d20()) if mode in ("adv", "dis") else (dice.d20(),)
    kept = max(d20s) if mode == "adv" else min(d20s)
    ability, ability_mod = weapon_ability(attacker, weapon)
    proficient = is_proficient(attacker, weapon)
    proficiency = attacker.proficiency_bonus if proficient else 0
    total = kept + ability_mod + proficiency
    threshold, feature = critical_range(attacker)
    critical = kept >= threshold
    if critical:
        hit, natural = True, str(kept)
    elif kept == 1:
        hit, natural = False, "1"
    else:
        hit, natural = total >= target.ac, ""
    return AttackRolled(
        attacker.id, target.id, weapon.name, d20s, kept, mode, ability, ability_mod,
        proficiency, proficient, total, target.ac, hit, critical, natural, feature if kept < 20 else "",
    )  # fmt: skip


def roll_damage(attacker: Actor, target: Actor, weapon: Weapon, critical: bool, dice: Dice) -> DamageRolled:
    """The weapon's dice (twice as many on a critical hit) plus the ability modifier."""
    expr = parse_dice(weapon.damage)
    count = expr.count * 2 if critical else expr.count
    rolls = (dice.roll(count, expr.sides),)
    extra_count = extra_critical_dice(attacker, weapon) if critical else 0
    if extra_count:
        rolls += (dice.roll(extra_count, expr.sides),)
    ability, ability_mod = weapon_ability(attacker, weapon)
    amount = max(0, sum(roll.total for roll in rolls) + expr.modifier + ability_mod)
    extra = f"+{extra_count}d{expr.sides}" if extra_count else ""
    return DamageRolled(
        target.id, weapon.name, rolls, expr.modifier + ability_mod, ability, amount,
        weapon.damage_type, critical, extra,
    )  # fmt: skip


def class_level(actor: Actor, name: str, subclass: str = "") -> int:
    if not isinstance(actor, Character):
        return 0
    for entry in actor.classes:
        if entry.name.casefold() == name.casefold() and (not subclass or entry.subclass.casefold() == subclass.casefold()):
            return entry.level
    return 0


def critical_range(actor: Actor) -> tuple[int, str]:
    """(lowest natural roll that crits, the feature that widened it).

    ref: Attack rolls — "A Champion fighter scores a critical hit on a weapon attack with a natural
    19 or 20 from level 3 (Improved Critical), and with a natural 18 to 20 from level 15 (Superior
    Critical). Such a roll also hits whatever the AC is."
    """
    champion = class_level(actor, "Fighter", "Champion")
    if champion >= 15:
        return 18, "Superior Critical"
    if champion >= 3:
        return 19, "Improved Critical"
    return 20, ""


def extra_critical_dice(actor: Actor, weapon: Weapon) -> int:
    """Weapon dice a melee critical hit adds, which do not double.

    ref: Attack rolls — "Brutal Critical adds one die at barbarian level 9, two at 13, and three at
    17, and the half-orc Savage Attacks trait adds one."
    """
    if weapon.ranged or not isinstance(actor, Character):
        return 0
    barbarian = class_level(actor, "Barbarian")
    brutal = 3 if barbarian >= 17 else 2 if barbarian >= 13 else 1 if barbarian >= 9 else 0
    return brutal + (1 if actor.race.casefold() == "half-orc" else 0)
