"""Damage a weapon hit adds beyond its dice: Rage, Sneak Attack, Surprise Attack, Divine Favor and
Hunter's Mark, and the off-hand swing's missing ability bonus.

ref: Damage riders on hits — "Divine Favor adds 1d4 radiant to each weapon hit of the paladin who
holds it. Hunter's Mark goes on a foe, and each weapon hit of the ranger who cast it adds 1d6 of
the weapon's damage type. The mark does nothing for the hits of anyone else. A critical hit doubles
the rider dice, and the damage line of the log names each rider, as in , Hunter's Mark +2d6."
ref: Cover and Sneak Attack — "The Sneak Attack dice are d6, they take the damage type of the
weapon, and a critical hit doubles them." "When the swing rolls at disadvantage for another reason
... a ticked box adds no dice and spends no use." "A miss leaves the box".
ref: Action, bonus action, and reaction — Rage: "a melee weapon hit that uses STR adds the Rage
damage bonus ... The attack line of a hit names the bonus, such as 'Rage +2'."
ref: Two-weapon fighting — "Its damage gets no ability bonus ... A negative ability modifier still
applies. A character with the Two-Weapon Fighting style adds the ability modifier".
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice, Roll, parse_dice
from combat_tui.core.records import evolve, frozen
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.actions import pay_for_cast
from combat_tui.systems.dnd5e.commands import Attack
from combat_tui.systems.dnd5e.conditions import add_chip, remove_chips
from combat_tui.systems.dnd5e.economy import combatant, with_combatant
from combat_tui.systems.dnd5e.events import AttackRolled, ChipAdded, DamageRolled, SpellCast
from combat_tui.systems.dnd5e.features import rage_bonus, raging, sneak_attack_dice
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character, Weapon
from combat_tui.systems.dnd5e.monsters import surprise_attack_applies


@frozen
class Extra:
    """Damage of another type than the weapon's that a rider adds (Divine Favor's radiant)."""

    amount: int
    damage_type: str


def check_sneak(state: Campaign, attacker: Actor, command: Attack) -> None:
    """Refuse a Sneak Attack box the attacker does not have, or has used this turn."""
    if not command.sneak:
        return
    if sneak_attack_dice(attacker) < 1:
        raise CommandRejected(f"{attacker.name} has no Sneak Attack.")
    if combatant(state, attacker.id).sneak_used:
        raise CommandRejected(f"{attacker.name} has already used Sneak Attack this turn.",
                              "It comes back on the next turn of any combatant.")  # fmt: skip


def offhand(damage: DamageRolled, attacker: Actor, ability_mod: int) -> DamageRolled:
    styled = isinstance(attacker, Character) and any(s.casefold() == "two-weapon fighting" for s in attacker.fighting_styles)
    if ability_mod <= 0 or styled:
        return damage
    return evolve(damage, modifier=damage.modifier - ability_mod, amount=max(0, damage.amount - ability_mod))


def add_riders(state: Campaign, attacker: Actor, target: Actor, weapon: Weapon, roll: AttackRolled,
               damage: DamageRolled, command: Attack, dice: Dice) -> tuple[Campaign, DamageRolled, tuple[Extra, ...]]:  # fmt: skip
    """The hit's damage with its riders rolled in, the other-type parts, and the state (a Sneak
    Attack that landed is spent for the turn)."""
    critical = roll.critical
    rolls: list[Roll] = list(damage.rolls)
    amount, names, extras = damage.amount, list(damage.riders), []
    melee = not weapon.ranged and not command.thrown

    def dice_rider(name: str, count: int, sides: int, damage_type: str) -> None:
        nonlocal amount
        count *= 2 if critical else 1
        rolled = dice.roll(count, sides)
        if damage_type and damage_type != damage.damage_type:
            extras.append(Extra(rolled.total, damage_type))
            names.append(f"{name} +{count}d{sides} ({rolled.total} {damage_type})")
            return
        rolls.append(rolled)
        amount += rolled.total
        names.append(f"{name} +{count}d{sides}")

    if raging(attacker) and melee and roll.ability == "STR":
        bonus = rage_bonus(attacker)
        amount += bonus
        names.append(f"Rage +{bonus}")
    if command.sneak and roll.mode != "dis":
        dice_rider("Sneak Attack", sneak_attack_dice(attacker), 6, damage.damage_type)
        state = with_combatant(state, evolve(combatant(state, attacker.id), sneak_used=True))
    if surprise_attack_applies(state, attacker, target):
        expr = parse_dice(attacker.surprise_attack)
        dice_rider("Surprise Attack", expr.count, expr.sides, damage.damage_type)
    if any(chip.name.casefold() == "divine favor" for chip in attacker.chips):
        dice_rider("Divine Favor", 1, 4, "radiant")
    if any(chip.name.casefold() == "hunter's mark" and chip.caster == attacker.id for chip in target.chips):
        dice_rider("Hunter's Mark", 1, 6, damage.damage_type)
    if amount != damage.amount or len(rolls) != len(damage.rolls) or len(names) != len(damage.riders):
        damage = evolve(damage, rolls=tuple(rolls), amount=amount, riders=tuple(names))
    return state, damage, tuple(extras)


def repeat_mark(state: Campaign, caster_ref: str, targets: tuple[str, ...], ignore_cost: bool) -> Outcome:
    """ref: Damage riders on hits — "cast Hunter's Mark again on a later turn and pick Repeat (no
    slot). The repeat costs a bonus action and no slot, and it marks the new target under the same
    concentration. The app does not check that the old target is at 0 HP"."""
    caster = state.actor(caster_ref)
    if len(targets) != 1:
        raise CommandRejected("Repeat (no slot) marks one new target.", "Add: on NAME")
    marked = [a for a in state.characters + state.creatures
              if any(c.name == MARK and c.caster == caster_ref for c in a.chips)]  # fmt: skip
    if not marked:
        raise CommandRejected(f"{caster.name} has no Hunter's Mark on anyone to move.", "Cast it with a slot first.")
    old_chip = next(c for c in marked[0].chips if c.name == MARK and c.caster == caster_ref)
    state = pay_for_cast(state, caster_ref, MARK, ignore_cost, casting=False)
    events: list = [SpellCast(caster_ref, MARK, 0, targets, "Repeat, no slot")]
    old, _ = remove_chips(state.actor(marked[0].id), MARK, caster_ref)
    state = state.with_actor(old)
    changed, result = add_chip(state.actor(targets[0]), old_chip)
    events.append(ChipAdded(targets[0], MARK, old_chip.rounds, "", result))
    return Outcome(state.with_actor(changed), tuple(events))


MARK = "Hunter's Mark"
