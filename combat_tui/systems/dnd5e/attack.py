"""Weapon attacks.

ref: Attack rolls — "The roll is 1d20, plus the ability modifier of the weapon, plus the
proficiency bonus of the attacker, against the AC of the defender." STR for melee, DEX for ranged,
the higher for finesse; proficiency by category or by name, creatures always proficient; a natural
20 hits and rolls every damage die twice; a natural 1 misses; damage is the dice plus the ability
modifier, never the proficiency bonus.
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice, parse_dice
from combat_tui.core.records import evolve, frozen
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.abilities import class_level, modifier
from combat_tui.systems.dnd5e.actions import pay_for_swing
from combat_tui.systems.dnd5e.advantage import Resolved, Slant, resolve
from combat_tui.systems.dnd5e.armor import untrained_armor
from combat_tui.systems.dnd5e.checks import roll_d20
from combat_tui.systems.dnd5e.commands import Attack
from combat_tui.systems.dnd5e.conditions import blessed, conditions_of, stopped_by
from combat_tui.systems.dnd5e.damage import apply_damage, find_actor
from combat_tui.systems.dnd5e.events import AttackRolled, DamageRolled
from combat_tui.systems.dnd5e.features import rage_bonus, raging
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Weapon
from combat_tui.systems.dnd5e.monsters import on_hit_save, redirect, swing_slants
from combat_tui.systems.dnd5e.reaction_spells import answer_shield, check_answer, defended_ac
from combat_tui.systems.dnd5e.resist_spells import answer_resist
from combat_tui.systems.dnd5e.riders import Extra, add_riders, check_sneak, offhand
from combat_tui.systems.dnd5e.turns import can_take_turn, running_fight

__all__ = ["AttackPreview", "attack", "preview", "attack_bonus", "attack_slants", "class_level", "critical_range", "extra_critical_dice",
           "damage_modifier", "find_weapon", "is_proficient", "roll_damage", "weapon_ability"]  # fmt: skip


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
    """The to-hit bonus a screen shows beside a weapon (with the weapon's own `to_hit_bonus`)."""
    _, ability_mod = weapon_ability(actor, weapon)
    return ability_mod + (actor.proficiency_bonus if is_proficient(actor, weapon) else 0) + weapon.to_hit_bonus


def damage_modifier(actor: Actor, weapon: Weapon, two_handed: bool = False) -> int:
    """What one hit adds to its dice: the dice term's own modifier, the ability modifier and the
    weapon's `damage_bonus` (the preview, the stat block and the roll share it)."""
    expr = parse_dice(weapon.versatile if two_handed and weapon.versatile else weapon.damage)
    return expr.modifier + weapon_ability(actor, weapon)[1] + weapon.damage_bonus


def find_weapon(actor: Actor, name: str) -> Weapon:
    for weapon in actor.weapons:
        if weapon.name.casefold() == name.casefold():
            return weapon
    have = ", ".join(w.name for w in actor.weapons) or "none"
    raise CommandRejected(f"{actor.name} has no weapon called '{name}'.", f"Weapons: {have}.")


def attack(state: Campaign, command: Attack, dice: Dice) -> Outcome:
    fight = running_fight(state)
    attacker, target = find_actor(state, command.attacker), find_actor(state, command.target)
    for actor in (attacker, target):
        if fight.find(actor.id) is None:
            raise CommandRejected(f"{actor.name} is not in this fight.")
    if attacker.id == target.id:
        raise CommandRejected(f"{attacker.name} cannot attack itself.")
    if attacker.hp <= 0:
        raise CommandRejected(f"{attacker.name} is at 0 HP and cannot attack.")
    if stopped := stopped_by(attacker):
        raise CommandRejected(f"{attacker.name} is {stopped} and cannot act.", "Remove the chip if it has ended.")
    if not can_take_turn(state, attacker.id):
        raise CommandRejected(f"{attacker.name} cannot act.")
    if target.hp <= 0 and not isinstance(target, Character):
        raise CommandRejected(f"{target.name} is already defeated.")
    weapon = find_weapon(attacker, command.weapon)
    _check_reach(weapon, command)
    if command.cover not in COVER:
        raise CommandRejected(f"Cover adds 2 (half) or 5 (three-quarters), not {command.cover}.")
    check_sneak(state, attacker, command)
    events: list = []
    if command.redirect:  # ref: Redirect Attack — before the roll
        state, target = redirect(state, attacker, target, command.redirect, events)
    check_answer(state, command.react, (target.id,), "this attack")
    state, swing, use = pay_for_swing(state, attacker, weapon, command)
    roll = _roll_attack(state, attacker, target, weapon, command, dice, swing_slants(attacker, command, swing), use)
    state, shield = answer_shield(state, command.react, target.id, roll.total, roll.ac, roll.hit,
                                  roll.hit and bool(roll.natural), events, attacker.id, weapon.name)  # fmt: skip
    if shield:  # ref: Shield against a hit — "the attack then rolls against the new AC"
        roll = evolve(roll, ac=roll.ac + shield, hit=False, critical=False, auto_crit="", shield=shield)
    if not roll.hit:
        return Outcome(state, (*events, roll))
    damage = roll_damage(attacker, target, weapon, roll.critical, dice, command.two_handed)
    if command.use == "offhand":
        damage = offhand(damage, attacker, roll.ability_mod)
    state, damage, extras = add_riders(state, attacker, target, weapon, roll, damage, command, dice)
    damage, extras = _second_part(weapon, roll.critical, dice, damage, extras)
    events += [roll, damage]
    parts = ((weapon.damage_type, damage.amount), *((extra.damage_type, extra.amount) for extra in extras))
    state = answer_resist(state, command.react, target.id, parts, events, attacker.id, weapon.name)
    if damage.amount > 0:
        applied = apply_damage(state, target.id, damage.amount, weapon.damage_type, critical=roll.critical, weapon=weapon)
        state = applied.state
        events += applied.events
    for extra in extras:
        applied = apply_damage(state, target.id, extra.amount, extra.damage_type, critical=roll.critical)
        state = applied.state
        events += applied.events
    state = on_hit_save(state, target.id, weapon, dice, events)
    return Outcome(state, tuple(events))


COVER = {0: "", 2: "half cover", 5: "three-quarters cover"}
"""ref: Cover and Sneak Attack — "Half cover adds 2 to the AC of the target for that swing, and
three-quarters cover adds 5." Total cover is not offered."""


def _check_reach(weapon: Weapon, command: Attack) -> None:
    """ref: Attack rolls — a thrown melee weapon's throw is a ranged attack; long range is for a
    shot or a throw past the normal range."""
    if command.thrown and not weapon.thrown:
        raise CommandRejected(f"{weapon.name} is not a thrown weapon.")
    if command.long_range and not (weapon.ranged or command.thrown):
        raise CommandRejected(f"{weapon.name} is swung in melee and has no long range.", "Throw it, or drop 'long'.")
    if command.long_range and not weapon.long_range:
        raise CommandRejected(f"{weapon.name} has no long range.")
    if command.two_handed and not weapon.versatile:
        raise CommandRejected(f"{weapon.name} is not versatile.")
    if command.two_handed and command.thrown:
        raise CommandRejected(f"{weapon.name} cannot be thrown two-handed.")


def attack_slants(attacker: Actor, target: Actor, ranged: bool, long_range: bool) -> tuple[Slant, ...]:
    """Every source of advantage or disadvantage on an attack roll, from both sides.

    ref: Conditions; ref: Advantage and disadvantage — "Chips on both sides of an attack count."
    ref: Attack rolls — long range; armor the character is not trained for.
    ref: Exhaustion — level 3: disadvantage on attack rolls.
    """
    slants = []
    for condition in conditions_of(attacker):
        if condition.attacks:
            slants.append(Slant(condition.attacks, condition.name))  # type: ignore[arg-type]
    if attacker.exhaustion >= 3:
        slants.append(Slant("dis", f"Exhaustion {attacker.exhaustion}"))
    slants.extend(Slant("dis", f"not proficient with {piece}") for piece in untrained_armor(attacker))
    if long_range:
        slants.append(Slant("dis", "long range"))
    for condition in conditions_of(target):
        kind = condition.attacked
        if kind == "prone":
            kind = "dis" if ranged else "adv"
        if kind:
            slants.append(Slant(kind, f"{condition.name} target"))  # type: ignore[arg-type]
    return tuple(slants)


@frozen
class AttackPreview:
    """What the attack dialog shows before the roll: every term the rules will use."""

    weapon: Weapon
    ability: str
    ability_mod: int
    proficiency: int
    proficient: bool
    bonus: int
    ac: int
    ac_how: str
    ranged: bool
    resolved: Resolved
    """The d20 mode and its reasons under the dialog's roll mode."""
    damage: str
    """The damage dice and modifier, as `1d8 + 4 slashing`, and a second part (`, plus 2d4 fire`)."""
    auto_crit: str = ""
    """A melee hit will be critical against this target (Paralyzed, Unconscious)."""
    problem: str = ""
    """Why the attack would be refused, or empty."""
    weapon_bonus: int = 0
    """The weapon's `to_hit_bonus`; `bonus` includes it."""


def preview(state: Campaign, command: Attack) -> AttackPreview:
    """The terms of `command` without rolling, for the attack dialog. Raises CommandRejected when
    the attacker, target or weapon is unknown; other refusals land in `problem`."""
    attacker, target = find_actor(state, command.attacker), find_actor(state, command.target)
    weapon = find_weapon(attacker, command.weapon)
    problem = ""
    try:
        _check_reach(weapon, command)
        if stopped := stopped_by(attacker):
            raise CommandRejected(f"{attacker.name} is {stopped} and cannot act.")
    except CommandRejected as error:
        problem = error.reason
    ranged = weapon.ranged or (command.thrown and weapon.thrown)
    long_range = command.long_range and ranged
    more = tuple(Slant("adv", "Pack Tactics") for _ in range(1) if command.pack)
    resolved = resolve(attack_slants(attacker, target, ranged, long_range) + more, command.mode, state.d20_mode)
    ability, ability_mod = weapon_ability(attacker, weapon)
    proficient = is_proficient(attacker, weapon)
    proficiency = attacker.proficiency_bonus if proficient else 0
    ac, ac_how = defended_ac(target)
    if command.cover:
        ac, ac_how = ac + command.cover, f"{ac_how}, {COVER.get(command.cover, 'cover')} +{command.cover}".lstrip(", ")
    expr = parse_dice(weapon.versatile if command.two_handed and weapon.versatile else weapon.damage)
    modifier_total = damage_modifier(attacker, weapon, command.two_handed)
    damage = f"{expr.count}d{expr.sides}" + (f" {'+' if modifier_total >= 0 else '-'} {abs(modifier_total)}" if modifier_total else "")
    damage = f"{damage} {weapon.damage_type}".strip()
    if weapon.extra_damage:
        damage += f", plus {weapon.extra_damage} {weapon.extra_damage_type}".rstrip()
    if raging(attacker) and not ranged and ability == "STR":  # ref: Action, bonus action, and reaction — Rage
        damage += f", Rage +{rage_bonus(attacker)}"
    melee_crit = "" if ranged else next((c.name for c in conditions_of(target) if c.melee_crit), "")
    return AttackPreview(weapon, ability, ability_mod, proficiency, proficient, ability_mod + proficiency + weapon.to_hit_bonus,
                         ac, ac_how, ranged, resolved, damage, melee_crit, problem, weapon.to_hit_bonus)  # fmt: skip


def _roll_attack(state: Campaign, attacker: Actor, target: Actor, weapon: Weapon, command: Attack, dice: Dice,
                 more: tuple[Slant, ...] = (), use: str = "") -> AttackRolled:  # fmt: skip
    ranged = weapon.ranged or command.thrown
    slants = attack_slants(attacker, target, ranged, command.long_range) + more
    resolved = resolve(slants, command.mode, state.d20_mode)
    faces, kept = roll_d20(dice, resolved.mode)
    ability, ability_mod = weapon_ability(attacker, weapon)
    proficient = is_proficient(attacker, weapon)
    proficiency = attacker.proficiency_bonus if proficient else 0
    bless = dice.roll(1, 4).total if blessed(attacker) else 0
    total = kept + ability_mod + proficiency + bless + weapon.to_hit_bonus
    ac, _ = defended_ac(target)
    ac += command.cover
    threshold, feature = critical_range(attacker)
    critical = kept >= threshold
    auto_crit = ""
    if critical:
        hit, natural = True, str(kept)
    elif kept == 1:
        hit, natural = False, "1"
    else:
        hit, natural = total >= ac, ""
        melee_crit = next((c.name for c in conditions_of(target) if c.melee_crit), "")
        if hit and not ranged and melee_crit:
            critical, auto_crit = True, melee_crit  # ref: Conditions — Paralyzed, Unconscious
    reach = ", ".join(filter(None, ["thrown" if command.thrown else "", "long range" if command.long_range else ""]))
    return AttackRolled(
        attacker.id, target.id, weapon.name, faces, kept, resolved.mode, ability, ability_mod,
        proficiency, proficient, total, ac, hit, critical, natural, feature if kept < 20 else "",
        resolved.slants, resolved.origin, reach, auto_crit, bless, use, command.cover, weapon.to_hit_bonus,
    )  # fmt: skip


def roll_damage(
    attacker: Actor, target: Actor, weapon: Weapon, critical: bool, dice: Dice, two_handed: bool = False
) -> DamageRolled:
    """The weapon's dice (twice as many on a critical hit) plus the ability modifier, plus the
    weapon's `damage_bonus` (a +1 weapon, the rest of a stat block's printed damage), which the
    log names after the total as it names Rage's."""
    expr = parse_dice(weapon.versatile if two_handed else weapon.damage)
    count = expr.count * 2 if critical else expr.count
    rolls = (dice.roll(count, expr.sides),)
    extra_count = extra_critical_dice(attacker, weapon) if critical else 0
    if extra_count:
        rolls += (dice.roll(extra_count, expr.sides),)
    ability, ability_mod = weapon_ability(attacker, weapon)
    amount = max(0, sum(roll.total for roll in rolls) + damage_modifier(attacker, weapon, two_handed))
    extra = f"+{extra_count}d{expr.sides}" if extra_count else ""
    bonus = (f"bonus {weapon.damage_bonus:+d}",) if weapon.damage_bonus else ()
    return DamageRolled(
        target.id, weapon.name, rolls, expr.modifier + ability_mod, ability, amount,
        weapon.damage_type, critical, extra, bonus,
    )  # fmt: skip


def _second_part(weapon: Weapon, critical: bool, dice: Dice, damage: DamageRolled,
                 extras: tuple[Extra, ...]) -> tuple[DamageRolled, tuple[Extra, ...]]:  # fmt: skip
    """A weapon's second damage part (a dragon's Rend: 2d4 fire), twice the dice on a critical hit.
    ref: Damage and damage defenses — "Each damage type in the hit changes separately": another
    type is dealt after the first, through its own defenses, as the riders' other types are; the
    weapon's own type joins the first part."""
    if not weapon.extra_damage:
        return damage, extras
    expr = parse_dice(weapon.extra_damage)
    count = expr.count * 2 if critical else expr.count
    rolled = dice.roll(count, expr.sides)
    amount = max(0, rolled.total + expr.modifier)
    mod = f"{expr.modifier:+d}" if expr.modifier else ""
    kind = weapon.extra_damage_type or damage.damage_type
    if kind == damage.damage_type:
        return evolve(damage, rolls=damage.rolls + (rolled,), amount=damage.amount + amount,
                      riders=damage.riders + (f"plus {count}d{expr.sides}{mod}",)), extras  # fmt: skip
    named = evolve(damage, riders=damage.riders + (f"plus {count}d{expr.sides}{mod} ({amount} {kind})",))
    return named, extras + ((Extra(amount, kind),) if amount > 0 else ())


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
