"""What happens as a combatant's turn ends: chips that deal damage, saves that are repeated.

ref: Conditions — "Some chips deal damage at the end of each turn of their holder, such as the
chip of Acid Arrow. ... A dying character still takes this damage, and each hit costs it a failed
death save. When the fight ends, the damage that such a chip still owes lands at once."
"A spell such as Hold Person lets its target repeat the save at the end of each of its turns. A
target that loses its turn still has that turn end, so Next turn rolls the save as it steps past
the target. A success ends the condition, but the target still loses the turn that it was held for."
"""

from __future__ import annotations

from combat_tui.core.dice import Dice, parse_dice
from combat_tui.core.records import evolve
from combat_tui.systems.dnd5e.events import ChipDamage, ChipsEnded
from combat_tui.systems.dnd5e.model import Campaign, Character, Chip


def end_turn(state: Campaign, ref: str, dice: Dice, events: list) -> Campaign:
    """The end of `ref`'s turn (taken or stepped past): damage chips land, held ones save."""
    from combat_tui.systems.dnd5e.spells import spell_save

    actor = state.actor(ref)
    if actor is None or not actor.chips:
        return state
    for chip in actor.chips:
        if chip.name == "Surprised":  # ref: Surprise — "At the end of that turn the chip ends"
            state = state.with_actor(_without(state.actor(ref), chip))
            events.append(ChipsEnded(ref, (chip.name,), "turn"))
        elif chip.damage and chip.pending:
            holder = state.actor(ref)
            chips = tuple(evolve(c, pending=False) if c is chip else c for c in holder.chips)
            state = state.with_actor(evolve(holder, chips=chips))
        elif chip.damage:
            state = deal_chip_damage(state, ref, chip, dice, events)
        elif chip.save_ability and chip.save_dc:
            holder = state.actor(ref)
            if spell_save(holder, chip.save_ability, chip.save_dc, chip.source or chip.name, "", dice, events):
                state = state.with_actor(_without(holder, chip))
                events.append(ChipsEnded(ref, (chip.name,), "save"))
    return state


def deal_chip_damage(state: Campaign, ref: str, chip: Chip, dice: Dice, events: list, owed: bool = False) -> Campaign:
    """Roll a chip's damage, take the chip off, and apply the damage through the defenses."""
    from combat_tui.systems.dnd5e.spells import damage_through_defenses

    expr = parse_dice(chip.damage)
    roll = dice.roll(expr.count, expr.sides)
    amount = roll.total + expr.modifier
    holder = state.actor(ref)
    state = state.with_actor(_without(holder, chip))
    events.append(ChipDamage(ref, chip.name, (roll,), amount, chip.damage_type, owed))
    if amount > 0 and (holder.hp > 0 or isinstance(holder, Character)):  # a defeated creature takes no more
        state = damage_through_defenses(state, state.actor(ref), amount, chip.damage_type, events)
    return state


def owed_damage(state: Campaign, dice: Dice, events: list) -> Campaign:
    """The end of a fight: every damage chip still owed lands at once."""
    for combatant in state.fight.combatants:
        actor = state.actor(combatant.ref)
        for chip in actor.chips if actor else ():
            if chip.damage:
                state = deal_chip_damage(state, combatant.ref, chip, dice, events, owed=True)
    return state


def _without(actor, chip: Chip):
    return evolve(actor, chips=tuple(c for c in actor.chips if c is not chip))
