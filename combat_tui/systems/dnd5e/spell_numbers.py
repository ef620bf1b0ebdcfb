"""The numbers of a cast: the caster's spellcasting modifier, save DC and attack bonus, its caster
level, and the dice at the slot it is cast with (2014 PHB chapter 10)."""

from __future__ import annotations

from combat_tui.core.dice import Dice, parse_dice
from combat_tui.systems.dnd5e.abilities import modifier
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.model import Actor, Character


def spell_modifier(actor: Actor) -> int:
    return modifier(getattr(actor.abilities, actor.spellcasting or "wisdom"))


def spell_save_dc(actor: Actor) -> int:
    """8 + proficiency bonus + spellcasting modifier (2014 PHB chapter 10)."""
    return 8 + actor.proficiency_bonus + spell_modifier(actor)


def spell_attack_bonus(actor: Actor) -> int:
    return actor.proficiency_bonus + spell_modifier(actor)


def caster_level(actor: Actor) -> int:
    if isinstance(actor, Character):
        return sum(entry.level for entry in actor.classes)
    return 1


def spell_dice(spell: Spell, dice_text: str, slot: int, caster: Actor) -> str:
    """The dice at the cast's slot level: one more `per_slot` per level above; a cantrip's grow
    at caster levels 5, 11 and 17."""
    if not dice_text:
        return ""
    expr = parse_dice(dice_text)
    count = expr.count
    if spell.cantrip_scaling:
        level = caster_level(caster)
        count *= 1 + (level >= 5) + (level >= 11) + (level >= 17)
    if spell.per_slot and slot > spell.level:
        count += parse_dice(spell.per_slot).count * ((slot - spell.level) // max(1, spell.slot_step))
    bonus = f"+{expr.modifier}" if expr.modifier else ""
    return f"{count}d{expr.sides}{bonus}"


def roll_text(dice: Dice, text: str, critical: bool = False):
    expr = parse_dice(text)
    roll = dice.roll(expr.count * (2 if critical else 1), expr.sides)
    return roll, roll.total + expr.modifier
