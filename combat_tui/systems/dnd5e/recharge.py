"""Creature save actions (a winter wolf's Cold Breath) and their recharge.

ref: Creature actions — "In a fight, each action shows in the spell list of the creature, beside
its spells. It opens the cast dialog with the DC of the action, spends no slot, and costs the
Action. Each target rolls its save, and the damage goes through the defenses of the target, as for
a save spell." "An action with a recharge face (6, 5-6, or 4-6) is spent after one use and leaves
the spell list. At the start of each turn of the creature, the app rolls a d6 for each spent
action. On the recharge face or higher, the action is ready again. The log shows each roll. The end
of a fight makes every action ready again."
"""

from __future__ import annotations

from combat_tui.core.command import CommandRejected
from combat_tui.core.dice import Dice, parse_dice
from combat_tui.core.records import evolve
from combat_tui.core.system import Outcome
from combat_tui.systems.dnd5e.commands import UseCreatureAction
from combat_tui.systems.dnd5e.conditions import stopped_by
from combat_tui.systems.dnd5e.damage import find_actor
from combat_tui.systems.dnd5e.economy import is_current, spend_action
from combat_tui.systems.dnd5e.events import (
    ActionRecharge,
    ActionsReadied,
    CreatureActionUsed,
    SpellDamageRolled,
    SpellNoEffect,
)
from combat_tui.systems.dnd5e.features import has_evasion
from combat_tui.systems.dnd5e.legendary import check_resist, resist
from combat_tui.systems.dnd5e.model import RECHARGE_FACES, Campaign, Creature, CreatureAction
from combat_tui.systems.dnd5e.spells import damage_through_defenses, spell_save

__all__ = ["RECHARGE_FACES"]  # kept here for the rules that import it from recharge


def find_action(creature: Creature, name: str) -> CreatureAction:
    for action in creature.actions:
        if action.name.casefold() == name.casefold():
            return action
    have = ", ".join(a.name for a in creature.actions) or "none"
    raise CommandRejected(f"{creature.name} has no action called '{name}'.", f"Actions: {have}.")


def ready_actions(creature: Creature) -> tuple[CreatureAction, ...]:
    """The actions the spell list offers: the ones not spent."""
    return tuple(action for action in creature.actions if action.ready)


def _with_action(creature: Creature, old: CreatureAction, new: CreatureAction) -> Creature:
    return evolve(creature, actions=tuple(new if a is old else a for a in creature.actions))


def use_action(state: Campaign, command: UseCreatureAction, dice: Dice) -> Outcome:
    creature = find_actor(state, command.ref)
    if not isinstance(creature, Creature):
        raise CommandRejected(f"{creature.name} is a character; save actions belong to creatures.")
    action = find_action(creature, command.action)
    if not action.ready:
        raise CommandRejected(f"{creature.name}'s {action.name} is spent until it recharges.")
    if creature.hp <= 0:
        raise CommandRejected(f"{creature.name} is defeated.")
    if stopped := stopped_by(creature):
        raise CommandRejected(f"{creature.name} is {stopped} and cannot act.")
    if not command.targets:
        raise CommandRejected(f"{action.name} needs at least one target.")
    targets = tuple(find_actor(state, ref) for ref in command.targets)
    if state.fight is not None:  # outside a fight the GM may use it on anyone; in one, only its combatants
        if state.fight.stage != "running":
            raise CommandRejected("Setup is open: the fight has not started.", "Start it from setup.")
        for actor in (creature, *targets):
            if state.fight.find(actor.id) is None:
                raise CommandRejected(f"{actor.name} is not in this fight.")
    check_resist(state, command.resist, command.targets)
    if state.fight is not None and is_current(state, creature.id):
        state = spend_action(state, creature.id, command.ignore_cost, f" ({action.name} costs the Action)")
    if action.recharge:
        state = state.with_actor(_with_action(state.actor(creature.id), action, evolve(action, ready=False)))
    events: list = [CreatureActionUsed(creature.id, action.name, command.targets)]
    expr = parse_dice(action.damage)
    roll = dice.roll(expr.count, expr.sides)
    amount = roll.total + expr.modifier
    events.append(SpellDamageRolled("", action.name, (roll,), amount, action.damage_type, False))
    for target in targets:
        target = state.actor(target.id)
        success = spell_save(target, action.save, action.dc, action.name, command.mode, dice, events)
        if not success:
            state, success = resist(state, target.id, command.resist, events)
        evasion = action.half and action.save == "dexterity" and has_evasion(target)  # ref: Evasion
        if evasion and success:
            events.append(SpellNoEffect(target.id, "Evasion"))
        elif success and not action.half:
            events.append(SpellNoEffect(target.id, "a successful save"))
        elif amount > 0:
            state = damage_through_defenses(state, state.actor(target.id), amount, action.damage_type, events,
                                            halved=success or evasion)  # fmt: skip
    return Outcome(state, tuple(events))


def roll_recharges(state: Campaign, ref: str, dice: Dice, events: list) -> Campaign:
    """The start of a creature's turn: a d6 for each spent action."""
    creature = state.actor(ref)
    if not isinstance(creature, Creature) or all(a.ready for a in creature.actions):
        return state
    for action in creature.actions:
        if action.ready or not action.recharge:
            continue
        face = dice.roll(1, 6).total
        ready = face >= action.recharge
        events.append(ActionRecharge(ref, action.name, face, action.recharge, ready))
        if ready:
            current = state.actor(ref)
            old = next(a for a in current.actions if a.name == action.name)
            state = state.with_actor(_with_action(current, old, evolve(old, ready=True)))
    return state


def ready_all(state: Campaign) -> tuple[Campaign, tuple]:
    """The end of a fight: every spent action is ready again."""
    refs = []
    for creature in state.creatures:
        if any(not a.ready for a in creature.actions):
            state = state.with_actor(evolve(creature, actions=tuple(evolve(a, ready=True) for a in creature.actions)))
            refs.append(creature.id)
    return state, ((ActionsReadied(tuple(refs)),) if refs else ())


def after_fight(ended: Outcome) -> Outcome:
    """EndFight's outcome with every creature action ready again."""
    state, events = ready_all(ended.state)
    return Outcome(state, ended.events + events)
