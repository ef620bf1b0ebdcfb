"""The spells that heal, raise the dead and stabilize the dying (ref: Death saves), with the Life
Domain's features that change their numbers."""

from __future__ import annotations

from combat_tui.core.dice import Roll, parse_dice
from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e import spell_features as subclass
from combat_tui.systems.dnd5e.conditions import remove_chips
from combat_tui.systems.dnd5e.damage import heal
from combat_tui.systems.dnd5e.data.spells import Spell
from combat_tui.systems.dnd5e.death import stabilize
from combat_tui.systems.dnd5e.events import CharacterRaised, SpellDamageRolled, SpellNoEffect
from combat_tui.systems.dnd5e.model import Actor, Campaign, Character
from combat_tui.systems.dnd5e.spell_numbers import roll_text, spell_dice, spell_modifier


def heal_spell(state, caster, spell, slot, target, dice, events) -> Campaign:
    """ref: Death saves — "A healing spell has no effect on a creature at 0 HP, because a creature
    rolls no death saves." A dead character regains nothing (heal says so)."""
    if not isinstance(target, Character) and target.hp <= 0:
        events.append(SpellNoEffect(target.id, "a creature at 0 HP regains nothing from a healing spell"))
        return state
    text = spell_dice(spell, spell.dice, slot, caster)
    if subclass.supreme_healing(caster):  # the highest face of every die, no roll
        expr = parse_dice(text)
        roll, amount = Roll(expr.sides, (expr.sides,) * expr.count), subclass.highest(expr)
    else:
        roll, amount = roll_text(dice, text)
    bonus = spell_modifier(caster) if spell.add_modifier else 0
    notes = [f"+ {bonus} modifier"] if bonus else []
    if subclass.supreme_healing(caster):
        notes.append("Supreme Healing")
    disciple = subclass.disciple_of_life(caster, slot)
    if disciple:
        notes.append(f"+ {disciple} Disciple of Life")
    events.append(SpellDamageRolled(target.id, spell.name, (roll,), amount + bonus + disciple, "healing", False,
                                    ", ".join(notes)))  # fmt: skip
    bonus += disciple
    healed = heal(state, target.id, max(1, amount + bonus))
    events.extend(healed.events)
    return healed.state


def blessed_healer(state, caster, slot, targets, events) -> Campaign:
    """Life Domain 6, Blessed Healer: healing another heals the caster 2 + the spell's level."""
    amount = subclass.blessed_healer(caster, slot, tuple(t.id for t in targets))
    me = state.actor(caster.id)
    if not amount or me.hp <= 0 or me.hp >= me.max_hp:
        return state
    events.append(SpellDamageRolled(caster.id, "Blessed Healer", (), amount, "healing", False, f"2 + level {slot}"))
    healed = heal(state, caster.id, amount)
    events.extend(healed.events)
    return healed.state


def raise_dead(state: Campaign, spell: Spell, target: Actor, events: list) -> Campaign:
    """ref: Death saves — Revivify and Raise Dead each clear the tracker and heal to 1 HP; neither
    affects a character that is not dead, a dying one included; they bring a creature at 0 HP to 1."""
    dead = target.dead if isinstance(target, Character) else target.hp <= 0
    if not dead:
        events.append(SpellNoEffect(target.id, "not dead"))
        return state
    changed = evolve(target, hp=1)
    if isinstance(changed, Character):
        changed = evolve(changed, death_successes=0, death_failures=0, stable=False)
    if changed.exhaustion >= 6:
        changed = evolve(changed, exhaustion=5)
    changed, _ = remove_chips(changed, "Unconscious")
    events.append(CharacterRaised(target.id))
    return state.with_actor(changed)


def spare_the_dying(state: Campaign, spell: Spell, target: Actor, events: list) -> Campaign:
    """ref: Death saves — "Spare the Dying stabilizes a dying character, the same as the Stabilize
    control. It has no effect on a character that is not dying, or on a creature." """
    if not isinstance(target, Character) or not target.dying:
        events.append(SpellNoEffect(target.id, "not dying" if isinstance(target, Character) else "a creature"))
        return state
    outcome = stabilize(state, target.id)
    events.extend(outcome.events)
    return outcome.state
